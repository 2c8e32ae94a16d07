/** svc dev: declared for the registry (../declaration.ts); runs in index.ts. */
import { noArgs } from '../argv-checks.js';
import { declareCommand, JSON_OUTPUT, SITE, YES } from '../declaration.js';

export interface DevCommand {
	readonly name: 'dev';
	readonly json: boolean;
	readonly site: string | undefined;
	/** Without a linked site and without PHP/MariaDB: consent to fetch and run WordPress Playground. */
	readonly yes: boolean;
}

export const dev = declareCommand({
	name: 'dev',
	flags: { site: SITE, json: JSON_OUTPUT, yes: YES },
	help: {
		listed: ['dev', "Watch api/ and push every save, with the site's events live"],
		usage: 'dev [--site NAME] [--yes] [--json]',
		text: `
			Watches api/ and pushes each save as one release, after the local checks (a syntax error is
			shown, nothing is pushed). Deleting a file removes its route (only files this session saw).
			Shows the site, the last push, each route's state and the site's latest events. Ctrl-C stops
			(exit 130).
			With no site linked it starts a throwaway WordPress on this machine's PHP, MariaDB and
			WordPress, prints its URL and login, and removes it on exit; without them it offers WordPress
			Playground through npx (a download: asked first, or --yes).
			--json prints one JSON object per line: local-site, ready, pushed, rejected, failed, event.
		`,
	},
	parse: ({ args, flags, json, site }): DevCommand => {
		noArgs('dev', args);
		return { name: 'dev', json, site, yes: flags.yes === true };
	},
	runner: () => import('./index.js'),
});
