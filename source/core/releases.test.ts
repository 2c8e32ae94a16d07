import { describe, expect, it } from '@jest/globals';
import { describeRelease, formatChanges, formatReleaseTime, previousRelease } from './releases.js';
import type { Release } from './site-client.js';
import { release as kept } from '../../test/fakes/releases.js';

/** A kept release; the active one when `active`. */
const release = (id: number, active = false, extra: Partial<Release> = {}): Release => kept(id, { active, ...extra });

describe('previousRelease', () => {
	it('is the release after the active one in the newest-first list', () => {
		expect(previousRelease([release(12, true), release(11), release(10)])?.id).toBe(11);
	});

	it('after a rollback, is the release the rollback replaced (so two rollbacks go back and forth)', () => {
		expect(previousRelease([release(13, true, { kind: 'rollback', rollbackOf: 11 }), release(12), release(11)])?.id).toBe(12);
	});

	it('is undefined with one release, none, or none active', () => {
		expect(previousRelease([release(1, true)])).toBeUndefined();
		expect(previousRelease([])).toBeUndefined();
		expect(previousRelease([release(2), release(1)])).toBeUndefined();
	});
});

describe('formatting', () => {
	it('shows the site\'s time in UTC to the second, and leaves anything unparsable as sent', () => {
		expect(formatReleaseTime('2026-11-22T21:04:05Z')).toBe('2026-11-22 21:04:05 UTC');
		expect(formatReleaseTime('2026-11-22T22:04:05+01:00')).toBe('2026-11-22 21:04:05 UTC');
		expect(formatReleaseTime('yesterday')).toBe('yesterday');
		expect(formatReleaseTime('')).toBe('');
	});

	it('counts changes as +added ~changed -removed', () => {
		expect(formatChanges({ added: 1, changed: 2, removed: 0 })).toBe('+1 ~2 -0');
	});

	it('describes a release by kind, user and time, leaving out what the site did not say', () => {
		expect(describeRelease(release(1))).toBe('push by admin, 2026-11-22 21:04:05 UTC');
		expect(describeRelease(release(1, false, { user: null, created: '', kind: 'import' }))).toBe('import');
	});
});
