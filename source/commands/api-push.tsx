/**
 * svc api push: local checks, the plan by content hash against the site's listing, confirmation,
 * then one release: the new and changed contents staged in requests under the site's body limit
 * (live progress across them), and the whole file set committed by hash, --prune included. Then
 * public-route warnings and a summary. Unchanged files are never uploaded, a push with nothing to
 * do sends nothing, and nothing changes on the site when any check fails.
 */
import { isSvcError } from '../core/errors.js';
import { filesToUpload, isPushNoop, planPush } from '../core/plan.js';
import { pushRelease, type PushProgress, type ReleasePushOptions, type ReleasePushResult } from '../core/release-push.js';
import { checkRouteFiles, scanApiDir, type LocalRouteFile } from '../core/route-files.js';
import { deployDisallowed, type RemoteFile, type SiteClient, type SiteStatus, type WrittenFile } from '../core/site-client.js';
import type { PublicRoute } from '../components/public-warnings.js';
import type { ApiPushCommand } from './command.js';
import { confirmAction, declined } from './shared/confirm.js';
import { openProject, openSite } from './shared/context.js';
import { isInteractive, printJson, type Io } from './shared/io.js';
import { loadViews, type Views } from './shared/load-views.js';
import { localChecksFailed, pushProblems, withLocalPaths } from './shared/push-checks.js';
import { toReleaseRecord } from './shared/release-records.js';
import { plural } from './shared/words.js';

export async function run(command: ApiPushCommand, io: Io): Promise<number> {
	const interactive = isInteractive(io, command.json);
	const views = command.json ? undefined : loadViews();
	const project = openProject(io);
	// Hashes only: the costly PHP parse runs below on the files that will actually be uploaded.
	const scanning = scanApiDir(project.apiDir, { lexical: false });
	scanning.catch(() => undefined);
	let site;
	try {
		site = openSite(io, { site: command.site, project });
	} catch (error) {
		// A missing api/ folder or a bad file is the first thing to fix, before any login.
		const scan = await scanning;
		throw scan.problems.length > 0 ? localChecksFailed(scan.problems, project.apiLabel) : error;
	}
	// Read while the files are hashed; neither changes anything on the site. The status (whose active
	// release the commit names as its base) is read before the listing the plan is made from, so a
	// push landing in between makes the commit refuse rather than apply a plan made on stale data.
	const client = site.client;
	const state = client.getStatus().then(async (status) => ({ status, listing: await client.listFiles({ content: false }) }));
	state.catch(() => undefined);
	const scan = await scanning;
	if (scan.problems.length > 0) {
		throw localChecksFailed(scan.problems, project.apiLabel);
	}
	const { status, listing } = await state;
	const remote = listing.files;
	const plan = planPush(scan.files, remote, { prune: command.prune });
	const checked = checkRouteFiles(filesToUpload(plan));
	const problems = pushProblems(checked);
	if (problems.length > 0) {
		throw localChecksFailed(problems, project.apiLabel);
	}
	const upload = checked.files;
	const removed = plan.removed.map((file) => file.filename);
	const report = {
		site: site.url,
		dryRun: command.dryRun,
		added: plan.added.map((file) => file.slug),
		changed: plan.changed.map((file) => file.slug),
		unchanged: plan.unchanged.map((file) => file.slug),
		removed,
		kept: plan.remoteOnly.map((file) => file.filename),
	};
	const ui = views === undefined ? undefined : await views;
	if (ui !== undefined) {
		ui.print(
			io.stdout,
			<ui.PushPlan
				plan={{ ...report, unchanged: report.unchanged.length }}
				direction="push"
				site={site.url}
				dir={project.apiLabel}
				dryRun={command.dryRun}
			/>,
		);
	}
	// A node of a multi-node site serving files that differ from the release (an edit made there
	// only): committing the same set makes the site give every node a fresh copy of it.
	if (isPushNoop(plan) && (status?.driftedNodes ?? []).length === 0) {
		// Nothing staged, nothing committed: the site is not written to at all.
		if (command.json) printJson(io, { ...report, uploaded: [], deleted: [], public: [], release: null, staged: NOTHING_STAGED });
		return 0;
	}
	if (status !== undefined && !status.deploy.allowed) {
		throw deployDisallowed(site.url, status.deploy.reason);
	}
	const push = { client, files: scan.files, upload, removed, prune: command.prune, status, apiLabel: project.apiLabel };

	if (command.dryRun) {
		// The new contents are staged (not activated: the site keeps them an hour) so that the site can
		// run every push-time check on the resulting set, php -l included; the dry commit changes nothing.
		const result = await send({ ...push, dryRun: true }, { ui, interactive, io });
		const open = await publicRoutes(upload, result, site.client, remote);
		if (ui === undefined) {
			printJson(io, { ...report, uploaded: [], deleted: [], public: open, syntaxCheck: result.syntaxCheck, release: null, staged: result.staged });
		} else {
			ui.print(io.stderr, <ui.PublicWarnings routes={open} dryRun />);
			ui.print(
				io.stdout,
				<ui.Text>
					Dry run: {upload.length === 0 ? 'nothing to upload' : `the site accepted ${plural(upload.length, 'file')}`}
					{removed.length > 0 ? `; --prune would remove ${plural(removed.length, 'route')}` : ''}. Nothing was written.
				</ui.Text>,
			);
		}
		return 0;
	}

	const destructive = removed.length > 0;
	if (destructive || (interactive && !command.yes)) {
		const question = [
			upload.length > 0 ? `Push ${plural(upload.length, 'file')}` : '',
			destructive ? `${upload.length > 0 ? ' and remove' : 'Remove'} ${plural(removed.length, 'route')} from the site` : '',
		].join('');
		const go = await confirmAction(io, {
			yes: command.yes,
			interactive,
			question: `${question}?`,
			action: `remove ${plural(removed.length, 'route')} from the site (--prune)`,
			defaultYes: !destructive,
			views,
		});
		if (!go) {
			return declined(io, 'nothing was pushed');
		}
	}

	const result = await send({ ...push, dryRun: false }, { ui, interactive, io });
	const deleted = result.deleted;
	const open = await publicRoutes(upload, result, site.client, remote);
	if (ui === undefined) {
		printJson(io, {
			...report,
			uploaded: result.written.map((file) => file.filename),
			deleted,
			public: open,
			syntaxCheck: result.syntaxCheck,
			release: result.release === null ? null : toReleaseRecord(result.release),
			staged: result.staged,
		});
		return 0;
	}
	ui.print(io.stderr, <ui.PublicWarnings routes={open} />);
	const counts = [
		report.added.length > 0 ? `${report.added.length} new` : '',
		report.changed.length > 0 ? `${report.changed.length} changed` : '',
	].filter((part) => part !== '');
	const done = [
		upload.length > 0 ? `pushed ${plural(upload.length, 'file')} (${counts.join(', ')})` : '',
		deleted.length > 0 ? `removed ${plural(deleted.length, 'route')}` : '',
	].filter((part) => part !== '');
	ui.print(
		io.stdout,
		<ui.Text>
			<ui.Text color="green">✔</ui.Text> {site.url}: {done.length > 0 ? done.join(', ') : 'the site already had these files'}
			{report.unchanged.length > 0 ? `; ${report.unchanged.length} unchanged` : ''}.
			{result.release === null ? '' : ` Release ${result.release.id} is active.`}
			{result.syntaxCheck === 'skipped' ? (
				<ui.Text dimColor>
					{'\n'}The site could not run php -l: a file with a compile error will show as failed to load in "svc api list".
				</ui.Text>
			) : null}
		</ui.Text>,
	);
	return 0;
}

const NOTHING_STAGED = { files: 0, requests: 0, bytes: 0 } as const;

/** What `pushRelease` needs, with the local files themselves, and where they live for messages. */
interface Push extends Omit<ReleasePushOptions, 'files' | 'upload' | 'onProgress'> {
	readonly client: SiteClient;
	readonly files: readonly LocalRouteFile[];
	readonly upload: readonly LocalRouteFile[];
	readonly apiLabel: string;
}

interface Screen {
	readonly ui: Views | undefined;
	readonly interactive: boolean;
	readonly io: Io;
}

/**
 * One release (or the old single batch), with live progress in a terminal: bytes staged across
 * every request, then the site's checks and commit. Per-file rejections name local paths.
 */
async function send(push: Push, screen: Screen): Promise<ReleasePushResult> {
	const { ui } = screen;
	const count = plural(push.upload.length, 'file');
	const checking = push.dryRun ? `The site is checking ${count}…` : `The site is checking ${count} and activating the release…`;
	const bar = (views: Views, progress: PushProgress | undefined, result?: ReleasePushResult) => {
		const sent = progress?.sent ?? 0;
		const total = progress?.total;
		const detail =
			result !== undefined
				? finishedDetail(result, count)
				: progress === undefined
					? `${count} to send`
					: progress.phase === 'committing' || (total !== undefined && sent >= total)
						? checking
						: progress.phase === 'staging'
							? `Staging ${count}: request ${progress.request} of ${progress.requests}, each under the site's size limit`
							: `${count} in one batch`;
		return <views.Progress label={result === undefined ? 'Uploading' : 'Uploaded '} done={sent} total={total} unit="bytes" detail={detail} />;
	};
	const view = ui === undefined ? undefined : ui.live(screen.io, bar(ui, undefined), screen.interactive);
	let last: PushProgress | undefined;
	try {
		const result = await pushRelease(push.client, {
			files: push.files,
			upload: push.upload,
			prune: push.prune,
			removed: push.removed,
			dryRun: push.dryRun,
			status: push.status,
			onProgress: (progress) => {
				last = progress;
				if (ui !== undefined) view?.update(bar(ui, progress));
			},
		});
		if (ui !== undefined) view?.update(bar(ui, last, result));
		return result;
	} catch (error) {
		throw isSvcError(error) ? withLocalPaths(error, push.apiLabel) : error;
	} finally {
		await view?.finish();
	}
}

function finishedDetail(result: ReleasePushResult, count: string): string {
	if (result.dryRun) return `The site checked ${count}; nothing was activated.`;
	if (result.release !== null) return `The site checked ${count} and activated release ${result.release.id}.`;
	return `The site checked and wrote ${count}.`;
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
	const fromSite = new Map([...(result?.checked ?? []), ...(result?.written ?? [])].map((file) => [file.filename, file]));
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
		routes.push({ filename: file.slug, path: await pathOf(file.slug), verbs: file.check?.publicVerbs ?? [] });
	}
	return routes;
}

/** `/svc-api/v1` from a record like `{ filename: "hello", path: "/svc-api/v1/hello" }`. */
function namespaceFromListing(listing: readonly RemoteFile[]): string | undefined {
	const sample = listing.find((file) => file.path.endsWith(`/${file.filename}`));
	return sample === undefined ? undefined : sample.path.slice(0, -(sample.filename.length + 1));
}
