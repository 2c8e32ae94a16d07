/**
 * An error as text, or as a JSON document with --json, and the exit code it deserves. The display
 * (report.ts) is imported only when something failed: a run that succeeds never loads it.
 */
import type { Io } from './io.js';

export async function reportFailure(io: Io, error: unknown, json: boolean): Promise<number> {
	try {
		// Text or JSON, without Ink: an error is often all a run prints, and it should not wait for a UI.
		const { reportError } = await import('./report.js');
		return reportError(io, error, json);
	} catch {
		// The error display itself failed (a broken install?): still say what went wrong.
		io.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
		return 1;
	}
}
