/** svc api diff: declared for the registry (../declaration.ts); runs in index.ts. */
import { declareCommand, JSON_OUTPUT, SITE } from '../declaration.js';

export interface ApiDiffCommand {
	readonly name: 'api diff';
	readonly json: boolean;
	readonly site: string | undefined;
	/** The routes to compare, as given (slug, file or route); empty: every route that differs. */
	readonly slugs: readonly string[];
}

export const apiDiff = declareCommand({
	name: 'api diff',
	flags: { site: SITE, json: JSON_OUTPUT },
	help: {
		listed: ['api diff [SLUG…]', 'Show how api/ differs from the site, as unified diffs'],
		usage: 'api diff [<slug>...] [--site NAME] [--json]',
		heading: 'api diff [<slug>...]',
		text: `
			Unified diffs of the route files, the site's (---) against api/'s (+++): every file that
			differs, or the ones named (slug, file, route or URL: users/[id], users/{id}, api/hello.php,
			/svc-api/v1/users/{id}).
			Coloured in a terminal, plain when piped (patch -p1 applies it); --json gives each file's
			status, line counts and hunks. Changes nothing.
		`,
	},
	parse: ({ args, json, site }): ApiDiffCommand => ({ name: 'api diff', json, site, slugs: args }),
	runner: () => import('./index.js'),
});
