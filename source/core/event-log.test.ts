import { describe, expect, it } from '@jest/globals';
import { eventsAfter, formatEvent, matchesFilter, readEvents } from './event-log.js';
import type { EventQuery, SiteEvent } from './site-client.js';

const event = (id: number, type = 'release'): SiteEvent => ({
	id,
	time: `2026-01-01T00:00:${String(id % 60).padStart(2, '0')}.123Z`,
	type,
	slug: null,
	message: `event ${id}`,
	user: null,
	data: {},
});

/** A site holding events 1..count, answering as GET events does (newest first, paged). */
const fakeSite = (count: number) => {
	const queries: EventQuery[] = [];
	return {
		queries,
		listEvents: async (query: EventQuery = {}) => {
			queries.push(query);
			const ids = Array.from({ length: count }, (_, index) => count - index).filter(
				(id) => (query.before === undefined || id < query.before) && (query.after === undefined || id > query.after),
			);
			const page = ids.slice(0, query.perPage ?? 50);
			const more = ids.length > page.length;
			return { events: page.map((id) => event(id)), before: more ? (page.at(-1) ?? null) : null, latest: count };
		},
	};
};

describe('readEvents', () => {
	it('pages back through the history and answers oldest first', async () => {
		const site = fakeSite(450);
		const { events, latest } = await readEvents(site, {});
		expect(events.map((e) => e.id)).toEqual(Array.from({ length: 450 }, (_, index) => index + 1));
		expect(latest).toBe(450);
		expect(site.queries.map((q) => q.before)).toEqual([undefined, 251, 51]);
	});

	it('stops at the limit', async () => {
		const { events } = await readEvents(fakeSite(450), { limit: 20 });
		expect(events.map((e) => e.id)).toEqual(Array.from({ length: 20 }, (_, index) => 431 + index));
	});
});

describe('eventsAfter', () => {
	it('returns everything newer than the cursor, oldest first, and the next cursor', async () => {
		const site = fakeSite(700);
		const { events, latest } = await eventsAfter(site, 250);
		expect(events.map((e) => e.id)).toEqual(Array.from({ length: 450 }, (_, index) => 251 + index));
		expect(latest).toBe(700);
		expect(site.queries.every((q) => q.after === 250)).toBe(true);
	});

	it('keeps the cursor when nothing is new', async () => {
		expect(await eventsAfter(fakeSite(3), 3)).toEqual({ events: [], latest: 3 });
	});
});

describe('formatEvent', () => {
	it('shows time, an icon, the type and the message', () => {
		expect(formatEvent({ ...event(5, 'load_failed'), message: 'hello.php skipped: PHP ParseError' })).toBe(
			'2026-01-01 00:00:05  ✖ load_failed      hello.php skipped: PHP ParseError',
		);
	});
});

describe('matchesFilter', () => {
	const of = (type: string, slug: string | null) => ({ ...event(1, type), slug });

	it('keeps one route\'s events', () => {
		expect(matchesFilter(of('route_error', 'users/[id]'), { slug: 'users/[id]' })).toBe(true);
		expect(matchesFilter(of('route_error', 'hello'), { slug: 'users/[id]' })).toBe(false);
		expect(matchesFilter(of('release', null), { slug: 'users/[id]' })).toBe(false);
	});

	it('keeps a level and the graver ones; a type it does not know is information', () => {
		const types = ['route_error', 'load_failed', 'boot_fatal', 'vendor_failed', 'permission_threw', 'headers_threw', 'load_recovered', 'release', 'from_a_newer_plugin'];
		const kept = (level: 'error' | 'warn' | 'info') => types.filter((type) => matchesFilter(of(type, 'a'), { level }));
		expect(kept('error')).toEqual(['route_error', 'load_failed', 'boot_fatal', 'vendor_failed']);
		expect(kept('warn')).toEqual(['route_error', 'load_failed', 'boot_fatal', 'vendor_failed', 'permission_threw', 'headers_threw']);
		expect(kept('info')).toEqual(types);
	});

	it('marks a route error as an error in the plain line', () => {
		expect(formatEvent(of('route_error', 'a'))).toContain('✖ route_error');
	});
});
