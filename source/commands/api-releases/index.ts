/**
 * svc api releases: the releases the site keeps, newest first, and which one is active. In a
 * terminal an Ink table; piped a plain table; with --json the records.
 */
import type { ApiReleasesCommand } from './command.js';
import { openSite } from '../shared/context.js';
import { isInteractive, printJson, type Io } from '../shared/io.js';
import { preload } from '../shared/load-views.js';
import { plainReleaseTable, toReleaseRecord } from '../shared/release-records.js';
import { commandMain } from '../shared/command-main.js';

/** What the entry point runs (command-main.ts: Ctrl-C, failures). */
export const main = commandMain(run);

export async function run(command: ApiReleasesCommand, io: Io): Promise<number> {
	const site = openSite(io, { site: command.site });
	// Only the terminal's table needs Ink (the plain and JSON tables are text), loaded while the site
	// answers: a command that stops at "no site selected" never loads it.
	const views = isInteractive(io, command.json) ? preload(import('./screens.js')) : undefined;
	const releases = await site.client.listReleases();
	if (command.json) {
		printJson(io, releases.map(toReleaseRecord));
		return 0;
	}
	if (views !== undefined) {
		(await views).printReleases(io, releases, site.url);
		return 0;
	}
	io.stdout.write(releases.length === 0 ? `No releases on ${site.url} yet: the first push makes one.\n` : `${plainReleaseTable(releases)}\n`);
	return 0;
}
