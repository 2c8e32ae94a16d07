/**
 * No silent success: a run ends with its command's exit code, or with what went wrong and a
 * non-zero one. The entry point runs every command through this, so it holds for each command,
 * now and later, whatever the command forgets:
 * - a rejection nobody awaited, an exception thrown outside the command's promise chain (an event
 *   handler, a render): reported, and the run fails;
 * - work left waiting when nothing more can happen: the event loop emptied while the command's
 *   main was still pending (a promise nothing will ever settle). Node would exit 0 having printed
 *   nothing, which a script reads as success; here the run fails and says so.
 */
import { SvcError, type ExitCode, type FileError, type SvcErrorCode } from '../../core/errors.js';

export interface RunGuardOptions {
	/** The command as the message names it, e.g. `svc api list`. */
	readonly what: string;
	/** Prints a failure (text, or the --json error document) and returns its exit code. */
	readonly report: (error: unknown) => number;
}

/** The exit code of `run`, or of the first failure that escaped it. */
export function guardTheRun(run: Promise<number>, options: RunGuardOptions): Promise<number> {
	return new Promise((resolve) => {
		let ended: number | undefined;
		const fail = (error: unknown): void => {
			if (ended === undefined) {
				ended = failureCode(options.report(ownError(error)));
				resolve(ended);
				return;
			}
			// After the end, while the output is flushed (a write that failed, say): what was printed
			// may be incomplete, so the run must not end as it would have.
			options.report(ownError(error));
			process.exit(ended === 0 ? 1 : ended);
		};
		process.on('unhandledRejection', fail);
		process.on('uncaughtException', fail);
		process.on('beforeExit', () => {
			if (ended === undefined) fail(new Error(unfinished(options.what)));
		});
		run.then((code) => {
			if (ended === undefined) {
				ended = code;
				resolve(code);
			}
		}, fail);
	});
}

/** What a run that can no longer finish says (as an unexpected error: it is a bug in svc). */
export function unfinished(what: string): string {
	return `${what} stopped before it finished: its work was left waiting for something that can no longer happen, so nothing it did is confirmed.`;
}

/** A failure never ends a run with 0. */
function failureCode(code: number): number {
	return code === 0 ? 1 : code;
}

/**
 * The command's SvcError is the command bundle's class, not this one's (scripts/build.mjs): read it
 * by its shape, so the report still shows its message, hint and code rather than "Unexpected error".
 */
function ownError(error: unknown): unknown {
	if (error instanceof SvcError || typeof error !== 'object' || error === null) return error;
	const candidate = error as Partial<Record<keyof SvcError, unknown>>;
	if (candidate.name !== 'SvcError' || typeof candidate.message !== 'string' || typeof candidate.exitCode !== 'number') return error;
	return new SvcError(candidate.message, {
		exitCode: candidate.exitCode as ExitCode,
		...(typeof candidate.hint === 'string' ? { hint: candidate.hint } : {}),
		...(typeof candidate.code === 'string' ? { code: candidate.code as SvcErrorCode } : {}),
		...(typeof candidate.status === 'number' ? { status: candidate.status } : {}),
		...(typeof candidate.serverCode === 'string' ? { serverCode: candidate.serverCode } : {}),
		...(Array.isArray(candidate.fileErrors) ? { fileErrors: candidate.fileErrors as FileError[] } : {}),
		...(Array.isArray(candidate.slugs) ? { slugs: candidate.slugs as string[] } : {}),
	});
}
