import { describe, expect, it } from '@jest/globals';
import { colorDiff } from './diff-colors.js';

describe('colorDiff', () => {
	it('colours by line kind and keeps the text', () => {
		const lines = ['--- site/a.php', '+++ api/a.php', '@@ -1 +1 @@', '-old', '+new', ' same', '\\ No newline at end of file'];
		const colored = colorDiff(lines);
		expect(colored).toEqual([
			'\u001B[1m--- site/a.php\u001B[22m',
			'\u001B[1m+++ api/a.php\u001B[22m',
			'\u001B[36m@@ -1 +1 @@\u001B[39m',
			'\u001B[31m-old\u001B[39m',
			'\u001B[32m+new\u001B[39m',
			' same',
			'\u001B[2m\\ No newline at end of file\u001B[22m',
		]);
		// eslint-disable-next-line no-control-regex
		expect(colored.map((line) => line.replace(/\u001B\[\d+m/g, ''))).toEqual(lines);
	});

	it('an added line that starts with "++ " is an added line, not a header', () => {
		expect(colorDiff(['@@ -0,0 +1 @@', '+++ counter']).at(1)).toBe('\u001B[32m+++ counter\u001B[39m');
	});
});
