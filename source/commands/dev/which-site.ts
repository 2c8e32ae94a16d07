/**
 * Which site svc dev pushes every save to. The environment (SVC_URL…), --site and svc.json name one
 * deliberately; a saved default does not: svc dev says which site that is and asks first (with no
 * terminal to ask in, it refuses unless --yes or --site is given), since each save changes it.
 * With no saved site at all it starts a throwaway one (index.ts). A site that is chosen but whose
 * password cannot be read (a keychain that cannot be reached, nothing stored) is an error, never a
 * reason for a throwaway site: the person meant their own.
 */
import { selectProfile, readUserConfig, type SelectedProfile } from '../../core/config.js';
import { credentialsFromEnv } from '../../core/credentials.js';
import { SvcError } from '../../core/errors.js';
import type { DevCommand } from './command.js';
import { confirmAction } from '../shared/confirm.js';
import { openSite, type Project, type Site } from '../shared/context.js';
import { isInteractive, note, type Io } from '../shared/io.js';

export type DevSiteChoice = { readonly kind: 'site'; readonly site: Site } | { readonly kind: 'none' } | { readonly kind: 'declined' };

/** Whether a selection names the site on purpose, or falls back to one that was merely saved. */
export function chosenOnPurpose(source: SelectedProfile['source']): boolean {
	return source === 'flag' || source === 'project';
}

export async function chooseDevSite(io: Io, command: DevCommand, project: Project, confirm: typeof confirmAction = confirmAction): Promise<DevSiteChoice> {
	if (credentialsFromEnv(io.env) !== undefined) return { kind: 'site', site: openSite(io, { site: command.site, project }) };
	const selected = selectProfile({ flag: command.site, project: project.file, config: readUserConfig(io.configDir) });
	if (selected === undefined) return { kind: 'none' };
	if (!chosenOnPurpose(selected.source)) {
		const which = `${selected.profile.url} (saved site "${selected.name}"${selected.source === 'default' ? ', the default' : ''})`;
		if (!command.yes && !isInteractive(io, command.json)) {
			throw new SvcError(`svc dev would push every save to ${which}, but no svc.json here names it, and there is no terminal to ask in.`, {
				code: 'confirmation_required',
				exitCode: 2,
				hint: `Re-run with --site ${selected.name} or --yes to use it, or run "svc link" here to record the site in svc.json.`,
			});
		}
		note(io, `No svc.json here: svc dev pushes every save to ${which}.`);
		const yes = await confirm(io, { yes: command.yes, interactive: true, question: `Push saves to ${selected.profile.url}?`, action: `push saves to ${selected.profile.url}` });
		if (!yes) return { kind: 'declined' };
	}
	// The password is read now: a keychain that cannot be reached stops svc dev with its reason.
	return { kind: 'site', site: openSite(io, { site: selected.name, project }) };
}
