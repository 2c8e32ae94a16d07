/**
 * An error as text, or as a JSON document with --json, and the exit code it deserves. The display
 * (report.ts) is bundled with every command rather than loaded when needed: it is under 3 KB, and
 * a file of its own cost more to find and load than to carry.
 */
import type { Io } from './io.js';
import { reportError } from './report.js';

export function reportFailure(io: Io, error: unknown, json: boolean): number {
	try {
		// Text or JSON, without Ink: an error is often all a run prints, and it should not wait for a UI.
		return reportError(io, error, json);
	} catch {
		// The error display itself failed (a bug): still say what went wrong.
		io.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
		return 1;
	}
}
