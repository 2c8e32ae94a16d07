/**
 * State whose latest value is readable at once. Ink delivers each keypress as its own event, and
 * two can arrive before React re-renders (a fast typist, a paste followed by Enter, a test writing
 * keys back to back): handlers that read state from the last render would see stale values.
 */
import { useRef, useState } from 'react';

export function useLatestState<T>(init: () => T): [T, (update: (current: T) => T) => T] {
	const [first] = useState(init);
	const latest = useRef(first);
	const [, setRendered] = useState(first);
	const update = (change: (current: T) => T): T => {
		latest.current = change(latest.current);
		setRendered(latest.current);
		return latest.current;
	};
	return [latest.current, update];
}
