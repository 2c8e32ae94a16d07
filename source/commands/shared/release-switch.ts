/**
 * The one flow of `svc api rollback` and `svc api promote`: make another release's files the active
 * set. The site answers a dry run first with the plan, which is shown, with the routes it opens to
 * anyone warned before the question (then No by default), and confirmed in a terminal; with --yes
 * there is nothing to confirm, so the real call comes first and its answer is the plan. The real call
 * names the release it was planned against, so it applies what the plan showed or nothing. Both
 * print the same --json document but for the release they name (`to`, `preview`). Each command says
 * only what differs: the calls, the words and its screens.
 */
import type { PublicRoute } from '../../components/public-warnings.js';
import type { CommitResult, Release, ReleasePlan, SiteClient } from '../../core/site-client.js';
import { confirmAction, declined } from './confirm.js';
import type { Site } from './context.js';
import { isInteractive, printJson, type Io } from './io.js';
import type { Views } from './load-views.js';
import { toReleaseRecord } from './release-records.js';
import { plural } from './words.js';
import { deployFailure } from './deploy-outcome.js';

/** What a command's screens show at each step (none with --json). */
export interface SwitchScreens extends Pick<Views, 'askConfirm'> {
	printOpened(io: Io, routes: readonly PublicRoute[]): void;
}

export interface ReleaseSwitch<S extends SwitchScreens> {
	/** The release named, in the --json document: `{ to }` (rollback) or `{ preview }` (promote). */
	readonly named: { readonly to: number } | { readonly preview: number };
	/** The question, given "changing 3 files". */
	question(changes: string): string;
	/** What --yes would have done, for the refusal without a terminal. */
	readonly action: string;
	/** "nothing was rolled back". */
	readonly declined: string;
	/** The site's dry run. */
	check(): Promise<CommitResult>;
	/** The real call, planned against the active release. */
	apply(base: number | undefined): Promise<CommitResult>;
	showPlan(ui: S, plan: ReleasePlan, dryRun: boolean, open: readonly PublicRoute[], opened: readonly PublicRoute[]): void;
	showDryRun(ui: S): void;
	showDone(ui: S, made: number | null, plan: ReleasePlan, open: readonly PublicRoute[]): void;
}

const NO_CHANGE: ReleasePlan = { added: [], changed: [], removed: [] };

export async function switchRelease<S extends SwitchScreens>(
	io: Io,
	command: { readonly json: boolean; readonly yes: boolean; readonly dryRun: boolean },
	site: Site,
	views: Promise<S> | undefined,
	active: Release | undefined,
	how: ReleaseSwitch<S>,
): Promise<number> {
	const document = (dryRun: boolean, plan: ReleasePlan, noop: boolean, done: CommitResult | undefined) =>
		switchDocument({ site: site.url, dryRun, from: active?.id ?? null, plan, noop, written: done?.written.map((file) => file.slug) ?? [], release: done?.release ?? null }, how.named);

	const applied = async (planned: ReleasePlan | undefined): Promise<number> => {
		const done = await how.apply(active?.id).catch((error: unknown) => {
			throw deployFailure(error, {
				phase: 'committing',
				site: site.url,
				before: active?.id ?? null,
				// A second rollback without a release named would go one further back: looked at first.
				unknownHint: '"svc api releases" shows which release is active; run the command again only if it is not the one you asked for.',
			});
		});
		const plan = done.plan ?? planned ?? NO_CHANGE;
		if (command.json) {
			printJson(io, document(false, plan, done.unchanged, done));
			return 0;
		}
		const ui = views === undefined ? undefined : await views;
		if (ui === undefined) return 0;
		// With --yes no plan was shown before: the answer's is.
		if (planned === undefined) how.showPlan(ui, plan, false, [], []);
		how.showDone(ui, done.release === null ? null : done.release.id, plan, publicRoutes(done.written));
		return 0;
	};

	// With --yes nothing is asked, so nothing needs planning first: the real call checks everything
	// too and changes nothing when it refuses, and its answer carries the plan.
	if (command.yes && !command.dryRun) return applied(undefined);

	const check = await how.check();
	const plan = check.plan ?? NO_CHANGE;
	const ui = views === undefined ? undefined : await views;
	// What the switch opens to anyone that is closed now, from the site's scan of the release's files
	// (as push warns from the local one). The listing is asked only when a person reads the plan and
	// the release opens something.
	const open = ui === undefined ? [] : publicRoutes(check.checked);
	const opened = await routesOpened(site.client, open);
	if (ui !== undefined) {
		how.showPlan(ui, plan, command.dryRun, open, opened);
		ui.printOpened(io, opened);
	}
	const nothing = check.unchanged || changeCount(plan) === 0;
	if (nothing || command.dryRun) {
		if (command.json) printJson(io, document(command.dryRun, plan, nothing, undefined));
		else if (!nothing && ui !== undefined) how.showDryRun(ui);
		return 0;
	}

	const go = await confirmAction(io, {
		yes: command.yes,
		interactive: isInteractive(io, command.json),
		question: how.question(`changing ${plural(changeCount(plan), 'file')}`),
		action: how.action,
		// As for a push: Enter goes ahead unless routes would be removed or opened to anyone.
		defaultYes: plan.removed.length === 0 && opened.length === 0,
		views,
	});
	return go ? applied(plan) : declined(io, how.declined);
}

interface CheckedFile {
	readonly slug: string;
	readonly path: string;
	readonly public: boolean;
	readonly publicVerbs?: readonly string[];
}

/** Files of the release that the site's lexical scan finds public. */
function publicRoutes(written: readonly CheckedFile[]): PublicRoute[] {
	return written.filter((file) => file.public).map((file) => ({ slug: file.slug, path: file.path, verbs: file.publicVerbs ?? [] }));
}

/**
 * The routes the switch opens to anyone that are closed now. The listing (what is public now) is
 * asked only when someone reads the plan and the release opens something.
 */
async function routesOpened(client: SiteClient, open: readonly PublicRoute[]): Promise<PublicRoute[]> {
	if (open.length === 0) return [];
	const openNow = new Set((await client.listFiles({ content: false })).files.filter((file) => file.public === true).map((file) => file.slug));
	return open.filter((route) => !openNow.has(route.slug));
}

/** How many files the plan changes, one number. */
function changeCount(plan: ReleasePlan): number {
	return plan.added.length + plan.changed.length + plan.removed.length;
}

/** "2 restored, 1 removed": `added` names what the plan's additions are to the reader. */
export function planSummary(plan: ReleasePlan, added: string): string {
	return (
		[
			plan.added.length > 0 ? `${plan.added.length} ${added}` : '',
			plan.changed.length > 0 ? `${plan.changed.length} changed` : '',
			plan.removed.length > 0 ? `${plan.removed.length} removed` : '',
		]
			.filter((part) => part !== '')
			.join(', ') || 'no file changed'
	);
}

/**
 * The --json document (docs/cli-json/api-rollback.schema.json, api-promote.schema.json): the plan in
 * the words push and pull use (added, changed, removed), what this run wrote and deleted, and `noop`
 * when the release's files are the active ones.
 */
function switchDocument(
	report: {
		site: string;
		dryRun: boolean;
		from: number | null;
		plan: ReleasePlan;
		noop: boolean;
		written: readonly string[];
		release: Release | null;
	},
	target: { readonly to: number } | { readonly preview: number },
) {
	const applied = !report.dryRun && report.release !== null;
	return {
		site: report.site,
		dryRun: report.dryRun,
		from: report.from,
		...target,
		added: report.plan.added,
		changed: report.plan.changed,
		removed: report.plan.removed,
		noop: report.noop,
		written: report.written,
		deleted: applied ? report.plan.removed : [],
		release: report.release === null ? null : toReleaseRecord(report.release),
	};
}
