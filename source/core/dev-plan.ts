/**
 * What one svc dev cycle does, decided from state alone (no I/O): which local files the site lacks
 * (by content hash, so whatever way a file was written, and however many watcher events came or
 * did not, the scan after them decides), which routes go, whether a failure is worth waiting out,
 * and which pushed files the site could not load.
 */
import type { SvcError } from './errors.js';

export interface DevPlan<File extends { readonly slug: string; readonly hash: string }> {
	readonly upload: readonly File[];
	readonly removed: readonly string[];
}

/**
 * `deployed`: slug → hash the site has; `seenLocally`: slugs this session saw in api/ (only these
 * may be removed: a route someone else deployed is never taken down by a save here).
 */
export function planDevCycle<File extends { readonly slug: string; readonly hash: string }>(
	deployed: ReadonlyMap<string, string>,
	seenLocally: ReadonlySet<string>,
	files: readonly File[],
): DevPlan<File> {
	const local = new Set(files.map((file) => file.slug));
	return {
		upload: files.filter((file) => deployed.get(file.slug) !== file.hash),
		removed: [...deployed.keys()].filter((slug) => seenLocally.has(slug) && !local.has(slug)).sort(),
	};
}

/** Answers that a site gives while it restarts or is away: the save is kept and tried again. */
const AWAY_STATUSES = new Set([502, 503, 504]);

/** Whether a failed push is the site being away (try again by itself), not a refusal (wait for a save). */
export function isSiteAway(error: Pick<SvcError, 'code' | 'status'>): boolean {
	return error.code === 'unreachable' || error.code === 'timeout' || error.code === 'connection_broken' || (error.status !== undefined && AWAY_STATUSES.has(error.status));
}

/** Retry delays while the site is away: quick at first, then every RETRY_MAX_MS. */
const RETRY_FIRST_MS = 500;
export const RETRY_MAX_MS = 5000;

export function retryDelay(attempt: number): number {
	return Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, attempt - 1), RETRY_MAX_MS);
}

/** The pushed files that the site lists as failing to load, with the reason it gives. */
export function loadFailures(pushed: readonly string[], routes: readonly { readonly slug: string; readonly error?: string | undefined }[]): { slug: string; error: string }[] {
	const errors = new Map(routes.flatMap((route) => (route.error === undefined ? [] : [[route.slug, route.error] as const])));
	return pushed.flatMap((slug) => {
		const error = errors.get(slug);
		return error === undefined ? [] : [{ slug, error }];
	});
}

/**
 * The pushed routes a save opened: public on the site now, and not before it (svc api push warns
 * the same way; a route that was already public is not news at every save).
 */
export function openedRoutes(
	pushed: readonly string[],
	publicVerbs: Readonly<Record<string, readonly string[]>>,
	before: readonly { readonly slug: string; readonly public: boolean }[],
	after: readonly { readonly slug: string; readonly path: string; readonly public: boolean }[],
): { slug: string; path: string; verbs: readonly string[] }[] {
	const wasPublic = new Set(before.filter((route) => route.public).map((route) => route.slug));
	const now = new Map(after.map((route) => [route.slug, route]));
	return pushed.flatMap((slug) => {
		const route = now.get(slug);
		const open = route?.public === true || publicVerbs[slug] !== undefined;
		return open && !wasPublic.has(slug) ? [{ slug, path: route?.path ?? '', verbs: publicVerbs[slug] ?? [] }] : [];
	});
}
