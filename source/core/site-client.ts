/**
 * The CLI's half of the svc/v1 management API (docs/management-api.md). Every failure becomes an
 * SvcError whose message names the fix; the application password never appears in one, and goes
 * nowhere but the origin the user named (site-redirects.ts). Each answer is read through
 * site-transport.ts, capped by what the request asks for (answer-caps.ts); a good one is read into
 * records by site-parsers.ts (site-types.ts), a failed one said by site-errors.ts.
 */
import { answerCap, dependsOnLimits, type AnswerKind, type SiteLimits } from './answer-caps.js';
import { randomBytes } from 'node:crypto';
import { SvcError } from './errors.js';
import { RETRIES, retryDelay } from './retry-policy.js';
import { httpFailure, notJson, predates, throwUnexpected, unexpected, wpErrorOf, type PluginFeature } from './site-errors.js';
import { MAX_REDIRECTS, redirectedCall, redirectedElsewhere, redirectTarget, sameOrigin, tooManyRedirects } from './site-redirects.js';
import {
	isJson,
	isStringArray,
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
	parseStatus,
	parseUploadResult,
} from './site-parsers.js';
import { createTransport, headerValue, type Answer, type AnswerCap, type Fail, type Method } from './site-transport.js';
import type { CommitResult, FileListing, MissingBlobs, OpenApiDocument, RemoteFile, SiteClient, SiteClientOptions, SiteStatus, UploadOptions } from './site-types.js';

/** A new id for each change (docs/management-api.md, `commit_id`): a retry of it is answered with the release it made. */
const newCommitId = (): string => randomBytes(16).toString('hex');

export { networkFailure } from './site-transport.js';
export type * from './site-types.js';

/** How the site exposes its REST API: /wp-json/ with pretty permalinks, ?rest_route= without. */
type RestRoot = { readonly kind: 'path'; readonly url: URL } | { readonly kind: 'query'; readonly url: URL };

const MANAGEMENT = 'svc/v1';
/** Each answer of 503 svc_boot_fatal means one more broken route file is now skipped for good. */
const BOOT_FATAL_RETRIES = 25;

export function createSiteClient(options: SiteClientOptions): SiteClient {
	const siteUrl = stripCredentials(options.url);
	/** The origin the user named: the only one that gets the password. */
	const origin = (): URL => new URL(siteUrl);
	const redact = redactor(options.user, options.appPassword);
	const timeoutMs = options.timeoutMs ?? 60_000;
	const authorization = `Basic ${Buffer.from(`${options.user}:${options.appPassword}`).toString('base64')}`;
	let root: Promise<RestRoot> | undefined;
	/** The site's limits once `GET status` said them: they size the caps of the large answers. */
	let limits: SiteLimits | undefined;

	const fail: Fail = (message, details) =>
		new SvcError(redact(message), {
			...details,
			...(details.hint === undefined ? {} : { hint: redact(details.hint) }),
			...(details.fileErrors === undefined
				? {}
				: { fileErrors: details.fileErrors.map((error) => ({ ...error, message: redact(error.message) })) }),
		});

	const send = createTransport({ siteUrl, timeoutMs, userAgent: options.userAgent ?? 'svc-cli', fail });

	/**
	 * The cap of an answer of this kind: from the site's limits once known; else from the plugin's
	 * defaults, widened (by asking `GET status`) only if an answer passes that.
	 */
	const capOf = (kind: AnswerKind): AnswerCap => {
		if (limits !== undefined || !dependsOnLimits(kind)) return { bytes: answerCap(kind, limits) };
		return {
			bytes: answerCap(kind),
			wider: async () => {
				await statusOnce().catch(() => undefined);
				return answerCap(kind, limits);
			},
		};
	};

	// The probe is svc's own namespace index, not the REST root: the root lists every route of the
	// site (and makes it register every route file), while this one is small. A site without the
	// plugin answers it with a JSON 404, which is enough to know where the REST API lives.
	const discover = async (): Promise<RestRoot> => {
		const candidates: { kind: RestRoot['kind']; probe: URL; label: string }[] = [
			{ kind: 'path', probe: new URL(`${siteUrl}/wp-json/${MANAGEMENT}`), label: `/wp-json/${MANAGEMENT}` },
			{ kind: 'query', probe: withRestRoute(new URL(`${siteUrl}/`), `/${MANAGEMENT}`), label: `/?rest_route=/${MANAGEMENT}` },
		];
		const tried: string[] = [];
		for (const candidate of candidates) {
			const { answer, url: answered } = await probe(candidate.probe, `GET ${candidate.label}`);
			if (isJson(answer) && parseJson(answer.body) !== undefined) {
				if (candidate.kind === 'query') {
					return { kind: 'query', url: withRestRoute(answered, '/') };
				}
				answered.pathname = answered.pathname.replace(new RegExp(`${MANAGEMENT}/?$`), '');
				return { kind: 'path', url: answered };
			}
			tried.push(`${candidate.label} gave HTTP ${answer.status} without JSON (${headerValue(answer.headers['content-type']) ?? 'no content type'})`);
		}
		throw fail(`No WordPress REST API answered at ${siteUrl} (${tried.join('; ')}).`, {
			code: 'no_rest_api',
			hint: 'Check that the URL is the WordPress address from Settings → General, and that no plugin disables the REST API.',
		});
	};

	/**
	 * A discovery probe (public: no credentials until the REST root is known). It follows redirects
	 * on the site's own origin only, where the REST API may live under another path.
	 */
	const probe = async (start: URL, where: string): Promise<{ answer: Answer; url: URL }> => {
		let url = start;
		for (let hops = 0; ; hops++) {
			const answer = await send(url, { method: 'GET', where, cap: capOf('small') });
			const target = redirectTarget(answer.status, headerValue(answer.headers['location']), url);
			if (target === undefined) return { answer, url };
			if (!sameOrigin(target, origin())) throw redirectedElsewhere(fail, { siteUrl, where, status: answer.status, to: target });
			if (hops >= MAX_REDIRECTS) throw tooManyRedirects(fail, { siteUrl, where, status: answer.status });
			url = target;
		}
	};

	const restRoot = (): Promise<RestRoot> => {
		root ??= discover().catch((error: unknown) => {
			root = undefined;
			throw error;
		});
		return root;
	};

	const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

	/**
	 * One management request, sent again (retry-policy.ts) when it failed in a way a moment may cure
	 * and sending it twice cannot change the outcome: a read, or a write the caller says is so.
	 */
	const call: typeof callOnce = async (method, route, extra = {}) => {
		const safeToRepeat = method === 'GET' || extra.repeatable === true;
		for (let retry = 1; ; retry++) {
			try {
				return await callOnce(method, route, extra);
			} catch (error) {
				const delayMs = error instanceof SvcError ? retryDelay(error.code, retry, safeToRepeat) : undefined;
				if (delayMs === undefined) throw error;
				options.onRetry?.({ where: `${method} ${MANAGEMENT}/${route}`, retry, retries: RETRIES, delayMs, reason: (error as SvcError).message });
				await wait(delayMs);
			}
		}
	};

	const callOnce = async (
		method: Method,
		route: string,
		extra: {
			/** The size of the answer (answer-caps.ts); `small` unless said. */
			answer?: AnswerKind;
			query?: Record<string, string>;
			json?: unknown;
			onProgress?: UploadOptions['onProgress'];
			/** What the route came with (releases, the early cache): its absence means a plugin older than that. */
			since?: PluginFeature;
			/** Answer 409 svc_missing_blobs as `{ missing }` instead of failing. */
			missingBlobs?: boolean;
			/** A write whose repetition changes nothing (staging by hash, a commit with its id): retried as reads are. */
			repeatable?: boolean;
		} = {},
	): Promise<{ body: unknown; headers: Answer['headers']; missing?: readonly string[] }> => {
		const url = endpoint(await restRoot(), `${MANAGEMENT}/${route}`, extra.query ?? {});
		const where = `${method} ${MANAGEMENT}/${route}`;
		// Discovery kept to the origin the user named; this is the last word before the password goes.
		if (!sameOrigin(url, origin())) throw redirectedElsewhere(fail, { siteUrl, where, to: url });
		const response = await send(url, {
			method,
			where,
			json: extra.json,
			authorization,
			cap: capOf(extra.answer ?? 'small'),
			...(extra.onProgress === undefined ? {} : { onProgress: extra.onProgress }),
		});
		if (response.status >= 200 && response.status < 300) {
			const body = parseJson(response.body);
			if (body === undefined) throw notJson(response, where, fail);
			return { body, headers: response.headers };
		}
		const target = redirectTarget(response.status, headerValue(response.headers['location']), url);
		if (target !== undefined && !sameOrigin(target, origin())) {
			throw redirectedElsewhere(fail, { siteUrl, where, status: response.status, to: target });
		}
		if (response.status >= 300 && response.status < 400) {
			throw redirectedCall(fail, { where, status: response.status, to: target });
		}
		const wp = wpErrorOf(response);
		if (extra.missingBlobs === true && response.status === 409 && wp?.code === 'svc_missing_blobs') {
			const hashes = (wp.data as { hashes?: unknown } | undefined)?.hashes;
			if (!isStringArray(hashes)) throw unexpected(where, fail);
			return { body: wp, headers: response.headers, missing: hashes };
		}
		if (extra.since !== undefined && response.status === 404 && wp?.code === 'rest_no_route') {
			throw predates(fail, { siteUrl, where, feature: extra.since });
		}
		throw httpFailure(response, where, siteUrl, options.user, fail);
	};

	/** `GET status`, parsed; its limits are kept for the caps. Undefined from a plugin older than releases. */
	const readStatus = async (): Promise<SiteStatus | undefined> => {
		let body: unknown;
		try {
			({ body } = await call('GET', 'status', { since: 'releases' }));
		} catch (error) {
			if (error instanceof SvcError && error.code === 'plugin_outdated') return undefined;
			throw error;
		}
		const status = parseStatus(body) ?? throwUnexpected('GET status', fail);
		limits = status.limits;
		return status;
	};
	let statusRead: Promise<SiteStatus | undefined> | undefined;
	/** The status once, for a cap: a command that asked for it already has it. */
	const statusOnce = (): Promise<SiteStatus | undefined> => (statusRead ??= readStatus());

	const commit = async (route: string, json: unknown): Promise<CommitResult | MissingBlobs> => {
		const where = `POST ${MANAGEMENT}/${route}`;
		// With its commit id a lost answer can be asked for again: the site answers the release the id made.
		const repeatable = typeof json === 'object' && json !== null && 'commit_id' in json;
		const { body, missing } = await call('POST', route, { json, since: 'releases', missingBlobs: true, answer: 'records', repeatable });
		if (missing !== undefined) return { missing };
		return parseCommitResult(body) ?? throwUnexpected(where, fail);
	};

	const listOnce = async (listOptions: { readonly content: boolean; readonly release?: number }): Promise<FileListing<RemoteFile>> => {
		const { body, headers } = await call('GET', 'api-files', {
			query: { content: String(listOptions.content), ...(listOptions.release === undefined ? {} : { release: String(listOptions.release) }) },
			answer: listOptions.content ? 'contents' : 'records',
		});
		const files = parseList(body, (item) => parseRemoteFile(item, listOptions.content)) ?? throwUnexpected('GET api-files', fail);
		const skippedHeader = headers['x-svc-skipped'];
		const skipped = Number.parseInt(Array.isArray(skippedHeader) ? (skippedHeader[0] ?? '') : (skippedHeader ?? ''), 10);
		const skippedFiles = parseNameList(headers['x-svc-skipped-files']);
		return { files, skipped: Number.isFinite(skipped) && skipped > 0 ? skipped : 0, ...(skippedFiles === undefined ? {} : { skippedFiles }) };
	};

	const listFiles = (listOptions: { readonly content: boolean; readonly release?: number }): Promise<FileListing<RemoteFile>> => untilBooted(() => listOnce(listOptions));

	const openApiOnce = async (): Promise<OpenApiDocument> => {
		const { body } = await call('GET', 'openapi', { answer: 'contents' });
		return parseOpenApi(body) ?? throwUnexpected('GET openapi', fail);
	};

	return {
		siteUrl,
		restRoot: async () => (await restRoot()).url.toString(),
		getNamespace: async () => {
			const { body } = await call('GET', 'api-namespace');
			const namespace = (body as { namespace?: unknown } | null)?.namespace;
			if (typeof namespace !== 'string') {
				throw unexpected('GET api-namespace', fail);
			}
			return namespace;
		},
		listFiles: listFiles as SiteClient['listFiles'],
		uploadFiles: async (files, uploadOptions = {}) => {
			const { body } = await call('POST', 'api-files', {
				answer: 'records',
				json: { files: files.map(({ slug, content }) => ({ filename: slug, content })), dry_run: uploadOptions.dryRun === true },
				...(uploadOptions.onProgress === undefined ? {} : { onProgress: uploadOptions.onProgress }),
			});
			return parseUploadResult(body) ?? throwUnexpected('POST api-files', fail);
		},
		deleteFiles: async (slugs) => {
			// With its id a removal whose answer was lost is sent again: the site answers the release it made
			// (a plugin before releases ignores the id, and removing the same files twice removes nothing more).
			const { body } = await call('DELETE', 'api-files', { json: { filenames: slugs, commit_id: newCommitId() }, answer: 'records', repeatable: true });
			return parseRemoval(body) ?? throwUnexpected('DELETE api-files', fail);
		},
		getStatus: readStatus,
		stageBlobs: async (blobs, stageOptions = {}) => {
			// Key order and no spaces: the body is exactly what core/blob-batches.ts measured.
			const json = { blobs: blobs.map((blob) => ({ hash: blob.hash, content_base64: Buffer.from(blob.content).toString('base64') })) };
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
			}),
		getOpenApi: () => untilBooted(openApiOnce),
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
		getRestIndex: async () => {
			const url = new URL((await restRoot()).url);
			url.searchParams.set('_fields', 'namespaces,authentication');
			const where = 'GET the REST index';
			const answer = await send(url, { method: 'GET', where, cap: capOf('small') });
			if (answer.status !== 200) throw httpFailure(answer, where, siteUrl, options.user, fail);
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
			await call('DELETE', `secrets/${encodeURIComponent(name)}`);
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

/** The URL for a management route under the discovered REST root. */
function endpoint(root: RestRoot, route: string, query: Record<string, string>): URL {
	const url =
		root.kind === 'path' ? new URL(route, root.url.toString().endsWith('/') ? root.url : `${root.url.toString()}/`) : withRestRoute(new URL(root.url), `/${route}`);
	for (const [key, value] of Object.entries(query)) {
		url.searchParams.set(key, value);
	}
	return url;
}

function withRestRoute(url: URL, route: string): URL {
	url.searchParams.set('rest_route', route);
	return url;
}

/** The site URL without user:password, trailing slash, query or fragment. */
function stripCredentials(input: string): string {
	try {
		const url = new URL(input);
		url.username = '';
		url.password = '';
		url.search = '';
		url.hash = '';
		return url.toString().replace(/\/+$/, '');
	} catch {
		return input.replace(/\/\/[^/@]*@/, '//').replace(/\/+$/, '');
	}
}

/**
 * Last line of defence: whatever a server echoes back, the password (with or without the spaces
 * WordPress shows it with, URL-encoded, or inside the Basic header) is masked.
 */
export function redactor(user: string, appPassword: string): (text: string) => string {
	const secrets = [
		appPassword,
		appPassword.replace(/\s+/g, ''),
		encodeURIComponent(appPassword),
		Buffer.from(`${user}:${appPassword}`).toString('base64'),
	].filter((secret) => secret.length >= 4);
	return (text) => secrets.reduce((result, secret) => result.split(secret).join('***'), text);
}
