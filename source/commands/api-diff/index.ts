/**
 * svc api diff [slug…]: how api/ differs from the site, file by file, as unified diffs (the site's
 * content is the old side, api/'s the new one: what a push would change). Every file that differs,
 * or the ones named. Coloured in a terminal, plain text when piped, records with hunks for --json.
 * Reads only: the site's contents come from the listing that pull uses.
 */
import { colorDiff } from '../../core/diff-colors.js';
import { SvcError } from '../../core/errors.js';
import { fileDiff, toDiffRecord, unifiedText, type FileDiff } from '../../core/file-diff.js';
import { scanApiDir } from '../../core/route-files.js';
import { slugFromArgument } from '../../core/slug-argument.js';
import { compareSlugs } from '../../core/slug.js';
import type { ApiDiffCommand } from './command.js';
import { openProject, openSite } from '../shared/context.js';
import { note, printJson, type Io } from '../shared/io.js';
import { plural } from '../shared/words.js';
import { commandMain } from '../shared/command-main.js';

/** What the entry point runs (command-main.ts: Ctrl-C, failures). */
export const main = commandMain(run);

export async function run(command: ApiDiffCommand, io: Io): Promise<number> {
	// Coloured in a terminal (NO_COLOR aside); the terminal itself wraps long lines.
	const colored = !command.json && io.stdout.isTTY === true && (io.env['NO_COLOR'] ?? '') === '';
	const project = openProject(io);
	const scanning = scanApiDir(project.apiDir, { lexical: false });
	scanning.catch(() => undefined);
	const site = openSite(io, { site: command.site, project });
	const [scan, listing] = await Promise.all([scanning, site.client.listFiles({ content: true })]);
	const local = new Map(scan.files.map((file) => [file.slug, file.bytes.toString('utf8')]));
	// A symbolic link on the site has no content to compare; it is listed, never followed.
	const remote = new Map(listing.files.filter((file) => file.link !== true).map((file) => [file.slug, file.content]));

	const known = new Set([...local.keys(), ...remote.keys()]);
	const named = [...new Set(command.slugs.map((arg) => slugFromArgument(arg, project.apiLabel, known)))];
	const unknown = named.filter((slug) => !local.has(slug) && !remote.has(slug));
	if (unknown.length > 0) {
		throw new SvcError(`Neither in ${project.apiLabel}/ nor on ${site.url}: ${unknown.join(', ')}.`, {
			code: 'not_found',
			slugs: unknown,
			hint: `Name a route by its slug, file, route or URL, e.g. "users/[id]", "users/{id}", "${project.apiLabel}/users/[id].php" or "/svc-api/v1/users/{id}"; "svc api list" shows the site's.`,
		});
	}
	const slugs = named.length > 0 ? named : [...new Set([...local.keys(), ...remote.keys()])].sort(compareSlugs);
	const diffs = slugs.flatMap((slug) => fileDiff(slug, remote.get(slug), local.get(slug)) ?? []);

	if (command.json) {
		printJson(io, { site: site.url, files: diffs.map(toDiffRecord) });
		return 0;
	}
	if (listing.skipped > 0) {
		note(io, `⚠ ${plural(listing.skipped, 'file')} on the site ${listing.skipped === 1 ? 'is' : 'are'} over the size limit and cannot be compared.`);
	}
	if (diffs.length === 0) {
		note(io, `No differences: ${named.length > 0 ? named.join(', ') : `${project.apiLabel}/`} ${named.length > 1 ? 'match' : 'matches'} ${site.url}.`);
		return 0;
	}
	const lines = diffs.flatMap((diff) => unifiedText(diff, project.apiLabel));
	io.stdout.write(`${(colored ? colorDiff(lines) : lines).join('\n')}\n`);
	note(io, summary(diffs));
	return 0;
}

/** `3 files differ: 1 only in api/, 2 changed (+12 −4)`, on stderr so a pipe gets the diff alone. */
function summary(diffs: readonly FileDiff[]): string {
	const count = (status: FileDiff['status']) => diffs.filter((diff) => diff.status === status).length;
	const added = diffs.reduce((sum, diff) => sum + diff.stats.added, 0);
	const removed = diffs.reduce((sum, diff) => sum + diff.stats.removed, 0);
	const parts = [
		count('added') > 0 ? `${count('added')} only here` : '',
		count('changed') > 0 ? `${count('changed')} changed` : '',
		count('removed') > 0 ? `${count('removed')} only on the site` : '',
	].filter((part) => part !== '');
	return `${plural(diffs.length, 'file')} ${diffs.length === 1 ? 'differs' : 'differ'}: ${parts.join(', ')} (+${added} −${removed} lines).`;
}
