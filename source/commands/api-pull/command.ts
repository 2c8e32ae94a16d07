/** svc api pull: declared for the registry (../declaration.ts); runs in index.ts. */
import { noArgs } from '../argv-checks.js';
import { declareCommand, DRY_RUN, JSON_OUTPUT, SITE, YES } from '../declaration.js';

export interface ApiPullCommand {
	readonly name: 'api pull';
	readonly json: boolean;
	readonly site: string | undefined;
	readonly yes: boolean;
	readonly dryRun: boolean;
}

export const apiPull = declareCommand({
	name: 'api pull',
	flags: { site: SITE, json: JSON_OUTPUT, yes: YES, dryRun: DRY_RUN },
	help: {
		listed: ['api pull', "Mirror the site's route files into api/"],
		usage: 'api pull [--dry-run] [--yes] [--site NAME] [--json]',
		heading: 'api pull',
		text: `
			Makes api/ a copy of the site: creates and overwrites files, and deletes local route files
			the site does not have (needs --yes without a terminal). Files over the site's size limit
			are not pulled.
		`,
	},
	parse: ({ args, flags, json, site }): ApiPullCommand => {
		noArgs('api pull', args);
		return { name: 'api pull', json, site, yes: flags.yes === true, dryRun: flags.dryRun === true };
	},
	runner: () => import('./index.js'),
});
