/**
 * svc api list: the deployed routes. In a terminal a browsable table; piped a plain table; with
 * --json the records. Public routes are badged [PUBLIC]; a file that failed to load shows why.
 */
import type { ApiListCommand } from './command.js';
import { openSite } from './shared/context.js';
import { isInteractive, note, printJson, type Io } from './shared/io.js';
import { plainTable, toRecord } from './shared/route-records.js';
import { loadViews } from './shared/load-views.js';
import { plural } from './shared/words.js';

/** Lines the browsable table leaves for its title, filter, header, detail and key help. */
const TABLE_CHROME = 8;

export async function run(command: ApiListCommand, io: Io): Promise<number> {
	const interactive = isInteractive(io, command.json);
	// Only the browsable table needs Ink; the plain and JSON tables are text.
	const views = interactive ? loadViews() : undefined;
	const site = openSite(io, { site: command.site });
	const listing = await site.client.listFiles({ content: false });
	if (command.json) {
		printJson(io, listing.files.map(toRecord));
		return 0;
	}
	if (listing.skipped > 0) {
		note(io, `⚠ ${plural(listing.skipped, 'file')} on the site ${listing.skipped === 1 ? 'is' : 'are'} over the size limit and not listed.`);
	}
	if (views !== undefined && listing.files.length > 0) {
		const { ask, RouteTable } = await views;
		const rows = listing.files.map((file) => ({ ...file, path: file.path === '' ? file.filename : file.path }));
		const height = Math.max(3, (io.stdout.rows ?? 24) - TABLE_CHROME);
		await ask<void>(io, (done) => <RouteTable routes={rows} site={site.url} height={height} onQuit={() => done()} />);
		return 0;
	}
	io.stdout.write(listing.files.length === 0 ? `No routes are deployed on ${site.url}.\n` : `${plainTable(listing.files)}\n`);
	return 0;
}
