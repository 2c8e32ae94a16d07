/**
 * One route file compared between the site and api/: what `svc api diff` prints, what the push
 * plan counts as `+N −M`, and the `--json` record of it. The site is the old side and api/ the new
 * one, so `+` lines are what a push would bring to the site. Pure.
 */
import { shownLine } from './terminal-text.js';
import { diffLines, diffStats, toHunks, unifiedLines, type DiffStats, type Hunk } from './line-diff.js';

export type FileDiffStatus = 'added' | 'changed' | 'removed';

export interface FileDiff {
	readonly slug: string;
	/** added: only in api/; removed: only on the site; changed: in both, different. */
	readonly status: FileDiffStatus;
	readonly stats: DiffStats;
	readonly hunks: readonly Hunk[];
}

/** Undefined when the two sides are the same text (or neither exists). */
export function fileDiff(slug: string, site: string | undefined, local: string | undefined): FileDiff | undefined {
	if (site === local || (site === undefined && local === undefined)) {
		return undefined;
	}
	const lines = diffLines(site ?? '', local ?? '');
	const status: FileDiffStatus = site === undefined ? 'added' : local === undefined ? 'removed' : 'changed';
	return { slug, status, stats: diffStats(lines), hunks: toHunks(lines) };
}

/** `--- site/hello.php` / `+++ api/hello.php`, /dev/null for the side without the file, as diff -u. */
export function diffHeader(diff: FileDiff, apiLabel: string): [string, string] {
	const file = `${diff.slug}.php`;
	return [
		diff.status === 'added' ? '--- /dev/null' : `--- site/${file}`,
		diff.status === 'removed' ? '+++ /dev/null' : `+++ ${apiLabel}/${file}`,
	];
}

/** The whole unified diff of one file, headers first: what a pipe gets, ready for patch -p1. */
export function unifiedText(diff: FileDiff, apiLabel: string): string[] {
	// The site's side is a site's file: its lines are shown, never obeyed (both sides alike, one rule).
	return [...diffHeader(diff, apiLabel), ...unifiedLines(diff.hunks)].map(shownLine);
}

export interface FileDiffRecord {
	readonly slug: string;
	readonly file: string;
	readonly status: FileDiffStatus;
	/** Line counts (`added`/`removed` elsewhere in --json are lists of slugs). */
	readonly linesAdded: number;
	readonly linesRemoved: number;
	readonly hunks: readonly {
		readonly oldStart: number;
		readonly oldLines: number;
		readonly newStart: number;
		readonly newLines: number;
		/** Unified lines: ` kept`, `-removed`, `+added`, and `\ No newline at end of file`. */
		readonly lines: readonly string[];
	}[];
}

export function toDiffRecord(diff: FileDiff): FileDiffRecord {
	return {
		slug: diff.slug,
		file: `${diff.slug}.php`,
		status: diff.status,
		linesAdded: diff.stats.added,
		linesRemoved: diff.stats.removed,
		hunks: diff.hunks.map((hunk) => ({
			oldStart: hunk.oldStart,
			oldLines: hunk.oldLines,
			newStart: hunk.newStart,
			newLines: hunk.newLines,
			lines: unifiedLines([hunk]).slice(1),
		})),
	};
}
