/**
 * What svc writes its output to when stdout or stderr is not a terminal (a pipe, a file,
 * /dev/null): writes straight to the file descriptor with fs.writeSync, as Node's own stream does
 * for a file. Node's process.stdout would first load its stream classes, about 1.5 ms, a tenth of
 * Node's own start, which most runs (one JSON document, an error, a table) spend only to print a
 * few lines. A terminal keeps Node's stream: Ink draws on it and listens for its resize.
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
