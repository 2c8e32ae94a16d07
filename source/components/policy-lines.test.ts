import { describe, expect, it } from '@jest/globals';
import { cacheLine, earlyCacheLine, rateLines, scheduleLines } from './policy-lines.js';

describe('policy lines', () => {
	it('say a cache in the units a person reads', () => {
		expect(cacheLine({ maxAge: 300, staleWhileRevalidate: null })).toBe('GET answers: max-age 5 min');
		expect(cacheLine({ maxAge: 86400, staleWhileRevalidate: 45 })).toBe('GET answers: max-age 1 d, stale-while-revalidate 45 s');
	});

	it('say the early cache\'s hits and misses, each counted in its own word', () => {
		expect(earlyCacheLine({ hits: 12, misses: 3 })).toBe('early cache: 12 hits (served from its store), 3 misses (computed)');
		expect(earlyCacheLine({ hits: 1, misses: 1 })).toBe('early cache: 1 hit (served from its store), 1 miss (computed)');
		expect(earlyCacheLine({ hits: 0, misses: 0 })).toBe('early cache: 0 hits (served from its store), 0 misses (computed)');
	});

	it('say each verb\'s limit, and when the class\'s budget is shared', () => {
		expect(rateLines({ GET: { requests: 60, per: 60, shared: false }, POST: { requests: 1, per: 3600, shared: true } })).toEqual([
			'GET     60 requests per 1 min per client',
			"POST    1 request per 1 h per client (one budget with the class's other verbs)",
		]);
	});

	it('say each schedule with its next and last run, and a failed run\'s message', () => {
		expect(scheduleLines({ method: 'syncOrders', recurrence: 'hourly', interval: 3600, nextRun: '2026-11-25T16:00:00Z', lastRun: null })).toEqual([
			'syncOrders()  hourly · next 2026-11-25 16:00 UTC · never ran',
		]);
		expect(
			scheduleLines({
				method: 'tick',
				recurrence: 'every',
				interval: 300,
				nextRun: null,
				lastRun: { started: '2026-11-25T15:00:00Z', finished: '2026-11-25T15:00:01Z', outcome: 'error', message: 'RuntimeException: down in jobs.php on line 9' },
			}),
		).toEqual(['tick()  every 5 min · not scheduled yet · last error 2026-11-25 15:00 UTC', '  RuntimeException: down in jobs.php on line 9']);
	});
});
