/**
 * The plugin's zip for a WordPress upload, written by fflate (zipSync): names in UTF-8, Unix
 * permission bits in the external attributes (so unzip restores them), MS-DOS times, and each file
 * deflated only when that makes it smaller (tiny or incompressible files are stored). No zip64:
 * entries and the archive stay far below 4 GiB.
 */
import type { Zippable } from 'fflate';
import { requireCjs } from './require-cjs.js';

/** fflate, loaded when a zip is made: not at svc plugin zip's start (refused at once when --out exists). */
function fflate(): typeof import('fflate') {
	return requireCjs<typeof import('fflate')>('fflate');
}

export interface ZipEntry {
	/** Path inside the archive with `/` separators; a directory ends in `/`. */
	readonly name: string;
	/** Undefined for a directory. */
	readonly data?: Buffer;
	readonly modified: Date;
	/** Unix permission bits, e.g. 0o644. */
	readonly mode: number;
}

const UNIX = 3;
const DIRECTORY = 0o040000;
const REGULAR = 0o100000;
/** The MS-DOS directory flag, in the low byte of the external attributes. */
const DOS_DIRECTORY = 0x10;

export function createZip(entries: readonly ZipEntry[]): Buffer {
	const { deflateSync, zipSync } = fflate();
	const files: Zippable = {};
	for (const entry of entries) {
		const isDir = entry.data === undefined;
		const data = new Uint8Array(entry.data ?? Buffer.alloc(0));
		const smaller = !isDir && deflateSync(data, { level: 9 }).length < data.length;
		files[entry.name] = [
			data,
			{
				level: smaller ? 9 : 0,
				mtime: entry.modified,
				os: UNIX,
				// High 16 bits: the Unix type and mode.
				attrs: ((((isDir ? DIRECTORY : REGULAR) | entry.mode) << 16) | (isDir ? DOS_DIRECTORY : 0)) >>> 0,
			},
		];
	}
	return Buffer.from(zipSync(files));
}
