import { describe, expect, it } from '@jest/globals';
import { badgesOf, fitColumns, shortenLeft, type ColumnRow } from './route-columns.js';

const ROWS: ColumnRow[] = [
	{ slug: 'hello', path: '/svc-api/v1/hello', methods: ['GET'], public: true },
	{ slug: 'users/[id]', path: '/svc-api/v1/users/[id]', methods: ['GET', 'POST', 'DELETE'], public: false },
	{ slug: 'broken', path: '/svc-api/v1/broken', methods: [], public: true, error: 'Parse error' },
];

/** The width a row takes with these columns: mark, cells with their gaps, badges. */
function used(columns: ReturnType<typeof fitColumns>): number {
	const badges = Math.max(...ROWS.map((row) => badgesOf(row).length));
	return 2 + columns.route + (columns.methods > 0 ? columns.methods + 2 : 0) + (columns.file > 0 ? columns.file + 2 : 0) + badges + 2;
}

describe('fitColumns', () => {
	it('shows every column whole in a wide terminal', () => {
		expect(fitColumns(ROWS, 120)).toEqual({ route: 22, file: 14, methods: 17 });
	});

	it('at 70 columns drops FILE before METHODS, and keeps the route whole', () => {
		const columns = fitColumns(ROWS, 70);
		expect(columns).toEqual({ route: 22, file: 0, methods: 17 });
		expect(used(columns)).toBeLessThanOrEqual(70);
	});

	it('at 40 columns keeps the route and the badges, nothing else', () => {
		const columns = fitColumns(ROWS, 40);
		expect(columns).toEqual({ route: 11, file: 0, methods: 0 });
		expect(used(columns)).toBeLessThanOrEqual(40);
	});
});

describe('shortenLeft', () => {
	it('keeps the end of a long route', () => {
		expect(shortenLeft('/svc-api/v1/users/[id]', 10)).toBe('…sers/[id]');
		expect(shortenLeft('/a', 5)).toBe('/a   ');
	});
});
