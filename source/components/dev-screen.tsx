/**
 * svc dev's live screen: the site, the last push (files, time, result), each route's load state
 * and the site's latest events. Input: q or Ctrl-C quits.
 */
import { Box, useInput } from 'ink';
import { Text } from './text.js';
import type { CycleResult } from '../core/dev-loop.js';
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
}

export function DevScreen(props: DevScreenProps) {
	useInput((input, key) => {
		if (input === 'q') props.onQuit('q');
		else if (key.ctrl && input === 'c') props.onQuit('ctrl-c');
	});
	return (
		<Box flexDirection="column">
			<Text>
				<Text bold>svc dev</Text> watching {props.apiLabel}/ → {props.site} <Text dimColor>(q quits)</Text>
			</Text>
			<LastPush last={props.last} busy={props.busy} />
			<Box flexDirection="column" marginTop={1}>
				<Text bold>Routes</Text>
				{props.routes.length === 0 ? <Text dimColor>none deployed</Text> : null}
				{props.routes.map((route) => (
					<Text key={route.slug}>
						{route.error === undefined ? <Text color="green">✔</Text> : <Text color="red">✖</Text>} {route.methods.join(',').padEnd(10)} {route.path}
						{route.public ? <Text color="red"> [PUBLIC]</Text> : null}
						{route.error === undefined ? null : <Text color="red"> failed to load: {route.error}</Text>}
					</Text>
				))}
			</Box>
			<Box flexDirection="column" marginTop={1}>
				<Text bold>Latest events</Text>
				{props.events.length === 0 ? <Text dimColor>none yet</Text> : null}
				{props.events.slice(-5).map((event) => (
					<Text key={event.id}>{formatEvent(event)}</Text>
				))}
			</Box>
		</Box>
	);
}

function LastPush({ last, busy }: { readonly last: DevScreenProps['last']; readonly busy: boolean }) {
	if (busy) return <Text color="yellow">… pushing</Text>;
	if (last === undefined) return <Text dimColor>Waiting for a save.</Text>;
	const { result, at } = last;
	switch (result.kind) {
		case 'unchanged':
			return <Text dimColor>{at} nothing changed</Text>;
		case 'pushed':
			return (
				<Text color="green">
					{at} ✔ pushed {[...result.pushed, ...result.removed.map((slug) => `-${slug}`)].join(', ')}
					{result.release === null ? '' : ` (release ${result.release})`} in {result.ms} ms
				</Text>
			);
		case 'rejected':
		case 'failed':
			return (
				<Box flexDirection="column">
					<Text color="red">
						{at} ✖ {result.kind === 'rejected' ? 'not pushed: the local checks failed' : result.message}
					</Text>
					{result.problems.map((problem) => (
						<Text key={problem} color="red">
							{'  '}
							{problem}
						</Text>
					))}
				</Box>
			);
	}
}

/** The screen as an element, for svc dev's module, which has no JSX (so no JSX runtime at start-up). */
export function devScreen(props: DevScreenProps) {
	return <DevScreen {...props} />;
}
