#!/usr/bin/env node
/**
 * The svc entry point: a plain reader, or meow for any other line (parse-argv-entry.ts), reads argv
 * into one typed command (parse-argv.ts, with the commands' declarations: registry.ts), only that
 * command's module is loaded (so --help, --version and usage errors load no other command's) and
 * runs through its `main` (command-main.ts: Ctrl-C, failures). A run exits with 0, 1 (failure),
 * 2 (usage, or refused without --yes) or 130 (interrupted). It ends here, once the run guard
 * (run-guard.ts) has the exit code and the output is flushed, except on three edges that exit where
 * they happen: Ctrl-C before a command started (interruptedEarly, below) and while one runs
 * (command-main.ts), both 130, and a failure that escapes after the run ended, while its output is
 * flushed (run-guard.ts: the run's code, or 1 instead of 0).
 */
import type { Command } from './commands/parse-argv.js';
import type { AnyDeclaration } from './commands/registry.js';
import { builtMainHelp } from './commands/built-help.js';
import { enableCompileCache } from './core/compile-cache.js';
import { packageInfo } from './core/package-info.js';
import { INTERRUPTED } from './commands/shared/interrupt.js';
import { processIo, type Io } from './commands/shared/io.js';
import { reportFailure } from './commands/shared/report-failure.js';
import { guardTheRun } from './commands/shared/run-guard.js';

// First, so that meow and the command's module load from the cache (this file is compiled already).
enableCompileCache();

// chalk (inside Ink) honours FORCE_COLOR but not NO_COLOR, and reads it once when it loads.
if ((process.env['NO_COLOR'] ?? '') !== '') {
	process.env['FORCE_COLOR'] = '0';
}

const pkg = packageInfo();
/** process.stdout and process.stderr as far as this run has created them (see quietOnClosedPipes). */
const opened: NodeJS.WriteStream[] = [];

quietOnClosedPipes();
// Until a command takes over (its main installs its own handler, which knows what it was doing).
process.on('SIGINT', interruptedEarly);

process.title = 'svc';
const args = process.argv.slice(2);
// Before meow has read argv (a flag meow refuses), --json is known only as typed.
let json = args.includes('--json');
/** The command's words once meow has read them, for the guard's message. */
let words: readonly string[] = [];
const io = processIo(pkg.version);

// No top-level await: the build makes this file CommonJS, which loads faster (scripts/build.mjs).
// The guard ends the run with an error whatever escapes main, or if main never settles.
void guardTheRun(main(), {
	get what() {
		return `svc ${words.join(' ')}`.trim();
	},
	report: (error) => reportFailure(io, error, json),
})
	.then(finish)
	.then((code) => process.exit(code));

async function main(): Promise<number> {
	// Nothing to parse: the version and the main help need no parser (see built-help.ts).
	if (args.length === 1 && args[0] === '--version') {
		io.stdout.write(`${io.version}\n`);
		return 0;
	}
	const mainHelp = args.length === 0 || (args.length === 1 && (args[0] === '--help' || args[0] === '-h')) ? builtMainHelp() : undefined;
	if (mainHelp !== undefined) {
		io.stdout.write(`${mainHelp}\n`);
		return 0;
	}
	let command: Command;
	let parser: typeof import('./commands/parse-argv-entry.js');
	try {
		// The plain reader and the commands' declarations, loaded only now (one chunk:
		// parse-argv-entry.ts), and meow only for a line that reader leaves to it. Unknown flags are
		// reported by toCommand, so that --json still gets its JSON error.
		parser = await import('./commands/parse-argv-entry.js');
		const cli = await parser.readCommandLine(args, pkg);
		json = cli.flags.json === true;
		words = cli.input;
		command = parser.toCommand(cli.input, cli.flags);
	} catch (error) {
		return reportFailure(io, error, json);
	}
	if (command.name === 'help') {
		io.stdout.write(`${await parser.helpText(command.topic, pkg)}\n`);
		return 0;
	}
	try {
		return await dispatch(parser.declarationOf(command.name), command, io);
	} catch (error) {
		// The command's module did not load (a broken install): its main never ran.
		return reportFailure(io, error, command.json);
	}
}

/**
 * Loads the command's module, by its declaration's runner() (bundled apart with all it uses:
 * scripts/build.mjs), and runs its main.
 */
async function dispatch(declaration: AnyDeclaration, command: Exclude<Command, { name: 'help' }>, io: Io): Promise<number> {
	const runner = await declaration.runner();
	process.removeListener('SIGINT', interruptedEarly);
	return runner.main(command, io);
}

/** Ctrl-C before a command started: nothing was done yet. */
function interruptedEarly(): void {
	process.stderr.write(`\n${INTERRUPTED}\n`);
	process.exit(130);
}

/**
 * A reader that stops reading (`svc api list --json | head -1`) closes the pipe: the write fails
 * with EPIPE, which Node raises as an 'error' event nobody handles, a stack trace. The output is
 * no longer wanted, so the writes become no-ops and the command ends with its own exit code.
 *
 * Why process.stdout and process.stderr are redefined rather than handled at once: each is a lazy
 * getter that creates Node's stream on first use, whoever uses it (svc's io.ts, Ink, meow, a
 * dependency's direct write), and `process.stdout.on('error', …)` up front would create both here,
 * loading Node's stream classes and net: about 4 ms more for `svc --help | cat` (CPU and wall,
 * medians of 120 paired runs), where svc writes the help straight to the pipe
 * (shared/direct-output.ts) and needs neither. So each getter is wrapped to attach the handler as it
 * creates the stream, then replaced by the stream itself. Where Node has no getter to wrap, the
 * stream is handled at once, which costs that time again: test/cli/start-up.test.ts fails when
 * `svc --help` or `svc --version` loads Node's stream classes.
 */
function quietOnClosedPipes(): void {
	for (const name of ['stdout', 'stderr'] as const) {
		const original = Object.getOwnPropertyDescriptor(process, name);
		const create = original?.get;
		if (original === undefined || create === undefined) {
			quiet(process[name]);
			continue;
		}
		Object.defineProperty(process, name, {
			configurable: true,
			enumerable: original.enumerable ?? false,
			get() {
				const stream = create.call(process) as NodeJS.WriteStream;
				Object.defineProperty(process, name, { configurable: true, enumerable: original.enumerable ?? false, writable: true, value: stream });
				quiet(stream);
				return stream;
			},
		});
	}
}

function quiet(stream: NodeJS.WriteStream): void {
	opened.push(stream);
	stream.on('error', (error: NodeJS.ErrnoException) => {
		if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') {
			throw error;
		}
	});
}

/** process.exit does not wait for piped output on every platform; flush what was written first. */
async function finish(code: number): Promise<number> {
	await Promise.all(opened.map((stream) => new Promise<void>((resolve) => stream.write('', () => resolve()))));
	return code;
}
