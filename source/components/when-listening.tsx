/**
 * Shows a prompt only once svc is reading keys, so a key pressed the moment the question appears
 * counts. Ink's useInput turns raw mode on and attaches its listener in an effect, which runs
 * after Ink has painted the first frame: a key typed in between met the terminal still in cooked
 * mode (Enter echoed and sent as "\n", which Ink does not take for Return) or no listener at all,
 * and the question waited for ever (issue 30). Here the children are mounted at once but laid out
 * with display none; this component's effect runs after every effect below it (React runs a
 * parent's effects after its children's), so when it shows them each useInput has raw mode on
 * and its listener attached.
 */
import { Box } from 'ink';
import { useEffect, useState, type ReactNode } from 'react';

export function WhenListening({ children }: { readonly children: ReactNode }) {
	const [listening, setListening] = useState(false);
	useEffect(() => setListening(true), []);
	return (
		<Box display={listening ? 'flex' : 'none'} flexDirection="column">
			{children}
		</Box>
	);
}
