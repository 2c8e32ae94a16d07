/**
 * A route named on the command line the ways people name it: the slug (`users/[id]`, or `users/{id}`
 * as OpenAPI writes it), the file (`users/[id].php`, `api/users/[id].php`, `./api/…`), the live
 * route (`/svc-api/v1/users/{id}`, as `svc api list` shows it) or the URL a client calls
 * (`https://example.com/wp-json/svc-api/v1/users/42`, also `?rest_route=…`). All mean one slug, for
 * every command that takes a route (rm, diff, logs --route). Pure.
 */

/** `/<name>/v<N>/`: a route namespace at the start of a live route path. */
const NAMESPACE_PREFIX = /^\/[a-z0-9]+(?:-[a-z0-9]+)*\/v[0-9]+\//;
/** The same anywhere in a URL's path (after the site's own folders). */
const NAMESPACE_INSIDE = /\/[a-z0-9]+(?:-[a-z0-9]+)*\/v[0-9]+\//;
const URL_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const BRACED = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const DYNAMIC = /^\[[A-Za-z_][A-Za-z0-9_]*\]$/;

export interface RouteArgument {
	/** The slug as written, braces made brackets: `users/[id]`, or `users/42` from a URL. */
	readonly slug: string;
	/**
	 * Named as a client calls it (a URL or a live route): its segments may be values (`users/42`),
	 * so resolveSlug() matches it against the routes' patterns.
	 */
	readonly called: boolean;
}

/** The slug `arg` names; `apiLabel` is the route folder as the user knows it (e.g. `api`). */
export function slugFromArgument(arg: string, apiLabel: string, known?: Iterable<string>): string {
	const parsed = parseRouteArgument(arg, apiLabel);
	return known === undefined ? parsed.slug : resolveSlug(parsed, known);
}

export function parseRouteArgument(arg: string, apiLabel: string): RouteArgument {
	let name = arg.trim();
	let called = false;
	if (URL_SCHEME.test(name)) {
		name = routeOfUrl(name);
		called = true;
	}
	name = name.replace(/^(\.\/)+/, '');
	const folder = `${apiLabel.replace(/\/+$/, '')}/`;
	if (!called && folder !== './' && name.startsWith(folder)) {
		name = name.slice(folder.length);
	} else if (NAMESPACE_PREFIX.test(name)) {
		name = name.replace(NAMESPACE_PREFIX, '');
		called = true;
	}
	name = name.replace(/\/+$/, '');
	if (name.endsWith('.php')) name = name.slice(0, -'.php'.length);
	return { slug: name.replace(BRACED, '[$1]'), called };
}

/**
 * The deployed (or local) slug a called route means: itself when known, else the route whose
 * pattern it matches (`users/42` → `users/[id]`), static segments winning as WordPress matches
 * them (`users/me` over `users/[id]`). Unknown: the slug as given, for the caller to report.
 */
export function resolveSlug(argument: RouteArgument, known: Iterable<string>): string {
	const slugs = [...known];
	if (!argument.called || slugs.includes(argument.slug)) return argument.slug;
	const segments = argument.slug.split('/');
	const matching = slugs
		.map((slug) => slug.split('/'))
		.filter((pattern) => pattern.length === segments.length && pattern.every((part, index) => part === segments[index] || DYNAMIC.test(part)));
	matching.sort((a, b) => (staticness(a) > staticness(b) ? -1 : staticness(a) < staticness(b) ? 1 : 0));
	return matching[0]?.join('/') ?? argument.slug;
}

/** `1` per static segment, `0` per dynamic one, left to right: sorts like WordPress's matching order. */
function staticness(segments: readonly string[]): string {
	return segments.map((part) => (DYNAMIC.test(part) ? '0' : '1')).join('');
}

/** `https://host/blog/wp-json/svc-api/v1/users/42?x=1` → `/svc-api/v1/users/42`. */
function routeOfUrl(text: string): string {
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return text;
	}
	const restRoute = url.searchParams.get('rest_route');
	const path = restRoute ?? safeDecode(url.pathname);
	const rest = path.indexOf('/wp-json/');
	const after = rest >= 0 ? path.slice(rest + '/wp-json'.length) : path;
	const namespace = NAMESPACE_INSIDE.exec(after);
	return namespace === null ? after : after.slice(namespace.index);
}

function safeDecode(text: string): string {
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
}
