/** svc api rollback: declared for the registry (../declaration.ts); runs in index.ts. */
import { releaseId, releaseMessage } from '../argv-checks.js';
import { declareCommand, DRY_RUN, JSON_OUTPUT, MESSAGE, SITE, YES } from '../declaration.js';

export interface ApiRollbackCommand {
	readonly name: 'api rollback';
	readonly json: boolean;
	readonly site: string | undefined;
	readonly yes: boolean;
	readonly dryRun: boolean;
	/** The release to make active again; undefined: the one before the active one. */
	readonly to: number | undefined;
	readonly message: string | undefined;
}

export const apiRollback = declareCommand({
	name: 'api rollback',
	flags: { site: SITE, json: JSON_OUTPUT, yes: YES, dryRun: DRY_RUN, message: MESSAGE },
	help: {
		listed: ['api rollback [ID]', 'Make an earlier release active again (default: the one before)'],
		usage: 'api rollback [<id>] [--message TEXT] [--dry-run] [--yes] [--site NAME] [--json]',
		heading: 'api rollback [<id>]',
		text: `
			Makes release <id> (default: the one before the active one) active again as a new release.
			Shows what would change, then asks in a terminal; needs --yes otherwise.
			--dry-run         Show the plan and let the site check it; change nothing
			--message, -m     A note kept with the release
		`,
	},
	parse: ({ args, flags, json, site }): ApiRollbackCommand => ({
		name: 'api rollback',
		json,
		site,
		yes: flags.yes === true,
		dryRun: flags.dryRun === true,
		to: releaseId('api rollback', args),
		message: releaseMessage(flags.message),
	}),
	runner: () => import('./index.js'),
});
