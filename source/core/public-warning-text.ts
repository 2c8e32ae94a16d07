/**
 * The words of the public-route warning (docs/rules.md, "Public routes": a public route runs its code
 * for any caller, with no authentication), one text for svc api push's and rollback's screens and svc dev's lines.
 * No JSX here: svc dev's command module loads it without React.
 */
export interface PublicRoute {
	/** The route's slug. */
	readonly slug: string;
	/** The live path, e.g. `/svc-api/v1/hello`; empty when not known. */
	readonly path: string;
	/** Verbs open to anyone; empty when only the site knows (then "the route" is said). */
	readonly verbs: readonly string[];
}

/** "GET runs", "GET, POST run", "it runs": the verb agrees with what runs. */
function subject(verbs: readonly string[]): string {
	return verbs.length === 0 ? 'it' : verbs.join(', ');
}

/** The warning's words after its tag and the route. */
export function publicWarningTail(route: PublicRoute, dryRun = false): string {
	return `${subject(route.verbs)} ${dryRun ? 'would run' : route.verbs.length > 1 ? 'run' : 'runs'} for anyone, without authentication.`;
}

/** The whole warning as one plain line. */
export function publicWarningLine(route: PublicRoute, dryRun = false): string {
	return `⚠ [PUBLIC] ${route.path === '' ? route.slug : route.path} (${route.slug}.php): ${publicWarningTail(route, dryRun)}`;
}
