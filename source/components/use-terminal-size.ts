/**
 * The terminal's size, followed live: a resize re-renders with the new width and height (Ink
 * clears what it drew before when the terminal narrows; rows that fit leave nothing behind).
 */
import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

export interface TerminalSize {
	readonly columns: number;
	readonly rows: number;
}

export function useTerminalSize(fallback: TerminalSize = { columns: 80, rows: 24 }): TerminalSize {
	const { stdout } = useStdout();
	const read = (): TerminalSize => ({ columns: stdout.columns || fallback.columns, rows: stdout.rows || fallback.rows });
	const [size, setSize] = useState(read);
	useEffect(() => {
		const resized = (): void => setSize(read());
		stdout.on('resize', resized);
		return () => {
			stdout.off('resize', resized);
		};
	});
	return size;
}
