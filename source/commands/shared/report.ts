/**
 * How a failed command ends: the error as text on stderr (error-text.ts), or with --json an error
 * document on stdout (error-document.ts). Neither loads Ink. Called only by the entry point (and
 * tests), which then exits with the code this returns.
 */
import { isSvcError, type ExitCode } from '../../core/errors.js';
import { BUG_HINT, debugStack, reportJsonError } from './error-document.js';
import { formatError, wantsColor, type ErrorText } from './error-text.js';
import type { Io } from './io.js';

export function reportError(io: Io, error: unknown, json: boolean): ExitCode {
	if (json) {
		return reportJsonError(io, error);
	}
	if (isSvcError(error)) {
		if (error.code === 'interrupted') {
			// Not a failure to explain: the person stopped svc and is told what that left.
			io.stderr.write(`${error.message}\n`);
			return error.exitCode;
		}
		const items = error.fileErrors.map((file) => ({ label: file.file, message: file.message }));
		write(io, { message: error.message, items, hint: error.hint });
		return error.exitCode;
	}
	// A bug rather than a failure svc foresaw: say so, and show where with SVC_DEBUG=1.
	const message = error instanceof Error ? error.message : String(error);
	write(io, { message: `Unexpected error: ${message}`, hint: BUG_HINT });
	debugStack(io, error);
	return 1;
}

function write(io: Io, text: ErrorText): void {
	io.stderr.write(`${formatError(text, wantsColor(io.stderr, io.env))}\n`);
}
