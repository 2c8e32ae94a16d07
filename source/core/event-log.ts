/**
 * Reading the site's event log (`GET events`) for `svc api logs` and `svc dev`: whole windows of
 * history, and following new events with a cursor. No output here; see formatEvent for the line.
 */
import type { EventPage, SiteClient, SiteEvent } from './site-client.js';
import { atLevel, iconOf, type EventLevel } from './event-levels.js';
import { shownLine, shownLines } from './terminal-text.js';

/** The site keeps 1,000 by default; the most a window can hold. */
const MAX_EVENTS = 1000;
const PAGE = 200;

/** The newest events (at most `limit`), within `maxAge` seconds when given: oldest first. */
export async function readEvents(
	client: Pick<SiteClient, 'listEvents'>,
	options: { readonly maxAge?: number | undefined; readonly limit?: number },
): Promise<{ readonly events: SiteEvent[]; readonly latest: number }> {
	const limit = options.limit ?? MAX_EVENTS;
	const events: SiteEvent[] = [];
	let before: number | undefined;
	let latest = 0;
	for (;;) {
		const page: EventPage = await client.listEvents({ before, maxAge: options.maxAge, perPage: Math.min(PAGE, limit - events.length) });
		latest = Math.max(latest, page.latest);
		events.push(...page.events);
		if (page.before === null || events.length >= limit) break;
		before = page.before;
	}
	return { events: events.reverse(), latest };
}

/** Every event newer than `after`, oldest first, and the cursor to ask with next time. */
export async function eventsAfter(client: Pick<SiteClient, 'listEvents'>, after: number): Promise<{ readonly events: SiteEvent[]; readonly latest: number }> {
	const events: SiteEvent[] = [];
	let before: number | undefined;
	let latest = after;
	for (;;) {
		const page = await client.listEvents({ after, before, perPage: PAGE });
		latest = Math.max(latest, page.latest, ...page.events.map((event) => event.id));
		events.push(...page.events);
		if (page.before === null || events.length >= MAX_EVENTS) break;
		before = page.before;
	}
	return { events: events.reverse(), latest };
}

/** `2026-11-22 21:04:05  ✖ load_failed  hello.php skipped: …` in the viewer's UTC. */
export function formatEvent(event: SiteEvent): string {
	const time = shownLine(event.time.replace('T', ' ').replace(/\.\d+Z$|Z$/, ''));
	// An event's message can hold what any caller sent (a permission check that throws with it):
	// shown as text, its later lines under the message column.
	const head = `${time}  ${iconOf(event.type)} ${shownLine(event.type).padEnd(16)} `;
	return `${head}${shownLines(event.message, ' '.repeat(head.length))}`;
}

/** The JSON form `svc api logs --json` prints (the site's record, as the client read it). */
export function eventRecord(event: SiteEvent): Record<string, unknown> {
	return { id: event.id, time: event.time, type: event.type, slug: event.slug, message: event.message, user: event.user, data: event.data };
}

/** Which events `svc api logs` shows: of one route (its slug), at a level and graver. */
export interface EventFilter {
	readonly slug?: string | undefined;
	readonly level?: EventLevel | undefined;
}

export function matchesFilter(event: SiteEvent, filter: EventFilter): boolean {
	return (filter.slug === undefined || event.slug === filter.slug) && (filter.level === undefined || atLevel(event.type, filter.level));
}
