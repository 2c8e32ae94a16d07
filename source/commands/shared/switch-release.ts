/**
 * The one flow of `svc api rollback` and `svc api promote`: make another release's files the active
 * set. The site answers a dry run first with the plan, which is shown, with the routes it opens to
 * anyone warned before the question (then No by default), and confirmed in a terminal; with --yes
 * there is nothing to confirm, so the real call comes first and its answer is the plan. The real call
 * names the release it was planned against, so it applies what the plan showed or nothing. Each
 * command says only what differs: the calls, the words and its screens.
 */
import type { PublicRoute } from '../../components/public-warnings.js';
import type { CommitResult, Release, ReleasePlan } from '../../core/site-client.js';
import { confirmAction, declined } from './confirm.js';
import type { Site } from './context.js';
import { isInteractive, printJson, type Io } from './io.js';
import type { Views } from './load-views.js';
import { changeCount, publicRoutes, routesOpened, switchDocument } from './release-switch.js';
import { plural } from './words.js';

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
		const done = await how.apply(active?.id);
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
