/**
 * The deployed routes a command's words name, for the commands that act on the site's routes by
 * name (rm, cache purge): `users/[id]`, `users/{id}`, `api/users/[id].php`, `/svc-api/v1/users/{id}`
 * and the URL all mean one slug (core/slug-argument.ts). In two steps, so that a name that cannot
 * be a file is refused before the site is asked anything, and the listing is asked for only when a
 * route is named as a client calls it (`…/users/42`), to match it against the site's routes.
 */
import { SvcError } from '../../core/errors.js';
import type { FileListing, RemoteFile, SiteClient } from '../../core/site-client.js';
import { validateRemovableName } from '../../core/slug.js';
import { parseRouteArgument, resolveSlug, type RouteArgument } from '../../core/slug-argument.js';

/** Step one, before the site is opened: each word read, and a file name checked (a called route once resolved). */
export function readRouteArguments(args: readonly string[], apiLabel: string): RouteArgument[] {
	const named = args.map((arg) => parseRouteArgument(arg, apiLabel));
	named.filter((argument) => !argument.called).forEach((argument) => checkName(argument.slug));
	return named;
}

export interface NamedRoutes {
	/** The slugs named, each once, in the order first named. */
	readonly slugs: readonly string[];
	/** The site's listing, when a called route needed it: the caller need not ask again. */
	readonly listing: FileListing<RemoteFile> | undefined;
}

/** Step two: the slugs the arguments name on this site. */
export async function resolveRouteArguments(named: readonly RouteArgument[], client: SiteClient): Promise<NamedRoutes> {
	const listing = named.some((argument) => argument.called) ? await client.listFiles({ content: false }) : undefined;
	const known = listing?.files.map((file) => file.slug) ?? [];
	const slugs = [...new Set(named.map((argument) => resolveSlug(argument, known)))];
	slugs.forEach(checkName);
	return { slugs, listing };
}

/** The name as a file under api/ (not the slug rules, so a file copied onto the site under another name can be named). */
function checkName(slug: string): void {
	const check = validateRemovableName(slug);
	if (!check.ok) {
		throw new SvcError(`${JSON.stringify(slug)} is not a file name under api/: it ${check.message}.`, {
			code: 'usage',
			exitCode: 2,
			hint: 'Name the file by its path under api/ without ".php", e.g. "users/[id]"; "svc api list" shows them.',
		});
	}
}
