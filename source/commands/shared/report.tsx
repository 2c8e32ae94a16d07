/**
 * How a failed command ends: an ErrorBox on stderr, or with --json an error document on stdout
 * (error-document.ts, which needs no Ink). Called only by the entry point (and tests), which then
 * exits with the code this returns.
 */
import { ErrorBox } from '../../components/error-box.js';
import { isSvcError, type ExitCode } from '../../core/errors.js';
import { BUG_HINT, debugStack, reportJsonError } from './error-document.js';
import type { Io } from './io.js';
import { print } from './ui.js';

export function reportError(io: Io, error: unknown, json: boolean): ExitCode {
	if (json) {
		return reportJsonError(io, error);
	}
	if (isSvcError(error)) {
		if (error.code === 'interrupted') {
			// Not a failure to explain in a box: the person stopped svc and is told what that left.
			io.stderr.write(`${error.message}\n`);
			return error.exitCode;
		}
		const items = error.fileErrors.map((file) => ({ label: file.file, message: file.message }));
		print(io.stderr, <ErrorBox message={error.message} items={items} hint={error.hint} />);
		return error.exitCode;
	}
	// A bug rather than a failure svc foresaw: say so, and show where with SVC_DEBUG=1.
	const message = error instanceof Error ? error.message : String(error);
	print(io.stderr, <ErrorBox message={`Unexpected error: ${message}`} hint={BUG_HINT} />);
	debugStack(io, error);
	return 1;
}
