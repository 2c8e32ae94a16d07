/**
 * svc api rollback [<id>]: makes an earlier release active again (default: the one before the
 * active one), as a new release of kind rollback. The site answers a dry run first with the plan,
 * which is shown and confirmed in a terminal before the real call; with --yes there is nothing to
 * confirm, so the real call comes first and its answer is the plan. The real call names the release
 * and the release it was planned against, so it restores what the plan showed or nothing.
 */
import { SvcError } from '../../core/errors.js';
import { previousRelease } from '../../core/releases.js';
import type { Release } from '../../core/site-client.js';
import type { ApiRollbackCommand } from './command.js';
import { openSite } from '../shared/context.js';
import type { Io } from '../shared/io.js';
import { preload } from '../shared/load-views.js';

import { planSummary, switchRelease } from '../shared/release-switch.js';
import { commandMain } from '../shared/command-main.js';

/** What the entry point runs (command-main.ts: Ctrl-C, failures). */
export const main = commandMain(run);

export async function run(command: ApiRollbackCommand, io: Io): Promise<number> {
	const site = openSite(io, { site: command.site });
	// Ink starts loading once the command will do its work (a site chosen), while the site answers:
	// a command that stops at "no site selected" never loads it.
	const views = command.json ? undefined : preload(import('./screens.js'));
	const releases = await site.client.listReleases();
	const active = releases.find((release) => release.active);
	const target = command.to === undefined ? previousRelease(releases) : releases.find((release) => release.id === command.to);
	if (target === undefined) {
		throw command.to === undefined ? noPrevious(site.url) : notKept(site.url, command.to, releases);
	}

	return switchRelease(io, command, site, views, active, {
		named: { to: target.id },
		question: (changes) => `Roll ${site.url} back to release ${target.id}, ${changes}?`,
		action: `roll ${site.url} back to release ${target.id}`,
		declined: 'nothing was rolled back',
		check: () => site.client.rollback({ to: target.id, dryRun: true }),
		apply: (base) => site.client.rollback({ to: target.id, base, message: command.message }),
		showPlan: (ui, plan, dryRun) => ui.printPlan(io, { site: site.url, target, active, plan, dryRun }),
		showDryRun: (ui) => ui.printDryRun(io, target.id),
		showDone: (ui, made, plan, open) => ui.printRolledBack(io, { site: site.url, target: target.id, made, summary: planSummary(plan, 'restored'), open }),
	});
}

function noPrevious(url: string): SvcError {
	return new SvcError(`There is no earlier release on ${url} to roll back to.`, {
		code: 'no_previous_release',
		hint: 'Run "svc api releases" to see the releases the site keeps.',
	});
}

function notKept(url: string, id: number, releases: readonly Release[]): SvcError {
	const kept = releases.map((release) => release.id);
	return new SvcError(`Release ${id} is not kept on ${url}${kept.length === 0 ? '' : ` (kept: ${kept.join(', ')})`}.`, {
		code: 'release_not_found',
		hint: 'Run "svc api releases" to see the releases the site keeps.',
	});
}
