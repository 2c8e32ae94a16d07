/** svc logout: declared for the registry (../declaration.ts); runs in index.ts. */
import { noArgs } from '../argv-checks.js';
import { declareCommand, JSON_OUTPUT, SITE } from '../declaration.js';

export interface LogoutCommand {
	readonly name: 'logout';
	readonly json: boolean;
	readonly site: string | undefined;
}

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
	parse: ({ args, json, site }): LogoutCommand => {
		noArgs('logout', args);
		return { name: 'logout', json, site };
	},
	runner: () => import('./index.js'),
});
