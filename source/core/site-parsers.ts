/**
 * The site's answers read into site-types.ts records. Each parser takes what JSON.parse gave and
 * returns undefined for what is not the shape it expects, so the caller says which request got an
 * answer svc cannot read; optional display fields that are missing or malformed are left out
 * instead, so a plugin that lags the contract by a field still works.
 */
import type { FileError } from './errors.js';
import { headerValue, type Answer } from './site-transport.js';
import { policyAttribute } from './policy-attributes.js';
import { parseKeySource } from './secrets-key.js';
import { stagingPause } from './staging-pause.js';
import type {
	CachePolicy,
	CachePurge,
	CommitResult,
	EarlyCacheCounts,
	EventPage,
	OpenApiDocument,
	RateLimitPolicy,
	Release,
	ReleasePlan,
	ReleasePreview,
	ReleaseSummary,
	RemoteFile,
	RestIndex,
	ScheduleStatus,
	AnswersPurge,
	SecretRecord,
	SecretSet,
	SiteEvent,
	SiteStatus,
	StageResult,
	UploadResult,
	WrittenFile,
} from './site-types.js';

export function isJson(response: Answer): boolean {
	const type = headerValue(response.headers['content-type']) ?? '';
	return /\bjson\b/i.test(type);
}

export function parseJson(text: string): unknown {
	try {
		// WordPress may print a BOM or PHP notices before the JSON; only a BOM is forgiven.
		return JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
	} catch {
		return undefined;
	}
}

/** A header holding a JSON array of strings, or undefined when it is absent or malformed. */
export function parseNameList(header: string | string[] | undefined): readonly string[] | undefined {
	const text = Array.isArray(header) ? header[0] : header;
	if (text === undefined) return undefined;
	try {
		const value: unknown = JSON.parse(text);
		return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined;
	} catch {
		return undefined;
	}
}

export function parseRemoteFile(value: unknown, withContent: boolean): RemoteFile | undefined {
	const item = value as Record<string, unknown> | null;
	const file = parseWrittenFile(value);
	if (file === undefined || (withContent && typeof item?.['content'] !== 'string')) {
		return undefined;
	}
	return {
		...file,
		...(typeof item?.['route'] === 'string' ? { route: item['route'] } : {}),
		...(typeof item?.['error'] === 'string' ? { error: item['error'] } : {}),
		...(item?.['link'] === true ? { link: true as const } : {}),
		...policies(item),
		...earlyCacheOf(item?.['early_cache']),
		...(withContent ? { content: item?.['content'] as string } : {}),
	};
}

/**
 * A listing record's `early_cache` counts, kept only when both are whole numbers a JSON parser
 * holds exactly (0 to 2^53 - 1): anything else is left out, as from a plugin without it.
 */
function earlyCacheOf(value: unknown): { earlyCache?: EarlyCacheCounts } {
	const counts = value as Record<string, unknown> | null | undefined;
	const [hits, misses] = [counts?.['hits'], counts?.['misses']];
	return isSafeCount(hits) && isSafeCount(misses) ? { earlyCache: { hits, misses } } : {};
}

function isSafeCount(value: unknown): value is number {
	return Number.isSafeInteger(value) && (value as number) >= 0;
}

/** `cache`, `rate_limits` and `schedules` of a listing record (their descriptors' keys), each kept only when well formed. */
function policies(item: Record<string, unknown> | null): Pick<RemoteFile, 'cache' | 'rateLimits' | 'schedules'> {
	const cache = item?.[policyAttribute('Cache').listing] as Record<string, unknown> | undefined;
	const rates = item?.[policyAttribute('RateLimit').listing];
	const schedules = item?.[policyAttribute('Schedule').listing];
	const result: { cache?: CachePolicy; rateLimits?: Record<string, RateLimitPolicy>; schedules?: ScheduleStatus[] } = {};
	if (isCount(cache?.['max_age'])) {
		const stale = cache['stale_while_revalidate'];
		result.cache = { maxAge: cache['max_age'], staleWhileRevalidate: isCount(stale) ? stale : null };
	}
	if (typeof rates === 'object' && rates !== null && !Array.isArray(rates)) {
		const limits: Record<string, RateLimitPolicy> = {};
		for (const [verb, rate] of Object.entries(rates as Record<string, Record<string, unknown> | null>)) {
			if (isCount(rate?.['requests']) && isCount(rate['per'])) {
				limits[verb] = { requests: rate['requests'], per: rate['per'], shared: rate['shared'] === true };
			}
		}
		result.rateLimits = limits;
	}
	if (Array.isArray(schedules)) {
		result.schedules = schedules.flatMap((value: unknown): ScheduleStatus[] => {
			const schedule = value as Record<string, unknown> | null;
			if (typeof schedule?.['method'] !== 'string' || typeof schedule['recurrence'] !== 'string' || !isCount(schedule['interval'])) return [];
			const last = schedule['last_run'] as Record<string, unknown> | null | undefined;
			const text = (key: string, from: Record<string, unknown> | null | undefined): string | null => (typeof from?.[key] === 'string' ? from[key] : null);
			return [
				{
					method: schedule['method'],
					recurrence: schedule['recurrence'],
					interval: schedule['interval'],
					nextRun: text('next_run', schedule),
					lastRun:
						typeof last?.['started'] === 'string' && typeof last['outcome'] === 'string'
							? { started: last['started'], finished: text('finished', last), outcome: last['outcome'], message: text('message', last) }
							: null,
				},
			];
		});
	}
	return result;
}

function isCount(value: unknown): value is number {
	return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

export function parseWrittenFile(value: unknown): WrittenFile | undefined {
	const item = value as Record<string, unknown> | null;
	if (typeof item?.['filename'] !== 'string' || typeof item['hash'] !== 'string') {
		return undefined;
	}
	return {
		slug: item['filename'],
		hash: item['hash'],
		...(typeof item['size'] === 'number' ? { size: item['size'] } : {}),
		path: typeof item['path'] === 'string' ? item['path'] : '',
		methods: isStringArray(item['methods']) ? item['methods'] : [],
		public: item['public'] === true,
		...(isStringArray(item['public_verbs']) ? { publicVerbs: item['public_verbs'] } : {}),
	};
}

export function parseFileErrors(value: unknown): FileError[] {
	if (!Array.isArray(value)) {
		return [];
	}
	return value.flatMap((item) => {
		// The site names a file by its slug (`filename` in the management API).
		const candidate = item as { filename?: unknown; code?: unknown; message?: unknown } | null;
		return typeof candidate?.filename === 'string' && typeof candidate.message === 'string'
			? [{ slug: candidate.filename, file: `${candidate.filename}.php`, code: typeof candidate.code === 'string' ? candidate.code : 'unknown', message: candidate.message }]
			: [];
	});
}

/** The answer of `POST api-files` (the batch of a plugin from before releases). */
export function parseUploadResult(value: unknown): UploadResult | undefined {
	const item = value as { written?: unknown; checked?: unknown; dry_run?: unknown; syntax_check?: unknown } | null;
	const written = parseList(item?.written, parseWrittenFile);
	const checked = Array.isArray(item?.checked) ? parseList(item.checked, parseWrittenFile) : written;
	if (written === undefined || checked === undefined) return undefined;
	return {
		written,
		checked,
		dryRun: item?.dry_run === true,
		syntaxCheck: typeof item?.syntax_check === 'string' ? item.syntax_check : 'unknown',
	};
}

/** The answer of `DELETE api-files`. */
export function parseRemoval(value: unknown): { readonly deleted: readonly string[]; readonly release?: Release } | undefined {
	const item = value as { deleted?: unknown; release?: unknown } | null;
	if (!isStringArray(item?.deleted)) return undefined;
	// Sites with releases say which one the removal made; older ones do not.
	const release = parseRelease(item.release);
	return { deleted: item.deleted, ...(release === undefined ? {} : { release }) };
}

export function parseStatus(value: unknown): SiteStatus | undefined {
	const item = value as { deploy?: unknown; release?: unknown; limits?: unknown } | null;
	const deploy = item?.deploy as { allowed?: unknown; reason?: unknown } | null | undefined;
	if (typeof deploy?.allowed !== 'boolean') {
		return undefined;
	}
	const release = item?.release === null || item?.release === undefined ? null : parseReleaseSummary(item.release);
	if (release === undefined) {
		return undefined;
	}
	const limits = (item?.limits ?? {}) as Record<string, unknown>;
	const number = (key: string): number | undefined => (typeof limits[key] === 'number' && limits[key] > 0 ? limits[key] : undefined);
	const [fileBytes, totalBytes, requestBytes] = [number('file_bytes'), number('total_bytes'), number('request_bytes')];
	const nodes = Array.isArray((item as { nodes?: unknown }).nodes) ? ((item as { nodes: unknown[] }).nodes as { node?: unknown; drift?: unknown }[]) : undefined;
	const drifted = nodes
		?.filter((node) => typeof node?.node === 'string' && typeof node.drift === 'object' && node.drift !== null && Object.keys(node.drift).length > 0)
		.map((node) => node.node as string);
	return {
		deploy: { allowed: deploy.allowed, ...(typeof deploy.reason === 'string' ? { reason: deploy.reason } : {}) },
		...(drifted === undefined ? {} : { driftedNodes: drifted }),
		...(nodes === undefined ? {} : { nodeCount: nodes.length }),
		features: Array.isArray((item as { features?: unknown }).features) ? ((item as { features: unknown[] }).features.filter((name) => typeof name === 'string') as string[]) : [],
		release,
		limits: {
			...(fileBytes === undefined ? {} : { fileBytes }),
			...(totalBytes === undefined ? {} : { totalBytes }),
			...(requestBytes === undefined ? {} : { requestBytes }),
		},
	};
}

/** The answer of `POST cache/purge`: the slugs whose cached answers are gone, or `all`. */
export function parseCachePurge(value: unknown): CachePurge | undefined {
	const purged = (value as { purged?: unknown } | null)?.purged;
	if (purged === 'all') return { purged: 'all' };
	return isStringArray(purged) ? { purged } : undefined;
}

export function parseStageResult(value: unknown): StageResult | undefined {
	const item = value as { stored?: unknown; present?: unknown; pause_ms?: unknown } | null;
	if (!isStringArray(item?.stored) || !isStringArray(item.present)) return undefined;
	return { stored: item.stored, present: item.present, pauseMs: stagingPause(item.pause_ms) };
}

function parseReleaseSummary(value: unknown): ReleaseSummary | undefined {
	const item = value as Record<string, unknown> | null;
	if (typeof item?.['id'] !== 'number') {
		return undefined;
	}
	const user = item['user'] as { id?: unknown; login?: unknown } | null | undefined;
	return {
		id: item['id'],
		created: typeof item['created'] === 'string' ? item['created'] : '',
		user: typeof user?.login === 'string' ? { id: typeof user.id === 'number' ? user.id : 0, login: user.login } : null,
		kind: typeof item['kind'] === 'string' ? item['kind'] : 'unknown',
		files: typeof item['files'] === 'number' ? item['files'] : 0,
	};
}

export function parseRelease(value: unknown): Release | undefined {
	const summary = parseReleaseSummary(value);
	if (summary === undefined) {
		return undefined;
	}
	const item = value as Record<string, unknown>;
	const count = (key: string): number => (typeof item[key] === 'number' ? item[key] : 0);
	return {
		...summary,
		added: count('added'),
		changed: count('changed'),
		removed: count('removed'),
		active: item['active'] === true,
		rollbackOf: typeof item['rollback_of'] === 'number' ? item['rollback_of'] : null,
		promotedFrom: typeof item['promoted_from'] === 'number' ? item['promoted_from'] : null,
		message: typeof item['message'] === 'string' ? item['message'] : null,
		...previewOf(item['preview']),
	};
}

function previewOf(value: unknown): { preview?: ReleasePreview } {
	const item = value as { base?: unknown; expires?: unknown; expired?: unknown } | null | undefined;
	if (typeof item !== 'object' || item === null || typeof item.expires !== 'string') return {};
	return { preview: { base: typeof item.base === 'number' ? item.base : null, expires: item.expires, expired: item.expired === true } };
}

function parsePlan(value: unknown): ReleasePlan | undefined {
	const item = value as { added?: unknown; changed?: unknown; removed?: unknown } | null;
	if (!isStringArray(item?.added) || !isStringArray(item.changed) || !isStringArray(item.removed)) {
		return undefined;
	}
	return { added: item.added, changed: item.changed, removed: item.removed };
}

/** The answer of `POST api-releases` and of a rollback: a release (or null), records, the plan. */
export function parseCommitResult(value: unknown): CommitResult | undefined {
	const item = value as Record<string, unknown> | null;
	if (item === null || typeof item !== 'object' || !('release' in item)) {
		return undefined;
	}
	const release = item['release'] === null ? null : parseRelease(item['release']);
	if (release === undefined) {
		return undefined;
	}
	const records = (key: string): WrittenFile[] | undefined => {
		const list = item[key];
		if (list === undefined) return [];
		if (!Array.isArray(list)) return undefined;
		const parsed = list.map(parseWrittenFile);
		return parsed.every((file): file is WrittenFile => file !== undefined) ? parsed : undefined;
	};
	const written = records('written');
	const checked = records('checked');
	const token = previewToken(item['preview']);
	if (written === undefined || checked === undefined || token === undefined) {
		return undefined;
	}
	return {
		release,
		written,
		checked: item['checked'] === undefined ? written : checked,
		dryRun: item['dry_run'] === true,
		syntaxCheck: typeof item['syntax_check'] === 'string' ? item['syntax_check'] : 'unknown',
		unchanged: item['unchanged'] === true,
		plan: parsePlan(item['plan']),
		...token,
	};
}

/**
 * The plugin's token format (Release\PreviewToken): `svcp_` and 32 random bytes in hex. Nothing
 * else is one: the token is printed to be copied into a header and a suggested curl line, so a
 * site's other text there is refused rather than shown as a token.
 */
export const PREVIEW_TOKEN = /^svcp_[0-9a-f]{64}$/;

/** A preview's token: none when the answer has no preview; undefined (unreadable) when it is not svc's format. */
function previewToken(value: unknown): { previewToken?: string } | undefined {
	if (value === undefined || value === null) return {};
	const token = (value as { token?: unknown }).token;
	if (token === undefined) return {};
	return typeof token === 'string' && PREVIEW_TOKEN.test(token) ? { previewToken: token } : undefined;
}

export function parseEventPage(body: unknown): EventPage | undefined {
	const page = body as { events?: unknown; before?: unknown; latest?: unknown } | null;
	if (!Array.isArray(page?.events) || typeof page.latest !== 'number') return undefined;
	const events: SiteEvent[] = [];
	for (const item of page.events as unknown[]) {
		const event = item as Partial<Record<keyof SiteEvent, unknown>> | null;
		if (typeof event?.id !== 'number' || typeof event.time !== 'string' || typeof event.type !== 'string' || typeof event.message !== 'string') return undefined;
		const user = event.user as { id?: unknown; login?: unknown } | null | undefined;
		events.push({
			id: event.id,
			time: event.time,
			type: event.type,
			slug: typeof event.slug === 'string' ? event.slug : null,
			message: event.message,
			user: typeof user?.id === 'number' && typeof user.login === 'string' ? { id: user.id, login: user.login } : null,
			data: typeof event.data === 'object' && event.data !== null ? (event.data as Record<string, unknown>) : {},
		});
	}
	return { events, before: typeof page.before === 'number' ? page.before : null, latest: page.latest };
}

export function parseSecretRecord(value: unknown): SecretRecord | undefined {
	const item = value as { name?: unknown; updated?: unknown; readable?: unknown; key_source?: unknown } | null;
	if (typeof item?.name !== 'string' || typeof item.updated !== 'number' || typeof item.readable !== 'boolean') return undefined;
	const keySource = parseKeySource(item.key_source);
	return { name: item.name, updated: item.updated, readable: item.readable, ...(keySource === undefined ? {} : { keySource }) };
}

/** The answer of `PUT secrets/<name>`. */
export function parseSecretSet(value: unknown): SecretSet | undefined {
	const item = value as { created?: unknown; updated?: unknown; key_source?: unknown } | null;
	if (typeof item?.created !== 'boolean' || typeof item.updated !== 'number') return undefined;
	const keySource = parseKeySource(item.key_source);
	return { created: item.created, updated: item.updated, ...(keySource === undefined ? {} : { keySource }), ...parseAnswersPurge(value) };
}

/** A site's reason is shown on one line: longer is cut, never printed whole. */
const MAX_PURGE_PROBLEM = 300;

/** `answers_purged` and `purge_problem` of a secret's change; nothing from plugins without them. */
export function parseAnswersPurge(value: unknown): AnswersPurge {
	const item = value as { answers_purged?: unknown; purge_problem?: unknown } | null;
	if (typeof item?.answers_purged !== 'boolean') return {};
	if (item.answers_purged || typeof item.purge_problem !== 'string') return { answersPurged: item.answers_purged };
	return { answersPurged: false, purgeProblem: item.purge_problem.slice(0, MAX_PURGE_PROBLEM) };
}

/** Only what svc reads is checked; the rest of the document is passed on as the site sent it. */
export function parseOpenApi(value: unknown): OpenApiDocument | undefined {
	const document = value as { openapi?: unknown; paths?: unknown } | null;
	if (typeof document?.openapi !== 'string' || typeof document.paths !== 'object' || document.paths === null) return undefined;
	return document as OpenApiDocument;
}

/** WordPress's REST index as a visitor gets it with `_fields=namespaces,authentication`. */
export function parseRestIndex(value: object): RestIndex {
	const index = value as { namespaces?: unknown; authentication?: unknown };
	const namespaces = Array.isArray(index.namespaces) ? index.namespaces.filter((item): item is string => typeof item === 'string') : [];
	const authentication = typeof index.authentication === 'object' && index.authentication !== null ? index.authentication : {};
	return { namespaces, applicationPasswords: Object.hasOwn(authentication, 'application-passwords') };
}

/** An array whose every item `parse` reads; undefined when it is no array or one item is not read. */
export function parseList<T>(value: unknown, parse: (item: unknown) => T | undefined): T[] | undefined {
	if (!Array.isArray(value)) return undefined;
	const items: T[] = [];
	for (const item of value as unknown[]) {
		const parsed = parse(item);
		if (parsed === undefined) return undefined;
		items.push(parsed);
	}
	return items;
}

export function isStringArray(value: unknown): value is string[] {
	return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
