import { describe, expect, it, jest } from '@jest/globals';
import { render } from 'ink-testing-library';
import { filterRoutes, RouteTable, type RouteRow } from './route-table.js';
import { KEYS, settle } from '../../test/support/ink-input.js';

const ROUTES: RouteRow[] = [
	{ slug: 'hello', path: '/svc-api/v1/hello', methods: ['GET'], public: true },
	{ slug: 'posts/recent', path: '/svc-api/v1/posts/recent', methods: ['GET'], public: false },
	{ slug: 'users/[id]', path: '/svc-api/v1/users/[id]', methods: ['GET', 'DELETE'], public: false },
	{
		slug: 'broken',
		path: '/svc-api/v1/broken',
		methods: [],
		public: false,
		error: 'PHP Parse error: syntax error, unexpected end of file on line 4',
	},
];

function browse(routes: readonly RouteRow[] = ROUTES, height = 15) {
	const onQuit = jest.fn();
	const view = render(<RouteTable routes={routes} site="https://example.com" onQuit={onQuit} height={height} />);
	return { ...view, onQuit };
}

/** The row marked as selected. */
function selectedRow(frame: string | undefined): string | undefined {
	return frame?.split('\n').find((line) => line.startsWith('›'));
}

async function type(stdin: { write(data: string): void }, ...keys: string[]): Promise<void> {
	await settle();
	for (const key of keys) {
		stdin.write(key);
		await settle();
	}
}

describe('RouteTable', () => {
	it('lists every route with file, methods, the [PUBLIC] badge and a load failure', () => {
		const frame = browse().lastFrame() ?? '';
		expect(frame).toContain('Routes on https://example.com (4)');
		expect(frame).toMatch(/› \/svc-api\/v1\/hello\s+GET\s+hello\.php\s+\[PUBLIC\]/);
		expect(frame).toMatch(/\/svc-api\/v1\/users\/\[id\]\s+GET, DELETE\s+users\/\[id\]\.php\n/);
		expect(frame).toMatch(/\/svc-api\/v1\/broken\s+-\s+broken\.php\s+\[FAILED TO LOAD\]/);
		expect(frame).toContain('↑↓ move · type to filter');
	});

	it('moves the selection with the arrow keys and shows the selected file\'s load error', async () => {
		const { stdin, lastFrame } = browse();
		await type(stdin, KEYS.down);
		expect(selectedRow(lastFrame())).toContain('/svc-api/v1/posts/recent');
		await type(stdin, KEYS.down, KEYS.down);
		expect(selectedRow(lastFrame())).toContain('/svc-api/v1/broken');
		expect(lastFrame()).toContain('broken.php failed to load: PHP Parse error: syntax error, unexpected end of file on line 4');
		await type(stdin, KEYS.down);
		expect(selectedRow(lastFrame())).toContain('/svc-api/v1/broken');
		await type(stdin, KEYS.up);
		expect(selectedRow(lastFrame())).toContain('/svc-api/v1/users/[id]');
		expect(lastFrame()).not.toContain('failed to load:');
	});

	it('filters by route or file as you type, and Backspace widens the filter again', async () => {
		const { stdin, lastFrame } = browse();
		await type(stdin, 'u', 's', 'e');
		expect(lastFrame()).toContain('Filter: use');
		expect(lastFrame()).toContain('(1 of 4)');
		expect(selectedRow(lastFrame())).toContain('/svc-api/v1/users/[id]');
		expect(lastFrame()).not.toContain('hello.php');
		await type(stdin, KEYS.backspace, KEYS.backspace, KEYS.backspace);
		expect(lastFrame()).toContain('(4)');
	});

	it('handles keys that arrive in one chunk one by one: pasted text, three Backspaces, then Enter', async () => {
		const { stdin, lastFrame } = browse();
		await type(stdin, 'users');
		expect(lastFrame()).toContain('Filter: users');
		await type(stdin, `${KEYS.backspace}${KEYS.backspace}${KEYS.backspace}`);
		expect(lastFrame()).toContain('Filter: us');
		expect(lastFrame()).not.toContain('\u007f');
		await type(stdin, `er${KEYS.enter}`);
		expect(lastFrame()).toContain('File     users/[id].php');
	});

	it('says when nothing matches', async () => {
		const { stdin, lastFrame } = browse();
		await type(stdin, 'zzz');
		expect(lastFrame()).toContain('No route matches "zzz".');
	});

	it('Esc clears the filter first, then quits', async () => {
		const { stdin, lastFrame, onQuit } = browse();
		await type(stdin, 'h', KEYS.escape);
		expect(lastFrame()).toContain('(4)');
		expect(onQuit).not.toHaveBeenCalled();
		await type(stdin, KEYS.escape);
		expect(onQuit).toHaveBeenCalledTimes(1);
		expect(lastFrame()).not.toContain('↑↓ move');
	});

	it('q quits when the filter is empty; with a filter it is typed', async () => {
		const { stdin, lastFrame, onQuit } = browse();
		await type(stdin, 'r', 'q');
		expect(lastFrame()).toContain('Filter: rq');
		expect(onQuit).not.toHaveBeenCalled();
		await type(stdin, KEYS.escape, 'q');
		expect(onQuit).toHaveBeenCalledTimes(1);
	});

	it('leaves Ctrl+C to the interruption rule (exit 130), not a quiet quit', async () => {
		const { stdin, onQuit } = browse();
		await type(stdin, KEYS.ctrlC);
		expect(onQuit).not.toHaveBeenCalled();
	});

	it('Enter shows the selected route in full, and Esc comes back to the list', async () => {
		const detailed: RouteRow[] = ROUTES.map((route) =>
			route.slug === 'broken'
				? { ...route, url: 'https://example.com/wp-json/svc-api/v1/broken', size: 812, hash: 'ab'.repeat(32) }
				: route.slug === 'users/[id]'
					? { ...route, public: true, publicVerbs: ['GET'], url: 'https://example.com/wp-json/svc-api/v1/users/1' }
					: route,
		);
		const { stdin, lastFrame, onQuit } = browse(detailed);
		await type(stdin, KEYS.end, KEYS.enter);
		const detail = lastFrame() ?? '';
		expect(detail).toContain('File     broken.php');
		expect(detail).toContain('URL      https://example.com/wp-json/svc-api/v1/broken');
		expect(detail).toContain('PHP Parse error: syntax error, unexpected end of file on line 4');
		expect(detail).toContain('Size     812 bytes');
		expect(detail).toContain(`SHA-256  ${'ab'.repeat(32)}`);
		expect(detail).not.toContain('Filter:');
		expect(detail).not.toContain('stands for');
		await type(stdin, KEYS.escape);
		expect(lastFrame()).toContain('Filter:');
		expect(onQuit).not.toHaveBeenCalled();
		await type(stdin, KEYS.up, KEYS.enter);
		expect(lastFrame()).toContain('URL      https://example.com/wp-json/svc-api/v1/users/1');
		expect(lastFrame()).toContain('1 stands for [id]');
		expect(lastFrame()).toMatch(/GET {4}anyone, without authentication \[PUBLIC\]/);
		expect(lastFrame()).toMatch(/DELETE {1}callers its Permission rules/);
		await type(stdin, KEYS.enter);
		expect(selectedRow(lastFrame())).toContain('/svc-api/v1/users/[id]');
	});

	it('the detail shows a route\'s cache, rate limits and schedules with their runs', async () => {
		const detailed: RouteRow[] = ROUTES.map((route) =>
			route.slug === 'broken'
				? {
						...route,
						cache: { maxAge: 300, staleWhileRevalidate: 60 },
						rateLimits: { GET: { requests: 60, per: 60, shared: false } },
						schedules: [
							{
								method: 'tick',
								recurrence: 'every',
								interval: 300,
								nextRun: '2026-11-25T16:05:00Z',
								lastRun: { started: '2026-11-25T16:00:00Z', finished: '2026-11-25T16:00:01Z', outcome: 'error', message: 'RuntimeException: down' },
							},
						],
					}
				: route,
		);
		const { stdin, lastFrame } = browse(detailed);
		await type(stdin, KEYS.end, KEYS.enter);
		const detail = lastFrame() ?? '';
		expect(detail).toContain('Cache    GET answers: max-age 5 min, stale-while-revalidate 1 min');
		expect(detail).toContain('GET     60 requests per 1 min per client');
		expect(detail).toContain('tick()  every 5 min · next 2026-11-25 16:05 UTC · last error 2026-11-25 16:00 UTC');
		expect(detail).toContain('RuntimeException: down');
	});

	it('shows CACHE HITS (hits / misses) when the site counts a route\'s early cache, blank on the others, and its detail says which is which', async () => {
		const cached: RouteRow[] = ROUTES.map((route) =>
			route.slug === 'hello' ? { ...route, cache: { maxAge: 300, staleWhileRevalidate: null }, earlyCache: { hits: 12, misses: 3 } } : route,
		);
		const { stdin, lastFrame } = browse(cached);
		await settle();
		const lines = (lastFrame() ?? '').split('\n');
		expect(lines.find((line) => line.includes('ROUTE'))).toMatch(/ROUTE\s+METHODS\s+FILE\s+CACHE HITS$/);
		expect(lines.find((line) => line.includes('hello.php'))).toMatch(/hello\.php\s+12 \/ 3\s+\[PUBLIC\]/);
		expect(lines.find((line) => line.includes('users/[id].php'))).toMatch(/users\/\[id\]\.php\s*$/);
		await type(stdin, KEYS.enter);
		const detail = lastFrame() ?? '';
		expect(detail).toContain('Cache    GET answers: max-age 5 min');
		expect(detail).toContain('         early cache: 12 hits (served from its store), 3 misses (computed)');
	});

	it('leaves CACHE HITS out when no route is cached early', () => {
		expect(browse().lastFrame()).not.toContain('CACHE HITS');
	});

	it.each([80, 40])('at %i columns every row fits on one line and keeps its badges', (columns) => {
		const frame = render(<RouteTable routes={ROUTES} site="https://example.com" width={columns} height={10} onQuit={() => undefined} />).lastFrame() ?? '';
		const lines = frame.split('\n');
		expect(Math.max(...lines.map((line) => [...line].length))).toBeLessThanOrEqual(columns);
		expect(lines.find((line) => line.includes('hello'))).toContain('[PUBLIC]');
		expect(lines.find((line) => line.includes('broken'))).toContain('[FAILED TO LOAD]');
		expect(lines.filter((line) => line.includes('api/v1/'))).toHaveLength(4);
	});

	it('follows the terminal as it is resized', async () => {
		const view = render(<RouteTable routes={ROUTES} site="https://example.com" height={10} onQuit={() => undefined} />);
		expect(view.lastFrame()).toContain('hello.php');
		Object.defineProperty(view.stdout, 'columns', { value: 40, configurable: true });
		view.stdout.emit('resize');
		await settle();
		const lines = (view.lastFrame() ?? '').split('\n');
		expect(lines.join('\n')).not.toContain('hello.php');
		expect(Math.max(...lines.map((line) => [...line].length))).toBeLessThanOrEqual(40);
		expect(lines.find((line) => line.includes('hello'))).toContain('[PUBLIC]');
	});

	it('scrolls to keep the selection visible and says how many rows are below', async () => {
		const many = Array.from({ length: 10 }, (_, index): RouteRow => ({
			slug: `r${index}`,
			path: `/svc-api/v1/r${index}`,
			methods: ['GET'],
			public: false,
		}));
		const { stdin, lastFrame } = browse(many, 3);
		expect(lastFrame()).toContain('↓ 7 more below');
		expect(lastFrame()).not.toContain('above');
		expect(lastFrame()).not.toContain('/svc-api/v1/r3');
		await type(stdin, KEYS.down, KEYS.down, KEYS.down);
		expect(selectedRow(lastFrame())).toContain('/svc-api/v1/r3');
		expect(lastFrame()).not.toContain('/svc-api/v1/r0 ');
		expect(lastFrame()).toContain('↑ 1 more above');
		await type(stdin, KEYS.end);
		expect(selectedRow(lastFrame())).toContain('/svc-api/v1/r9');
		expect(lastFrame()).toContain('↑ 7 more above');
		expect(lastFrame()).not.toContain('below');
		await type(stdin, KEYS.home);
		expect(selectedRow(lastFrame())).toContain('/svc-api/v1/r0');
	});

	it('says when no route is deployed', () => {
		expect(browse([]).lastFrame()).toContain('No routes are deployed.');
	});

	it('without onQuit it is a still picture: no input, no key help', () => {
		const frame = render(<RouteTable routes={ROUTES} site="s" />).lastFrame() ?? '';
		expect(frame).not.toContain('↑↓ move');
		expect(frame).toContain('[PUBLIC]');
	});
});

describe('filterRoutes', () => {
	it('matches the route path or the file name, case-insensitively', () => {
		expect(filterRoutes(ROUTES, 'RECENT').map((route) => route.slug)).toEqual(['posts/recent']);
		expect(filterRoutes(ROUTES, 'broken.php').map((route) => route.slug)).toEqual(['broken']);
		expect(filterRoutes(ROUTES, '  ')).toHaveLength(4);
	});
});
