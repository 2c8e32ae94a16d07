/**
 * Entry point: mounts the app on the root element AdminPage::render() prints.
 */
import { createRoot, render } from '@wordpress/element';

import { App } from './App.js';
import './style.css';

const ROOT_ID = 'svc-admin-root';

/**
 * The REST root printed by PHP (esc_url'd get_rest_url()); only an http(s) URL is used to build
 * links. Without one, `?rest_route=` works on every WordPress, whatever its permalinks.
 */
function restRootOf(element: HTMLElement): string {
  const given = element.dataset['restRoot'] ?? '';
  try {
    const url = new URL(given, window.location.href);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // Not a URL; use the fallback.
  }
  return `${window.location.origin}/?rest_route=/`;
}

function mount(): void {
  const element = document.getElementById(ROOT_ID);
  if (element === null) return;
  const app = <App restRoot={restRootOf(element)} />;
  if (createRoot !== undefined) {
    createRoot(element).render(app);
  } else {
    render(app, element);
  }
}

if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', mount);
} else {
  mount();
}
