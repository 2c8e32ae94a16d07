/**
 * What svc writes its output to when stdout or stderr is not a terminal (a pipe, a file,
 * /dev/null): writes straight to the file descriptor with fs.writeSync, as Node's own stream does
 * for a file. A terminal keeps Node's stream: Ink draws on it and listens for its resize.
 *
 * Why, though it stands in for a stream: creating process.stdout or process.stderr on a pipe loads
 * Node's stream classes and net (28 internal modules), which made `svc --help | cat` about 4 ms
 * slower (CPU and wall, medians of 120 paired runs; Node itself starts in ~22 ms), spent only to
 * print a few lines. It pays where nothing else creates Node's streams: the runs that need no parser
 * (--help, --version); meow creates both as it loads (its bundled supports-color reads them). Its
 * guard: test/cli/start-up.test.ts fails when such a run loads Node's stream classes, and the tests
 * here keep what it promises (whole writes, EAGAIN waited on, EPIPE quiet). It has only what svc
 * uses of an output that is not a terminal (write, isTTY, listeners that never fire): what needs
 * more (Ink) only ever gets a terminal's stream.
 *
 * The writes are synchronous and complete, so nothing is lost when svc exits right after. A reader
 * that went away (`svc api list --json | head -1`, EPIPE) makes the rest of the output a no-op,
 * without a stack trace. A descriptor the parent left non-blocking (EAGAIN when the pipe is full)
 * is waited on, so the output arrives whole and in order.
 */
import { fstatSync, statSync, writeSync } from 'node:fs';

/** Node's stream for a terminal (or where this cannot tell), else a direct writer. */
export function outputFor(fd: number, nodeStream: () => NodeJS.WriteStream): NodeJS.WriteStream {
	// The direct writer has what svc uses of an output (write, isTTY); Ink only ever gets a terminal's.
	return isTerminalOrUnknown(fd) ? nodeStream() : (new DirectOutput(fd) as unknown as NodeJS.WriteStream);
}

/** A pipe, socket or regular file, or /dev/null, is not a terminal; any other character device may be. */
function isTerminalOrUnknown(fd: number): boolean {
	if (process.platform === 'win32') {
		return true;
	}
	try {
		const stats = fstatSync(fd);
		if (!stats.isCharacterDevice()) {
			return false;
		}
		return stats.rdev !== statSync('/dev/null').rdev;
	} catch {
		return true;
	}
}

const WAIT = new Int32Array(new SharedArrayBuffer(4));

class DirectOutput {
	readonly isTTY = false;
	/** The reader went away: what is left to write is not wanted. */
	private closed = false;

	constructor(readonly fd: number) {}

	write(chunk: string | Uint8Array, encodingOrDone?: BufferEncoding | ((error?: Error | null) => void), done?: (error?: Error | null) => void): boolean {
		const callback = typeof encodingOrDone === 'function' ? encodingOrDone : done;
		let bytes = typeof chunk === 'string' ? Buffer.from(chunk, typeof encodingOrDone === 'string' ? encodingOrDone : 'utf8') : chunk;
		while (!this.closed && bytes.length > 0) {
			try {
				bytes = bytes.subarray(writeSync(this.fd, bytes));
			} catch (error) {
				const code = (error as NodeJS.ErrnoException).code;
				if (code === 'EAGAIN') {
					Atomics.wait(WAIT, 0, 0, 1);
				} else if (code === 'EPIPE') {
					this.closed = true;
				} else {
					throw error;
				}
			}
		}
		callback?.();
		return true;
	}

	// What callers may do to a stream and this writer needs not: listen (no events), stop listening.
	on(): this {
		return this;
	}

	once(): this {
		return this;
	}

	off(): this {
		return this;
	}

	removeListener(): this {
		return this;
	}

	listenerCount(): number {
		return 0;
	}
}
