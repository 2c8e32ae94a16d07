/**
 * The deployed routes, browsable: ↑/↓ (and PgUp/PgDn, Home/End) move, typing filters by route or
 * file, Backspace edits the filter, Esc clears it and, once empty, leaves (so does q). Enter opens
 * the selected route in full (RouteDetail) and Esc or Enter comes back. The columns fit the
 * terminal as it is resized (route-columns.ts): [PUBLIC] and [FAILED TO LOAD] are never dropped;
 * CACHE HITS (hits / misses of the early cache) is there when the site counts some route's.
 * Markers say when there are rows above or below the visible ones.
 */
import { Box, useInput, type Key } from 'ink';
import { keyPresses } from './key-chunks.js';
import { Text } from './text.js';
import { badgesOf, CACHE_TITLE, earlyCacheCell, fitColumns, MARK_WIDTH, methodsOf, shortenLeft } from './route-columns.js';
import { RouteDetail } from './route-detail.js';
import { useLatestState } from './use-latest-state.js';
import { useTerminalSize } from './use-terminal-size.js';
import type { CachePolicy, EarlyCacheCounts, RateLimitPolicy, ScheduleStatus } from '../core/site-client.js';

export interface RouteRow {
	readonly slug: string;
	/** Live path, e.g. `/svc-api/v1/users/[id]`. */
	readonly path: string;
	readonly methods: readonly string[];
	readonly public: boolean;
	/** Why it failed to load at the last boot. */
	readonly error?: string | undefined;
	/** For the detail view, when known: a URL that can be called (example values), the verbs anyone may call, size and hash. */
	readonly url?: string | undefined;
	readonly publicVerbs?: readonly string[] | undefined;
	readonly size?: number | undefined;
	readonly hash?: string | undefined;
	/** `#[Cache]`, `#[RateLimit]` and `#[Schedule]`, when the site lists them. */
	readonly cache?: CachePolicy | undefined;
	readonly rateLimits?: Readonly<Record<string, RateLimitPolicy>> | undefined;
	readonly schedules?: readonly ScheduleStatus[] | undefined;
	/** The early cache's hits and misses of GET, when it is cached early. */
	readonly earlyCache?: EarlyCacheCounts | undefined;
}

export interface RouteTableProps {
	readonly routes: readonly RouteRow[];
	/** The site, for the title. */
	readonly site: string;
	/** Rows visible at once; default: what the terminal's height leaves, followed live. */
	readonly height?: number;
	/** Columns; default: the terminal's width, followed live. */
	readonly width?: number;
	/** Makes the table browsable; without it the table is a still picture. */
	readonly onQuit?: () => void;
}

/** Lines around the rows: title, filter, header, two scroll markers, key help, and one spare. */
const CHROME = 7;

export function filterRoutes(routes: readonly RouteRow[], filter: string): RouteRow[] {
	const needle = filter.trim().toLowerCase();
	if (needle === '') {
		return [...routes];
	}
	return routes.filter(
		(route) => route.path.toLowerCase().includes(needle) || `${route.slug}.php`.toLowerCase().includes(needle),
	);
}

interface View {
	readonly filter: string;
	readonly selected: number;
	/** First visible row. */
	readonly top: number;
	readonly active: boolean;
	/** The route shown in full, if any. */
	readonly detail: RouteRow | undefined;
}

export function RouteTable({ routes, site, height, width, onQuit }: RouteTableProps) {
	const terminal = useTerminalSize();
	const columnsWide = width ?? terminal.columns;
	const rows = Math.max(1, height ?? terminal.rows - CHROME);
	const [view, update] = useLatestState<View>(() => ({ filter: '', selected: 0, top: 0, active: onQuit !== undefined, detail: undefined }));

	const moveBy = (delta: number | 'first' | 'last'): void => {
		update((current) => {
			const count = filterRoutes(routes, current.filter).length;
			const target = delta === 'first' ? 0 : delta === 'last' ? count - 1 : current.selected + delta;
			const selected = Math.max(0, Math.min(count - 1, target));
			const top = selected < current.top ? selected : selected >= current.top + rows ? selected - rows + 1 : current.top;
			return { ...current, selected, top };
		});
	};
	const setFilter = (change: (filter: string) => string): void => {
		update((current) => ({ ...current, filter: change(current.filter), selected: 0, top: 0 }));
	};
	const quit = (): void => {
		update((current) => ({ ...current, active: false, detail: undefined }));
		onQuit?.();
	};

	// Each key of a chunk in turn (key-chunks.ts): three Backspaces typed at once delete three characters.
	const onKey = (input: string, key: Key): void => {
		// The state as the previous key of this chunk left it, not as last rendered.
		const view = update((current) => current);
		if (view.detail !== undefined) {
			if (key.escape || key.return) update((current) => ({ ...current, detail: undefined }));
			else if (input === 'q') quit();
			return;
		}
		if (key.return) {
			const chosen = filterRoutes(routes, view.filter)[view.selected];
			if (chosen !== undefined) update((current) => ({ ...current, detail: chosen }));
		} else if (key.escape) {
			if (view.filter === '') quit();
			else setFilter(() => '');
		} else if (input === 'q' && view.filter === '' && !key.ctrl && !key.meta) {
			quit();
		} else if (key.upArrow) {
			moveBy(-1);
		} else if (key.downArrow) {
			moveBy(1);
		} else if (key.pageUp) {
			moveBy(-rows);
		} else if (key.pageDown) {
			moveBy(rows);
		} else if (key.home) {
			moveBy('first');
		} else if (key.end) {
			moveBy('last');
		} else if (key.backspace || key.delete) {
			setFilter((filter) => filter.slice(0, -1));
		} else if (!key.ctrl && !key.meta && !key.tab && !key.leftArrow && !key.rightArrow && input !== '') {
			setFilter((filter) => filter + input);
		}
	};
	useInput(
		(chunk, chunkKey) => {
			for (const [input, key] of keyPresses(chunk, chunkKey)) onKey(input, key);
		},
		{ isActive: view.active },
	);

	if (view.detail !== undefined && view.active) {
		return <RouteDetail route={view.detail} />;
	}

	const visible = filterRoutes(routes, view.filter);
	// The view may have been scrolled for a taller terminal: keep the selection in sight.
	const top = Math.min(view.top, Math.max(0, view.selected - rows + 1));
	const shown = visible.slice(top, top + rows);
	const columns = fitColumns(routes, columnsWide);
	const current = visible[view.selected];
	const line = (mark: string, route: string, file: string, methods: string, cache: string, badges: string) =>
		[
			mark.padEnd(MARK_WIDTH),
			shortenLeft(route, columns.route),
			columns.methods > 0 ? `  ${methods.padEnd(columns.methods)}` : '',
			columns.file > 0 ? `  ${file.padEnd(columns.file)}` : '',
			columns.cache > 0 ? `  ${cache.padEnd(columns.cache)}` : '',
			badges === '' ? '' : `  ${badges}`,
		].join('');
	return (
		// A width given by the caller is kept; otherwise Ink's own (the terminal's, even mid-resize).
		<Box flexDirection="column" {...(width === undefined ? {} : { width })}>
			<Text wrap="truncate-end">
				<Text bold>Routes on {site}</Text>{' '}
				<Text dimColor>({visible.length === routes.length ? routes.length : `${visible.length} of ${routes.length}`})</Text>
			</Text>
			{onQuit === undefined ? null : (
				<Text wrap="truncate-end">
					<Text color="cyan">Filter:</Text> {view.filter}
					{view.active ? <Text inverse> </Text> : null}
					{view.filter === '' && view.active ? <Text dimColor> type to filter by route or file</Text> : null}
				</Text>
			)}
			<Text dimColor wrap="truncate-end">
				{line('', 'ROUTE', 'FILE', 'METHODS', CACHE_TITLE, '').trimEnd()}
			</Text>
			{routes.length === 0 ? <Text dimColor>  No routes are deployed.</Text> : null}
			{routes.length > 0 && visible.length === 0 ? <Text dimColor>  No route matches "{view.filter}".</Text> : null}
			{top > 0 ? <Text dimColor>  ↑ {top} more above</Text> : null}
			{shown.map((route, offset) => {
				const isCurrent = onQuit !== undefined && top + offset === view.selected;
				const badges = badgesOf(route);
				return (
					<Text key={route.slug} wrap="truncate-end">
						<Text color="cyan">{isCurrent ? '›' : ' '}</Text>{' '}
						<Text bold={isCurrent}>{shortenLeft(route.path, columns.route)}</Text>
						{columns.methods > 0 ? `  ${methodsOf(route).padEnd(columns.methods)}` : ''}
						{columns.file > 0 ? <Text dimColor>{`  ${`${route.slug}.php`.padEnd(columns.file)}`}</Text> : null}
						{columns.cache > 0 ? `  ${earlyCacheCell(route).padEnd(columns.cache)}` : ''}
						{badges === '' ? null : <Text color="red">{`  ${badges}`}</Text>}
					</Text>
				);
			})}
			{visible.length > top + rows ? <Text dimColor>  ↓ {visible.length - top - rows} more below</Text> : null}
			{onQuit === undefined || current?.error === undefined ? null : (
				<Box paddingLeft={2}>
					<Text color="red" wrap="truncate-end">
						{current.slug}.php failed to load: {current.error}
					</Text>
				</Box>
			)}
			{view.active ? (
				<Text dimColor wrap="truncate-end">
					{'  '}↑↓ move · type to filter · Enter details · Esc clear/quit · q quit
				</Text>
			) : null}
		</Box>
	);
}
