/**
 * One chunk of terminal input can hold several keys: pasted text, fast typing that runs ahead of
 * the re-render, a terminal multiplexer that batches what it forwards. Ink's useInput parses a
 * chunk as one key, so "\x7f\x7f\x7f" (three Backspaces) arrives as text and "ab\r" as neither
 * text nor Enter. keyPresses() splits a chunk into the keys it holds, each described as useInput
 * describes one, so a screen handles them one by one. Pure.
 */
import type { Key } from 'ink';

export type KeyPress = readonly [input: string, key: Key];

const BLANK: Key = {
	upArrow: false,
	downArrow: false,
	leftArrow: false,
	rightArrow: false,
	pageDown: false,
	pageUp: false,
	home: false,
	end: false,
	return: false,
	escape: false,
	ctrl: false,
	shift: false,
	tab: false,
	backspace: false,
	delete: false,
	meta: false,
	super: false,
	hyper: false,
	capsLock: false,
	numLock: false,
};

/** CSI and SS3 sequences (arrows, Home/End, PageUp/Down, Delete), a lone control, or a run of text. */
// eslint-disable-next-line no-control-regex -- splitting terminal control input is this file's job.
const PIECE = /\u001b\[[0-9;]*[A-Za-z~]|\u001bO[A-Za-z]|\u001b|[\u0000-\u001f\u007f]|[^\u0000-\u001f\u007f\u001b]+/g;

const SEQUENCES: Readonly<Record<string, Partial<Key>>> = {
	'\u001b[A': { upArrow: true },
	'\u001b[B': { downArrow: true },
	'\u001b[C': { rightArrow: true },
	'\u001b[D': { leftArrow: true },
	'\u001bOA': { upArrow: true },
	'\u001bOB': { downArrow: true },
	'\u001bOC': { rightArrow: true },
	'\u001bOD': { leftArrow: true },
	'\u001b[H': { home: true },
	'\u001b[F': { end: true },
	'\u001bOH': { home: true },
	'\u001bOF': { end: true },
	'\u001b[1~': { home: true },
	'\u001b[4~': { end: true },
	'\u001b[5~': { pageUp: true },
	'\u001b[6~': { pageDown: true },
	'\u001b[3~': { delete: true },
	'\u001b': { escape: true, meta: true },
	'\r': { return: true },
	'\n': { return: true },
	'\t': { tab: true },
	'\u007f': { backspace: true },
	'\b': { backspace: true },
};

/** The keys of one chunk; a chunk that is one key comes back as Ink described it. */
export function keyPresses(input: string, key: Key): KeyPress[] {
	const pieces = input.match(PIECE) ?? [];
	if (pieces.length <= 1) return [[input, key]];
	return pieces.map((piece): KeyPress => {
		const known = SEQUENCES[piece];
		if (known !== undefined) return ['', { ...BLANK, ...known }];
		const code = piece.charCodeAt(0);
		// Ctrl+letter: the letter, as useInput gives it.
		if (piece.length === 1 && code >= 1 && code <= 26) return [String.fromCharCode(code + 96), { ...BLANK, ctrl: true }];
		if (piece.startsWith('\u001b') || code < 32) return ['', BLANK];
		return [piece, BLANK];
	});
}
