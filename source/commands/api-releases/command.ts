/** svc api releases: declared for the registry (../declaration.ts); runs in index.ts. */
import { siteOnly, type SiteCommand } from '../argv-checks.js';
import { declareCommand, JSON_OUTPUT, SITE } from '../declaration.js';

export type ApiReleasesCommand = SiteCommand<'api releases'>;

export const apiReleases = declareCommand({
	name: 'api releases',
	flags: { site: SITE, json: JSON_OUTPUT },
	help: {
		listed: ['api releases', 'List the releases the site keeps (each push, rm and rollback is one)'],
		usage: 'api releases [--site NAME] [--json]',
		heading: 'api releases',
		text: `
			The releases the site keeps (10 by default), newest first: id, time, user, kind (push,
			prune, rm, rollback, import, preview, promote), files added/changed/removed, and the
			message; the active one is marked, a preview says until when it is served.
		`,
	},
	parse: siteOnly('api releases'),
	runner: () => import('./index.js'),
});
