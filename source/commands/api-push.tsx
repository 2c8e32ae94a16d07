/**
 * svc api push: local checks, the plan by content hash against the site's listing, confirmation,
 * one atomic upload batch with live progress, removals for --prune, then public-route warnings and
 * a summary. Unchanged files are never uploaded, and nothing is written when any check fails.
 */
import { Text } from 'ink';
import { isSvcError } from '../core/errors.js';
import { filesToUpload, isPushNoop, planPush } from '../core/plan.js';
import { checkRouteFiles, scanApiDir, type LocalRouteFile } from '../core/route-files.js';
import type { RemoteFile, SiteClient, UploadResult } from '../core/site-client.js';
import { PublicWarnings, type PublicRoute } from '../components/public-warnings.js';
import { Progress } from '../components/progress.js';
import { PushPlan } from '../components/push-plan.js';
import type { ApiPushCommand } from './command.js';
import { confirmAction, declined } from './shared/confirm.js';
import { openProject, openSite } from './shared/context.js';
import { isInteractive, printJson, type Io } from './shared/io.js';
import { localChecksFailed, pushProblems, withLocalPaths } from './shared/push-checks.js';
import { plural } from './shared/words.js';
import { live, print } from './shared/ui.js';

export async function run(command: ApiPushCommand, io: Io): Promise<number> {
	const interactive = isInteractive(io, command.json);
	const project = openProject(io);
	// Hashes only: the costly PHP parse runs below on the files that will actually be uploaded.
	const scan = await scanApiDir(project.apiDir, { lexical: false });
	if (scan.problems.length > 0) {
		throw localChecksFailed(scan.problems, project.apiLabel);
	}
	const site = openSite(io, { site: command.site, project });
	const listing = await site.client.listFiles({ content: false });
	const plan = planPush(scan.files, listing.files, { prune: command.prune });
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
	if (!command.json) {
		print(
			io.stdout,
			<PushPlan
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
		const open = await publicRoutes(upload, result, site.client, listing.files);
		if (command.json) {
			printJson(io, { ...report, uploaded: [], deleted: [], public: open, syntaxCheck: result?.syntaxCheck });
		} else {
			print(io.stderr, <PublicWarnings routes={open} dryRun />);
			print(
				io.stdout,
				<Text>
					Dry run: {upload.length === 0 ? 'nothing to upload' : `the site accepted ${plural(upload.length, 'file')}`}
					{removed.length > 0 ? `; --prune would remove ${plural(removed.length, 'route')}` : ''}. Nothing was written.
				</Text>,
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
		});
		if (!go) {
			return declined(io, 'nothing was pushed');
		}
	}

	const result = upload.length === 0 ? undefined : await send(site.client, upload, project.apiLabel, { interactive, io });
	const deleted = removed.length === 0 ? [] : (await site.client.deleteFiles(removed)).deleted;
	const open = await publicRoutes(upload, result, site.client, listing.files);
	if (command.json) {
		printJson(io, {
			...report,
			uploaded: result?.written.map((file) => file.filename) ?? [],
			deleted,
			public: open,
			syntaxCheck: result?.syntaxCheck,
		});
		return 0;
	}
	print(io.stderr, <PublicWarnings routes={open} />);
	const counts = [
		report.added.length > 0 ? `${report.added.length} new` : '',
		report.changed.length > 0 ? `${report.changed.length} changed` : '',
	].filter((part) => part !== '');
	const done = [
		upload.length > 0 ? `pushed ${plural(upload.length, 'file')} (${counts.join(', ')})` : '',
		deleted.length > 0 ? `removed ${plural(deleted.length, 'route')}` : '',
	].filter((part) => part !== '');
	print(
		io.stdout,
		<Text>
			<Text color="green">✔</Text> {site.url}: {done.join(', ')}
			{report.unchanged.length > 0 ? `; ${report.unchanged.length} unchanged` : ''}.
			{result?.syntaxCheck === 'skipped' ? (
				<Text dimColor>
					{'\n'}The site could not run php -l: a file with a compile error will show as failed to load in "svc api list".
				</Text>
			) : null}
		</Text>,
	);
	return 0;
}

type SendOptions = { readonly dryRun: true } | { readonly interactive: boolean; readonly io: Io };

/** One atomic batch, with a progress bar in a terminal; per-file rejections name local paths. */
async function send(client: SiteClient, files: readonly LocalRouteFile[], apiLabel: string, options: SendOptions): Promise<UploadResult> {
	const batch = files.map((file) => ({ filename: file.slug, content: file.bytes.toString('utf8') }));
	const count = plural(files.length, 'file');
	const bar = (done: number, total: number | undefined) => (
		<Progress
			label="Uploading"
			done={done}
			total={total}
			unit="bytes"
			detail={total !== undefined && done >= total ? `The site is checking and writing ${count}…` : `${count} in one batch`}
		/>
	);
	const view = 'io' in options ? live(options.io, bar(0, undefined), options.interactive) : undefined;
	try {
		return await client.uploadFiles(batch, {
			dryRun: 'dryRun' in options,
			onProgress: (progress) => view?.update(bar(progress.transferred, progress.total)),
		});
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
