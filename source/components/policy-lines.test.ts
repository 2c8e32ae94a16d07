import { describe, expect, it } from '@jest/globals';
import { cacheLine, rateLines, scheduleLines } from './policy-lines.js';

describe('policy lines', () => {
	it('say a cache in the units a person reads', () => {
		expect(cacheLine({ maxAge: 300, staleWhileRevalidate: null })).toBe('GET answers: max-age 5 min');
		expect(cacheLine({ maxAge: 86400, staleWhileRevalidate: 45 })).toBe('GET answers: max-age 1 d, stale-while-revalidate 45 s');
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
