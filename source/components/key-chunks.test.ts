import { describe, expect, it } from '@jest/globals';
import type { Key } from 'ink';
import { keyPresses } from './key-chunks.js';

const NONE = { backspace: false, return: false, upArrow: false, escape: false, ctrl: false } as unknown as Key;
const names = (chunk: string) =>
	keyPresses(chunk, NONE).map(([input, key]) => (key.backspace ? '⌫' : key.return ? '⏎' : key.upArrow ? '↑' : key.delete ? '⌦' : key.escape ? 'Esc' : key.ctrl ? `^${input}` : input));

describe('keyPresses', () => {
	it('gives a one-key chunk back as Ink described it', () => {
		const key = { ...NONE, backspace: true } as Key;
		expect(keyPresses('\u007f', key)).toEqual([['\u007f', key]]);
		expect(keyPresses('hello', NONE)).toEqual([['hello', NONE]]);
	});

	it.each([
		['three Backspaces', '\u007f\u007f\u007f', ['⌫', '⌫', '⌫']],
		['pasted text and Enter', 'https://example.com\radmin', ['https://example.com', '⏎', 'admin']],
		['text, an arrow and Delete', 'ab\u001b[Acd\u001b[3~', ['ab', '↑', 'cd', '⌦']],
		['a lone Escape then text', '\u001bq', ['Esc', 'q']],
		['Ctrl+U among text', 'x\u0015y', ['x', '^u', 'y']],
	])('splits %s', (_what, chunk, keys) => {
		expect(names(chunk)).toEqual(keys);
	});
});
