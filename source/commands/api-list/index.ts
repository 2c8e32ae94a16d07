/**
 * svc api list: the deployed routes. In a terminal a browsable table; piped a plain table; with
 * --json the records. Public routes are badged [PUBLIC]; a file that failed to load shows why.
 */
import type { RemoteFile, SiteClient } from '../../core/site-client.js';
import type { RouteRow } from '../../components/route-table.js';
import type { ApiListCommand } from './command.js';
import { openSite } from '../shared/context.js';
import { isInteractive, note, printJson, type Io } from '../shared/io.js';
import { routeUrl } from '../../core/route-url.js';
import { plainTable, toRecord, type RouteRecord } from './route-records.js';
import { loadViews } from '../shared/load-views.js';
import { plural } from '../shared/words.js';
import { commandMain } from '../shared/command-main.js';

/** What the entry point runs (command-main.ts: Ctrl-C, failures). */
export const main = commandMain(run);

export async function run(command: ApiListCommand, io: Io): Promise<number> {
	const interactive = isInteractive(io, command.json);
	const site = openSite(io, { site: command.site });
	// Only the browsable table needs Ink (the plain and JSON tables are text), loaded while the site
	// answers: a list that stops at "no site selected" never loads it.
	const views = interactive ? loadViews() : undefined;
	const listing = await site.client.listFiles({ content: false });
	if (command.json) {
		printJson(io, await withPublicVerbs(site.client, listing.files));
		return 0;
	}
	if (listing.skipped > 0) {
		note(io, `⚠ ${plural(listing.skipped, 'file')} on the site ${listing.skipped === 1 ? 'is' : 'are'} over the size limit and not listed.`);
	}
	if (views !== undefined && listing.files.length > 0) {
		const [{ browseRoutes }, rows] = await Promise.all([views, detailedRows(site.client)]);
		await browseRoutes(io, rows, site.url);
		return 0;
	}
	io.stdout.write(listing.files.length === 0 ? `No routes are deployed on ${site.url}.\n` : `${plainTable(listing.files)}\n`);
	return 0;
}

/**
 * The --json records. A plugin older than `public_verbs` says only that some verb is public: those
 * files' verbs are found as the site finds them, by the lexical check on their content.
 */
async function withPublicVerbs(client: SiteClient, files: readonly RemoteFile[]): Promise<RouteRecord[]> {
	if (!files.some((file) => file.public && file.publicVerbs === undefined)) {
		return files.map((file) => toRecord(file));
	}
	const [{ checkRouteSource }, listing] = await Promise.all([import('../../core/php-lexical.js'), client.listFiles({ content: true })]);
	const contents = new Map(listing.files.map((file) => [file.slug, file]));
	return files.map((file) => {
		const found = contents.get(file.slug);
		const known = file.publicVerbs ?? (file.public && found !== undefined && found.link !== true ? checkRouteSource(found.content).publicVerbs : []);
		return toRecord(file, known);
	});
}

/**
 * The rows of the browsable table with what its detail view shows: the full URL, which verbs
 * anyone may call (the lexical check the site runs, on the site's own content), size and hash.
 */
async function detailedRows(client: SiteClient): Promise<RouteRow[]> {
	const [{ checkRouteSource }, listing, root] = await Promise.all([
		import('../../core/php-lexical.js'),
		client.listFiles({ content: true }),
		client.restRoot(),
	]);
	return listing.files.map((file) => {
		const path = file.path === '' ? file.slug : file.path;
		return {
			...file,
			path,
			url: file.path === '' ? undefined : routeUrl(root, file.path),
			publicVerbs: file.publicVerbs ?? (file.link === true ? [] : checkRouteSource(file.content).publicVerbs),
			size: Buffer.byteLength(file.content),
		};
	});
}
