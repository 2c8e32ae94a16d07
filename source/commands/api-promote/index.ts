/**
 * svc api promote <id>: makes a preview (svc api push --preview) the active release, as a new
 * release of kind promote, with rollback's conventions: the site answers a dry run first with the
 * plan, shown with [PUBLIC] per verb and confirmed in a terminal (No by default when the promote
 * opens a route); with --yes the real call comes first and its answer is the plan. The real call
 * names the release it was planned against, so it applies what the plan showed or nothing. The
 * site refuses a preview made against another release than the active one unless --force.
 */
import { SvcError } from '../../core/errors.js';
import type { Release } from '../../core/site-client.js';
import type { PublicRoute } from '../../components/public-warnings.js';
import type { PlanNote } from '../../components/sync-plan.js';
import type { ApiPromoteCommand } from './command.js';
import { openSite } from '../shared/context.js';
import type { Io } from '../shared/io.js';
import { preload } from '../shared/load-views.js';
import { planSummary, switchRelease } from '../shared/release-switch.js';
import { commandMain } from '../shared/command-main.js';

/** What the entry point runs (command-main.ts: Ctrl-C, failures). */
export const main = commandMain(run);

export async function run(command: ApiPromoteCommand, io: Io): Promise<number> {
	const site = openSite(io, { site: command.site });
	const views = command.json ? undefined : preload(import('./screens.js'));
	const releases = await site.client.listReleases();
	const active = releases.find((release) => release.active);
	const preview = releases.find((release) => release.id === command.id);
	if (preview === undefined) throw notKept(site.url, command.id, releases);
	if (preview.preview === undefined) throw notAPreview(site.url, preview);

	const target = `preview ${preview.id} on ${site.url}`;
	return switchRelease(io, command, site, views, active, {
		named: { preview: preview.id },
		question: (changes) => `Promote ${target}, ${changes} for everyone?`,
		action: `promote ${target}`,
		declined: 'nothing was promoted',
		// The dry run also refuses an outdated preview now, before anything is asked.
		check: () => site.client.promote({ id: preview.id, dryRun: true, force: command.force }),
		apply: (base) => site.client.promote({ id: preview.id, base, force: command.force, message: command.message }),
		showPlan: (ui, plan, dryRun, open, opened) => ui.printPlan(io, { site: site.url, preview, active, plan, notes: planNotes(open, opened), dryRun }),
		showDryRun: (ui) => ui.printDryRun(io, preview.id),
		showDone: (ui, made, plan, open) => ui.printPromoted(io, { site: site.url, preview: preview.id, made, summary: planSummary(plan, 'new'), open }),
	});
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
