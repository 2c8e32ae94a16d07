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

	// The threshold, at its edges: a third of the name's length, and at least one edit.
	it.each([
		['rx', 'rm'],
		['xx', undefined],
		['lxst', 'list'],
		['lxxt', undefined],
		['rexxases', 'releases'],
		['rxxxases', undefined],
	])('%s → %s (the edge of "close enough")', (given, expected) => {
		expect(closest(given, COMMANDS)).toBe(expected);
	});
});
