/** svc api list (also `svc api ls`): declared for the registry (../declaration.ts); runs in index.ts. */
import { noArgs } from '../argv-checks.js';
import { declareCommand, JSON_OUTPUT, SITE } from '../declaration.js';

export interface ApiListCommand {
	readonly name: 'api list';
	readonly json: boolean;
	readonly site: string | undefined;
}

export const apiList = declareCommand({
	name: 'api list',
	aliases: ['api ls'],
	flags: { site: SITE, json: JSON_OUTPUT },
	help: {
		listed: ['api list', 'List the deployed routes; [PUBLIC] ones run for anyone'],
		usage: 'api list [--site NAME] [--json]',
		heading: 'api list',
		text: `
			In a terminal: a browsable table that fits the window (arrow keys, type to filter, Enter for
			a route's details, Esc or q to leave).
			Piped: a plain table. --json: an array of records; public routes have "public": true and
			files that failed to load their "error".
		`,
	},
	parse: ({ args, json, site }): ApiListCommand => {
		noArgs('api list', args);
		return { name: 'api list', json, site };
	},
	runner: () => import('./index.js'),
});
