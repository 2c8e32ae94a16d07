import { execFileSync, spawn } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';

import { outputFor } from './direct-output.js';

let dir: string;
const opened: number[] = [];

beforeEach(() => {
	dir = mkdtempSync(path.join(os.tmpdir(), 'svc-direct-output-'));
});

afterEach(() => {
	for (const fd of opened.splice(0)) closeSync(fd);
	rmSync(dir, { recursive: true, force: true });
});

function open(file: string, flags: string | number): number {
	const fd = openSync(file, flags);
	opened.push(fd);
	return fd;
}

/** Stands in for process.stdout: the test fails if outputFor asks for Node's stream when it should not. */
const NODE_STREAM = { isTTY: true, write: () => true } as unknown as NodeJS.WriteStream;

describe('outputFor', () => {
	it('writes to a file directly, whole and in order, strings and bytes, and calls back', () => {
		const file = path.join(dir, 'out.txt');
		const output = outputFor(open(file, 'w'), () => NODE_STREAM);
		expect(output).not.toBe(NODE_STREAM);
		expect(output.isTTY).toBe(false);
		const big = 'x'.repeat(300_000);
		let called = false;
		output.write('first ✔\n');
		output.write(Buffer.from('second\n'));
		output.write(`${big}\n`, () => {
			called = true;
		});
		output.write('', 'utf8', () => undefined);
		expect(called).toBe(true);
		expect(readFileSync(file, 'utf8')).toBe(`first ✔\nsecond\n${big}\n`);
	});

	it('writes to /dev/null directly', () => {
		expect(outputFor(open('/dev/null', 'w'), () => NODE_STREAM)).not.toBe(NODE_STREAM);
	});

	it("keeps Node's stream for any other character device, which may be a terminal", () => {
		expect(outputFor(open('/dev/zero', 'r'), () => NODE_STREAM)).toBe(NODE_STREAM);
	});

	it("keeps Node's stream when the descriptor cannot be inspected", () => {
		expect(outputFor(987_654, () => NODE_STREAM)).toBe(NODE_STREAM);
	});

	it('takes the listeners callers attach to a stream, with nothing to emit', () => {
		const output = outputFor(open(path.join(dir, 'out.txt'), 'w'), () => NODE_STREAM);
		const listener = () => undefined;
		expect(output.on('error', listener)).toBe(output);
		expect(output.once('drain', listener)).toBe(output);
		expect(output.off('error', listener)).toBe(output);
		expect(output.listenerCount('error')).toBe(0);
	});

	it('makes the rest of the output a no-op, without an error, once the reader of a pipe has gone', () => {
		const fifo = path.join(dir, 'fifo');
		execFileSync('mkfifo', [fifo]);
		const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
		const output = outputFor(open(fifo, constants.O_WRONLY), () => NODE_STREAM);
		closeSync(reader);
		let called = 0;
		expect(() => output.write('nobody reads this\n', () => (called += 1))).not.toThrow();
		expect(() => output.write('nor this\n', () => (called += 1))).not.toThrow();
		expect(called).toBe(2);
	});

	it('waits on a non-blocking pipe that is full, so a slow reader still gets everything in order', async () => {
		const fifo = path.join(dir, 'fifo');
		const copy = path.join(dir, 'copy.txt');
		execFileSync('mkfifo', [fifo]);
		const reader = spawn('sh', ['-c', `sleep 0.2; cat "${fifo}" > "${copy}"`]);
		const ended = new Promise((resolve) => reader.on('exit', resolve));
		// O_RDWR opens a FIFO without waiting for a reader; O_NONBLOCK makes a full pipe answer EAGAIN.
		const fd = openSync(fifo, constants.O_RDWR | constants.O_NONBLOCK);
		const output = outputFor(fd, () => NODE_STREAM);
		const lines = Array.from({ length: 20_000 }, (_, i) => `line ${i}\n`).join('');
		output.write(lines);
		closeSync(fd);
		await ended;
		expect(readFileSync(copy, 'utf8')).toBe(lines);
	});
});
