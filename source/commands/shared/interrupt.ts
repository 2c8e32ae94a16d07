/**
 * Ctrl-C, the one rule: svc stops with exit code 130 and says what the interruption may have left
 * behind. It reaches svc two ways: as SIGINT (no prompt is reading keys; the entry point's handler)
 * or as the key itself while a prompt holds the terminal in raw mode (`ask` in ui.tsx). Both end
 * in `interrupted()`, whose message a command sets for the stretch where it matters (a push in
 * flight). No heavy imports: the entry point loads this before any command.
 */
import { SvcError } from '../../core/errors.js';

export const INTERRUPTED = 'Interrupted.';

let current = INTERRUPTED;

/** The message an interruption would print now. */
export function interruptMessage(): string {
	return current;
}

/** Runs `task` with `message` as what an interruption says, then restores the previous one. */
export async function whileInterruptible<T>(message: string, task: () => Promise<T>): Promise<T> {
	const previous = current;
	current = message;
	try {
		return await task();
	} finally {
		current = previous;
	}
}

export function interrupted(): SvcError {
	return new SvcError(current, { code: 'interrupted', exitCode: 130 });
}

export function isInterrupted(error: unknown): boolean {
	return error instanceof SvcError && error.code === 'interrupted';
}
