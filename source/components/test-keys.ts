/** Key sequences and a settle wait for ink-testing-library input tests. */
export const KEYS = {
	up: '\u001B[A',
	down: '\u001B[B',
	pageDown: '\u001B[6~',
	end: '\u001B[F',
	home: '\u001B[H',
	enter: '\r',
	escape: '\u001B',
	backspace: '\u007F',
	ctrlC: '\u0003',
} as const;

/** Ink handles input and re-renders asynchronously. */
export function settle(ms = 30): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}
