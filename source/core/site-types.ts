/**
 * What the site client speaks in: the records of the svc/v1 management API
 * (docs/management-api.md) as the CLI reads them, and the client's own interface. Commands and
 * components take them from site-client.ts, which re-exports them with the client.
 */
import type { KeySource } from './secrets-key.js';
import type { SiteLimits } from './answer-caps.js';
import type { RequestableKind } from './release-kinds.js';
import type { RetryNotice } from './retry-policy.js';
import type { RootMemory } from './site-root-memory.js';

export type { SiteLimits } from './answer-caps.js';

export interface SiteClientOptions {
	/** The site's base URL (where WordPress lives); any user:password in it is ignored. */
	readonly url: string;
	readonly user: string;
	readonly appPassword: string;
	/** Per request; uploads of large batches may need more. Default 60 s. */
	readonly timeoutMs?: number;
	readonly userAgent?: string;
	/** Told before a request that failed is sent again (retry-policy.ts); the command says it on stderr. */
	readonly onRetry?: (notice: RetryNotice) => void;
	/** How the client waits before a retry; tests pass one that does not. */
	readonly wait?: (ms: number) => Promise<void>;
	/** Where the site's REST API was found by an earlier command (site-root-memory.ts); none: found each time. */
	readonly rootMemory?: RootMemory;
}

/**
 * A listing record. Only `filename` (the slug, as the management API names it) and `hash` (and
 * `content` when asked for) are required from the site; the rest is display data and tolerated missing, so a plugin that lags the contract by a
 * field still lists (the current plugin omits `size`).
 */
export interface RemoteFile {
	/** The route's slug, e.g. `users/[id]` (the management API's `filename`). */
	readonly slug: string;
	readonly hash: string;
	readonly size?: number;
	/** WordPress's route pattern, e.g. `/svc-api/v1/users/(?P<id>[^/]+)`. */
	readonly route?: string;
	/** The human form under the current namespace, e.g. `/svc-api/v1/users/[id]`. */
	readonly path: string;
	readonly methods: readonly string[];
	/** True when the site's lexical scan found a public verb. */
	readonly public: boolean;
	/** The verbs it found public, upper case; undefined from a plugin that does not say (older). */
	readonly publicVerbs?: readonly string[];
	/** Why the file failed to load at the last boot; absent when it loaded. */
	readonly error?: string;
	/** A symbolic link on the site: listed so it can be removed, never followed, so it has no content. */
	readonly link?: true;
	/** `#[Cache]` of its GET answers; absent when none (or from an older plugin). */
	readonly cache?: CachePolicy;
	/** `#[RateLimit]` per verb, upper case; absent when none. */
	readonly rateLimits?: Readonly<Record<string, RateLimitPolicy>>;
	/** `#[Schedule]` methods with their next and last run; absent when none. */
	readonly schedules?: readonly ScheduleStatus[];
	/** The early cache's counts of its GET (a public GET with `#[Cache]`); absent otherwise, or from an older plugin. */
	readonly earlyCache?: EarlyCacheCounts;
}

export interface CachePolicy {
	readonly maxAge: number;
	readonly staleWhileRevalidate: number | null;
}

/** How often the early cache answered a route's GET from its store (hits) and had to compute it (misses). */
export interface EarlyCacheCounts {
	readonly hits: number;
	readonly misses: number;
}

/** What `POST cache/purge` made unreachable: the named routes' cached answers, or every one. */
export interface CachePurge {
	readonly purged: readonly string[] | 'all';
}

/**
 * How the site serves cached answers (`early_cache` of `GET diagnostics`): from svc's
 * advanced-cache.php before WordPress loads, or as the plugin loads (`entry`), and why (`reason`).
 */
export interface EarlyCacheStatus {
	readonly entry: EarlyCacheEntry;
	readonly reason: EarlyCacheReason;
	/** Where the answers are kept; undefined when the site does not say in words svc knows. */
	readonly store: EarlyCacheStore | undefined;
}

/** svc's advanced-cache.php drop-in (before WordPress loads), or the plugin as it loads. */
export type EarlyCacheEntry = 'advanced-cache' | 'plugin';
/** Why the entry is what it is: the drop-in is active, or what keeps it from serving. */
export type EarlyCacheReason = 'dropin_active' | 'dropin_missing' | 'foreign_dropin' | 'wp_cache_off' | 'dropin_disabled';
/** The persistent object cache, or files on disk. */
export type EarlyCacheStore = 'object-cache' | 'disk';

export interface RateLimitPolicy {
	readonly requests: number;
	/** The window, in seconds. */
	readonly per: number;
	/** The class's limit: one budget for every verb it covers. */
	readonly shared: boolean;
}

export interface ScheduleRun {
	readonly started: string;
	/** Null while it runs (or when PHP stopped it without a word). */
	readonly finished: string | null;
	/** `ok`, `error` or `running`. */
	readonly outcome: string;
	readonly message: string | null;
}

export interface ScheduleStatus {
	readonly method: string;
	/** `hourly`, `twicedaily`, `daily`, `weekly`, or `every` (seconds in `interval`). */
	readonly recurrence: string;
	readonly interval: number;
	/** ISO 8601, UTC; null when WP-Cron holds no event for it (yet). */
	readonly nextRun: string | null;
	readonly lastRun: ScheduleRun | null;
}

export interface RemoteFileWithContent extends RemoteFile {
	readonly content: string;
}

export interface FileListing<F extends RemoteFile> {
	readonly files: readonly F[];
	/** Files over the size limit that the site skipped and cannot return (X-Svc-Skipped). */
	readonly skipped: number;
	/** Their names (X-Svc-Skipped-Files); undefined when the site did not say. */
	readonly skippedFiles?: readonly string[];
}

export interface UploadFile {
	readonly slug: string;
	readonly content: string;
}

export interface WrittenFile {
	readonly slug: string;
	readonly hash: string;
	readonly size?: number;
	readonly path: string;
	readonly methods: readonly string[];
	readonly public: boolean;
	/** The verbs anyone may call, when the site says (a dry run's checked files). */
	readonly publicVerbs?: readonly string[];
}

export interface UploadResult {
	/** Files written; empty on a dry run. */
	readonly written: readonly WrittenFile[];
	/** Files that passed every check (on a dry run, what would be written). */
	readonly checked: readonly WrittenFile[];
	readonly dryRun: boolean;
	/** `php -l` when the site checked syntax with PHP, `skipped` when it could not. */
	readonly syntaxCheck: string;
}

export interface UploadProgress {
	readonly transferred: number;
	readonly total: number | undefined;
	/** 0 to 1. */
	readonly percent: number;
}

export interface UploadOptions {
	/** The site runs every check and writes nothing. */
	readonly dryRun?: boolean;
	readonly onProgress?: (progress: UploadProgress) => void;
}

export interface ReleaseUser {
	readonly id: number;
	readonly login: string;
}

/** What `GET status` says of the active release. */
export interface ReleaseSummary {
	readonly id: number;
	/** ISO 8601, UTC, e.g. `2026-11-22T21:04:05Z`. */
	readonly created: string;
	readonly user: ReleaseUser | null;
	/** A ReleaseKind (release-kinds.ts), or a kind a newer plugin made. */
	readonly kind: string;
	/** Route files in the release. */
	readonly files: number;
}

/** A kept release (`GET api-releases`, and what a commit or a rollback made). */
export interface Release extends ReleaseSummary {
	readonly added: number;
	readonly changed: number;
	readonly removed: number;
	readonly active: boolean;
	/** The release a rollback restored. */
	readonly rollbackOf: number | null;
	/** The preview a promote made active. */
	readonly promotedFrom: number | null;
	/** What the person who made it said of it (untrusted text: shown through terminal-text.ts). */
	readonly message: string | null;
	/** Present on a preview: the release it was made against, and when it stops being served. */
	readonly preview?: ReleasePreview;
}

export interface ReleasePreview {
	readonly base: number | null;
	/** ISO 8601, UTC. */
	readonly expires: string;
	readonly expired: boolean;
}

export interface SiteStatus {
	/** False on a hardened site (DISALLOW_FILE_MODS without SVC_ALLOW_DEPLOY); `reason` says why. */
	readonly deploy: { readonly allowed: boolean; readonly reason?: string };
	/** Null until the first release. */
	readonly release: ReleaseSummary | null;
	readonly limits: SiteLimits;
	/**
	 * Sites run by several web nodes: the nodes whose files differ from the release they serve (an
	 * edit made on one node only). Absent on a single-node site.
	 */
	readonly driftedNodes?: readonly string[];
	/** How many web nodes report to the site (present when several do). */
	readonly nodeCount?: number;
	/** What the plugin says a client may count on (`commit_ids`: a change sent again with its id is replayed). */
	readonly features: readonly string[];
}

export interface StageBlob {
	readonly hash: string;
	readonly content: Uint8Array;
}

export interface StageResult {
	readonly stored: readonly string[];
	/** Hashes the site already had. */
	readonly present: readonly string[];
	/** How long to wait before the next staging request, as the site asked (core/staging-pause.ts); 0: none. */
	readonly pauseMs: number;
}

export interface CommitRequest {
	/** slug → hash, laid over the active set (or the whole new set with `prune`). */
	readonly files: Readonly<Record<string, string>>;
	readonly prune?: boolean;
	readonly remove?: readonly string[];
	readonly dryRun?: boolean;
	/** The release the plan was made against; the site refuses the commit if another is active. */
	readonly base?: number | undefined;
	/** The release's kind; the site makes a `push` when none is named. */
	readonly kind?: RequestableKind;
	/** A note kept with the release (at most 500 characters). */
	readonly message?: string | undefined;
	/** Contents staged by the same request before it commits (a plugin whose `features` has `commit_blobs`). */
	readonly blobs?: readonly StageBlob[];
}

export interface ReleasePlan {
	readonly added: readonly string[];
	readonly changed: readonly string[];
	readonly removed: readonly string[];
}

export interface CommitResult {
	/** The release made active; null on a dry run or when nothing changed. */
	readonly release: Release | null;
	readonly written: readonly WrittenFile[];
	readonly checked: readonly WrittenFile[];
	readonly dryRun: boolean;
	readonly syntaxCheck: string;
	/** The resulting set equals the active one: no release was made. */
	readonly unchanged: boolean;
	/** What the release changes against the active one, when the site says. */
	readonly plan: ReleasePlan | undefined;
	/** A preview's token: the site shows it this once and keeps only its hash. */
	readonly previewToken?: string;
}

/** 409 svc_missing_blobs: these hashes are neither staged nor known; stage them and commit again. */
export interface MissingBlobs {
	readonly missing: readonly string[];
}

/** One event the plugin recorded (`GET events`, docs/management-api.md "Events"). */
export interface SiteEvent {
	readonly id: number;
	/** ISO 8601, UTC, milliseconds. */
	readonly time: string;
	/** `load_failed`, `load_recovered`, `permission_threw`, `headers_threw`, `route_error`, `schedule_error`, `boot_fatal`, `vendor_failed`, `release` (core/event-levels.ts). */
	readonly type: string;
	readonly slug: string | null;
	readonly message: string;
	readonly user: ReleaseUser | null;
	readonly data: Readonly<Record<string, unknown>>;
}

export interface EventPage {
	/** Newest first. */
	readonly events: readonly SiteEvent[];
	/** Cursor for the next (older) page; null when this is the last. */
	readonly before: number | null;
	/** The newest event's id on the site (0: none yet): what a follower asks `after`. */
	readonly latest: number;
}

export interface EventQuery {
	readonly before?: number | undefined;
	readonly after?: number | undefined;
	/** Seconds back from the site's clock. */
	readonly maxAge?: number | undefined;
	readonly perPage?: number | undefined;
}

export interface SiteClient {
	/** The normalized site URL used in messages. */
	readonly siteUrl: string;
	/** The REST root found by discovery, e.g. `https://example.com/wp-json/`. */
	restRoot(): Promise<string>;
	getNamespace(): Promise<string>;
	listFiles(options: { readonly content: true; readonly release?: number }): Promise<FileListing<RemoteFileWithContent>>;
	/**
	 * `release`: a preview's files instead of the active ones (loaded, so each says whether it loads).
	 * `only`: these files (site-listing-names.ts decides when a plugin can); an older plugin lists all.
	 */
	listFiles(options: { readonly content: false; readonly release?: number; readonly only?: readonly string[] }): Promise<FileListing<RemoteFile>>;
	/** One atomic batch: the site writes every file or none (422 `push_rejected` with `fileErrors`). */
	uploadFiles(files: readonly UploadFile[], options?: UploadOptions): Promise<UploadResult>;
	/**
	 * Fails with `not_found` (and `slugs`) when any slug is not deployed; then nothing is removed.
	 * `release` is the release the removal made, when the site says.
	 */
	deleteFiles(slugs: readonly string[]): Promise<{ readonly deleted: readonly string[]; readonly release?: Release }>;
	/** Undefined when the site has no `GET status` (a plugin older than releases). */
	getStatus(): Promise<SiteStatus | undefined>;
	/**
	 * The status, then the active release's files as `listFiles({ content: false })` gives them, read
	 * in that order: in one request from a plugin with `status_listing`, else in two.
	 */
	getStatusAndListing(): Promise<{ readonly status: SiteStatus | undefined; readonly listing: FileListing<RemoteFile> }>;
	/** One `POST api-blobs` request; the caller keeps it under the site's request limit. */
	stageBlobs(blobs: readonly StageBlob[], options?: { readonly onProgress?: UploadOptions['onProgress'] }): Promise<StageResult>;
	/** `POST api-releases`: `{ missing }` when the site lacks contents, else what it did. */
	commitRelease(request: CommitRequest): Promise<CommitResult | MissingBlobs>;
	/** The kept releases, newest first. */
	listReleases(): Promise<Release[]>;
	/** `POST api-releases/rollback`: `to` undefined is the release active before the active one. */
	rollback(options: { readonly to?: number | undefined; readonly base?: number | undefined; readonly dryRun?: boolean; readonly message?: string | undefined }): Promise<CommitResult>;
	/** `POST api-releases/promote`: makes preview `id` active (refused 409 svc_preview_outdated unless `force`). */
	promote(options: { readonly id: number; readonly base?: number | undefined; readonly dryRun?: boolean; readonly force?: boolean; readonly message?: string | undefined }): Promise<CommitResult>;
	/** `GET events`: a page of what the plugin recorded, newest first. */
	listEvents(query?: EventQuery): Promise<EventPage>;
	/** `GET diagnostics` as the site sent it (svc doctor reads it); undefined from a plugin without it. */
	getDiagnostics(): Promise<Readonly<Record<string, unknown>> | undefined>;
	/** `GET openapi`: the OpenAPI 3.1 document of the routes (files that fail are in `x-svc-failed`). */
	getOpenApi(): Promise<OpenApiDocument>;
	/** The REST index as a visitor sees it (no credentials): its namespaces, and whether application passwords are on. */
	getRestIndex(): Promise<RestIndex>;
	/** `GET secrets`: names, when each was set, whether it can be read; never a value. */
	listSecrets(): Promise<SecretRecord[]>;
	/** `PUT secrets/<name>`: whether the name was new. The value goes in the body only. */
	setSecret(name: string, value: string): Promise<SecretSet>;
	/** `DELETE secrets/<name>`; fails with serverCode `svc_secret_not_found` when absent. */
	deleteSecret(name: string): Promise<AnswersPurge>;
	/**
	 * `POST cache/purge`: makes the cached answers of these routes (every route's when undefined)
	 * unreachable on every web node. Fails with `not_found` (and `slugs`) when a slug is not
	 * deployed, and then nothing is purged; with `plugin_outdated` from a plugin without it.
	 */
	purgeCache(slugs: readonly string[] | undefined): Promise<CachePurge>;
}

/** A secret as the site lists it: never its value. */
export interface SecretRecord {
	readonly name: string;
	/** Unix seconds of the last set. */
	readonly updated: number;
	/** False when the site's key no longer opens it (SVC_SECRETS_KEY or the salts changed). */
	readonly readable: boolean;
	/** Where the site keeps its key (the same in every record); undefined from older plugins. */
	readonly keySource?: KeySource;
}

/**
 * Whether the early cache's stored answers went with a secret's change (route code may read it);
 * both undefined from plugins that do not purge on a change.
 */
export interface AnswersPurge {
	readonly answersPurged?: boolean;
	/** Why they did not, as the site says it: untrusted text. */
	readonly purgeProblem?: string;
}

/** The answer of `PUT secrets/<name>`. */
export interface SecretSet extends AnswersPurge {
	readonly created: boolean;
	readonly updated: number;
	/** Where the site keeps its key; undefined from older plugins. */
	readonly keySource?: KeySource;
}

export interface RestIndex {
	readonly namespaces: readonly string[];
	readonly applicationPasswords: boolean;
}

/** The parts of an OpenAPI document svc reads; the rest is passed through as is. */
export interface OpenApiDocument {
	readonly openapi: string;
	readonly paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
	readonly 'x-svc-failed'?: readonly { readonly file: string; readonly error: string }[];
	readonly [key: string]: unknown;
}
