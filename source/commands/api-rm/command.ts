/** svc api rm: declared for the registry (../declaration.ts); runs in index.ts. */
import { usage } from '../argv-checks.js';
import { declareCommand, DRY_RUN, JSON_OUTPUT, SITE, YES } from '../declaration.js';

export interface ApiRmCommand {
	readonly name: 'api rm';
	readonly json: boolean;
	readonly site: string | undefined;
	readonly yes: boolean;
	readonly dryRun: boolean;
	readonly slugs: readonly string[];
}

export const apiRm = declareCommand({
	name: 'api rm',
	flags: { site: SITE, json: JSON_OUTPUT, yes: YES, dryRun: DRY_RUN },
	help: {
		listed: ['api rm <slug>', 'Remove a deployed route, e.g. svc api rm users/[id]'],
		usage: 'api rm <slug>... [--dry-run] [--yes] [--site NAME] [--json]',
		heading: 'api rm <slug>',
		text: `
			Removes a deployed route, named by its slug (the file path under api/ without ".php"), its
			file, its route or its URL, as for diff.
			Asks in a terminal; needs --yes otherwise.
		`,
	},
	parse: ({ args, flags, json, site }): ApiRmCommand => {
		if (args.length === 0) {
			throw usage('svc api rm needs the slug of the route to remove, e.g. "svc api rm users/[id]".', 'api');
		}
		return { name: 'api rm', json, site, yes: flags.yes === true, dryRun: flags.dryRun === true, slugs: args };
	},
	runner: () => import('./index.js'),
});
