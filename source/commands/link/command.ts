/** svc link: declared for the registry (../declaration.ts); runs in index.ts. */
import { noArgs, nonEmpty } from '../argv-checks.js';
import { declareCommand, JSON_OUTPUT, SITE } from '../declaration.js';

export interface LinkCommand {
	readonly name: 'link';
	readonly json: boolean;
	readonly site: string | undefined;
	/** The route folder, as given (relative to the current folder). */
	readonly apiDir: string | undefined;
}

export const link = declareCommand({
	name: 'link',
	flags: { site: SITE, json: JSON_OUTPUT, apiDir: { type: 'string' } },
	help: {
		listed: ['link', 'Remember in svc.json which saved site this project deploys to'],
		usage: 'link [--site NAME] [--api-dir DIR] [--json]',
		text: `
			Writes svc.json in the project (the folder of the nearest svc.json, else this one): the saved
			site that push, pull, list and rm use here without --site, and the route folder.

			Options
			  --site NAME       The saved site (default: the one svc would use now)
			  --api-dir DIR     The route folder, inside the project (default: api)

			Examples
			  $ svc login --url https://staging.example.com --user admin --site staging
			  $ svc link --site staging
		`,
	},
	parse: ({ args, flags, json, site }): LinkCommand => {
		noArgs('link', args);
		return { name: 'link', json, site, apiDir: nonEmpty(flags.apiDir, '--api-dir') };
	},
	runner: () => import('./index.js'),
});
