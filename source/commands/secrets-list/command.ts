/** svc secrets list: declared for the registry (../declaration.ts); runs in index.ts. */
import { siteOnly, type SiteCommand } from '../argv-checks.js';
import { declareCommand, JSON_OUTPUT, SITE } from '../declaration.js';

export type SecretsListCommand = SiteCommand<'secrets list'>;

export const secretsList = declareCommand({
	name: 'secrets list',
	flags: { site: SITE, json: JSON_OUTPUT },
	help: {
		listed: ['secrets list', "List the secrets' names and when each was set; never a value"],
		usage: 'secrets list [--site NAME] [--json]',
		heading: 'secrets list',
		text: `
			Each name and when it was last set; "unreadable" marks names the site's key no longer
			opens (SVC_SECRETS_KEY or the salts changed): set them again.
		`,
	},
	parse: siteOnly('secrets list'),
	runner: () => import('./index.js'),
});
