/**
 * A line diff of two texts (Myers' O(ND) algorithm) and its unified-diff hunks, for the push plan's
 * `+N −M` and `svc api diff`. Pure; written here because no diff package ships with svc's
 * dependencies (jest's diff-sequences is a dev-only dependency) and a line diff is a page of code.
 */

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
	// Common ends cost nothing to find and keep the search to the part that changed.
	let start = 0;
	while (start < a.length && start < b.length && a[start]?.key === b[start]?.key) start++;
	let endA = a.length;
	let endB = b.length;
	while (endA > start && endB > start && a[endA - 1]?.key === b[endB - 1]?.key) {
		endA--;
		endB--;
	}
	const keep = (token: Token): DiffLine => ({ kind: ' ', text: token.text, newline: token.newline });
	const middle = myers(a.slice(start, endA), b.slice(start, endB));
	return [...a.slice(0, start).map(keep), ...middle, ...a.slice(endA).map(keep)];
}

function myers(a: readonly Token[], b: readonly Token[]): DiffLine[] {
	const n = a.length;
	const m = b.length;
	const line = (kind: LineKind, token: Token): DiffLine => ({ kind, text: token.text, newline: token.newline });
	if (n === 0 || m === 0) {
		return [...a.map((token) => line('-', token)), ...b.map((token) => line('+', token))];
	}
	const max = Math.min(n + m, MAX_EDIT_DISTANCE);
	const offset = max + 1;
	// v[k + offset]: the furthest x on diagonal k; trace keeps v after each d, for the walk back.
	let v = new Int32Array(2 * max + 3);
	const trace: Int32Array[] = [];
	let found = -1;
	for (let d = 0; d <= max && found < 0; d++) {
		trace.push(v.slice());
		const next = v.slice();
		for (let k = -d; k <= d; k += 2) {
			const down = k === -d || (k !== d && (v[k - 1 + offset] ?? 0) < (v[k + 1 + offset] ?? 0));
			let x = down ? (v[k + 1 + offset] ?? 0) : (v[k - 1 + offset] ?? 0) + 1;
			let y = x - k;
			while (x < n && y < m && a[x]?.key === b[y]?.key) {
				x++;
				y++;
			}
			next[k + offset] = x;
			if (x >= n && y >= m) {
				found = d;
				break;
			}
		}
		v = next;
	}
	if (found < 0) {
		return [...a.map((token) => line('-', token)), ...b.map((token) => line('+', token))];
	}
	// Walk back from (n, m) through the saved rounds, collecting the path in reverse.
	const reversed: DiffLine[] = [];
	let x = n;
	let y = m;
	for (let d = found; d > 0; d--) {
		const previous = trace[d] as Int32Array;
		const k = x - y;
		const down = k === -d || (k !== d && (previous[k - 1 + offset] ?? 0) < (previous[k + 1 + offset] ?? 0));
		const prevK = down ? k + 1 : k - 1;
		const prevX = previous[prevK + offset] ?? 0;
		const prevY = prevX - prevK;
		while (x > prevX && y > prevY) {
			reversed.push(line(' ', a[--x] as Token));
			y--;
		}
		if (down) reversed.push(line('+', b[--y] as Token));
		else reversed.push(line('-', a[--x] as Token));
	}
	while (x > 0 && y > 0) {
		reversed.push(line(' ', a[--x] as Token));
		y--;
	}
	return reversed.reverse();
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
