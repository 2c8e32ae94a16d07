/**
 * svc api push: local checks, the plan by content hash against the site's listing, confirmation,
 * then one release: the new and changed contents staged in requests under the site's body limit
 * (live progress across them), and the whole file set committed by hash, --prune included. Then
 * public-route warnings and a summary. Unchanged files are never uploaded, a push with nothing to
 * do sends nothing, and nothing changes on the site when any check fails.
 */
import { isSvcError } from '../../core/errors.js';
import { filesToUpload, isPushNoop, planPush, type PushPlan } from '../../core/plan.js';
import { pushRelease, type ReleasePushOptions, type ReleasePushResult } from '../../core/release-push.js';
import { checkRouteFiles, scanApiDir, type ApiDirScan, type LocalRouteFile } from '../../core/route-files.js';
import type { RemoteFile, SiteClient, SiteStatus, WrittenFile } from '../../core/site-client.js';
import { fileDiff, type FileDiff } from '../../core/file-diff.js';
import { listingNames } from '../../core/site-listing-names.js';
import { shellLine } from '../../core/shell-word.js';
import type { PlanNote } from '../../components/sync-plan.js';
import type * as PushScreens from './screens.js';

type Screens = typeof PushScreens;
import type { PublicRoute } from '../../components/public-warnings.js';
import type { ApiPushCommand } from './command.js';
import { confirmAction, declined } from '../shared/confirm.js';
import { deployFailure, type DeployPhase } from '../shared/deploy-outcome.js';
import { openProject, openSite, type Project, type Site } from '../shared/context.js';
import { isInteractive, printJson, type Io } from '../shared/io.js';
import { preload } from '../shared/load-views.js';
import { whileInterruptible } from '../shared/interrupt.js';
import { everyLocalProblem, loadFailed, localChecksFailed, pushProblems, withLocalPaths, withLocalProblems, type LoadFailure } from './push-checks.js';
import { toReleaseRecord } from '../shared/release-records.js';
import { plural } from '../shared/words.js';
import { commandMain } from '../shared/command-main.js';

/** What the entry point runs (command-main.ts: Ctrl-C, failures). */
export const main = commandMain(run);

export async function run(command: ApiPushCommand, io: Io): Promise<number> {
	const interactive = isInteractive(io, command.json);
	const state = await readState(command, io);
	const planned = await planAndCheck(command, state);
	const ui = state.screens === undefined ? undefined : await state.screens;
	const diffs = await showPlan(command, state, planned, { ui, io });
	const { plan, upload, removed, report } = planned;
	// A node of a multi-node site serving files that differ from the release (an edit made there
	// only): committing the same set makes the site give every node a fresh copy of it.
	if (isPushNoop(plan) && (state.status?.driftedNodes ?? []).length === 0) {
		// Nothing staged, nothing committed: the site is not written to at all.
		if (command.json) printJson(io, { ...report, written: [], deleted: [], publicRoutes: [], syntaxCheck: null, release: null, staged: NOTHING_STAGED, loadErrors: [] });
		return 0;
	}
	if (state.status !== undefined && !state.status.deploy.allowed) {
		// Loaded with the site client already (the status came through it).
		const { deployDisallowed } = await import('../../core/site-errors.js');
		throw deployDisallowed(state.site.url, state.status.deploy.reason);
	}
	const push: Omit<Push, 'dryRun'> = {
		client: state.site.client,
		files: state.scan.files,
		upload,
		removed,
		prune: command.prune,
		status: state.status,
		apiLabel: state.project.apiLabel,
		...(command.preview ? { kind: 'preview' as const } : {}),
		message: command.message,
	};
	const screen: Screen = { ui, interactive, io };
	if (command.dryRun) {
		return dryRun(push, state, planned, screen);
	}
	if (!(await confirmed(command, state, planned, { ...screen, diffs }))) {
		return declined(io, 'nothing was pushed');
	}
	return pushed(command, push, state, planned, screen);
}

/** What the push starts from: the project, its scan, the site and what the site serves now. */
interface PushState {
	readonly project: Project;
	readonly site: Site;
	readonly scan: ApiDirScan;
	/** Undefined from a plugin older than releases. */
	readonly status: SiteStatus | undefined;
	readonly remote: readonly RemoteFile[];
	/** The terminal's screens, loading; undefined for --json. */
	readonly screens: Promise<Screens> | undefined;
}

/** The plan, its files checked, and what it opens to anyone. */
interface Planned {
	readonly plan: PushPlan<LocalRouteFile, RemoteFile>;
	readonly upload: readonly LocalRouteFile[];
	readonly removed: readonly string[];
	readonly report: PushReport;
	/** The uploaded routes anyone may call, as the local check finds them. */
	readonly open: readonly PublicRoute[];
	/** Those of them that the site does not serve publicly yet. */
	readonly opened: readonly PublicRoute[];
}

/** The fields every --json answer of a push starts with. */
interface PushReport {
	readonly site: string;
	readonly dryRun: boolean;
	readonly added: readonly string[];
	readonly changed: readonly string[];
	readonly unchanged: readonly string[];
	readonly removed: readonly string[];
	readonly kept: readonly string[];
}

/**
 * The project's files hashed while the site is read; a local problem is reported before the site's
 * answer (or its failure), and before any login.
 */
async function readState(command: ApiPushCommand, io: Io): Promise<PushState> {
	const project = openProject(io);
	// Hashes only: the costly PHP parse runs later on the files that will actually be uploaded.
	const scanning = scanApiDir(project.apiDir, { lexical: false });
	scanning.catch(() => undefined);
	let site;
	try {
		site = openSite(io, { site: command.site, project });
	} catch (error) {
		// A missing api/ folder or a bad file is the first thing to fix, before any login.
		throw await withLocalProblems(await scanning, project.apiLabel, error);
	}
	// Ink starts loading once the command will do its work (a site chosen), while the site answers:
	// a command that stops at "no site selected" never loads it.
	const screens = command.json ? undefined : preload(import('./screens.js'));
	// Read while the files are hashed; neither changes anything on the site. The status (whose active
	// release the commit names as its base) is read before the listing the plan is made from (in one
	// request, or two in that order), so a push landing in between makes the commit refuse rather
	// than apply a plan made on stale data.
	const client = site.client;
	const state = client.getStatusAndListing();
	state.catch(() => undefined);
	const scan = await scanning;
	if (scan.problems.length > 0) {
		throw await everyLocalProblem(scan, project.apiLabel);
	}
	let status, listing;
	try {
		({ status, listing } = await state);
	} catch (error) {
		throw await withLocalProblems(scan, project.apiLabel, error);
	}
	return { project, site, scan, status, remote: listing.files, screens };
}

/** The plan by content hash, the PHP checks of the files it uploads, and the routes it opens. */
async function planAndCheck(command: ApiPushCommand, state: PushState): Promise<Planned> {
	const { project, site, scan, remote } = state;
	const plan = planPush(scan.files, remote, { prune: command.prune });
	const checked = await checkRouteFiles(filesToUpload(plan));
	const problems = pushProblems(checked);
	if (problems.length > 0) {
		throw localChecksFailed(problems, project.apiLabel);
	}
	const upload = checked.files;
	const removed = plan.removed.map((file) => file.slug);
	const report = {
		site: site.url,
		dryRun: command.dryRun,
		added: plan.added.map((file) => file.slug),
		changed: plan.changed.map((file) => file.slug),
		unchanged: plan.unchanged.map((file) => file.slug),
		removed,
		kept: plan.remoteOnly.map((file) => file.slug),
	};
	// What the push opens to anyone, known before anything is sent (the site's scan is the same rule).
	const open = await publicRoutes(upload, undefined, site.client, remote);
	const remoteBySlug = new Map(remote.map((file) => [file.slug, file]));
	const opened = open.filter((route) => remoteBySlug.get(route.slug)?.public !== true);
	return { plan, upload, removed, report, open, opened };
}

/** In a terminal, the plan, before the question and before anything is sent; the diffs it showed. */
async function showPlan(command: ApiPushCommand, state: PushState, planned: Planned, { ui, io }: { ui: Screens | undefined; io: Io }): Promise<FileDiff[]> {
	const { plan, upload, report, open, opened } = planned;
	// A person reads the plan: the changed files' line counts need the site's contents, fetched only then.
	const diffs = ui === undefined || upload.length === 0 ? [] : await diffsOfUpload(state.site.client, upload, plan.changed.length > 0);
	if (ui !== undefined) {
		// Before the question (and before anything is sent): nobody learns a route is open after it is.
		ui.printPlan(
			io,
			{
				plan: { ...report, unchanged: report.unchanged.length, notes: planNotes(diffs, open, opened) },
				direction: 'push',
				site: state.site.url,
				dir: state.project.apiLabel,
				dryRun: command.dryRun,
			},
			open,
		);
	}
	return diffs;
}
/**
 * --dry-run: the new contents are staged (not activated: the site keeps them an hour) so that the
 * site can run every push-time check on the resulting set, php -l included; the dry commit changes
 * nothing.
 */
async function dryRun(push: Omit<Push, 'dryRun'>, state: PushState, planned: Planned, screen: Screen): Promise<number> {
	const { ui, io } = screen;
	const { upload, removed, report, open } = planned;
	const result = await send({ ...push, dryRun: true }, screen);
	const found = await publicRoutes(upload, result, state.site.client, state.remote);
	if (ui === undefined) {
		printJson(io, { ...report, written: [], deleted: [], publicRoutes: found.map(publicRecord), syntaxCheck: result.syntaxCheck, release: null, staged: result.staged, loadErrors: [] });
	} else {
		ui.printMorePublic(io, notIn(found, open), true);
		ui.printDryRun(io, upload.length, removed.length);
	}
	return 0;
}

/** Whether to go on: asked in a terminal (unless --yes), and always before routes are removed. */
async function confirmed(command: ApiPushCommand, state: PushState, planned: Planned, screen: Screen & { readonly diffs: readonly FileDiff[] }): Promise<boolean> {
	const { upload, removed, opened } = planned;
	const { interactive, io } = screen;
	// A preview removes nothing from what the site serves: only requests with its token see it.
	const destructive = removed.length > 0 && !command.preview;
	if (!destructive && !(interactive && !command.yes)) {
		return true;
	}
	const question = [
		upload.length > 0 || command.preview ? `Push ${plural(upload.length, 'file')}${command.preview ? ' as a preview' : ''}` : '',
		destructive ? `${upload.length > 0 ? ' and remove' : 'Remove'} ${plural(removed.length, 'route')} from the site` : '',
	].join('');
	return whileInterruptible('Interrupted: nothing was pushed.', () =>
		confirmAction(io, {
			yes: command.yes,
			interactive,
			question: `${question}?`,
			action: `remove ${plural(removed.length, 'route')} from the site (--prune)`,
			// Enter must not open a route to anyone, nor remove one.
			defaultYes: !destructive && (opened.length === 0 || command.preview),
			views: state.screens,
			diffs: screen.diffs,
			apiLabel: state.project.apiLabel,
		}),
	);
}

/** The push itself, then what the site loaded of it: the summary, or --json's answer. */
async function pushed(command: ApiPushCommand, push: Omit<Push, 'dryRun'>, state: PushState, planned: Planned, screen: Screen): Promise<number> {
	const { site, project, status, remote } = state;
	const { upload, report, open } = planned;
	const { ui, io } = screen;
	const before = status?.release?.id ?? null;
	const result = await whileInterruptible(INTERRUPTED_PUSH, () => send({ ...push, dryRun: false, site: site.url, before }, screen));
	const deleted = result.deleted;
	// A preview's files are not in the active listing: the site lists (and loads) the preview's own.
	const previewId = command.preview ? result.release?.id : undefined;
	let found: PublicRoute[];
	let failed: LoadFailure[];
	try {
		found = await publicRoutes(upload, result, site.client, remote);
		failed = command.preview && previewId === undefined ? [] : await loadFailures(site.client, result.written.map((file) => file.slug), { status, preview: previewId });
	} catch (error) {
		// Committed: whatever fails now, the release is live, and svc says so.
		const done = [upload.length > 0 ? `pushed ${plural(upload.length, 'file')}` : '', deleted.length > 0 ? `removed ${plural(deleted.length, 'route')}` : ''].filter((part) => part !== '').join(', ');
		throw deployFailure(error, { phase: 'after-commit', site: site.url, before, release: result.release?.id ?? null, preview: command.preview, done });
	}
	const failure = failed.length === 0 ? undefined : loadFailed(failed, project.apiLabel, previewId);
	if (ui === undefined) {
		printJson(io, {
			...report,
			written: result.written.map((file) => file.slug),
			deleted,
			publicRoutes: found.map(publicRecord),
			syntaxCheck: result.syntaxCheck,
			release: result.release === null ? null : toReleaseRecord(result.release),
			staged: result.staged,
			loadErrors: failed.map((failure) => ({ slug: failure.slug, message: failure.error })),
			...(command.preview ? { preview: result.previewToken === undefined ? null : { token: result.previewToken, header: PREVIEW_HEADER } } : {}),
			...(failure === undefined ? {} : failure.toJSON()),
		});
		return failure === undefined ? 0 : failure.exitCode;
	}
	// The site's scan may find what the local one did not (warned before the question otherwise).
	ui.printMorePublic(io, notIn(found, open), false);
	const counts = [
		report.added.length > 0 ? `${report.added.length} new` : '',
		report.changed.length > 0 ? `${report.changed.length} changed` : '',
	].filter((part) => part !== '');
	const done = [
		upload.length > 0 ? `pushed ${plural(upload.length, 'file')} (${counts.join(', ')})` : '',
		deleted.length > 0 ? `removed ${plural(deleted.length, 'route')}` : '',
	].filter((part) => part !== '');
	ui.printPushed(io, { site: site.url, done, unchanged: report.unchanged.length, result, failed: failure !== undefined });
	if (result.release !== null && result.previewToken !== undefined) {
		ui.printPreview(io, { release: result.release, token: result.previewToken, curl: previewCurl(site.url, result.previewToken, previewExample(result)) });
	}
	if (failure !== undefined) {
		// Thrown, not printed: the entry point shows it as every failure is shown, and exits 1.
		throw failure;
	}
	return 0;
}

/** The request header a preview is asked for with (docs/management-api.md, Previews). */
const PREVIEW_HEADER = 'X-Svc-Preview';

/** A route the preview serves, for the curl line: an added or changed one, else any. */
function previewExample(result: ReleasePushResult): string | undefined {
	return (result.written[0] ?? result.checked[0])?.path;
}

/** The curl line that asks for the preview: the route path is the site's text, so every word is quoted. */
function previewCurl(site: string, token: string, example: string | undefined): string {
	return shellLine(['curl', '-H', `${PREVIEW_HEADER}: ${token}`, `${site}/wp-json${example ?? '/…'}`]);
}

const INTERRUPTED_PUSH = 'Interrupted: the site may have completed the push; `svc api push --dry-run` shows where it stands.';

const NOTHING_STAGED = { files: 0, requests: 0, bytes: 0 } as const;

/** What `pushRelease` needs, with the local files themselves, and where they live for messages. */
interface Push extends Omit<ReleasePushOptions, 'files' | 'upload' | 'onProgress'> {
	readonly client: SiteClient;
	/** For what a failure says of the site: its URL and the release it served before (a real push only). */
	readonly site?: string;
	readonly before?: number | null;
	readonly files: readonly LocalRouteFile[];
	readonly upload: readonly LocalRouteFile[];
	readonly apiLabel: string;
}

interface Screen {
	/** The terminal's screens; undefined for --json. */
	readonly ui: Screens | undefined;
	readonly interactive: boolean;
	readonly io: Io;
}

/**
 * One release (or the old single batch), with live progress in a terminal: bytes staged across
 * every request, then the site's checks and commit. Per-file rejections name local paths.
 */
async function send(push: Push, screen: Screen): Promise<ReleasePushResult> {
	const view = screen.ui?.liveProgress(screen.io, screen.interactive, { count: plural(push.upload.length, 'file'), dryRun: push.dryRun });
	// Up to the commit's request nothing is changed; the old single batch changes as it is sent. A
	// commit answered with the contents the site lacks made nothing: staging them is before again.
	let phase: DeployPhase = 'before-commit';
	try {
		const result = await pushRelease(push.client, {
			files: push.files,
			upload: push.upload,
			prune: push.prune,
			removed: push.removed,
			dryRun: push.dryRun,
			status: push.status,
			...(push.kind === undefined ? {} : { kind: push.kind }),
			message: push.message,
			onProgress: (progress) => {
				phase = progress.phase === 'staging' ? 'before-commit' : 'committing';
				view?.progress(progress);
			},
		});
		view?.end({ kind: 'done', result });
		return result;
	} catch (error) {
		view?.end({ kind: 'failed', reason: stoppedBecause(error) });
		const local = isSvcError(error) ? withLocalPaths(error, push.apiLabel) : error;
		throw push.site === undefined || push.before === undefined ? local : deployFailure(local, { phase, site: push.site, before: push.before });
	} finally {
		await view?.finish();
	}
}

function stoppedBecause(error: unknown): string {
	if (isSvcError(error) && error.code === 'push_rejected') return 'The site refused the push; nothing was activated.';
	return 'The push did not complete (see below).';
}

/**
 * The uploaded routes that anyone may call: the local lexical check, or the site's own (the same
 * rule). Paths come from the site's answer, else from the namespace the listing shows.
 */
async function publicRoutes(
	files: readonly LocalRouteFile[],
	result: { readonly checked: readonly WrittenFile[]; readonly written: readonly WrittenFile[] } | undefined,
	client: SiteClient,
	listing: readonly RemoteFile[],
): Promise<PublicRoute[]> {
	const fromSite = new Map([...(result?.checked ?? []), ...(result?.written ?? [])].map((file) => [file.slug, file]));
	const open = files.filter((file) => file.check?.isPublic === true || fromSite.get(file.slug)?.public === true);
	if (open.length === 0) {
		return [];
	}
	let prefix: string | undefined;
	const pathOf = async (slug: string): Promise<string> => {
		const known = fromSite.get(slug)?.path ?? '';
		if (known !== '') return known;
		prefix ??= namespaceFromListing(listing) ?? `/${await client.getNamespace()}`;
		return `${prefix}/${slug}`;
	};
	const routes: PublicRoute[] = [];
	for (const file of open) {
		routes.push({ slug: file.slug, path: await pathOf(file.slug), verbs: file.check?.publicVerbs ?? [] });
	}
	return routes;
}

/** A public route in --json: the words `svc api list` uses (slug, route, verbs). */
function publicRecord(route: PublicRoute): { slug: string; route: string; verbs: readonly string[] } {
	return { slug: route.slug, route: route.path, verbs: route.verbs };
}

/** Warnings not already shown before the question. */
function notIn(routes: readonly PublicRoute[], shown: readonly PublicRoute[]): PublicRoute[] {
	const known = new Set(shown.map((route) => route.slug));
	return routes.filter((route) => !known.has(route.slug));
}

/**
 * The files being pushed compared with the site: every new file, and the changed ones with the
 * site's contents (one listing with contents; only asked for when a changed file needs it).
 */
async function diffsOfUpload(client: SiteClient, upload: readonly LocalRouteFile[], needSite: boolean): Promise<FileDiff[]> {
	const site = needSite ? new Map((await client.listFiles({ content: true })).files.map((file) => [file.slug, file.content])) : new Map<string, string>();
	return upload.flatMap((file) => fileDiff(file.slug, site.get(file.slug), file.bytes.toString('utf8')) ?? []);
}

function planNotes(diffs: readonly FileDiff[], open: readonly PublicRoute[], opened: readonly PublicRoute[]): Map<string, PlanNote> {
	const notes = new Map<string, PlanNote>();
	const opens = new Set(opened.map((route) => route.slug));
	for (const diff of diffs) {
		if (diff.status === 'changed') notes.set(diff.slug, { stats: diff.stats });
	}
	for (const route of open) {
		notes.set(route.slug, { ...notes.get(route.slug), publicVerbs: route.verbs, opens: opens.has(route.slug) });
	}
	return notes;
}

/**
 * The pushed files the site could not load, with its reason: their routes are not served. Only they
 * are listed, from a plugin that can (each record listed is built and booted on the site).
 */
async function loadFailures(client: SiteClient, pushed: readonly string[], { status, preview }: { status: SiteStatus | undefined; preview: number | undefined }): Promise<LoadFailure[]> {
	if (pushed.length === 0) return [];
	const wanted = new Set(pushed);
	const only = listingNames(pushed, status?.features);
	const listing = await client.listFiles({ content: false, ...(preview === undefined ? {} : { release: preview }), ...(only === undefined ? {} : { only }) });
	return listing.files.flatMap((file) => (wanted.has(file.slug) && file.error !== undefined ? [{ slug: file.slug, error: file.error }] : []));
}

/** `/svc-api/v1` from a record like `{ slug: "hello", path: "/svc-api/v1/hello" }`. */
function namespaceFromListing(listing: readonly RemoteFile[]): string | undefined {
	const sample = listing.find((file) => file.path.endsWith(`/${file.slug}`));
	return sample === undefined ? undefined : sample.path.slice(0, -(sample.slug.length + 1));
}

