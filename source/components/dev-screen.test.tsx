import { describe, expect, it } from '@jest/globals';
import { render } from 'ink-testing-library';
import { DevScreen, type DevScreenProps } from './dev-screen.js';

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
		const pushed = render(<DevScreen {...base} last={{ at: '10:00:01', result: { kind: 'pushed', pushed: ['hello'], removed: ['old'], release: 7, ms: 180 } }} />);
		expect(pushed.lastFrame()).toContain('10:00:01 ✔ pushed hello, -old (release 7) in 180 ms');
		const rejected = render(<DevScreen {...base} last={{ at: '10:00:02', result: { kind: 'rejected', problems: ['api/hello.php: syntax error on line 3: unexpected'] } }} />);
		expect(rejected.lastFrame()).toContain('✖ not pushed: the local checks failed');
		expect(rejected.lastFrame()).toContain('api/hello.php: syntax error on line 3');
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
