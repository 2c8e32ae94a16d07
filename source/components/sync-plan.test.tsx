import { describe, expect, it } from '@jest/globals';
import { render } from 'ink-testing-library';
import { SyncPlan, type PlanView } from './sync-plan.js';

const EMPTY: PlanView = { added: [], changed: [], removed: [], unchanged: 0 };
const frame = (plan: PlanView, extra: Partial<Parameters<typeof SyncPlan>[0]> = {}): string =>
	render(<SyncPlan plan={plan} direction="push" site="https://example.com" dir="api" {...extra} />).lastFrame() ?? '';

describe('SyncPlan', () => {
	it('shows added, changed and removed files with their signs, and counts unchanged ones', () => {
		const output = frame({ added: ['hello'], changed: ['users/[id]'], removed: ['old'], unchanged: 3 });
		expect(output).toContain('Push api/ → https://example.com');
		expect(output).toMatch(/\+ hello\.php\s+new/);
		expect(output).toMatch(/~ users\/\[id\]\.php\s+changed/);
		expect(output).toMatch(/- old\.php\s+remove from the site/);
		expect(output).toContain('3 unchanged');
		expect(output).not.toContain('already in sync');
	});

	it('says when there is nothing to do', () => {
		const output = frame({ ...EMPTY, unchanged: 1000 });
		expect(output).toContain('1000 unchanged');
		expect(output).toContain('Nothing to push: already in sync.');
	});

	it('names site-only routes that a push without --prune keeps', () => {
		const output = frame({ ...EMPTY, added: ['a'], kept: ['legacy', 'x', 'y', 'z'] });
		expect(output).toContain('4 only on the site, kept (legacy, x, y, …); add --prune to remove them');
	});

	it('marks a dry run', () => {
		expect(frame({ ...EMPTY, added: ['a'] }, { dryRun: true })).toContain('(dry run: nothing will be written)');
	});

	it('uses pull wording for a pull', () => {
		const output = frame({ added: ['a'], changed: ['b'], removed: ['c'], unchanged: 0 }, { direction: 'pull' });
		expect(output).toContain('Pull https://example.com → api/');
		expect(output).toMatch(/\+ a\.php\s+new here/);
		expect(output).toMatch(/~ b\.php\s+overwrite local file/);
		expect(output).toMatch(/- c\.php\s+remove local file/);
	});

	it('shows at most `limit` lines per kind and says how many more there are', () => {
		const added = Array.from({ length: 7 }, (_, index) => `route-${index}`);
		const output = frame({ ...EMPTY, added }, { limit: 5 });
		expect(output).toContain('route-4.php');
		expect(output).not.toContain('route-5.php');
		expect(output).toContain('… and 2 more (--json lists them all)');
	});

	it('shows +N −M for a changed file and [PUBLIC] with the open verbs, and says when a push opens a closed route', () => {
		const notes = new Map([
			['ping', { stats: { added: 3, removed: 1 } }],
			['hello', { publicVerbs: ['GET', 'POST'], opens: true }],
			['open', { stats: { added: 1, removed: 0 }, publicVerbs: ['GET'] }],
		]);
		const lines = frame({ ...EMPTY, added: ['hello'], changed: ['open', 'ping'], notes }).split('\n');
		expect(lines.find((line) => line.includes('ping.php'))).toMatch(/~ ping\.php\s+changed {2}\+3 −1$/);
		expect(lines.find((line) => line.includes('hello.php'))).toMatch(/\+ hello\.php\s+new {2}\[PUBLIC\] GET, POST \(newly open to anyone\)$/);
		expect(lines.find((line) => line.includes('open.php'))).toMatch(/changed {2}\+1 −0 {2}\[PUBLIC\] GET$/);
	});
});
