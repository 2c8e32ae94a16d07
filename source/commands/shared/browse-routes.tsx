/**
 * The browsable route table as an app that ends when the person leaves it. Here, behind views.ts,
 * so that `svc api list` itself holds no JSX and its --json path loads no React.
 *
 * It runs on the terminal's alternate screen, as full-screen tools do: a resize makes the terminal
 * re-flow whatever is on screen, so lines Ink drew at the old width would be left behind (Ink
 * erases as many lines as it drew, not as many as they became). On the alternate screen each
 * resize starts from a blank screen, and leaving it gives back the screen as it was.
 */
import { RouteTable, type RouteRow } from '../../components/route-table.js';
import type { Io } from './io.js';
import { ask } from './ui.js';

const ENTER_ALTERNATE_SCREEN = '\u001B[?1049h';
const LEAVE_ALTERNATE_SCREEN = '\u001B[?1049l';
const CLEAR_SCREEN = '\u001B[2J\u001B[H';

export async function browseRoutes(io: Io, routes: readonly RouteRow[], site: string): Promise<void> {
	// Before Ink's own resize handler, which then draws the frame again on the blank screen.
	const clear = (): void => void io.stdout.write(CLEAR_SCREEN);
	io.stdout.write(ENTER_ALTERNATE_SCREEN + CLEAR_SCREEN);
	io.stdout.prependListener('resize', clear);
	try {
		await ask<void>(io, (done) => <RouteTable routes={routes} site={site} onQuit={() => done()} />);
	} finally {
		io.stdout.off('resize', clear);
		io.stdout.write(LEAVE_ALTERNATE_SCREEN);
	}
}
