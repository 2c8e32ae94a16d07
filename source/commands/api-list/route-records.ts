/**
 * The listing as `svc api list` prints it: records for --json (docs/cli-json/api-list.schema.json:
 * every key always there, `public` true or false, `error` and `earlyCache` null when none), and a
 * plain aligned table for pipes, one route per line, greppable by `[PUBLIC]`.
 */
import { shownLine } from '../../core/terminal-text.js';
import type { CachePolicy, EarlyCacheCounts, RateLimitPolicy, RemoteFile, ScheduleStatus } from '../../core/site-client.js';
import { earlyCacheCell } from '../../components/route-columns.js';

export interface RouteRecord {
	readonly slug: string;
	/** The file under the site's route folder, `users/[id].php`. */
	readonly file: string;
	/** What a client calls, `/svc-api/v1/users/[id]`; empty when the site did not say. */
	readonly route: string;
	/** WordPress's regular expression for it, `/svc-api/v1/users/(?P<id>[^/]+)`; null when not known. */
	readonly pattern: string | null;
	readonly verbs: readonly string[];
	/** Anyone may call some verb: `publicVerbs` is not empty. */
	readonly public: boolean;
	readonly publicVerbs: readonly string[];
	readonly hash: string;
	readonly size: number | null;
	readonly error: string | null;
	/** `#[Cache]` of GET; null when none. */
	readonly cache: CachePolicy | null;
	/** `#[RateLimit]` per verb; empty when none. */
	readonly rateLimits: Readonly<Record<string, RateLimitPolicy>>;
	/** `#[Schedule]` methods with next and last run; empty when none. */
	readonly schedules: readonly ScheduleStatus[];
	/** The early cache's hits and misses of GET; null when it is not cached early (or the site does not say). */
	readonly earlyCache: EarlyCacheCounts | null;
}

/** `publicVerbs` as the site said, or as the caller found them in the file (older plugins). */
export function toRecord(file: RemoteFile, publicVerbs: readonly string[] = file.publicVerbs ?? []): RouteRecord {
	return {
		slug: file.slug,
		file: `${file.slug}.php`,
		route: file.path,
		pattern: file.route ?? null,
		verbs: file.methods,
		public: file.public,
		publicVerbs,
		hash: file.hash,
		size: file.size ?? null,
		error: file.error ?? null,
		cache: file.cache ?? null,
		rateLimits: file.rateLimits ?? {},
		schedules: file.schedules ?? [],
		earlyCache: file.earlyCache ?? null,
	};
}

export function plainTable(files: readonly RemoteFile[]): string {
	// CACHE HITS only from a site that counts some route's early cache: an older plugin's table is as it was.
	const counted = files.some((file) => file.earlyCache !== undefined);
	const rows = files.map((file) => [
		file.path === '' ? file.slug : file.path,
		`${file.slug}.php`,
		file.methods.length === 0 ? '-' : file.methods.join(','),
		...(counted ? [earlyCacheCell(file)] : []),
		[file.public ? '[PUBLIC]' : '', file.error === undefined ? '' : `[FAILED TO LOAD] ${oneLine(file.error)}`]
			.filter((part) => part !== '')
			.join(' '),
	]);
	const header = ['ROUTE', 'FILE', 'METHODS', ...(counted ? ['CACHE HITS'] : []), ''];
	// Every cell is the site's text: shown, never obeyed.
	for (const row of rows) row.forEach((cell, column) => (row[column] = shownLine(cell)));
	const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
	return [header, ...rows]
		.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0))).join('  ').trimEnd())
		.join('\n');
}

function oneLine(text: string): string {
	return text.replace(/\s*\n\s*/g, ' ').trim();
}
