import { describe, expect, it } from '@jest/globals';
import { closest, editDistance } from './suggest.js';

describe('editDistance', () => {
	it('counts a swap of neighbours as one edit', () => {
		expect(editDistance('pusj', 'push')).toBe(1);
		expect(editDistance('lsit', 'list')).toBe(1);
		expect(editDistance('', 'abc')).toBe(3);
		expect(editDistance('kitten', 'sitting')).toBe(3);
	});
});

describe('closest', () => {
	const COMMANDS = ['push', 'pull', 'list', 'diff', 'rm', 'releases', 'rollback'];
	it.each([
		['pusj', 'push'],
		['lsit', 'list'],
		['relases', 'releases'],
		['PUSH', 'push'],
	])('%s → %s', (given, expected) => {
		expect(closest(given, COMMANDS)).toBe(expected);
	});

	it('suggests nothing for a word far from every name', () => {
		expect(closest('deploy', COMMANDS)).toBeUndefined();
	});
});
