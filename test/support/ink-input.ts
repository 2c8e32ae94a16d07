/**
 * Terminal input for ink-testing-library tests of the CLI's components. Lives under test/, not
 * beside the components, so it is never compiled into the package.
 */

/** Raw terminal input for the keys the tests press. */
export const KEYS = {
	up: '\u001B[A',
	down: '\u001B[B',
	end: '\u001B[F',
	home: '\u001B[H',
	enter: '\r',
	escape: '\u001B',
	backspace: '\u007F',
	ctrlC: '\u0003',
} as const;

/** Ink handles input and re-renders asynchronously. */
export const settle = (ms = 30): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
