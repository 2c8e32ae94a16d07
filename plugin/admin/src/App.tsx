/**
 * The svc admin page: an API tab (what is deployed) and a Settings tab (the route namespace).
 */
import { TabPanel, type Tab } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { ApiTab } from './ApiTab.js';
import { SettingsTab } from './SettingsTab.js';

const TABS: Tab[] = [
  { name: 'api', title: __('API', 'svc'), className: 'svc-tab-api' },
  { name: 'settings', title: __('Settings', 'svc'), className: 'svc-tab-settings' },
];

/** The tab named in the URL's fragment (#settings), so a reload or a shared link keeps it. */
function tabFromHash(): string {
  const name = window.location.hash.replace(/^#/, '');
  return TABS.some((tab) => tab.name === name) ? name : 'api';
}

function rememberTab(name: string): void {
  window.history.replaceState(null, '', `#${name}`);
}

export function App({ restRoot }: { restRoot: string }) {
  // TabPanel mounts only the selected tab, so the API tab lists the files afresh each time it is
  // opened, e.g. under the new namespace after a change in the Settings tab.
  return (
    <TabPanel className="svc-tabs" tabs={TABS} initialTabName={tabFromHash()} onSelect={rememberTab}>
      {(tab) => (tab.name === 'settings' ? <SettingsTab restRoot={restRoot} /> : <ApiTab restRoot={restRoot} />)}
    </TabPanel>
  );
}
