/**
 * How a failed command ends: an ErrorBox on stderr, or with --json an error document on stdout.
 * Called only by the entry point, which then exits with the code this returns.
 */
import { ErrorBox } from '../../components/error-box.js';
import { isSvcError, type ExitCode } from '../../core/errors.js';
import { printJson, type Io } from './io.js';
import { print } from './ui.js';

export function reportError(io: Io, error: unknown, json: boolean): ExitCode {
	if (isSvcError(error)) {
		if (error.code === 'interrupted' && !json) {
			// Not a failure to explain in a box: the person stopped svc and is told what that left.
			io.stderr.write(`${error.message}\n`);
			return error.exitCode;
		}
		if (json) {
			printJson(io, error.toJSON());
		} else {
			const items = error.fileErrors.map((file) => ({ label: file.filename, message: file.message }));
			print(io.stderr, <ErrorBox message={error.message} items={items} hint={error.hint} />);
		}
		return error.exitCode;
	}
	// A bug rather than a failure svc foresaw: say so, and show where with SVC_DEBUG=1.
	const message = error instanceof Error ? error.message : String(error);
	const hint = 'This is a bug in svc. Run again with SVC_DEBUG=1 for details, and report it.';
	if (json) {
		printJson(io, { error: `Unexpected error: ${message}`, hint, exitCode: 1 });
	} else {
		print(io.stderr, <ErrorBox message={`Unexpected error: ${message}`} hint={hint} />);
	}
	if (io.env['SVC_DEBUG'] === '1' && error instanceof Error && error.stack !== undefined) {
		io.stderr.write(`${error.stack}\n`);
	}
	return 1;
}
