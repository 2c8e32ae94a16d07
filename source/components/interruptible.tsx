/**
 * Wraps every app svc mounts to read keys: while it holds the terminal in raw mode, Ctrl+C is a
 * key, not a signal, so this is where it becomes an interruption. The wrapped components leave
 * Ctrl+C to it, so the rule (exit 130, whatever is on screen) lives in one place. What it wraps is
 * shown only once keys are read (WhenListening): a key typed as the question appears counts.
 */
import { useInput } from 'ink';
import type { ReactNode } from 'react';
import { WhenListening } from './when-listening.js';

export interface InterruptibleProps {
	readonly onInterrupt: () => void;
	readonly children: ReactNode;
}

export function Interruptible({ onInterrupt, children }: InterruptibleProps) {
	useInput((input, key) => {
		if (key.ctrl && input === 'c') {
			onInterrupt();
		}
	});
	return <WhenListening>{children}</WhenListening>;
}
