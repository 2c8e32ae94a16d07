/**
 * How many routes and events svc dev's screen shows in a terminal of `rows` lines, so that the whole
 * frame fits (Ink redraws a taller frame from the top, and the status line scrolled away). The
 * header and the status come first, then the events (when at least two route lines are left beside
 * them), then as many routes as fit, the last line saying how many more there are.
 */
export interface DevScreenSizes {
	readonly rows: number;
	/** Lines the last push takes (its summary, problems, warnings). */
	readonly statusLines: number;
	readonly routes: number;
	readonly events: number;
}

/** Events the screen shows at most. */
export const MAX_EVENTS = 5;

export function devScreenLayout(sizes: DevScreenSizes): { routes: number; events: number | undefined } {
	// The terminal's last line holds the cursor: a frame of `rows` lines scrolls by one.
	const usable = Math.max(1, sizes.rows - 1);
	const fixed = 1 + sizes.statusLines + 2;
	const eventLines = 2 + Math.max(1, Math.min(sizes.events, MAX_EVENTS));
	const withEvents = usable - fixed - eventLines >= Math.min(2, Math.max(1, sizes.routes));
	const room = Math.max(1, usable - fixed - (withEvents ? eventLines : 0));
	const routes = sizes.routes <= room ? sizes.routes : Math.max(0, room - 1);
	return { routes, events: withEvents ? Math.min(sizes.events, MAX_EVENTS) : undefined };
}
