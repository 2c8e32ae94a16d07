/** svc logout: declared for the registry (../declaration.ts); runs in index.ts. */
import { siteOnly, type SiteCommand } from '../argv-checks.js';
import { declareCommand, JSON_OUTPUT, SITE } from '../declaration.js';

export type LogoutCommand = SiteCommand<'logout'>;

export const logout = declareCommand({
	name: 'logout',
	flags: { site: SITE, json: JSON_OUTPUT },
	help: {
		listed: ['logout', 'Forget a saved site and its password'],
		usage: 'logout [--site NAME] [--json]',
		text: `
			Forgets the saved site and removes its application password from the keychain (or file).
			Without --site: the site svc would use here (svc.json, the default, or the only one).
		`,
	},
	parse: siteOnly('logout'),
	runner: () => import('./index.js'),
});
