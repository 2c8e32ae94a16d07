/**
 * svc api openapi and svc api client, what the site's routes declare: declared for the registry
 * (../declaration.ts); both run in index.ts.
 */
import { noArgs, nonEmpty } from '../argv-checks.js';
import { declareCommand, JSON_OUTPUT, OUT, SITE } from '../declaration.js';

/** `svc api openapi [--out FILE]` and `svc api client [--out DIR]`: what the site's routes declare. */
export interface ApiContractCommand {
	readonly name: 'api openapi' | 'api client';
	readonly json: boolean;
	readonly site: string | undefined;
	/** Where to write; undefined: stdout (openapi) or ./svc-client (client). */
	readonly out: string | undefined;
}

export const apiOpenapi = declareCommand({
	name: 'api openapi',
	flags: { site: SITE, json: JSON_OUTPUT, out: OUT },
	help: {
		listed: ['api openapi', 'Print (or --out FILE) the OpenAPI 3.1 document of the deployed routes'],
		usage: 'api openapi [--out FILE] [--site NAME] [--json]',
		heading: 'api openapi',
		text: `
			The OpenAPI 3.1 document of every deployed route: paths, verbs, the #[Args] and #[Returns]
			schemas, docblocks, which verbs are public. Printed, or written to --out FILE. Files that
			failed to load are left out and named in "x-svc-failed".
		`,
	},
	parse: ({ args, flags, json, site }): ApiContractCommand => {
		noArgs('api openapi', args);
		return { name: 'api openapi', json, site, out: nonEmpty(flags.out, '--out') };
	},
	runner: () => import('./index.js'),
});

export const apiClient = declareCommand({
	name: 'api client',
	flags: { site: SITE, json: JSON_OUTPUT, out: OUT },
	help: {
		listed: ['api client', 'Write a typed TypeScript client of the deployed routes (--out DIR)'],
		usage: 'api client [--out DIR] [--site NAME] [--json]',
		heading: 'api client',
		text: `
			Writes client.ts (default into ./svc-client/, or --out DIR): one typed function per route
			and verb, no dependencies (fetch), the REST root and credentials passed as options.
		`,
	},
	parse: ({ args, flags, json, site }): ApiContractCommand => {
		noArgs('api client', args);
		return { name: 'api client', json, site, out: nonEmpty(flags.out, '--out') };
	},
	runner: () => import('./index.js'),
});
