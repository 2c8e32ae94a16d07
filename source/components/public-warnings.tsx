/**
 * One warning per public route pushed (docs/rules.md, "Public routes": a public route runs its code for any
 * caller, with no authentication). Detection is lexical, so these are exactly the files the contract warns about.
 */
import { Box } from 'ink';
import { Text } from './text.js';
import { publicWarningTail, type PublicRoute } from '../core/public-warning-text.js';

export type { PublicRoute } from '../core/public-warning-text.js';

export interface PublicWarningsProps {
	readonly routes: readonly PublicRoute[];
	/** Nothing was written yet: say "would be". */
	readonly dryRun?: boolean;
	/** One terminal line per route, cut at the edge (svc dev's screen counts its lines). */
	readonly truncate?: boolean;
}

export function PublicWarnings({ routes, dryRun = false, truncate = false }: PublicWarningsProps) {
	if (routes.length === 0) {
		return null;
	}
	return (
		<Box flexDirection="column">
			{routes.map((route) => (
				<Text key={route.slug} {...(truncate ? { wrap: 'truncate-end' as const } : {})}>
					<Text color="yellow">⚠ [PUBLIC]</Text> {route.path === '' ? route.slug : route.path} <Text dimColor>({route.slug}.php)</Text>:{' '}
					{publicWarningTail(route, dryRun)}
				</Text>
			))}
		</Box>
	);
}
