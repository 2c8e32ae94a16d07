/**
 * How a command runs once the entry point has read argv: what Ctrl-C does meanwhile, and how a
 * failure is reported. Every command module exports `main = commandMain(run)`, and the entry point
 * calls that, then flushes the output and exits with the code it returns.
 *
 * This lives with the commands, not in the entry point, because of the build (scripts/build.mjs):
 * each command is bundled with everything it uses, and the state a run shares (the interruption
 * message, SvcError for instanceof) must be the command's own copy. The entry point keeps nothing
 * a command needs.
 */
import { interrupted, stopsItself } from './interrupt.js';
import { printJson, type Io } from './io.js';
import { reportFailure } from './report-failure.js';

export type CommandMain<C> = (command: C, io: Io) => Promise<number>;

export function commandMain<C extends { readonly json: boolean }>(run: (command: C, io: Io) => Promise<number>): CommandMain<C> {
	return async (command, io) => {
		const interrupts = exitOnInterrupt(io, command.json);
		try {
			return interrupts.wrap(await run(command, io));
		} catch (error) {
			return interrupts.wrap(reportFailure(io, error, command.json));
		}
	};
}

/**
 * Ctrl-C while no prompt holds the terminal (a push in flight, a listing loading) arrives as
 * SIGINT: say what the interruption may have left (interrupt.ts) and exit 130. A prompt gets the
 * key instead and ends the same way through `interrupted()`.
 */
function exitOnInterrupt(io: Io, json: boolean): { wrap(code: number): number } {
	let interruptedByCommand = false;
	process.on('SIGINT', () => {
		if (stopsItself()) {
			// A command whose normal end is Ctrl-C (svc dev, svc api logs --follow) ends its stream and
			// cleans up through its own handler; svc then exits 130, as everywhere.
			interruptedByCommand = true;
			return;
		}
		const error = interrupted();
		if (json) {
			printJson(io, error.toJSON());
		}
		io.stderr.write(`\n${error.message}\n`);
		process.exit(130);
	});
	return { wrap: (code) => (interruptedByCommand ? 130 : code) };
}
