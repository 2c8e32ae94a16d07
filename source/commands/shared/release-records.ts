/**
 * Releases as `svc api releases` prints them: records for --json (and for push, rm and rollback's
 * `release`), and a plain aligned table for pipes, one release per line, `[ACTIVE]` on the active one.
 */
import { shownLine } from '../../core/terminal-text.js';
import { formatChanges, formatReleaseTime } from '../../core/releases.js';
import type { Release } from '../../core/site-client.js';

export interface ReleaseRecord {
	readonly id: number;
	readonly created: string;
	readonly user: { readonly id: number; readonly login: string } | null;
	readonly kind: string;
	readonly files: number;
	readonly added: number;
	readonly changed: number;
	readonly removed: number;
	readonly active: boolean;
	readonly rollbackOf: number | null;
	readonly promotedFrom: number | null;
	readonly message: string | null;
	/** Null but on a preview: the release it was made against and when it stops being served. */
	readonly preview: { readonly base: number | null; readonly expires: string; readonly expired: boolean } | null;
}

export function toReleaseRecord(release: Release): ReleaseRecord {
	return {
		id: release.id,
		created: release.created,
		user: release.user,
		kind: release.kind,
		files: release.files,
		added: release.added,
		changed: release.changed,
		removed: release.removed,
		active: release.active,
		rollbackOf: release.rollbackOf,
		promotedFrom: release.promotedFrom,
		message: release.message,
		preview: release.preview ?? null,
	};
}

/** `[ACTIVE]`, `(rollback of 10)`, `(promoted from 14)`, `[PREVIEW until …]`: what a release is besides its numbers. */
export function releaseNotes(release: Release): string[] {
	return [
		release.active ? '[ACTIVE]' : '',
		release.preview === undefined ? '' : release.preview.expired ? '[PREVIEW, expired]' : `[PREVIEW until ${formatReleaseTime(release.preview.expires)}]`,
		release.rollbackOf === null ? '' : `(rollback of ${release.rollbackOf})`,
		release.promotedFrom === null ? '' : `(promoted from ${release.promotedFrom})`,
	].filter((part) => part !== '');
}

export function plainReleaseTable(releases: readonly Release[]): string {
	const rows = releases.map((release) => [
		String(release.id),
		formatReleaseTime(release.created) || '-',
		release.user?.login ?? '-',
		release.kind,
		String(release.files),
		formatChanges(release),
		[...releaseNotes(release), release.message === null ? '' : `"${release.message}"`].filter((part) => part !== '').join(' '),
	]);
	const header = ['ID', 'CREATED', 'USER', 'KIND', 'FILES', 'CHANGES', ''];
	// Every cell is the site's text (a user's login, a release's kind, a message): shown, never obeyed.
	for (const row of rows) row.forEach((cell, column) => (row[column] = shownLine(cell)));
	const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
	// Numbers right-aligned, text left-aligned; the last column is not padded.
	const numeric = new Set([0, 4]);
	return [header, ...rows]
		.map((row) =>
			row
				.map((cell, column) =>
					column === row.length - 1 ? cell : numeric.has(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
				)
				.join('  ')
				.trimEnd(),
		)
		.join('\n');
}
