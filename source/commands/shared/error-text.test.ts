import { describe, expect, it } from '@jest/globals';
import { formatError, wantsColor } from './error-text.js';

describe('formatError', () => {
	it('shows the message alone', () => {
		expect(formatError({ message: 'Cannot reach https://example.com.' }, false)).toBe('✖ Error: Cannot reach https://example.com.');
	});

	it('shows the hint that names the fix', () => {
		expect(formatError({ message: 'Wrong credentials (401).', hint: 'Run "svc login" again.' }, false).split('\n')).toEqual([
			'✖ Error: Wrong credentials (401).',
			'→ Run "svc login" again.',
		]);
	});

	it('lists each file with its own reason', () => {
		const text = formatError(
			{
				message: 'The site rejected the push; nothing was written.',
				items: [
					{ label: 'api/broken.php', message: 'PHP Parse error: syntax error, unexpected token "}" on line 9' },
					{ label: 'api/two.php', message: 'declares 2 classes' },
				],
			},
			false,
		);
		expect(text.split('\n')).toEqual([
			'✖ Error: The site rejected the push; nothing was written.',
			'  api/broken.php: PHP Parse error: syntax error, unexpected token "}" on line 9',
			'  api/two.php: declares 2 classes',
		]);
	});

	it('colours the mark red and bold, the file red and the arrow cyan in a terminal', () => {
		const text = formatError({ message: 'm', items: [{ label: 'api/a.php', message: 'x' }], hint: 'h' }, true);
		expect(text.split('\n')).toEqual(['\u001B[1m\u001B[31m✖ Error:\u001B[39m\u001B[22m m', '  \u001B[31mapi/a.php\u001B[39m: x', '\u001B[36m→\u001B[39m h']);
	});
});

describe('wantsColor', () => {
	it.each<[string, boolean, Record<string, string>, boolean]>([
		['a terminal', true, {}, true],
		['a pipe', false, {}, false],
		['a dumb terminal', true, { TERM: 'dumb' }, false],
		['NO_COLOR in a terminal', true, { NO_COLOR: '1' }, false],
		['FORCE_COLOR=0 in a terminal', true, { FORCE_COLOR: '0' }, false],
		['FORCE_COLOR=1 in a pipe', false, { FORCE_COLOR: '1' }, true],
	])('%s', (_case, isTTY, env, expected) => {
		expect(wantsColor({ isTTY }, env)).toBe(expected);
	});
});
