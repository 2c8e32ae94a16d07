import { describe, expect, it } from '@jest/globals';
import type { Release } from '../../core/site-client.js';
import { plainReleaseTable, toReleaseRecord } from './release-records.js';

const RELEASES: Release[] = [
	{ id: 14, created: '2026-11-22T22:00:00Z', user: { id: 1, login: 'admin' }, kind: 'preview', files: 3, added: 1, changed: 0, removed: 0, active: false, rollbackOf: null, promotedFrom: null, message: 'try\u001b[2Jit', preview: { base: 12, expires: '2026-11-29T22:00:00Z', expired: false } },
	{ id: 13, created: '2026-11-22T21:30:00Z', user: { id: 1, login: 'admin' }, kind: 'preview', files: 3, added: 1, changed: 0, removed: 0, active: false, rollbackOf: null, promotedFrom: null, message: null, preview: { base: 11, expires: '2026-11-22T21:31:00Z', expired: true } },
	{ id: 12, created: '2026-11-22T21:04:05Z', user: { id: 1, login: 'admin' }, kind: 'rollback', files: 3, added: 0, changed: 1, removed: 1, active: true, rollbackOf: 10, promotedFrom: null, message: 'back' },
	{ id: 11, created: '2026-11-22T20:00:00Z', user: { id: 2, login: 'deployer' }, kind: 'promote', files: 4, added: 1, changed: 1, removed: 0, active: false, rollbackOf: null, promotedFrom: 8, message: null },
	{ id: 9, created: '', user: null, kind: 'import', files: 3, added: 3, changed: 0, removed: 0, active: false, rollbackOf: null, promotedFrom: null, message: null },
];

describe('toReleaseRecord', () => {
	it('has every field of the contract\'s Release, rollback_of as rollbackOf', () => {
		expect(toReleaseRecord(RELEASES[2] as Release)).toEqual({
			id: 12,
			created: '2026-11-22T21:04:05Z',
			user: { id: 1, login: 'admin' },
			kind: 'rollback',
			files: 3,
			added: 0,
			changed: 1,
			removed: 1,
			active: true,
			rollbackOf: 10,
			promotedFrom: null,
			message: 'back',
			preview: null,
		});
	});

	it('a preview says what it was made against and when it expires; its token is never part of it', () => {
		expect(toReleaseRecord(RELEASES[0] as Release)).toMatchObject({ kind: 'preview', active: false, preview: { base: 12, expires: '2026-11-29T22:00:00Z', expired: false } });
		expect(JSON.stringify(toReleaseRecord(RELEASES[0] as Release))).not.toContain('token');
	});
});

describe('plainReleaseTable', () => {
	it('aligns one release per line, marks the active one and what a rollback restored', () => {
		expect(plainReleaseTable(RELEASES).split('\n')).toEqual([
			'ID  CREATED                  USER      KIND      FILES  CHANGES',
			'14  2026-11-22 22:00:00 UTC  admin     preview       3  +1 ~0 -0  [PREVIEW until 2026-11-29 22:00:00 UTC] "try\\x1b[2Jit"',
			'13  2026-11-22 21:30:00 UTC  admin     preview       3  +1 ~0 -0  [PREVIEW, expired]',
			'12  2026-11-22 21:04:05 UTC  admin     rollback      3  +0 ~1 -1  [ACTIVE] (rollback of 10) "back"',
			'11  2026-11-22 20:00:00 UTC  deployer  promote       4  +1 ~1 -0  (promoted from 8)',
			' 9  -                        -         import        3  +3 ~0 -0',
		]);
	});
});
