/**
 * Streams for running a command in-process: they remember what was written and are never a TTY,
 * like a pipe or CI.
 */
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import type { Env, Io } from '../../source/commands/shared/io.js';

/** `configDir` is the user config directory the command sees (Io.configDir); tests give a temp one. */
export function fakeIo(env: Env, cwd: string, stdinText = '', configDir = path.join(cwd, 'config', 'svc')) {
	const written = { stdout: '', stderr: '' };
	const sink = (key: keyof typeof written) =>
		Object.assign(
			new Writable({
				write(chunk: Buffer, _encoding, callback) {
					written[key] += chunk.toString();
					callback();
				},
			}),
			{ isTTY: false },
		) as unknown as NodeJS.WriteStream;
	const io: Io = {
		stdin: Object.assign(Readable.from([Buffer.from(stdinText)]), { isTTY: false }) as unknown as NodeJS.ReadStream,
		stdout: sink('stdout'),
		stderr: sink('stderr'),
		env,
		cwd,
		configDir,
		version: 'test',
	};
	return { io, written };
}
