import { describe, expect, it } from '@jest/globals';
import { render } from 'ink-testing-library';
import type { ReleasePlan, ReleaseSummary } from '../core/site-client.js';
import { RollbackPlan, type RollbackPlanProps } from './rollback-plan.js';

const summary = (id: number, kind = 'push'): ReleaseSummary => ({ id, created: '2026-11-22T21:04:05Z', user: { id: 1, login: 'admin' }, kind, files: 2 });
const EMPTY: ReleasePlan = { added: [], changed: [], removed: [] };
const frame = (plan: ReleasePlan, extra: Partial<RollbackPlanProps> = {}): string =>
	render(<RollbackPlan site="https://example.com" target={summary(11)} active={summary(12)} plan={plan} {...extra} />).lastFrame() ?? '';

describe('RollbackPlan', () => {
	it('names the target and the active release, and shows what comes back, what returns to its old content and what goes', () => {
		const output = frame({ added: ['gone'], changed: ['users/[id]'], removed: ['new-route'] });
		expect(output.split('\n')).toEqual([
			'Roll back https://example.com to release 11 (push by admin, 2026-11-22 21:04:05 UTC)',
			'  active now: release 12 (push by admin, 2026-11-22 21:04:05 UTC)',
			'  + gone.php        comes back',
			"  ~ users/[id].php  back to release 11's content",
			'  - new-route.php   remove from the site',
		]);
	});

	it('says when the target has the same files as the active release', () => {
		expect(frame(EMPTY)).toContain('Nothing to roll back: release 11 has the same files as the active one.');
		expect(frame({ ...EMPTY, removed: ['x'] })).not.toContain('Nothing to roll back');
	});

	it('marks a dry run', () => {
		// The title wraps at the test terminal's width.
		expect(frame({ ...EMPTY, changed: ['a'] }, { dryRun: true })).toMatch(/\(dry run:\s+nothing will change\)/);
		expect(frame({ ...EMPTY, changed: ['a'] })).not.toContain('dry run');
	});

	it('leaves out the active release when the site did not say which it is', () => {
		expect(frame({ ...EMPTY, changed: ['a'] }, { active: undefined })).not.toContain('active now');
	});

	it('shows at most `limit` lines per kind', () => {
		const removed = Array.from({ length: 4 }, (_, index) => `route-${index}`);
		const output = frame({ ...EMPTY, removed }, { limit: 2 });
		expect(output).toContain('route-1.php');
		expect(output).not.toContain('route-2.php');
		expect(output).toContain('… and 2 more (--json lists them all)');
	});
});
