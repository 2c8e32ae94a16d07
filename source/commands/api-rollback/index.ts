/**
 * svc api rollback [<id>]: makes an earlier release active again (default: the one before the
 * active one), as a new release of kind rollback. The site answers a dry run first with the plan,
 * which is shown and confirmed in a terminal before the real call; with --yes there is nothing to
 * confirm, so the real call comes first and its answer is the plan. The real call names the release
 * and the release it was planned against, so it restores what the plan showed or nothing.
 */
import { SvcError } from '../../core/errors.js';
import { previousRelease } from '../../core/releases.js';
import type { Release, ReleasePlan } from '../../core/site-client.js';
import type { ApiRollbackCommand } from './command.js';
import { confirmAction, declined } from '../shared/confirm.js';
import { openSite } from '../shared/context.js';
import { isInteractive, printJson, type Io } from '../shared/io.js';
import { preload } from '../shared/load-views.js';
import type * as RollbackScreens from './screens.js';

type Screens = typeof RollbackScreens;
import { changeCount, planSummary, publicRoutes, routesOpened, switchDocument } from '../shared/release-switch.js';
import { plural } from '../shared/words.js';
import { commandMain } from '../shared/command-main.js';

/** What the entry point runs (command-main.ts: Ctrl-C, failures). */
export const main = commandMain(run);

export async function run(command: ApiRollbackCommand, io: Io): Promise<number> {
	const interactive = isInteractive(io, command.json);
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

	// With --yes nothing is asked, so nothing needs planning first: the real call checks everything
	// too and changes nothing when it refuses, and its answer carries the plan.
	if (command.yes && !command.dryRun) {
		return rollBack(io, site, views === undefined ? undefined : await views, command, target, active, undefined);
	}
	// The site plans and checks the rollback without changing anything.
	const check = await site.client.rollback({ to: target.id, dryRun: true });
	const plan: ReleasePlan = check.plan ?? { added: [], changed: [], removed: [] };
	const ui = views === undefined ? undefined : await views;
	// What the rollback opens to anyone that is closed now, from the site's scan of the target's
	// files (as push warns from the local one): warned before the question, which then defaults to No.
	// The listing is asked only when a person reads the plan and the target opens something.
	const open = ui === undefined ? [] : publicRoutes(check.checked);
	const opened = await routesOpened(site.client, open);
	ui?.printPlan(io, { site: site.url, target, active, plan, dryRun: command.dryRun });
	ui?.printOpened(io, opened);
	const nothing = check.unchanged || changeCount(plan) === 0;
	if (nothing || command.dryRun) {
		if (command.json) printJson(io, switchDocument({ site: site.url, dryRun: command.dryRun, from: active?.id ?? null, plan, noop: nothing, written: [], release: null }, { to: target.id }));
		else if (!nothing) ui?.printDryRun(io, target.id);
		return 0;
	}

	const changes = changeCount(plan);
	const go = await confirmAction(io, {
		yes: command.yes,
		interactive,
		question: `Roll ${site.url} back to release ${target.id}, changing ${plural(changes, 'file')}?`,
		action: `roll ${site.url} back to release ${target.id}`,
		// As for a push: Enter goes ahead unless routes would be removed or opened to anyone.
		defaultYes: plan.removed.length === 0 && opened.length === 0,
		views,
	});
	if (!go) {
		return declined(io, 'nothing was rolled back');
	}
	return rollBack(io, site, ui, command, target, active, plan);
}

/**
 * The real rollback, named by id and planned against the active release (the site refuses with
 * 409 svc_release_moved if a push landed since), and its report. `planned` is the dry run's plan,
 * undefined when none was made (--yes).
 */
async function rollBack(
	io: Io,
	site: ReturnType<typeof openSite>,
	ui: Screens | undefined,
	command: ApiRollbackCommand,
	target: Release,
	active: Release | undefined,
	planned: ReleasePlan | undefined,
): Promise<number> {
	const done = await site.client.rollback({ to: target.id, base: active?.id, message: command.message });
	const made = done.release;
	const plan = done.plan ?? planned ?? { added: [], changed: [], removed: [] };
	if (command.json) {
		const written = done.written.map((file) => file.slug);
		printJson(io, switchDocument({ site: site.url, dryRun: false, from: active?.id ?? null, plan, noop: done.unchanged, written, release: made }, { to: target.id }));
		return 0;
	}
	if (ui === undefined) return 0;
	if (planned === undefined) ui.printPlan(io, { site: site.url, target, active, plan, dryRun: false });
	ui.printRolledBack(io, { site: site.url, target: target.id, made: made === null ? null : made.id, summary: planSummary(plan, 'restored'), open: publicRoutes(done.written) });
	return 0;
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
