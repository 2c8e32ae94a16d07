/**
 * The deployed routes, browsable: ↑/↓ (and PgUp/PgDn, Home/End) move, typing filters by route or
 * file, Backspace edits the filter, Esc clears it and, once empty, leaves (so do Enter and Ctrl+C).
 * Public routes carry a [PUBLIC] badge; a file that failed to load shows the reason.
 */
import { Box, Text, useInput } from 'ink';
import { useLatestState } from './use-latest-state.js';

export interface RouteRow {
	readonly filename: string;
	/** Live path, e.g. `/svc-api/v1/users/[id]`. */
	readonly path: string;
	readonly methods: readonly string[];
	readonly public: boolean;
	/** Why it failed to load at the last boot. */
	readonly error?: string | undefined;
}

export interface RouteTableProps {
	readonly routes: readonly RouteRow[];
	/** The site, for the title. */
	readonly site: string;
	/** Rows visible at once; the view scrolls to keep the selection in sight. */
	readonly height?: number;
	/** Makes the table browsable; without it the table is a still picture. */
	readonly onQuit?: () => void;
}

export function filterRoutes(routes: readonly RouteRow[], filter: string): RouteRow[] {
	const needle = filter.trim().toLowerCase();
	if (needle === '') {
		return [...routes];
	}
	return routes.filter(
		(route) => route.path.toLowerCase().includes(needle) || `${route.filename}.php`.toLowerCase().includes(needle),
	);
}

interface View {
	readonly filter: string;
	readonly selected: number;
	/** First visible row. */
	readonly top: number;
	readonly active: boolean;
}

export function RouteTable({ routes, site, height = 15, onQuit }: RouteTableProps) {
	const rows = Math.max(1, height);
	const [view, update] = useLatestState<View>(() => ({ filter: '', selected: 0, top: 0, active: onQuit !== undefined }));

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
		update((current) => ({ ...current, active: false }));
		onQuit?.();
	};

	useInput(
		(input, key) => {
			if ((key.ctrl && input === 'c') || key.return) {
				quit();
			} else if (key.escape) {
				if (view.filter === '') quit();
				else setFilter(() => '');
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
		},
		{ isActive: view.active },
	);

	const visible = filterRoutes(routes, view.filter);
	const shown = visible.slice(view.top, view.top + rows);
	const pathWidth = Math.max(5, ...routes.map((route) => route.path.length));
	const fileWidth = Math.max(4, ...routes.map((route) => route.filename.length + 4));
	const current = visible[view.selected];
	return (
		<Box flexDirection="column">
			<Text>
				<Text bold>Routes on {site}</Text>{' '}
				<Text dimColor>({visible.length === routes.length ? routes.length : `${visible.length} of ${routes.length}`})</Text>
			</Text>
			{onQuit === undefined ? null : (
				<Text>
					<Text color="cyan">Filter:</Text> {view.filter}
					{view.active ? <Text inverse> </Text> : null}
					{view.filter === '' && view.active ? <Text dimColor> type to filter by route or file</Text> : null}
				</Text>
			)}
			<Text dimColor>
				{'  '}
				{'ROUTE'.padEnd(pathWidth)}  {'FILE'.padEnd(fileWidth)}  METHODS
			</Text>
			{routes.length === 0 ? <Text dimColor>  No routes are deployed.</Text> : null}
			{routes.length > 0 && visible.length === 0 ? <Text dimColor>  No route matches "{view.filter}".</Text> : null}
			{shown.map((route, offset) => {
				const isCurrent = onQuit !== undefined && view.top + offset === view.selected;
				return (
					<Text key={route.filename} wrap="truncate-end">
						<Text color="cyan">{isCurrent ? '›' : ' '}</Text> <Text bold={isCurrent}>{route.path.padEnd(pathWidth)}</Text>
						{'  '}
						<Text dimColor>{`${route.filename}.php`.padEnd(fileWidth)}</Text>
						{'  '}
						{route.methods.length === 0 ? '-' : route.methods.join(', ')}
						{route.public ? <Text color="red"> [PUBLIC]</Text> : null}
						{route.error === undefined ? null : <Text color="red"> [FAILED TO LOAD]</Text>}
					</Text>
				);
			})}
			{visible.length > view.top + rows ? <Text dimColor>  ↓ {visible.length - view.top - rows} more</Text> : null}
			{onQuit === undefined || current?.error === undefined ? null : (
				<Box paddingLeft={2}>
					<Text color="red">
						{current.filename}.php failed to load: {current.error}
					</Text>
				</Box>
			)}
			{view.active ? <Text dimColor>  ↑↓ move · type to filter · Esc clear/quit · Enter quit</Text> : null}
		</Box>
	);
}
