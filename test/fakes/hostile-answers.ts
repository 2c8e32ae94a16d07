/**
 * Answers a lying site sends, as FakeSite `write` replies: a body without end, a compression bomb,
 * a body that breaks off. Each counts what it could send, so a test proves the client stopped
 * reading (the socket closed) rather than only that it reported an error.
 */
import type { ServerResponse } from 'node:http';
import zlib from 'node:zlib';

export const MB = 1024 * 1024;
export const GB = 1024 * MB;

export interface Flood {
	readonly write: (response: ServerResponse) => void;
	/** Bytes handed to the socket so far. */
	sent(): number;
	/** Resolves once the client closed the connection or the flood ended. */
	readonly done: Promise<void>;
}

export interface FloodOptions {
	readonly status?: number;
	readonly headers?: Readonly<Record<string, string>>;
	/** Sent first, once (e.g. `[` to open a JSON array that never closes). */
	readonly head?: Buffer;
	/** Sent again and again, as fast as the client reads. */
	readonly chunk: Buffer;
	/** Stop after this many bytes of `chunk`s (default: never). */
	readonly bytes?: number;
}

/** Sends `chunk` until the client hangs up (or `bytes` are out), respecting backpressure. */
export function flood(options: FloodOptions): Flood {
	let sent = 0;
	let finish: () => void = () => undefined;
	const done = new Promise<void>((resolve) => {
		finish = resolve;
	});
	const write = (response: ServerResponse): void => {
		response.writeHead(options.status ?? 200, { 'content-type': 'application/json; charset=UTF-8', ...options.headers });
		response.on('close', finish);
		if (options.head !== undefined) {
			response.write(options.head);
			sent += options.head.length;
		}
		const limit = options.bytes ?? Number.POSITIVE_INFINITY;
		const pump = (): void => {
			while (!response.destroyed && sent < limit) {
				const more = response.write(options.chunk);
				sent += options.chunk.length;
				if (!more) {
					response.once('drain', pump);
					return;
				}
			}
			if (!response.destroyed) response.end(finish);
		};
		pump();
	};
	return { write, sent: () => sent, done };
}

/** A JSON-looking body without end: `[` then records that never close the array. */
export function endlessListing(headers: Readonly<Record<string, string>> = {}): Flood {
	const record = Buffer.from(`{"filename":"a","hash":"${'0'.repeat(64)}","path":"/x/a","methods":["GET"]},`.repeat(512));
	return flood({ headers, head: Buffer.from('['), chunk: record });
}

let zeros64: Buffer | undefined;

/** One gzip member of 64 MB of zeros (about 64 KB); members concatenate into one gzip body. */
function gzipMember(): Buffer {
	zeros64 ??= zlib.gzipSync(Buffer.alloc(64 * MB), { level: 9 });
	return zeros64;
}

/** A gzip body that unpacks to `unpacked` bytes (a multiple of 64 MB) while sending a thousandth of it. */
export function gzipBomb(unpacked: number): Flood {
	const member = gzipMember();
	return flood({ headers: { 'content-encoding': 'gzip' }, chunk: member, bytes: Math.ceil(unpacked / (64 * MB)) * member.length });
}

/** A brotli body of `unpacked` zeros, sent whole. */
export function brotliBomb(unpacked: number): Flood {
	const body = zlib.brotliCompressSync(Buffer.alloc(unpacked), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
	return flood({ headers: { 'content-encoding': 'br' }, chunk: body, bytes: body.length });
}
