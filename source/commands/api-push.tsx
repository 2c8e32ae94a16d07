/**
 * svc api push: local checks, the plan by content hash against the site's listing, confirmation,
 * one atomic upload batch with live progress, removals for --prune, then public-route warnings and
 * a summary. Unchanged files are never uploaded, and nothing is written when any check fails.
 */
import { isSvcError } from '../core/errors.js';
import { filesToUpload, isPushNoop, planPush } from '../core/plan.js';
import { checkRouteFiles, scanApiDir, type LocalRouteFile } from '../core/route-files.js';
import type { RemoteFile, SiteClient, UploadResult } from '../core/site-client.js';
import type { PublicRoute } from '../components/public-warnings.js';
import type { ApiPushCommand } from './command.js';
import { confirmAction, declined } from './shared/confirm.js';
import { openProject, openSite } from './shared/context.js';
import { isInteractive, printJson, type Io } from './shared/io.js';
import { loadViews, type Views } from './shared/load-views.js';
import { localChecksFailed, pushProblems, withLocalPaths } from './shared/push-checks.js';
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
	// The listing is read while the files are hashed; it changes nothing on the site.
	const listing = site.client.listFiles({ content: false });
	listing.catch(() => undefined);
	const scan = await scanning;
	if (scan.problems.length > 0) {
		throw localChecksFailed(scan.problems, project.apiLabel);
	}
	const remote = (await listing).files;
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
	if (isPushNoop(plan)) {
		if (command.json) printJson(io, { ...report, uploaded: [], deleted: [], public: [] });
		return 0;
	}

	if (command.dryRun) {
		// The site runs every push-time check on the batch (php -l included) and writes nothing.
		const result = upload.length === 0 ? undefined : await send(site.client, upload, project.apiLabel, { dryRun: true });
		const open = await publicRoutes(upload, result, site.client, remote);
		if (ui === undefined) {
			printJson(io, { ...report, uploaded: [], deleted: [], public: open, syntaxCheck: result?.syntaxCheck });
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

	const result =
		upload.length === 0 ? undefined : await send(site.client, upload, project.apiLabel, { ui, interactive, io });
	const deleted = removed.length === 0 ? [] : (await site.client.deleteFiles(removed)).deleted;
	const open = await publicRoutes(upload, result, site.client, remote);
	if (ui === undefined) {
		printJson(io, {
			...report,
			uploaded: result?.written.map((file) => file.filename) ?? [],
			deleted,
			public: open,
			syntaxCheck: result?.syntaxCheck,
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
			<ui.Text color="green">✔</ui.Text> {site.url}: {done.join(', ')}
			{report.unchanged.length > 0 ? `; ${report.unchanged.length} unchanged` : ''}.
			{result?.syntaxCheck === 'skipped' ? (
				<ui.Text dimColor>
					{'\n'}The site could not run php -l: a file with a compile error will show as failed to load in "svc api list".
				</ui.Text>
			) : null}
		</ui.Text>,
	);
	return 0;
}

type SendOptions =
	| { readonly dryRun: true }
	| { readonly ui: Views | undefined; readonly interactive: boolean; readonly io: Io };

/** One atomic batch, with a progress bar in a terminal; per-file rejections name local paths. */
async function send(client: SiteClient, files: readonly LocalRouteFile[], apiLabel: string, options: SendOptions): Promise<UploadResult> {
	const batch = files.map((file) => ({ filename: file.slug, content: file.bytes.toString('utf8') }));
	const count = plural(files.length, 'file');
	const ui = 'ui' in options ? options.ui : undefined;
	const bar = (views: Views, done: number, total: number | undefined, finished = false) => (
		<views.Progress
			label={finished ? 'Uploaded ' : 'Uploading'}
			done={done}
			total={total}
			unit="bytes"
			detail={
				finished
					? `The site checked and wrote ${count}.`
					: total !== undefined && done >= total
						? `The site is checking and writing ${count}…`
						: `${count} in one batch`
			}
		/>
	);
	const view = ui === undefined || !('io' in options) ? undefined : ui.live(options.io, bar(ui, 0, undefined), options.interactive);
	let sent = { done: 0, total: undefined as number | undefined };
	try {
		const result = await client.uploadFiles(batch, {
			dryRun: 'dryRun' in options,
			onProgress: (progress) => {
				sent = { done: progress.transferred, total: progress.total };
				if (ui !== undefined) view?.update(bar(ui, sent.done, sent.total));
			},
		});
		if (ui !== undefined) view?.update(bar(ui, sent.done, sent.total, true));
		return result;
	} catch (error) {
		throw isSvcError(error) ? withLocalPaths(error, apiLabel) : error;
	} finally {
		await view?.finish();
	}
}

/**
 * The uploaded routes that anyone may call: the local lexical check, or the site's own (the same
 * rule). Paths come from the site's answer, else from the namespace the listing shows.
 */
async function publicRoutes(
	files: readonly LocalRouteFile[],
	result: UploadResult | undefined,
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
