import { describe, expect, it } from '@jest/globals';
import { diffLines, diffStats, hunkHeader, NO_NEWLINE, toHunks, unifiedLines, type DiffLine } from './line-diff.js';

/** The text a side of the diff stands for, rebuilt from its lines. */
function side(lines: readonly DiffLine[], which: 'old' | 'new'): string {
	return lines
		.filter((line) => line.kind === ' ' || line.kind === (which === 'old' ? '-' : '+'))
		.map((line) => `${line.text}${line.newline ? '\n' : ''}`)
		.join('');
}

/** Length of the longest common subsequence of lines, by dynamic programming: the reference. */
function lcs(a: readonly string[], b: readonly string[]): number {
	const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
	for (let i = 1; i <= a.length; i++) {
		for (let j = 1; j <= b.length; j++) {
			const row = table[i] as number[];
			row[j] = a[i - 1] === b[j - 1] ? (table[i - 1] as number[])[j - 1]! + 1 : Math.max((table[i - 1] as number[])[j]!, row[j - 1]!);
		}
	}
	return (table[a.length] as number[])[b.length]!;
}

/** A small deterministic random generator, so a failure can be replayed. */
function random(seed: number): () => number {
	let state = seed;
	return () => {
		state = (state * 1103515245 + 12345) % 2147483648;
		return state / 2147483648;
	};
}

describe('diffLines', () => {
	it('keeps equal texts whole', () => {
		const lines = diffLines('a\nb\n', 'a\nb\n');
		expect(lines.map((line) => line.kind)).toEqual([' ', ' ']);
		expect(diffStats(lines)).toEqual({ added: 0, removed: 0 });
	});

	it('finds a changed line between kept ones', () => {
		const lines = diffLines('a\nb\nc\n', 'a\nB\nc\n');
		expect(lines.map((line) => `${line.kind}${line.text}`)).toEqual([' a', '-b', '+B', ' c']);
		expect(diffStats(lines)).toEqual({ added: 1, removed: 1 });
	});

	it('treats a missing final line break as a difference', () => {
		const lines = diffLines('a\nb', 'a\nb\n');
		expect(diffStats(lines)).toEqual({ added: 1, removed: 1 });
		expect(lines.find((line) => line.kind === '-')).toEqual({ kind: '-', text: 'b', newline: false });
	});

	it('handles empty sides', () => {
		expect(diffStats(diffLines('', 'x\ny\n'))).toEqual({ added: 2, removed: 0 });
		expect(diffStats(diffLines('x\n', ''))).toEqual({ added: 0, removed: 1 });
		expect(diffLines('', '')).toEqual([]);
	});

	it('on random texts, rebuilds both sides and is as short as the longest common subsequence allows', () => {
		const next = random(7);
		for (let round = 0; round < 300; round++) {
			const words = ['a', 'b', 'c', 'd'];
			const make = () => Array.from({ length: Math.floor(next() * 12) }, () => words[Math.floor(next() * words.length)] as string);
			const a = make();
			const b = make();
			const before = a.map((line) => `${line}\n`).join('');
			const after = b.map((line) => `${line}\n`).join('');
			const lines = diffLines(before, after);
			expect(side(lines, 'old')).toBe(before);
			expect(side(lines, 'new')).toBe(after);
			const common = lcs(a, b);
			expect(diffStats(lines)).toEqual({ added: b.length - common, removed: a.length - common });
		}
	});

	it('stays correct past the edit-distance cap (a file rewritten from top to bottom)', () => {
		const before = Array.from({ length: 3000 }, (_, i) => `old ${i}\n`).join('');
		const after = Array.from({ length: 3000 }, (_, i) => `new ${i}\n`).join('');
		const lines = diffLines(before, after);
		expect(side(lines, 'old')).toBe(before);
		expect(side(lines, 'new')).toBe(after);
		expect(diffStats(lines)).toEqual({ added: 3000, removed: 3000 });
	});
});

describe('toHunks and unifiedLines', () => {
	const before = Array.from({ length: 20 }, (_, i) => `line ${i + 1}\n`).join('');

	it('writes hunks as diff -u does, with three lines of context', () => {
		const after = before.replace('line 2\n', 'line two\n').replace('line 18\n', '');
		const hunks = toHunks(diffLines(before, after));
		expect(hunks.map(hunkHeader)).toEqual(['@@ -1,5 +1,5 @@', '@@ -15,6 +15,5 @@']);
		expect(unifiedLines(hunks).slice(0, 7)).toEqual(['@@ -1,5 +1,5 @@', ' line 1', '-line 2', '+line two', ' line 3', ' line 4', ' line 5']);
	});

	it('joins changes closer than twice the context into one hunk', () => {
		const after = before.replace('line 5\n', 'five\n').replace('line 11\n', 'eleven\n');
		expect(toHunks(diffLines(before, after)).map(hunkHeader)).toEqual(['@@ -2,13 +2,13 @@']);
	});

	// At the edge, as GNU diff -u: six unchanged lines between two changes (the contexts touch) make
	// one hunk, seven make two.
	it('joins changes six unchanged lines apart, and splits them seven apart, as diff -u', () => {
		const six = before.replace('line 5\n', 'five\n').replace('line 12\n', 'twelve\n');
		expect(toHunks(diffLines(before, six)).map(hunkHeader)).toEqual(['@@ -2,14 +2,14 @@']);
		const seven = before.replace('line 5\n', 'five\n').replace('line 13\n', 'thirteen\n');
		expect(toHunks(diffLines(before, seven)).map(hunkHeader)).toEqual(['@@ -2,7 +2,7 @@', '@@ -10,7 +10,7 @@']);
	});

	it('numbers a hunk that only adds to an empty file from 0 and marks a missing line break', () => {
		const hunks = toHunks(diffLines('', 'x\ny'));
		expect(unifiedLines(hunks)).toEqual(['@@ -0,0 +1,2 @@', '+x', '+y', NO_NEWLINE]);
	});
});
