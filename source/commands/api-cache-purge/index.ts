/**
 * svc api cache purge [<slug>…]: makes the early cache's answers of the named routes (every route's
 * without one) unreachable on every web node; the site answers which. Nothing is asked: a purge is
 * harmless, it only costs the next request of each route its cached answer. The routes are named as
 * for rm (route-arguments.ts), and the site refuses a slug it does not deploy, purging nothing.
 */
import { SvcError } from '../../core/errors.js';
import type { CachePurge, SiteClient } from '../../core/site-client.js';
import { shownLine } from '../../core/terminal-text.js';
import type { ApiCachePurgeCommand } from './command.js';
import { openProject, openSite } from '../shared/context.js';
import { readRouteArguments, resolveRouteArguments } from '../shared/route-arguments.js';
import { printJson, type Io } from '../shared/io.js';
import { plural } from '../shared/words.js';
import { commandMain } from '../shared/command-main.js';

/** What the entry point runs (command-main.ts: Ctrl-C, failures). */
export const main = commandMain(run);

export async function run(command: ApiCachePurgeCommand, io: Io): Promise<number> {
	const project = openProject(io);
	const named = readRouteArguments(command.slugs, project.apiLabel);
	const site = openSite(io, { site: command.site, project });
	const slugs = named.length === 0 ? undefined : (await resolveRouteArguments(named, site.client)).slugs;
	const result = await purge(site.client, slugs, site.url);
	if (command.json) {
		printJson(io, { site: site.url, purged: result.purged });
	} else {
		io.stdout.write(`${purgedLine(result)}\n`);
	}
	return 0;
}

/** The site's refusal of an unknown slug, said as a purge (the client's words are a removal's). */
async function purge(client: SiteClient, slugs: readonly string[] | undefined, siteUrl: string): Promise<CachePurge> {
	try {
		return await client.purgeCache(slugs);
	} catch (error) {
		if (error instanceof SvcError && error.serverCode === 'svc_not_found') {
			const unknown = error.slugs.length > 0 ? error.slugs : (slugs ?? []);
			throw new SvcError(`Not deployed on ${siteUrl}: ${unknown.join(', ')}. Nothing was purged.`, {
				code: 'not_found',
				status: 404,
				serverCode: 'svc_not_found',
				slugs: unknown,
				hint: 'Run "svc api list" to see the deployed routes.',
			});
		}
		throw error;
	}
}

/** `✔ Purged the cached answers of 2 routes: hello, users/[id]`, the slugs as the site named them (shown, never obeyed). */
export function purgedLine({ purged }: CachePurge): string {
	if (purged === 'all') return '✔ Purged every cached answer';
	return `✔ Purged the cached answers of ${plural(purged.length, 'route')}: ${purged.map(shownLine).join(', ')}`;
}
