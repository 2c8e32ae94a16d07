/**
 * A failure as --json prints it: one document on stdout, without Ink (a program reading JSON
 * waits for no terminal UI to load). report.ts uses it for --json.
 */
import { isSvcError, type ExitCode } from '../../core/errors.js';
import { printJson, type Io } from './io.js';

export const BUG_HINT = 'This is a bug in svc. Run again with SVC_DEBUG=1 for details, and report it.';

export function reportJsonError(io: Io, error: unknown): ExitCode {
	if (isSvcError(error)) {
		printJson(io, error.toJSON());
		return error.exitCode;
	}
	const message = error instanceof Error ? error.message : String(error);
	printJson(io, { error: `Unexpected error: ${message}`, code: 'bug', hint: BUG_HINT, status: null, serverCode: null, fileErrors: [], slugs: [], exitCode: 1 });
	debugStack(io, error);
	return 1;
}

/** Where a bug happened, with SVC_DEBUG=1. */
export function debugStack(io: Io, error: unknown): void {
	if (io.env['SVC_DEBUG'] === '1' && error instanceof Error && error.stack !== undefined) {
		io.stderr.write(`${error.stack}\n`);
	}
}
