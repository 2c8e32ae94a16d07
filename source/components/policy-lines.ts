/**
 * The words the route detail shows for a route's #[Cache] (and the early cache's counts),
 * #[RateLimit] and #[Schedule]: pure, so they are tested without a terminal. Times are the site's
 * ISO 8601 UTC strings, shown as UTC (the site's clock decides when WP-Cron runs, not the reader's
 * time zone).
 */
import type { CachePolicy, EarlyCacheCounts, RateLimitPolicy, ScheduleStatus } from '../core/site-client.js';

export function cacheLine(cache: CachePolicy): string {
	const stale = cache.staleWhileRevalidate === null ? '' : `, stale-while-revalidate ${seconds(cache.staleWhileRevalidate)}`;
	return `GET answers: max-age ${seconds(cache.maxAge)}${stale}`;
}

/** `early cache: 12 hits (served from its store), 3 misses (computed)`: the site's counts of GET. */
export function earlyCacheLine(counts: EarlyCacheCounts): string {
	return `early cache: ${counts.hits} ${counts.hits === 1 ? 'hit' : 'hits'} (served from its store), ${counts.misses} ${counts.misses === 1 ? 'miss' : 'misses'} (computed)`;
}

/** One line per verb, `GET     60 requests per 1 min per client`. */
export function rateLines(limits: Readonly<Record<string, RateLimitPolicy>>): string[] {
	return Object.entries(limits).map(
		([verb, limit]) =>
			`${verb.padEnd(7)} ${limit.requests} request${limit.requests === 1 ? '' : 's'} per ${seconds(limit.per)} per client${limit.shared ? ' (one budget with the class\'s other verbs)' : ''}`,
	);
}

/** `sync()  hourly · next 2026-11-25 16:00 UTC · last ok 2026-11-25 15:00 UTC`, and an error's message below. */
export function scheduleLines(schedule: ScheduleStatus): string[] {
	const every = schedule.recurrence === 'every' ? `every ${seconds(schedule.interval)}` : schedule.recurrence;
	const next = schedule.nextRun === null ? 'not scheduled yet' : `next ${when(schedule.nextRun)}`;
	const last = schedule.lastRun === null ? 'never ran' : `last ${schedule.lastRun.outcome} ${when(schedule.lastRun.finished ?? schedule.lastRun.started)}`;
	const lines = [`${schedule.method}()  ${every} · ${next} · ${last}`];
	if (schedule.lastRun?.outcome === 'error' && schedule.lastRun.message !== null) lines.push(`  ${schedule.lastRun.message}`);
	return lines;
}

function seconds(value: number): string {
	if (value >= 86400 && value % 86400 === 0) return `${value / 86400} d`;
	if (value >= 3600 && value % 3600 === 0) return `${value / 3600} h`;
	if (value >= 60 && value % 60 === 0) return `${value / 60} min`;
	return `${value} s`;
}

function when(iso: string): string {
	const match = /^(\d{4}-\d\d-\d\d)T(\d\d:\d\d):\d\d(?:\.\d+)?Z$/.exec(iso);
	return match === null ? iso : `${match[1]} ${match[2]} UTC`;
}
