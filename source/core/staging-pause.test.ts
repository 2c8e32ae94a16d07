import { describe, expect, it } from '@jest/globals';

import { MAX_STAGING_PAUSE_MS, stagingPause } from './staging-pause.js';

describe('stagingPause', () => {
	it('takes the whole milliseconds the site asked for', () => {
		expect(stagingPause(0)).toBe(0);
		expect(stagingPause(85)).toBe(85);
		expect(stagingPause(MAX_STAGING_PAUSE_MS)).toBe(MAX_STAGING_PAUSE_MS);
	});

	it('never pauses longer than its bound, however long the site asks', () => {
		expect(stagingPause(MAX_STAGING_PAUSE_MS + 1)).toBe(MAX_STAGING_PAUSE_MS);
		expect(stagingPause(Number.MAX_SAFE_INTEGER)).toBe(MAX_STAGING_PAUSE_MS);
	});

	it.each([[undefined], [null], [-5], [12.5], [Number.NaN], [Number.POSITIVE_INFINITY], [1e300], ['100'], [[100]], [{ ms: 100 }], [true]])('makes no pause of %p', (value) => {
		expect(stagingPause(value)).toBe(0);
	});
});
