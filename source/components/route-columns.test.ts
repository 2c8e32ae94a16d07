import { describe, expect, it } from '@jest/globals';
import { badgesOf, earlyCacheCell, fitColumns, shortenLeft, type ColumnRow } from './route-columns.js';

const ROWS: ColumnRow[] = [
	{ slug: 'hello', path: '/svc-api/v1/hello', methods: ['GET'], public: true },
	{ slug: 'users/[id]', path: '/svc-api/v1/users/[id]', methods: ['GET', 'POST', 'DELETE'], public: false },
	{ slug: 'broken', path: '/svc-api/v1/broken', methods: [], public: true, error: 'Parse error' },
];

/** The width a row takes with these columns: mark, cells with their gaps, badges. */
function used(columns: ReturnType<typeof fitColumns>): number {
	const badges = Math.max(...ROWS.map((row) => badgesOf(row).length));
	return 2 + columns.route + (columns.methods > 0 ? columns.methods + 2 : 0) + (columns.file > 0 ? columns.file + 2 : 0) + (columns.cache > 0 ? columns.cache + 2 : 0) + badges + 2;
}

describe('fitColumns', () => {
	it('shows every column whole in a wide terminal', () => {
		expect(fitColumns(ROWS, 120)).toEqual({ route: 22, file: 14, methods: 17, cache: 0 });
	});

	it('at 70 columns drops FILE before METHODS, and keeps the route whole', () => {
		const columns = fitColumns(ROWS, 70);
		expect(columns).toEqual({ route: 22, file: 0, methods: 17, cache: 0 });
		expect(used(columns)).toBeLessThanOrEqual(70);
	});

	it('at 40 columns keeps the route and the badges, nothing else', () => {
		const columns = fitColumns(ROWS, 40);
		expect(columns).toEqual({ route: 11, file: 0, methods: 0, cache: 0 });
		expect(used(columns)).toBeLessThanOrEqual(40);
	});
});

describe('the CACHE HITS column', () => {
	const CACHED: ColumnRow[] = ROWS.map((row) => (row.slug === 'hello' ? { ...row, earlyCache: { hits: 12, misses: 3 } } : row));

	it('shows hits / misses, blank on a route that is not cached early', () => {
		expect(CACHED.map(earlyCacheCell)).toEqual(['12 / 3', '', '']);
	});

	it('is there only when some route is cached early, as wide as its title or its widest cell', () => {
		expect(fitColumns(ROWS, 200).cache).toBe(0);
		expect(fitColumns(CACHED, 200)).toEqual({ route: 22, file: 14, methods: 17, cache: 'CACHE HITS'.length });
		const huge = CACHED.map((row) => (row.earlyCache === undefined ? row : { ...row, earlyCache: { hits: Number.MAX_SAFE_INTEGER, misses: 0 } }));
		expect(fitColumns(huge, 200).cache).toBe(`${Number.MAX_SAFE_INTEGER} / 0`.length);
	});

	it('is the first to go when the terminal narrows, then FILE, then METHODS', () => {
		const wide = used(fitColumns(CACHED, 200));
		const columns = fitColumns(CACHED, wide - 1);
		expect(columns).toEqual({ route: 22, file: 14, methods: 17, cache: 0 });
		expect(used(columns)).toBeLessThanOrEqual(wide - 1);
		expect(fitColumns(CACHED, 70)).toEqual({ route: 22, file: 0, methods: 17, cache: 0 });
	});
});

describe('shortenLeft', () => {
	it('keeps the end of a long route', () => {
		expect(shortenLeft('/svc-api/v1/users/[id]', 10)).toBe('…sers/[id]');
		expect(shortenLeft('/a', 5)).toBe('/a   ');
	});
});
