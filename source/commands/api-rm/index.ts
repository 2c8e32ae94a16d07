/**
 * svc api rm <slug>: removes deployed route files. The name is checked locally (a path inside api/;
 * not the slug rules, so a file copied onto the site under another name can go; route-arguments.ts),
 * the file must be deployed (an unknown name is an error), and removal is confirmed: asked in a
 * terminal, --yes elsewhere. On a site with releases the removal is one release, named when the
 * site says which; it carries a commit id, so a removal whose answer was lost is sent again and
 * answered with the release it made, and a failure says where it left the site (deploy-outcome.ts).
 */
import { SvcError } from '../../core/errors.js';
import type { Release } from '../../core/site-client.js';
import type { ApiRmCommand } from './command.js';
import { confirmAction, declined } from '../shared/confirm.js';
import { deployFailure } from '../shared/deploy-outcome.js';
import { openProject, openSite } from '../shared/context.js';
import { readRouteArguments, resolveRouteArguments } from '../shared/route-arguments.js';
import { isInteractive, printJson, type Io } from '../shared/io.js';
import { toReleaseRecord } from '../shared/release-records.js';
import { plural } from '../shared/words.js';
import { commandMain } from '../shared/command-main.js';

/** What the entry point runs (command-main.ts: Ctrl-C, failures). */
export const main = commandMain(run);

export async function run(command: ApiRmCommand, io: Io): Promise<number> {
	const project = openProject(io);
	const named = readRouteArguments(command.slugs, project.apiLabel);
	const site = openSite(io, { site: command.site, project });
	// The release served before the removal, for what a failure says of the site (none from a plugin before releases).
	const status = command.dryRun ? Promise.resolve(undefined) : site.client.getStatus();
	status.catch(() => undefined);
	const { slugs, listing: listed } = await resolveRouteArguments(named, site.client);
	const remove = async (): Promise<number> => {
		const before = await status;
		const done = await site.client.deleteFiles(slugs).catch((error: unknown) => {
			throw before === undefined ? error : deployFailure(error, {
						phase: 'committing',
						site: site.url,
						before: before.release?.id ?? null,
						unknownHint: '"svc api list" shows whether the routes are still deployed; running the command again removes them if they are, and changes nothing if they are not.',
					});
		});
		return removed(io, command, site.url, done);
	};
	if (command.yes && !command.dryRun) {
		// Nothing to ask: the site's delete is atomic and refuses unknown slugs itself (not_found).
		return remove();
	}
	// Checked before asking, so nobody confirms the removal of a route that is not there.
	const listing = listed ?? (await site.client.listFiles({ content: false }));
	const deployed = new Map(listing.files.map((file) => [file.slug, file]));
	const unknown = slugs.filter((slug) => !deployed.has(slug));
	if (unknown.length > 0) {
		throw new SvcError(`Not deployed on ${site.url}: ${unknown.join(', ')}. Nothing was removed.`, {
			code: 'not_found',
			slugs: unknown,
			hint: 'Run "svc api list" to see the deployed routes.',
		});
	}
	const paths = slugs.map((slug) => deployed.get(slug)?.path || slug);
	if (command.dryRun) {
		if (command.json) printJson(io, { site: site.url, dryRun: true, removed: slugs, deleted: [], release: null });
		else io.stdout.write(`Dry run: would remove ${paths.join(', ')}. Nothing was removed.\n`);
		return 0;
	}
	const go = await confirmAction(io, {
		yes: command.yes,
		interactive: isInteractive(io, command.json),
		question: `Remove ${paths.join(', ')} from ${site.url}?`,
		action: `remove ${plural(slugs.length, 'route')}`,
	});
	if (!go) {
		return declined(io, 'nothing was removed');
	}
	return remove();
}

function removed(
	io: Io,
	command: ApiRmCommand,
	siteUrl: string,
	{ deleted, release }: { readonly deleted: readonly string[]; readonly release?: Release },
): number {
	if (command.json) {
		printJson(io, { site: siteUrl, dryRun: false, removed: deleted, deleted, release: release === undefined ? null : toReleaseRecord(release) });
	} else {
		const made = release === undefined ? '' : ` (release ${release.id})`;
		io.stdout.write(`✔ Removed ${deleted.map((slug) => `${slug}.php`).join(', ')} from ${siteUrl}${made}.\n`);
	}
	return 0;
}
