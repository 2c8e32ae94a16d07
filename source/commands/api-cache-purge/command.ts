/** svc api cache purge: declared for the registry (../declaration.ts); runs in index.ts. */
import { declareCommand, JSON_OUTPUT, SITE } from '../declaration.js';

export interface ApiCachePurgeCommand {
	readonly name: 'api cache purge';
	readonly json: boolean;
	readonly site: string | undefined;
	/** The routes whose cached answers go, as given (slug, file, route or URL); empty: every route's. */
	readonly slugs: readonly string[];
}

export const apiCachePurge = declareCommand({
	name: 'api cache purge',
	flags: { site: SITE, json: JSON_OUTPUT },
	help: {
		listed: ['api cache purge', "Purge the cached answers of the named routes, or of every route"],
		usage: 'api cache purge [<slug>...] [--site NAME] [--json]',
		heading: 'api cache purge [<slug>...]',
		text: `
			Makes the cached answers of the named routes (every route without one) unreachable on every
			web node at once; the next request computes them again. A route is named as for rm (slug,
			file, route or URL). Asks nothing: a purge only costs the next request its cached answer.
		`,
	},
	// Purging every route is what no slug means, so there is nothing to refuse.
	parse: ({ args, json, site }): ApiCachePurgeCommand => ({ name: 'api cache purge', json, site, slugs: args }),
	runner: () => import('./index.js'),
});
