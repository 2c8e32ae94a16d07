/**
 * A line diff of two texts and its unified-diff hunks, for the push plan's `+N −M` and `svc api
 * diff`. The diff itself is jsdiff's (Myers' algorithm, `diffArrays` over lines that carry their
 * line break, so "x" at the end of a file differs from "x\n"); the hunks are built here because
 * svc shows each line with its kind and wants diff -u's numbering, which structuredPatch's text
 * lines would have to be parsed back for.
 */
import { requireCjs } from './require-cjs.js';

/**
 * jsdiff, loaded with the first diff (its CommonJS build, so that diffing stays synchronous): push
 * and diff import this module, and must not pay for it before they know there is something to diff.
 */
function jsdiff(): typeof import('diff') {
	return requireCjs<typeof import('diff')>('diff');
}

export type LineKind = ' ' | '+' | '-';

export interface DiffLine {
	readonly kind: LineKind;
	/** The line without its line break. */
	readonly text: string;
	/** False for a last line with no line break after it (shown as "\ No newline at end of file"). */
	readonly newline: boolean;
}

export interface Hunk {
	/** 1-based first line in the old text (0 when the hunk has no old lines, as diff -u writes it). */
	readonly oldStart: number;
	readonly oldLines: number;
	readonly newStart: number;
	readonly newLines: number;
	readonly lines: readonly DiffLine[];
}

export interface DiffStats {
	readonly added: number;
	readonly removed: number;
}

/**
 * Past this many differences Myers' search (time and memory grow with its square) stops and the
 * rest is shown as the old lines removed and the new ones added: still a correct diff, if not the
 * shortest, for a file rewritten from top to bottom.
 */
const MAX_EDIT_DISTANCE = 1000;

interface Token {
	readonly text: string;
	readonly newline: boolean;
	/** Text and line break together: "x" at the end of a file differs from "x\n". */
	readonly key: string;
}

function tokenize(text: string): Token[] {
	if (text === '') return [];
	const parts = text.split('\n');
	const last = parts.pop() ?? '';
	const tokens: Token[] = parts.map((part) => ({ text: part, newline: true, key: `${part}\n` }));
	if (last !== '') tokens.push({ text: last, newline: false, key: last });
	return tokens;
}

/** Every line of both texts in order: kept (' '), removed ('-') or added ('+'). */
export function diffLines(before: string, after: string): DiffLine[] {
	const a = tokenize(before);
	const b = tokenize(after);
	const line = (kind: LineKind, token: Token): DiffLine => ({ kind, text: token.text, newline: token.newline });
	const changes = jsdiff().diffArrays(
		a.map((token) => token.key),
		b.map((token) => token.key),
		{ maxEditLength: MAX_EDIT_DISTANCE },
	);
	if (changes === undefined) {
		// Past the cap: every old line removed, every new one added.
		return [...a.map((token) => line('-', token)), ...b.map((token) => line('+', token))];
	}
	const lines: DiffLine[] = [];
	let inA = 0;
	let inB = 0;
	for (const change of changes) {
		const count = change.value.length;
		if (change.added) {
			lines.push(...b.slice(inB, inB + count).map((token) => line('+', token)));
			inB += count;
		} else if (change.removed) {
			lines.push(...a.slice(inA, inA + count).map((token) => line('-', token)));
			inA += count;
		} else {
			lines.push(...a.slice(inA, inA + count).map((token) => line(' ', token)));
			inA += count;
			inB += count;
		}
	}
	return lines;
}

export function diffStats(lines: readonly DiffLine[]): DiffStats {
	let added = 0;
	let removed = 0;
	for (const line of lines) {
		if (line.kind === '+') added++;
		else if (line.kind === '-') removed++;
	}
	return { added, removed };
}

/** The changes grouped into hunks with `context` unchanged lines around each, as diff -u does. */
export function toHunks(lines: readonly DiffLine[], context = 3): Hunk[] {
	const hunks: Hunk[] = [];
	const changed = lines.flatMap((line, index) => (line.kind === ' ' ? [] : [index]));
	let i = 0;
	while (i < changed.length) {
		const first = changed[i] as number;
		let last = first;
		// Changes closer than twice the context share one hunk.
		while (i + 1 < changed.length && (changed[i + 1] as number) - last <= 2 * context + 1) {
			last = changed[++i] as number;
		}
		i++;
		const from = Math.max(0, first - context);
		const to = Math.min(lines.length, last + context + 1);
		let oldBefore = 0;
		let newBefore = 0;
		for (const line of lines.slice(0, from)) {
			if (line.kind !== '+') oldBefore++;
			if (line.kind !== '-') newBefore++;
		}
		const body = lines.slice(from, to);
		const oldLines = body.filter((line) => line.kind !== '+').length;
		const newLines = body.filter((line) => line.kind !== '-').length;
		hunks.push({
			oldStart: oldLines === 0 ? oldBefore : oldBefore + 1,
			oldLines,
			newStart: newLines === 0 ? newBefore : newBefore + 1,
			newLines,
			lines: body,
		});
	}
	return hunks;
}

/** `@@ -1,4 +1,5 @@`; a count of 1 is left out, as diff -u writes it. */
export function hunkHeader(hunk: Hunk): string {
	const range = (start: number, count: number) => (count === 1 ? `${start}` : `${start},${count}`);
	return `@@ -${range(hunk.oldStart, hunk.oldLines)} +${range(hunk.newStart, hunk.newLines)} @@`;
}

export const NO_NEWLINE = '\\ No newline at end of file';

/** A whole unified diff as text lines (without the `---`/`+++` header, which names the files). */
export function unifiedLines(hunks: readonly Hunk[]): string[] {
	return hunks.flatMap((hunk) => [
		hunkHeader(hunk),
		...hunk.lines.flatMap((line) => [`${line.kind}${line.text}`, ...(line.newline ? [] : [NO_NEWLINE])]),
	]);
}
