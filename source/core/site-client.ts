/**
 * The CLI's half of the svc/v1 management API (docs/management-api.md). Every failure becomes an
 * SvcError whose message names the fix; the application password never appears in one, and goes
 * nowhere but the origin the user named (site-redirects.ts). Requests go through
 * site-connection.ts (discovery, credentials, retries, caps); each answer is read through
 * site-transport.ts, capped by what the request asks for (answer-caps.ts); a good one is read into
 * records by site-parsers.ts (site-types.ts), a failed one said by site-errors.ts.
 */
import { SvcError } from './errors.js';
import { nodeCrypto } from './node-crypto.js';
import { createConnection, MANAGEMENT, type Connection } from './site-connection.js';
import { httpFailure, notJson, throwUnexpected, unexpected } from './site-errors.js';
import {
	parseAnswersPurge,
	parseCachePurge,
	parseCommitResult,
	parseEventPage,
	parseJson,
	parseList,
	parseNameList,
	parseOpenApi,
	parseRelease,
	parseRemoteFile,
	parseRemoval,
	parseRestIndex,
	parseSecretRecord,
	parseSecretSet,
	parseStageResult,
	parseUploadResult,
} from './site-parsers.js';
import type { CommitResult, FileListing, MissingBlobs, RemoteFile, SiteClient, SiteClientOptions, StageBlob } from './site-types.js';

/** A new id for each change (docs/management-api.md, `commit_id`): a retry of it is answered with the release it made. */
const newCommitId = (): string => nodeCrypto().randomBytes(16).toString('hex');

export { redactor } from './site-connection.js';
export { networkFailure } from './site-transport.js';
export type * from './site-types.js';

/** Each answer of 503 svc_boot_fatal means one more broken route file is now skipped for good. */
const BOOT_FATAL_RETRIES = 25;

export function createSiteClient(options: SiteClientOptions): SiteClient {
	const connection = createConnection(options);
	return {
		siteUrl: connection.siteUrl,
		restRoot: async () => (await connection.restRoot()).url.toString(),
		...fileCalls(connection),
		...releaseCalls(connection),
		...siteCalls(connection),
	};
}

type Calls<K extends keyof SiteClient> = Pick<SiteClient, K>;

/** `blobs` as api-blobs and a commit take it: each content in base64 under its hash. */
function blobJson(blobs: readonly StageBlob[]): { hash: string; content_base64: string }[] {
	return blobs.map((blob) => ({ hash: blob.hash, content_base64: Buffer.from(blob.content).toString('base64') }));
}

/** The route files: listed (alone or with the status), uploaded the old way (one batch), removed, staged by hash. */
function fileCalls({
	call,
	fail,
	replaysCommits,
	readStatusWithListing,
}: Connection): Calls<'getNamespace' | 'listFiles' | 'getStatusAndListing' | 'uploadFiles' | 'deleteFiles' | 'stageBlobs'> {
	type ListOptions = { readonly content: boolean; readonly release?: number; readonly only?: readonly string[] };
	const listOnce = async (listOptions: ListOptions): Promise<FileListing<RemoteFile>> => {
		const { body, headers } = await call('GET', 'api-files', {
			query: {
				content: String(listOptions.content),
				...(listOptions.release === undefined ? {} : { release: String(listOptions.release) }),
				...(listOptions.only === undefined ? {} : { filenames: listOptions.only.join(',') }),
			},
			answer: listOptions.content ? 'contents' : 'records',
		});
		const files = parseList(body, (item) => parseRemoteFile(item, listOptions.content)) ?? throwUnexpected('GET api-files', fail);
		const skippedHeader = headers['x-svc-skipped'];
		const skipped = Number.parseInt(Array.isArray(skippedHeader) ? (skippedHeader[0] ?? '') : (skippedHeader ?? ''), 10);
		return withSkipped(files, Number.isFinite(skipped) && skipped > 0 ? skipped : 0, parseNameList(headers['x-svc-skipped-files']));
	};

	const listFiles = (listOptions: ListOptions): Promise<FileListing<RemoteFile>> => untilBooted(() => listOnce(listOptions));

	return {
		getNamespace: async () => {
			const { body } = await call('GET', 'api-namespace');
			const namespace = (body as { namespace?: unknown } | null)?.namespace;
			if (typeof namespace !== 'string') {
				throw unexpected('GET api-namespace', fail);
			}
			return namespace;
		},
		listFiles: listFiles as SiteClient['listFiles'],
		// What a push plans from: the status, then the listing. One request to a plugin that puts the
		// listing in the status answer (`status_listing`); an older one answers the status alone, and
		// the listing is then asked after it, which keeps the order. A listing boots the files the
		// site has not loaded yet, as GET api-files does (untilBooted).
		getStatusAndListing: async () => {
			const answer = await untilBooted(readStatusWithListing);
			const carried = (answer?.body as { listing?: unknown } | undefined)?.listing;
			if (carried === undefined) {
				return { status: answer?.status, listing: await listFiles({ content: false }) };
			}
			return { status: answer?.status, listing: parseCarriedListing(carried) ?? throwUnexpected('GET status', fail) };
		},
		uploadFiles: async (files, uploadOptions = {}) => {
			const { body } = await call('POST', 'api-files', {
				answer: 'records',
				json: { files: files.map(({ slug, content }) => ({ filename: slug, content })), dry_run: uploadOptions.dryRun === true },
				...(uploadOptions.onProgress === undefined ? {} : { onProgress: uploadOptions.onProgress }),
			});
			return parseUploadResult(body) ?? throwUnexpected('POST api-files', fail);
		},
		deleteFiles: async (slugs) => {
			// With its id a removal whose answer was lost is sent again, to a plugin that answers it with the
			// release it made (an older one would answer the second removal as a failure).
			const { body } = await call('DELETE', 'api-files', { json: { filenames: slugs, commit_id: newCommitId() }, answer: 'records', repeatable: replaysCommits });
			return parseRemoval(body) ?? throwUnexpected('DELETE api-files', fail);
		},
		stageBlobs: async (blobs, stageOptions = {}) => {
			// Key order and no spaces: the body is exactly what core/blob-batches.ts measured.
			const json = { blobs: blobJson(blobs) };
			const { body } = await call('POST', 'api-blobs', {
				answer: 'records',
				json,
				since: 'releases',
				// Contents are stored by hash: staging them twice stores them once.
				repeatable: true,
				...(stageOptions.onProgress === undefined ? {} : { onProgress: stageOptions.onProgress }),
			});
			return parseStageResult(body) ?? throwUnexpected('POST api-blobs', fail);
		},
	};
}

function withSkipped(files: readonly RemoteFile[], skipped: number, skippedFiles: readonly string[] | undefined): FileListing<RemoteFile> {
	return { files, skipped, ...(skippedFiles === undefined ? {} : { skippedFiles }) };
}

/** `listing` of `GET status?listing=true`: `{ files: [records], skipped_files: [names] }`. */
function parseCarriedListing(value: unknown): FileListing<RemoteFile> | undefined {
	if (typeof value !== 'object' || value === null) return undefined;
	const { files, skipped_files: skippedFiles } = value as { files?: unknown; skipped_files?: unknown };
	const records = parseList(files, (item) => parseRemoteFile(item, false));
	if (records === undefined || !Array.isArray(skippedFiles) || !skippedFiles.every((name) => typeof name === 'string')) return undefined;
	return withSkipped(records, skippedFiles.length, skippedFiles as string[]);
}

/** Releases: the status, commits, rollbacks, promotions, the list of kept ones and the event log. */
function releaseCalls({ call, fail, readStatus, replaysCommits }: Connection): Calls<'getStatus' | 'commitRelease' | 'listReleases' | 'rollback' | 'promote' | 'listEvents'> {
	const commit = async (route: string, json: unknown): Promise<CommitResult | MissingBlobs> => {
		const where = `POST ${MANAGEMENT}/${route}`;
		// With its commit id a lost answer can be asked for again, of a plugin that answers the release the
		// id made (an older one would make a second release).
		const repeatable = typeof json === 'object' && json !== null && 'commit_id' in json ? replaysCommits : false;
		const { body, missing } = await call('POST', route, { json, since: 'releases', missingBlobs: true, answer: 'records', repeatable });
		if (missing !== undefined) return { missing };
		return parseCommitResult(body) ?? throwUnexpected(where, fail);
	};

	return {
		getStatus: readStatus,
		commitRelease: (request) =>
			commit('api-releases', {
				files: request.files,
				prune: request.prune === true,
				remove: request.remove ?? [],
				dry_run: request.dryRun === true,
				...(request.base === undefined ? {} : { base: request.base }),
				...(request.kind === undefined ? {} : { kind: request.kind }),
				...(request.message === undefined ? {} : { message: request.message }),
				// A new id for each change: a retry of this one is answered with the release it made.
				...(request.dryRun === true ? {} : { commit_id: newCommitId() }),
				...(request.blobs === undefined || request.blobs.length === 0 ? {} : { blobs: blobJson(request.blobs) }),
			}),
		listReleases: async () => {
			const { body } = await call('GET', 'api-releases', { since: 'releases', answer: 'pages' });
			return parseList(body, parseRelease) ?? throwUnexpected('GET api-releases', fail);
		},
		rollback: async (rollbackOptions) => {
			const result = await commit('api-releases/rollback', {
				...(rollbackOptions.to === undefined ? {} : { to: rollbackOptions.to }),
				...(rollbackOptions.base === undefined ? {} : { base: rollbackOptions.base }),
				dry_run: rollbackOptions.dryRun === true,
				...(rollbackOptions.message === undefined ? {} : { message: rollbackOptions.message }),
				// As a commit's: a rollback repeated with it answers the release it made, not a second one.
				...(rollbackOptions.dryRun === true ? {} : { commit_id: newCommitId() }),
			});
			// A rollback names a kept release, whose contents the site has by definition.
			if ('missing' in result) throw unexpected('POST api-releases/rollback', fail);
			return result;
		},
		promote: async (promoteOptions) => {
			const result = await commit('api-releases/promote', {
				id: promoteOptions.id,
				...(promoteOptions.base === undefined ? {} : { base: promoteOptions.base }),
				dry_run: promoteOptions.dryRun === true,
				force: promoteOptions.force === true,
				...(promoteOptions.message === undefined ? {} : { message: promoteOptions.message }),
				...(promoteOptions.dryRun === true ? {} : { commit_id: newCommitId() }),
			});
			// A preview's contents are the site's: it kept them when the preview was committed.
			if ('missing' in result) throw unexpected('POST api-releases/promote', fail);
			return result;
		},
		listEvents: async (query = {}) => {
			const params: Record<string, string> = {};
			for (const [key, value] of [['before', query.before], ['after', query.after], ['max_age', query.maxAge], ['per_page', query.perPage]] as const) {
				if (value !== undefined) params[key] = String(value);
			}
			const { body } = await call('GET', 'events', { query: params, since: 'releases', answer: 'pages' });
			return parseEventPage(body) ?? throwUnexpected('GET events', fail);
		},
	};
}

/** The rest of what svc asks a site: its OpenAPI document, REST index, secrets, cache and diagnostics. */
function siteCalls(connection: Connection): Calls<'getOpenApi' | 'getRestIndex' | 'listSecrets' | 'setSecret' | 'deleteSecret' | 'purgeCache' | 'getDiagnostics'> {
	const { call, fail } = connection;
	return {
		getOpenApi: () =>
			untilBooted(async () => {
				const { body } = await call('GET', 'openapi', { answer: 'contents' });
				return parseOpenApi(body) ?? throwUnexpected('GET openapi', fail);
			}),
		getRestIndex: async () => {
			const url = new URL((await connection.restRoot()).url);
			url.searchParams.set('_fields', 'namespaces,authentication');
			const where = 'GET the REST index';
			const answer = await connection.send(url, { method: 'GET', where, cap: connection.capOf('small') });
			if (answer.status !== 200) throw httpFailure(answer, where, connection.siteUrl, connection.user, fail);
			const body = parseJson(answer.body);
			if (typeof body !== 'object' || body === null) throw notJson(answer, where, fail);
			return parseRestIndex(body);
		},
		listSecrets: async () => {
			const { body } = await call('GET', 'secrets', { answer: 'records' });
			return parseList(body, parseSecretRecord) ?? throwUnexpected('GET secrets', fail);
		},
		setSecret: async (name, value) => {
			const { body } = await call('PUT', `secrets/${encodeURIComponent(name)}`, { json: { value } });
			return parseSecretSet(body) ?? throwUnexpected('PUT secrets', fail);
		},
		deleteSecret: async (name) => {
			const { body } = await call('DELETE', `secrets/${encodeURIComponent(name)}`);
			return parseAnswersPurge(body);
		},
		purgeCache: async (slugs) => {
			const { body } = await call('POST', 'cache/purge', {
				// No `routes`: every route's cached answers.
				json: slugs === undefined ? {} : { routes: slugs },
				since: 'the early cache',
				answer: 'records',
				// Purging twice leaves the answers as unreachable as purging once.
				repeatable: true,
			});
			return parseCachePurge(body) ?? throwUnexpected('POST cache/purge', fail);
		},
		getDiagnostics: async () => {
			let body: unknown;
			try {
				({ body } = await call('GET', 'diagnostics', { since: 'releases' }));
			} catch (error) {
				if (error instanceof SvcError && error.code === 'plugin_outdated') return undefined;
				throw error;
			}
			return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : throwUnexpected('GET diagnostics', fail);
		},
	};
}

/**
 * The listing and the OpenAPI document load route files the site has not loaded yet; one that stops
 * PHP costs that request (503 svc_boot_fatal) and is skipped from then on, so asking again gets a
 * little further each time.
 */
async function untilBooted<T>(once: () => Promise<T>): Promise<T> {
	for (let attempt = 1; ; attempt++) {
		try {
			return await once();
		} catch (error) {
			if (attempt >= BOOT_FATAL_RETRIES || !(error instanceof SvcError) || error.serverCode !== 'svc_boot_fatal') throw error;
		}
	}
}
