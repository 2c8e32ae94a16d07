/**
 * svc api promote <id>: makes a preview (svc api push --preview) the active release, as a new
 * release of kind promote, with rollback's conventions: the site answers a dry run first with the
 * plan, shown with [PUBLIC] per verb and confirmed in a terminal (No by default when the promote
 * opens a route); with --yes the real call comes first and its answer is the plan. The real call
 * names the release it was planned against, so it applies what the plan showed or nothing. The
 * site refuses a preview made against another release than the active one unless --force.
 */
import { SvcError } from '../../core/errors.js';
import type { Release, ReleasePlan } from '../../core/site-client.js';
import type { PublicRoute } from '../../components/public-warnings.js';
import type { PlanNote } from '../../components/sync-plan.js';
import type { ApiPromoteCommand } from './command.js';
import { confirmAction, declined } from '../shared/confirm.js';
import { openSite } from '../shared/context.js';
import { isInteractive, printJson, type Io } from '../shared/io.js';
import { preload } from '../shared/load-views.js';
import type * as PromoteScreens from './screens.js';
import { changeCount, planSummary, publicRoutes, routesOpened, switchDocument } from '../shared/release-switch.js';
import { plural } from '../shared/words.js';
import { commandMain } from '../shared/command-main.js';

type Screens = typeof PromoteScreens;

/** What the entry point runs (command-main.ts: Ctrl-C, failures). */
export const main = commandMain(run);

export async function run(command: ApiPromoteCommand, io: Io): Promise<number> {
	const interactive = isInteractive(io, command.json);
	const site = openSite(io, { site: command.site });
	const views = command.json ? undefined : preload(import('./screens.js'));
	const releases = await site.client.listReleases();
	const active = releases.find((release) => release.active);
	const preview = releases.find((release) => release.id === command.id);
	if (preview === undefined) throw notKept(site.url, command.id, releases);
	if (preview.preview === undefined) throw notAPreview(site.url, preview);

	if (command.yes && !command.dryRun) {
		return promote(io, site, views === undefined ? undefined : await views, command, preview, active, undefined);
	}
	// The site plans and checks the promote without changing anything (and refuses an outdated preview now).
	const check = await site.client.promote({ id: preview.id, dryRun: true, force: command.force });
	const plan: ReleasePlan = check.plan ?? { added: [], changed: [], removed: [] };
	const ui = views === undefined ? undefined : await views;
	// What the preview opens to anyone, from the site's scan of its files; the listing (what is
	// public now) is asked only when a person reads the plan and the preview opens something.
	const open = ui === undefined ? [] : publicRoutes(check.checked);
	const opened = await routesOpened(site.client, open);
	ui?.printPlan(io, { site: site.url, preview, active, plan, notes: planNotes(open, opened), dryRun: command.dryRun });
	ui?.printOpened(io, opened);
	const nothing = check.unchanged || changeCount(plan) === 0;
	if (nothing || command.dryRun) {
		if (command.json) printJson(io, switchDocument({ site: site.url, dryRun: command.dryRun, from: active?.id ?? null, plan, noop: nothing, written: [], release: null }, { preview: preview.id }));
		else if (!nothing) ui?.printDryRun(io, preview.id);
		return 0;
	}

	const changes = changeCount(plan);
	const go = await confirmAction(io, {
		yes: command.yes,
		interactive,
		question: `Promote preview ${preview.id} on ${site.url}, changing ${plural(changes, 'file')} for everyone?`,
		action: `promote preview ${preview.id} on ${site.url}`,
		// As for a push: Enter goes ahead unless routes would be removed or opened to anyone.
		defaultYes: plan.removed.length === 0 && opened.length === 0,
		views,
	});
	if (!go) {
		return declined(io, 'nothing was promoted');
	}
	return promote(io, site, ui, command, preview, active, plan);
}

/**
 * The real promote, planned against the active release (the site refuses with 409
 * svc_release_moved if a push landed since), and its report. `planned` is the dry run's plan,
 * undefined when none was made (--yes).
 */
async function promote(
	io: Io,
	site: ReturnType<typeof openSite>,
	ui: Screens | undefined,
	command: ApiPromoteCommand,
	preview: Release,
	active: Release | undefined,
	planned: ReleasePlan | undefined,
): Promise<number> {
	const done = await site.client.promote({ id: preview.id, base: active?.id, force: command.force, message: command.message });
	const made = done.release;
	const plan = done.plan ?? planned ?? { added: [], changed: [], removed: [] };
	if (command.json) {
		const written = done.written.map((file) => file.slug);
		printJson(io, switchDocument({ site: site.url, dryRun: false, from: active?.id ?? null, plan, noop: done.unchanged, written, release: made }, { preview: preview.id }));
		return 0;
	}
	if (ui === undefined) return 0;
	if (planned === undefined) ui.printPlan(io, { site: site.url, preview, active, plan, dryRun: false });
	ui.printPromoted(io, { site: site.url, preview: preview.id, made: made === null ? null : made.id, summary: planSummary(plan, 'new'), open: publicRoutes(done.written) });
	return 0;
}




/** `[PUBLIC] GET (newly open to anyone)` on the plan's lines. */
function planNotes(open: readonly PublicRoute[], opened: readonly PublicRoute[]): Map<string, PlanNote> {
	const opens = new Set(opened.map((route) => route.slug));
	return new Map(open.map((route) => [route.slug, { publicVerbs: route.verbs, opens: opens.has(route.slug) }]));
}

function notKept(url: string, id: number, releases: readonly Release[]): SvcError {
	const previews = releases.filter((release) => release.preview !== undefined).map((release) => release.id);
	return new SvcError(`Release ${id} is not kept on ${url}${previews.length === 0 ? ' (it has no preview)' : ` (previews: ${previews.join(', ')})`}.`, {
		code: 'release_not_found',
		hint: 'Run "svc api releases" to see the previews; "svc api push --preview" makes one.',
	});
}

function notAPreview(url: string, release: Release): SvcError {
	return new SvcError(`Release ${release.id} on ${url} is not a preview (it is a ${release.kind} release); only a preview can be promoted.`, {
		code: 'not_a_preview',
		hint: `To make it active again, run "svc api rollback ${release.id}".`,
	});
}
