import { describe, expect, it } from '@jest/globals';
import { render } from 'ink-testing-library';
import type { ReleasePlan, ReleaseSummary } from '../core/site-client.js';
import { release } from '../../test/fakes/releases.js';
import { PromotePlan, type PromotePlanProps } from './promote-plan.js';

const summary = (id: number): ReleaseSummary => ({ id, created: '2026-11-22T21:04:05Z', user: { id: 1, login: 'admin' }, kind: 'push', files: 2 });
const preview = release(14, { kind: 'preview', message: 'try v2', preview: { base: 12, expires: '2026-11-29T22:00:00Z', expired: false } });
const EMPTY: ReleasePlan = { added: [], changed: [], removed: [] };
const frame = (plan: ReleasePlan, extra: Partial<PromotePlanProps> = {}): string =>
	render(<PromotePlan site="https://example.com" preview={preview} active={summary(12)} plan={plan} {...extra} />).lastFrame() ?? '';

describe('PromotePlan', () => {
	it('names the preview, its message and the active release, and shows [PUBLIC] per verb on what it opens', () => {
		const notes = new Map([
			['hello', { publicVerbs: ['GET', 'POST'], opens: true }],
			['users/[id]', { publicVerbs: ['GET'], opens: false }],
		]);
		expect(frame({ added: ['hello'], changed: ['users/[id]'], removed: ['old'] }, { notes }).split('\n')).toEqual([
			'Promote preview 14 on https://example.com (preview by admin, 2026-11-22 21:04:05 UTC)',
			'  “try v2”',
			'  active now: release 12 (push by admin, 2026-11-22 21:04:05 UTC)',
			'  + hello.php       new  [PUBLIC] GET, POST (newly open to anyone)',
			"  ~ users/[id].php  the preview's content  [PUBLIC] GET",
			'  - old.php         remove from the site',
		]);
	});

	it('shows the message as the site\'s text, and says when there is nothing to change', () => {
		const hostile = release(14, { kind: 'preview', message: 'x\u001b[2Jy', preview: { base: 12, expires: '', expired: false } });
		const output = frame(EMPTY, { preview: hostile });
		expect(output).toContain('“x\\x1b[2Jy”');
		expect(output).toContain('Nothing to change: preview 14 has the same files as the active release.');
	});
});
