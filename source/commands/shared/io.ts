/**
 * What a command may touch of the process: its streams, environment, working directory and the
 * user's svc config directory. The entry point passes the real ones; tests pass their own, so
 * commands never reach for globals.
 */
import { userConfigDir, type Env } from '../../core/config-dir.js';
import { shownLines } from '../../core/terminal-text.js';
import { jsonText } from '../../core/json-text.js';
import { outputFor } from './direct-output.js';

export type { Env };

export interface Io {
	readonly stdin: NodeJS.ReadStream;
	readonly stdout: NodeJS.WriteStream;
	readonly stderr: NodeJS.WriteStream;
	readonly env: Env;
	readonly cwd: string;
	/** The user's svc config directory: config.json (saved sites), credentials.json (core/config-dir.ts). */
	readonly configDir: string;
	/** svc's own version, for the User-Agent. */
	readonly version: string;
}

export function processIo(version: string): Io {
	let stdout: NodeJS.WriteStream | undefined;
	let stderr: NodeJS.WriteStream | undefined;
	return {
		// Made on first use: creating a stream costs 1 to 2 ms, and most runs use only one or two.
		get stdin() {
			return process.stdin;
		},
		get stdout() {
			return (stdout ??= outputFor(1, () => process.stdout));
		},
		get stderr() {
			return (stderr ??= outputFor(2, () => process.stderr));
		},
		env: process.env,
		cwd: process.cwd(),
		configDir: userConfigDir(process.env),
		version,
	};
}

/**
 * Prompts, live progress and the browsable list need a person at a terminal: both stdin (to read
 * keys) and stdout (to be seen). `--json` output is for programs, so it never prompts either.
 */
export function isInteractive(io: Io, json: boolean): boolean {
	// stdout first: when it is not a terminal, stdin is never created (a file or /dev/null as stdin
	// becomes an fs.ReadStream, whose classes cost about 3 ms to load).
	return !json && io.stdout.isTTY === true && io.stdin.isTTY === true;
}

/** `--json` output: one document on stdout, nothing else there. */
export function printJson(io: Io, value: unknown): void {
	io.stdout.write(`${jsonText(value, 2)}\n`);
}

/**
 * A plain line on stderr: warnings and notes that must not mix with stdout's data. Notes quote
 * the site (a file's load error, its version), so they are shown, never obeyed.
 */
export function note(io: Io, text: string): void {
	io.stderr.write(`${shownLines(text)}\n`);
}
