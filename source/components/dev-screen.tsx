/**
 * svc dev's live screen: the site, the last push (files, time, result), each route's load state
 * and the site's latest events. It never grows past the terminal's height: Ink redraws a frame
 * taller than the terminal from the top, which scrolled the status line out of sight with a few
 * hundred routes, so the route list gives way first ("… N more"), failing routes listed first.
 * Input: q or Ctrl-C quits.
 */
import { Box, useInput } from 'ink';
import { WhenListening } from './when-listening.js';
import type { ReactElement } from 'react';
import { Text } from './text.js';
import { PublicWarnings } from './public-warnings.js';
import { useTerminalSize } from './use-terminal-size.js';
import type { CycleResult } from '../core/dev-loop.js';
import { pushedSummary, waitingSummary } from '../core/dev-messages.js';
import { devScreenLayout } from '../core/dev-screen-layout.js';
import type { SiteEvent } from '../core/site-client.js';
import { formatEvent } from '../core/event-log.js';

export interface DevRoute {
	readonly slug: string;
	readonly path: string;
	readonly methods: readonly string[];
	readonly public: boolean;
	readonly error?: string | undefined;
}

export interface DevScreenProps {
	readonly site: string;
	readonly apiLabel: string;
	readonly last: { readonly at: string; readonly result: CycleResult } | undefined;
	readonly busy: boolean;
	readonly routes: readonly DevRoute[];
	readonly events: readonly SiteEvent[];
	/** q quits (exit 0); Ctrl-C interrupts (exit 130, as a SIGINT would). */
	readonly onQuit: (how: 'q' | 'ctrl-c') => void;
	/** The terminal's height; by default read from the terminal, and followed as it resizes. */
	readonly rows?: number;
}

export function DevScreen(props: DevScreenProps) {
	useInput((input, key) => {
		if (input === 'q') props.onQuit('q');
		else if (key.ctrl && input === 'c') props.onQuit('ctrl-c');
	});
	const terminal = useTerminalSize();
	const status = statusLines(props.last, props.busy);
	const layout = devScreenLayout({ rows: props.rows ?? terminal.rows, statusLines: status.lines, routes: props.routes.length, events: props.events.length });
	// Failing routes first: when the list is cut, what needs fixing stays in sight.
	const routes = [...props.routes.filter((route) => route.error !== undefined), ...props.routes.filter((route) => route.error === undefined)];
	const shown = routes.slice(0, layout.routes);
	return (
		<Box flexDirection="column">
			<Text wrap="truncate-end">
				<Text bold>svc dev</Text> watching {props.apiLabel}/ → {props.site} <Text dimColor>(q quits)</Text>
			</Text>
			<Box flexDirection="column">{status.elements}</Box>
			<Box flexDirection="column" marginTop={1}>
				<Text bold>Routes</Text>
				{props.routes.length === 0 ? <Text dimColor>none deployed</Text> : null}
				{shown.map((route) => (
					<Text key={route.slug} wrap="truncate-end">
						{route.error === undefined ? <Text color="green">✔</Text> : <Text color="red">✖</Text>} {route.methods.join(',').padEnd(10)} {route.path}
						{route.public ? <Text color="red"> [PUBLIC]</Text> : null}
						{route.error === undefined ? null : <Text color="red"> failed to load: {route.error}</Text>}
					</Text>
				))}
				{routes.length > shown.length ? <Text dimColor>… {routes.length - shown.length} more</Text> : null}
			</Box>
			{layout.events === undefined ? null : (
				<Box flexDirection="column" marginTop={1}>
					<Text bold>Latest events</Text>
					{props.events.length === 0 ? <Text dimColor>none yet</Text> : null}
					{props.events.slice(-layout.events).map((event) => (
						<Text key={event.id} wrap="truncate-end">
							{formatEvent(event)}
						</Text>
					))}
				</Box>
			)}
		</Box>
	);
}

/** Most lines a push's problems or load failures take on the screen; the rest are counted. */
const MAX_PROBLEM_LINES = 5;

/** The last push, and how many terminal lines it takes (each line is cut, never wrapped, so they can be counted). */
function statusLines(last: DevScreenProps['last'], busy: boolean): { elements: ReactElement[]; lines: number } {
	const elements = statusElements(last, busy);
	const opened = last?.result.kind === 'pushed' && !busy ? Math.min(last.result.opened.length, MAX_PROBLEM_LINES) : 0;
	return { elements, lines: elements.length + (opened > 0 ? opened - 1 : 0) };
}

function statusElements(last: DevScreenProps['last'], busy: boolean): ReactElement[] {
	if (busy) return [<Text key="s" color="yellow">… pushing</Text>];
	if (last === undefined) return [<Text key="s" dimColor>Waiting for a save.</Text>];
	const { result, at } = last;
	const listed = (lines: readonly string[]) => {
		const shown = lines.slice(0, lines.length > MAX_PROBLEM_LINES ? MAX_PROBLEM_LINES - 1 : MAX_PROBLEM_LINES);
		const elements = shown.map((line, index) => (
			<Text key={`p${index}`} color="red" wrap="truncate-end">
				{'  '}
				{line}
			</Text>
		));
		if (shown.length < lines.length) elements.push(<Text key="more" dimColor>{`  … ${lines.length - shown.length} more`}</Text>);
		return elements;
	};
	switch (result.kind) {
		case 'unchanged':
			return [<Text key="s" dimColor>{at} nothing changed</Text>];
		case 'waiting':
			return [
				<Text key="s" color="yellow" wrap="truncate-end">
					{at} {waitingSummary(result)}
				</Text>,
			];
		case 'pushed': {
			const summary = pushedSummary(result);
			return [
				<Text key="s" color={summary.ok ? 'green' : 'red'} wrap="truncate-end">
					{at} {summary.text}
				</Text>,
				...listed(summary.failures),
				// The warning svc api push gives, for a save that opened a route to anyone.
				...(result.opened.length === 0 ? [] : [<PublicWarnings key="public" routes={result.opened.slice(0, MAX_PROBLEM_LINES)} truncate />]),
			];
		}
		case 'rejected':
		case 'failed':
			return [
				<Text key="s" color="red" wrap="truncate-end">
					{at} ✖ {result.kind === 'rejected' ? 'not pushed: the local checks failed' : result.message}
				</Text>,
				...listed(result.problems),
			];
	}
}

/**
 * The screen as an element, for svc dev's module, which has no JSX (so no JSX runtime at start-up).
 * Shown once its keys are read, as every prompt is: q pressed as "(q quits)" appears quits.
 */
export function devScreen(props: DevScreenProps) {
	return (
		<WhenListening>
			<DevScreen {...props} />
		</WhenListening>
	);
}
