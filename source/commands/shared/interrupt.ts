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

let selfStopping = 0;

/**
 * For a command whose normal end is Ctrl-C (svc dev, svc api logs --follow): from now until the
 * returned release, SIGINT is its own to handle (end its stream, clean up); the entry point then
 * exits 130 instead of stopping it mid-way.
 */
export function stoppingItself(): () => void {
	selfStopping += 1;
	let released = false;
	return () => {
		if (!released) {
			released = true;
			selfStopping -= 1;
		}
	};
}

export function stopsItself(): boolean {
	return selfStopping > 0;
}

export function interrupted(): SvcError {
	return new SvcError(current, { code: 'interrupted', exitCode: 130 });
}

export function isInterrupted(error: unknown): boolean {
	return error instanceof SvcError && error.code === 'interrupted';
}
