/** svc api push: declared for the registry (../declaration.ts); runs in index.ts. */
import { noArgs, releaseMessage } from '../argv-checks.js';
import { declareCommand, DRY_RUN, JSON_OUTPUT, MESSAGE, SITE, YES } from '../declaration.js';

export interface ApiPushCommand {
	readonly name: 'api push';
	readonly json: boolean;
	readonly site: string | undefined;
	readonly yes: boolean;
	readonly dryRun: boolean;
	readonly prune: boolean;
	/** `--preview`: a release served only to requests with its token, not made active. */
	readonly preview: boolean;
	/** `--message`: a note kept with the release; undefined: none. */
	readonly message: string | undefined;
}

export const apiPush = declareCommand({
	name: 'api push',
	flags: { site: SITE, json: JSON_OUTPUT, yes: YES, dryRun: DRY_RUN, prune: { type: 'boolean' }, preview: { type: 'boolean' }, message: MESSAGE },
	help: {
		listed: ['api push', 'Check and upload the route files in api/ (only what changed)'],
		usage: 'api push [--prune] [--preview] [--message TEXT] [--dry-run] [--yes] [--site NAME] [--json]',
		heading: 'api push',
		text: `
			Checks every file in api/ (path segments kebab-case or [param], declare(strict_types=1);
			exactly once, exactly one class, at most 512 KB), shows the plan (new, changed, unchanged,
			removed), asks in a terminal, then uploads the new and changed files in requests under the
			site's size limit (1 MB) and makes them one release: the site activates all of them or none.
			Nothing changed: nothing is sent. The plan shows +N −M lines per changed file and [PUBLIC]
			on each route anyone may call, with a warning, before the question; a push that opens a route
			asks with No as the default, and d shows the diff. A pushed file the site cannot load is
			named with its reason, and the push exits 1.
			--prune           Also remove deployed routes that are not in api/ (needs --yes without a terminal)
			--dry-run         Show the plan and let the site check the files; change nothing (the new
			                  files are uploaded to be checked, not made active)
			--preview         Make the release a preview: checked and kept like a push, not made
			                  active; served only to requests with the header X-Svc-Preview: <token>
			                  (the token is printed once), until it expires (7 days by default)
			--message, -m     A note kept with the release (500 characters at most), shown by releases,
			                  logs and the admin page
		`,
	},
	parse: ({ args, flags, json, site }): ApiPushCommand => {
		noArgs('api push', args);
		return {
			name: 'api push',
			json,
			site,
			yes: flags.yes === true,
			dryRun: flags.dryRun === true,
			prune: flags.prune === true,
			preview: flags.preview === true,
			message: releaseMessage(flags.message),
		};
	},
	runner: () => import('./index.js'),
});
