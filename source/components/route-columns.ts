/**
 * How the route table fits a terminal width: the badges ([PUBLIC], [FAILED TO LOAD]) are never
 * dropped and the route comes next; then METHODS, then FILE, then CACHE HITS (only from a site that
 * counts some route's early cache), each shown only when it fits whole, and the route is shortened
 * from the left (its end tells routes apart) when even it cannot fit. Pure, so each width is tested
 * without a terminal.
 */
import type { EarlyCacheCounts } from '../core/site-client.js';

export interface ColumnRow {
	readonly slug: string;
	readonly path: string;
	readonly methods: readonly string[];
	readonly public: boolean;
	readonly error?: string | undefined;
	readonly earlyCache?: EarlyCacheCounts | undefined;
}

export interface Columns {
	readonly route: number;
	/** 0: the column is left out. */
	readonly file: number;
	readonly methods: number;
	readonly cache: number;
}

export const CACHE_TITLE = 'CACHE HITS';

/** The selection mark and its space. */
export const MARK_WIDTH = 2;
const GAP = 2;
const MIN_ROUTE = 8;

export function badgesOf(row: ColumnRow): string {
	return [row.public ? '[PUBLIC]' : '', row.error === undefined ? '' : '[FAILED TO LOAD]'].filter((badge) => badge !== '').join(' ');
}

export function methodsOf(row: ColumnRow): string {
	return row.methods.length === 0 ? '-' : row.methods.join(', ');
}

/** `12 / 3`: the early cache's hits / misses of the route's GET; blank when it is not cached early. */
export function earlyCacheCell(row: Pick<ColumnRow, 'earlyCache'>): string {
	return row.earlyCache === undefined ? '' : `${row.earlyCache.hits} / ${row.earlyCache.misses}`;
}

export function fitColumns(rows: readonly ColumnRow[], width: number): Columns {
	const widest = (cells: readonly string[], title: string) => Math.max(title.length, ...cells.map((cell) => cell.length));
	const routeNeed = widest(rows.map((row) => row.path), 'ROUTE');
	const fileNeed = widest(rows.map((row) => `${row.slug}.php`), 'FILE');
	const methodsNeed = widest(rows.map(methodsOf), 'METHODS');
	const cacheNeed = rows.some((row) => row.earlyCache !== undefined) ? widest(rows.map(earlyCacheCell), CACHE_TITLE) : 0;
	const badges = Math.max(0, ...rows.map((row) => badgesOf(row).length));
	// Room for the route once the mark and the badges (with their gap) have theirs.
	let left = width - MARK_WIDTH - (badges > 0 ? badges + GAP : 0);
	const route = Math.max(Math.min(routeNeed, left), Math.min(routeNeed, MIN_ROUTE));
	left -= route;
	const methods = left >= methodsNeed + GAP ? methodsNeed : 0;
	left -= methods === 0 ? 0 : methodsNeed + GAP;
	const file = left >= fileNeed + GAP ? fileNeed : 0;
	left -= file === 0 ? 0 : fileNeed + GAP;
	const cache = cacheNeed > 0 && left >= cacheNeed + GAP ? cacheNeed : 0;
	return { route, file, methods, cache };
}

/** `…/users/[id]`: the end of a route is what tells it apart, the namespace is the same on all. */
export function shortenLeft(text: string, width: number): string {
	if (text.length <= width) return text.padEnd(width);
	return width <= 1 ? '…'.slice(0, width) : `…${text.slice(text.length - width + 1)}`;
}
