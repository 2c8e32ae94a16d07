import { describe, expect, it } from '@jest/globals';
import { answerCap, CEILING, dependsOnLimits, formatSize } from './answer-caps.js';

const MB = 1024 * 1024;

describe('answerCap', () => {
	it('small answers and pages have fixed caps, whatever the site\'s limits', () => {
		expect(answerCap('small')).toBe(1 * MB);
		expect(answerCap('small', { totalBytes: 1024 * MB })).toBe(1 * MB);
		expect(answerCap('pages', { totalBytes: 1024 * MB })).toBe(16 * MB);
		expect(dependsOnLimits('small')).toBe(false);
		expect(dependsOnLimits('pages')).toBe(false);
	});

	it('a listing fits every content of the site\'s total limit, JSON-escaped at worst, plus a margin', () => {
		// The plugin's default total of 8 MB when the site has not said its own.
		expect(answerCap('contents')).toBe(6 * 8 * MB + 4 * MB);
		expect(answerCap('records')).toBe(2 * 8 * MB + 4 * MB);
		expect(answerCap('contents', { totalBytes: 2 * MB })).toBe(16 * MB);
		expect(answerCap('records', { totalBytes: 16 * MB })).toBe(36 * MB);
		expect(dependsOnLimits('contents')).toBe(true);
		expect(dependsOnLimits('records')).toBe(true);
	});

	it('no limit a site claims raises a cap past the ceiling', () => {
		expect(answerCap('contents', { totalBytes: 1024 * 1024 * MB })).toBe(CEILING);
		expect(answerCap('records', { totalBytes: Number.MAX_SAFE_INTEGER })).toBe(CEILING);
		expect(CEILING).toBeLessThanOrEqual(64 * MB);
	});
});

describe('formatSize', () => {
	it.each([
		[13, '13 bytes'],
		[1024, '1 KB'],
		[65_250, '64 KB'],
		[MB, '1.0 MB'],
		[52 * MB, '52.0 MB'],
		[6 * 1024 * MB, '6.0 GB'],
	])('%d → %s', (bytes, text) => {
		expect(formatSize(bytes)).toBe(text);
	});
});
