import { describe, expect, it } from '@jest/globals';
import { render } from 'ink-testing-library';
import type { Release } from '../core/site-client.js';
import { release } from '../../test/fakes/releases.js';
import { ReleaseTable } from './release-table.js';

const frame = (releases: readonly Release[]): string[] =>
	(render(<ReleaseTable releases={releases} site="https://example.com" />).lastFrame() ?? '').split('\n');

describe('ReleaseTable', () => {
	it('lists id, time, user, kind, files and changes, newest first, with the active release marked', () => {
		const lines = frame([
			release(12, { kind: 'rollback', active: true, rollbackOf: 10, added: 0, changed: 1, removed: 1 }),
			release(11, { created: '2026-11-22T20:00:00Z', user: { id: 2, login: 'deployer' }, files: 4, changed: 1 }),
			release(10, { kind: 'import', user: null, created: '' }),
		]);
		expect(lines).toEqual([
			'Releases on https://example.com (3 kept, newest first)',
			'  ID  CREATED                  USER      KIND      FILES  CHANGES',
			'● 12  2026-11-22 21:04:05 UTC  admin     rollback      3  +0 ~1 -1 active (rollback of 10)',
			'  11  2026-11-22 20:00:00 UTC  deployer  push          4  +1 ~1 -0',
			'  10  -                        -         import        3  +1 ~0 -0',
		]);
	});

	it('says until when a preview is served, what a promote promoted, and each message as the site\'s text', () => {
		const lines = frame([
			release(14, { kind: 'preview', message: 'try v2', preview: { base: 12, expires: '2026-11-29T22:00:00Z', expired: false } }),
			release(13, { kind: 'preview', preview: { base: 11, expires: '2026-11-22T21:31:00Z', expired: true } }),
			release(12, { kind: 'promote', active: true, promotedFrom: 9, message: 'ship\u001b]0;pwned\u0007 it' }),
		]);
		expect(lines.slice(2)).toEqual([
			'  14  2026-11-22 21:04:05 UTC  admin  preview      3  +1 ~0 -0 preview until 2026-11-29 22:00:00 UTC',
			'      “try v2”',
			'  13  2026-11-22 21:04:05 UTC  admin  preview      3  +1 ~0 -0 preview, expired',
			'● 12  2026-11-22 21:04:05 UTC  admin  promote      3  +1 ~0 -0 active (promoted from 9)',
			'      “ship\\x1b]0;pwned\\x07 it”',
		]);
	});

	it('marks only the active release', () => {
		const lines = frame([release(2, { active: true }), release(1)]);
		expect(lines.filter((line) => line.includes('active'))).toEqual([expect.stringMatching(/^●\s+2 /)]);
		expect(lines.filter((line) => line.startsWith('●'))).toHaveLength(1);
	});

	it('says when the site has no release yet', () => {
		expect(frame([])).toContain('  No releases yet: the first push makes one.');
	});
});
