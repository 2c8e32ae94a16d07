/**
 * A minimal zip writer (PKWARE APPNOTE 6.3: local headers, central directory, end record) with
 * zlib's raw deflate. Enough for a WordPress plugin upload, and no dependency for one command.
 * No zip64: entries and the archive stay far below 4 GiB.
 */
import { deflateRawSync } from 'node:zlib';

export interface ZipEntry {
	/** Path inside the archive with `/` separators; a directory ends in `/`. */
	readonly name: string;
	/** Undefined for a directory. */
	readonly data?: Buffer;
	readonly modified: Date;
	/** Unix permission bits, e.g. 0o644. */
	readonly mode: number;
}

const CRC_TABLE = (() => {
	const table = new Uint32Array(256);
	for (let n = 0; n < 256; n++) {
		let c = n;
		for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
		table[n] = c >>> 0;
	}
	return table;
})();

export function crc32(data: Buffer): number {
	let crc = 0xffffffff;
	for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
	return (crc ^ 0xffffffff) >>> 0;
}

/** MS-DOS date and time, in local time as zip tools read it, 2-second resolution. */
function dosDateTime(date: Date): { time: number; date: number } {
	const year = Math.min(Math.max(date.getFullYear(), 1980), 2107);
	return {
		time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
		date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
	};
}

const VERSION_NEEDED = 20; // 2.0: deflate and directories
const MADE_BY_UNIX = (3 << 8) | VERSION_NEEDED; // so unzip restores the permission bits
const UTF8_NAMES = 1 << 11;
const STORED = 0;
const DEFLATED = 8;

export function createZip(entries: readonly ZipEntry[]): Buffer {
	const locals: Buffer[] = [];
	const centrals: Buffer[] = [];
	let offset = 0;
	for (const entry of entries) {
		const name = Buffer.from(entry.name, 'utf8');
		const isDir = entry.data === undefined;
		const raw = entry.data ?? Buffer.alloc(0);
		const deflated = isDir ? raw : deflateRawSync(raw, { level: 9 });
		// Tiny or incompressible files are smaller stored.
		const method = !isDir && deflated.length < raw.length ? DEFLATED : STORED;
		const body = method === DEFLATED ? deflated : raw;
		const crc = crc32(raw);
		const { time, date } = dosDateTime(entry.modified);

		const local = Buffer.alloc(30);
		local.writeUInt32LE(0x04034b50, 0);
		local.writeUInt16LE(VERSION_NEEDED, 4);
		local.writeUInt16LE(UTF8_NAMES, 6);
		local.writeUInt16LE(method, 8);
		local.writeUInt16LE(time, 10);
		local.writeUInt16LE(date, 12);
		local.writeUInt32LE(crc, 14);
		local.writeUInt32LE(body.length, 18);
		local.writeUInt32LE(raw.length, 22);
		local.writeUInt16LE(name.length, 26);
		local.writeUInt16LE(0, 28);
		locals.push(local, name, body);

		const central = Buffer.alloc(46);
		central.writeUInt32LE(0x02014b50, 0);
		central.writeUInt16LE(MADE_BY_UNIX, 4);
		central.writeUInt16LE(VERSION_NEEDED, 6);
		central.writeUInt16LE(UTF8_NAMES, 8);
		central.writeUInt16LE(method, 10);
		central.writeUInt16LE(time, 12);
		central.writeUInt16LE(date, 14);
		central.writeUInt32LE(crc, 16);
		central.writeUInt32LE(body.length, 20);
		central.writeUInt32LE(raw.length, 24);
		central.writeUInt16LE(name.length, 28);
		// Extra field, comment, disk number and internal attributes stay 0.
		const unixType = isDir ? 0o040000 : 0o100000;
		// High 16 bits: Unix mode; low bit 0x10: MS-DOS directory flag.
		central.writeUInt32LE((((unixType | entry.mode) << 16) | (isDir ? 0x10 : 0)) >>> 0, 38);
		central.writeUInt32LE(offset, 42);
		centrals.push(central, name);

		offset += local.length + name.length + body.length;
	}
	const directory = Buffer.concat(centrals);
	const end = Buffer.alloc(22);
	end.writeUInt32LE(0x06054b50, 0);
	end.writeUInt16LE(entries.length, 8);
	end.writeUInt16LE(entries.length, 10);
	end.writeUInt32LE(directory.length, 12);
	end.writeUInt32LE(offset, 16);
	return Buffer.concat([...locals, directory, end]);
}
