import { describe, expect, it } from '@jest/globals';
import { isSiteAway, loadFailures, openedRoutes, planDevCycle, retryDelay, RETRY_MAX_MS } from './dev-plan.js';

const file = (slug: string, hash: string) => ({ slug, hash });

describe('planDevCycle', () => {
	it('uploads what the site lacks by content, whatever events came', () => {
		const deployed = new Map([['a', 'h1'], ['b', 'h2']]);
		expect(planDevCycle(deployed, new Set(['a', 'b']), [file('a', 'h1'), file('b', 'h3'), file('c', 'h4')])).toEqual({ upload: [file('b', 'h3'), file('c', 'h4')], removed: [] });
	});

	it('removes only routes this session saw locally', () => {
		const deployed = new Map([['mine', 'h1'], ['theirs', 'h2']]);
		expect(planDevCycle(deployed, new Set(['mine']), []).removed).toEqual(['mine']);
	});

	it('a file deleted and written again with the same bytes is nothing to do', () => {
		expect(planDevCycle(new Map([['a', 'h1']]), new Set(['a']), [file('a', 'h1')])).toEqual({ upload: [], removed: [] });
	});
});

describe('waiting for the site', () => {
	it('is for a site that is away, not one that refuses', () => {
		expect(isSiteAway({ code: 'unreachable', status: undefined })).toBe(true);
		expect(isSiteAway({ code: 'connection_broken', status: undefined })).toBe(true);
		expect(isSiteAway({ code: 'timeout', status: undefined })).toBe(true);
		expect(isSiteAway({ code: 'server_error', status: 503 })).toBe(true);
		expect(isSiteAway({ code: 'unauthorized', status: 401 })).toBe(false);
		expect(isSiteAway({ code: 'server_error', status: 500 })).toBe(false);
	});

	it('backs off to a ceiling', () => {
		expect(retryDelay(1)).toBeLessThan(retryDelay(2));
		expect(retryDelay(50)).toBe(RETRY_MAX_MS);
	});
});

describe('after a push', () => {
	it('names the pushed files the site could not load', () => {
		const routes = [{ slug: 'a', error: 'boom' }, { slug: 'b' }, { slug: 'c', error: 'old' }];
		expect(loadFailures(['a', 'b'], routes)).toEqual([{ slug: 'a', error: 'boom' }]);
	});

	it('names the routes a save opened, not those open already', () => {
		const before = [{ slug: 'a', public: false }, { slug: 'b', public: true }];
		const after = [
			{ slug: 'a', path: '/x/a', public: true },
			{ slug: 'b', path: '/x/b', public: true },
			{ slug: 'c', path: '/x/c', public: true },
		];
		expect(openedRoutes(['a', 'b', 'c'], { a: ['GET'], b: ['GET'] }, before, after)).toEqual([
			{ slug: 'a', path: '/x/a', verbs: ['GET'] },
			{ slug: 'c', path: '/x/c', verbs: [] },
		]);
	});
});
