import { execFileSync } from 'node:child_process';
import { describe, expect, it } from '@jest/globals';
import { shellLine, shellWord } from './shell-word.js';

/** What sh itself makes of a word: the test asks the shell a person would paste into. */
function shellReads(word: string): string {
	return execFileSync('sh', ['-c', `printf %s ${word}`], { encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '' } });
}

describe('shellWord', () => {
	it('leaves a plain word (a URL, a slug, a number) as it is', () => {
		expect(shellWord('https://example.test/wp-json/svc-api/v1/hello')).toBe('https://example.test/wp-json/svc-api/v1/hello');
		expect(shellWord('svcp_0a1b')).toBe('svcp_0a1b');
		expect(shellWord('12')).toBe('12');
	});

	it.each([
		['$(touch${IFS}x)', `'$(touch\${IFS}x)'`],
		['a b', `'a b'`],
		["it's", `'it'\\''s'`],
		['`id`', "'`id`'"],
		['/x;rm -rf ~', `'/x;rm -rf ~'`],
		['*', `'*'`],
		['', `''`],
		['X-Svc-Preview: svcp_ab', `'X-Svc-Preview: svcp_ab'`],
	])('quotes %j as %s', (text, quoted) => {
		expect(shellWord(text)).toBe(quoted);
	});

	it.each(['$(touch${IFS}x)', "a'b\"c", '`id`;$HOME', '!x\\y', 'line\nbreak', '~/a b*', ''])('sh reads %j back as the same text, running nothing', (text) => {
		expect(shellReads(shellWord(text))).toBe(text);
	});
});

describe('shellLine', () => {
	it('joins the quoted words with spaces', () => {
		expect(shellLine(['curl', '-H', 'X-Svc-Preview: t', 'https://a.test/wp-json/x y'])).toBe(`curl -H 'X-Svc-Preview: t' 'https://a.test/wp-json/x y'`);
	});
});
