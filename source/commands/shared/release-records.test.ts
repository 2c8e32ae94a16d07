import { describe, expect, it } from '@jest/globals';
import type { Release } from '../../core/site-client.js';
import { plainReleaseTable, toReleaseRecord } from './release-records.js';

const RELEASES: Release[] = [
	{ id: 12, created: '2026-11-22T21:04:05Z', user: { id: 1, login: 'admin' }, kind: 'rollback', files: 3, added: 0, changed: 1, removed: 1, active: true, rollbackOf: 10 },
	{ id: 11, created: '2026-11-22T20:00:00Z', user: { id: 2, login: 'deployer' }, kind: 'push', files: 4, added: 1, changed: 1, removed: 0, active: false, rollbackOf: null },
	{ id: 9, created: '', user: null, kind: 'import', files: 3, added: 3, changed: 0, removed: 0, active: false, rollbackOf: null },
];

describe('toReleaseRecord', () => {
	it('has every field of the contract\'s Release, rollback_of as rollbackOf', () => {
		expect(toReleaseRecord(RELEASES[0] as Release)).toEqual({
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
		});
	});
});

describe('plainReleaseTable', () => {
	it('aligns one release per line, marks the active one and what a rollback restored', () => {
		expect(plainReleaseTable(RELEASES).split('\n')).toEqual([
			'ID  CREATED                  USER      KIND      FILES  CHANGES',
			'12  2026-11-22 21:04:05 UTC  admin     rollback      3  +0 ~1 -1  [ACTIVE] (rollback of 10)',
			'11  2026-11-22 20:00:00 UTC  deployer  push          4  +1 ~1 -0',
			' 9  -                        -         import        3  +3 ~0 -0',
		]);
	});
});
