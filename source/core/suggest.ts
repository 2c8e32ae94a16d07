/**
 * "Did you mean …?" for a mistyped command: the closest known name by edit distance (an adjacent
 * swap counts as one edit, as in `pusj`/`push` or `lsit`/`list`), if it is close enough. Pure.
 */

/**
 * Optimal string alignment distance: insertions, deletions, substitutions, adjacent swaps.
 *
 * Kept rather than a Levenshtein package (fastest-levenshtein, leven): Levenshtein counts a swap of
 * neighbours as two edits, so `lsit` would be 2 from `list`, past the threshold below for a
 * four-letter name, and the most common typo would get no suggestion (suggest.test.ts); widening
 * the threshold instead would suggest `rm` for any two-letter word.
 */
export function editDistance(a: string, b: string): number {
	const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
	const at = (i: number, j: number): number => rows[i]?.[j] ?? 0;
	for (let i = 1; i <= a.length; i++) {
		for (let j = 1; j <= b.length; j++) {
			const cost = a[i - 1] === b[j - 1] ? 0 : 1;
			let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
			if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
			(rows[i] as number[])[j] = best;
		}
	}
	return at(a.length, b.length);
}

/** The known name closest to `given`, when at most a third of it (and at least one edit) differs. */
export function closest(given: string, known: readonly string[]): string | undefined {
	let best: { name: string; distance: number } | undefined;
	for (const name of known) {
		const distance = editDistance(given.toLowerCase(), name);
		if (best === undefined || distance < best.distance) best = { name, distance };
	}
	return best !== undefined && best.distance <= Math.max(1, Math.floor(best.name.length / 3)) ? best.name : undefined;
}
