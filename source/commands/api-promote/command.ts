/** svc api promote: declared for the registry (../declaration.ts); runs in index.ts. */
import { releaseId, releaseMessage, usage } from '../argv-checks.js';
import { declareCommand, DRY_RUN, FORCE, JSON_OUTPUT, MESSAGE, SITE, YES } from '../declaration.js';

export interface ApiPromoteCommand {
	readonly name: 'api promote';
	readonly json: boolean;
	readonly site: string | undefined;
	readonly yes: boolean;
	readonly dryRun: boolean;
	/** Promote even though another release became active since the preview was made. */
	readonly force: boolean;
	/** The preview to make active. */
	readonly id: number;
	readonly message: string | undefined;
}

export const apiPromote = declareCommand({
	name: 'api promote',
	flags: { site: SITE, json: JSON_OUTPUT, yes: YES, dryRun: DRY_RUN, force: FORCE, message: MESSAGE },
	help: {
		listed: ['api promote <ID>', 'Make a preview (svc api push --preview) the active release'],
		usage: 'api promote <id> [--force] [--message TEXT] [--dry-run] [--yes] [--site NAME] [--json]',
		heading: 'api promote <id>',
		text: `
			Makes preview <id> active as a new release (kind promote), with every check of a push.
			Shows what would change, then asks in a terminal; needs --yes otherwise. Refused when
			another release became active since the preview was made (promoting it would undo that).
			--force           Promote it anyway
			--dry-run         Show the plan and let the site check it; change nothing
			--message, -m     A note kept with the release
		`,
	},
	parse: ({ args, flags, json, site }): ApiPromoteCommand => {
		const id = releaseId('api promote', args);
		if (id === undefined) {
			throw usage('svc api promote needs the id of the preview to make active, e.g. "svc api promote 14" ("svc api releases" lists the previews).', 'api');
		}
		return { name: 'api promote', json, site, yes: flags.yes === true, dryRun: flags.dryRun === true, force: flags.force === true, id, message: releaseMessage(flags.message) };
	},
	runner: () => import('./index.js'),
});
