/**
 * One warning per public route pushed (SPEC.md: a public route runs its code for any caller, with
 * no authentication). Detection is lexical, so these are exactly the files the contract warns about.
 */
import { Box } from 'ink';
import { Text } from './text.js';

export interface PublicRoute {
	/** The route's slug. */
	readonly slug: string;
	/** The live path, e.g. `/svc-api/v1/hello`; empty when not known. */
	readonly path: string;
	/** Verbs open to anyone; empty when only the site knows (then "the route" is said). */
	readonly verbs: readonly string[];
}

export interface PublicWarningsProps {
	readonly routes: readonly PublicRoute[];
	/** Nothing was written yet: say "would be". */
	readonly dryRun?: boolean;
}

/** "GET runs", "GET, POST run", "it runs": the verb agrees with what runs. */
function subject(verbs: readonly string[]): string {
	return verbs.length === 0 ? 'it' : verbs.join(', ');
}

export function PublicWarnings({ routes, dryRun = false }: PublicWarningsProps) {
	if (routes.length === 0) {
		return null;
	}
	return (
		<Box flexDirection="column">
			{routes.map((route) => (
				<Text key={route.slug}>
					<Text color="yellow">⚠ [PUBLIC]</Text> {route.path === '' ? route.slug : route.path}{' '}
					<Text dimColor>({route.slug}.php)</Text>: {subject(route.verbs)}{' '}
					{dryRun ? 'would run' : route.verbs.length > 1 ? 'run' : 'runs'} for anyone, without authentication.
				</Text>
			))}
		</Box>
	);
}
