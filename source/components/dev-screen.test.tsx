import { describe, expect, it } from '@jest/globals';
import { render } from 'ink-testing-library';
import { DevScreen, type DevRoute, type DevScreenProps } from './dev-screen.js';
import type { CycleResult } from '../core/dev-loop.js';

const base: DevScreenProps = {
	site: 'http://127.0.0.1:8080',
	apiLabel: 'api',
	last: undefined,
	busy: false,
	routes: [
		{ slug: 'hello', path: '/svc-api/v1/hello', methods: ['GET'], public: true },
		{ slug: 'broken', path: '/svc-api/v1/broken', methods: ['GET'], public: false, error: 'PHP RuntimeException: boom' },
	],
	events: [{ id: 1, time: '2026-01-01T10:00:00.000Z', type: 'load_failed', slug: 'broken', message: 'broken.php skipped: boom', user: null, data: {} }],
	onQuit: () => undefined,
};

const pushed = (patch: Partial<Extract<CycleResult, { kind: 'pushed' }>> = {}): CycleResult => ({
	kind: 'pushed',
	pushed: ['hello'],
	removed: [],
	release: 7,
	ms: 180,
	failedToLoad: [],
	opened: [],
	publicVerbs: {},
	...patch,
});

describe('DevScreen', () => {
	it('shows the site, each route with its state, and the events', () => {
		const frame = render(<DevScreen {...base} />).lastFrame() ?? '';
		expect(frame).toContain('watching api/ → http://127.0.0.1:8080');
		expect(frame).toContain('Waiting for a save.');
		expect(frame).toMatch(/✔ GET +\/svc-api\/v1\/hello \[PUBLIC\]/);
		expect(frame).toMatch(/✖ GET +\/svc-api\/v1\/broken failed to load: PHP RuntimeException: boom/);
		expect(frame).toContain('✖ load_failed');
	});

	it('shows the last push, and a rejected save with its reasons', () => {
		const done = render(<DevScreen {...base} last={{ at: '10:00:01', result: pushed({ removed: ['old'] }) }} />);
		expect(done.lastFrame()).toContain('10:00:01 ✔ pushed hello, -old (release 7) in 180 ms');
		const rejected = render(<DevScreen {...base} last={{ at: '10:00:02', result: { kind: 'rejected', problems: ['api/hello.php: syntax error on line 3: unexpected'] } }} />);
		expect(rejected.lastFrame()).toContain('✖ not pushed: the local checks failed');
		expect(rejected.lastFrame()).toContain('api/hello.php: syntax error on line 3');
	});

	it('a pushed file the site cannot load is a failure with its reason, never ✔', () => {
		const frame = render(<DevScreen {...base} last={{ at: '10:00:03', result: pushed({ pushed: ['broken'], failedToLoad: [{ slug: 'broken', error: 'PHP Error: Class "Nope" not found' }] }) }} />).lastFrame() ?? '';
		expect(frame).not.toContain('✔ pushed');
		expect(frame).toContain('10:00:03 ✖ pushed broken (release 7) in 180 ms, but the site failed to load a file');
		expect(frame).toContain('  broken: PHP Error: Class "Nope" not found');
	});

	it('a save that opens a route shows svc api push\'s [PUBLIC] warning', () => {
		const frame = render(<DevScreen {...base} last={{ at: '10:00:04', result: pushed({ opened: [{ slug: 'hello', path: '/svc-api/v1/hello', verbs: ['GET'] }] }) }} />).lastFrame() ?? '';
		expect(frame).toContain('⚠ [PUBLIC] /svc-api/v1/hello (hello.php): GET runs for anyone, without authentication.');
	});

	it('says it is waiting while the site is away, and what is not pushed yet', () => {
		const frame = render(<DevScreen {...base} last={{ at: '10:00:05', result: { kind: 'waiting', message: 'Could not reach http://127.0.0.1:8080', pending: ['hello'], retryMs: 5000 } }} />).lastFrame() ?? '';
		expect(frame).toContain('10:00:05 … waiting for the site: hello not pushed yet, trying again in 5 s (Could not reach');
	});

	it('fits the terminal: with 500 routes in 40 rows the status line stays and the list says how many more', () => {
		const routes: DevRoute[] = Array.from({ length: 500 }, (_, index) => ({ slug: `r${index}`, path: `/svc-api/v1/r${index}`, methods: ['GET'], public: false }));
		routes.push({ slug: 'bad', path: '/svc-api/v1/bad', methods: ['GET'], public: false, error: 'x'.repeat(300) });
		for (const rows of [40, 12]) {
			const frame = render(<DevScreen {...base} routes={routes} rows={rows} last={{ at: '10:00:06', result: pushed() }} />).lastFrame() ?? '';
			const lines = frame.split('\n');
			expect(lines.length).toBeLessThan(rows);
			expect(lines[0]).toContain('svc dev');
			expect(lines[1]).toContain('✔ pushed hello');
			// The failing route is listed first, on one line however long its reason.
			expect(frame).toMatch(/✖ GET +\/svc-api\/v1\/bad failed to load: x+/);
			expect(frame).toMatch(/… \d+ more/);
			const shown = lines.filter((line) => line.includes('/svc-api/v1/r')).length;
			expect(frame).toContain(`… ${500 - shown} more`);
		}
	});

	it('quits on q, and tells Ctrl-C apart (svc dev exits 130 for it)', async () => {
		const quits: string[] = [];
		const app = render(<DevScreen {...base} onQuit={(how) => quits.push(how)} />);
		await new Promise((resolve) => setTimeout(resolve, 20));
		app.stdin.write('q');
		app.stdin.write('\u0003');
		expect(quits).toEqual(['q', 'ctrl-c']);
	});
});
