/**
 * svc api new <slug>: writes a route file that passes every push-time check. The class name is
 * free among the project's route files and, when a site is configured, the site's; an existing
 * file is never overwritten. Works without a site (nothing is sent to one).
 */
// Synchronous: one small file, and node:fs/promises would cost about 1 ms to load.
import { lstatSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SvcError } from '../../core/errors.js';
import { parseCacheFlag, parseRateLimitFlag, parseScheduleFlag, type Parsed, type RateLimitFlag, type ScheduleFlag } from '../../core/policy-flags.js';
import { parseVerbs, scaffoldRoute, type Scaffold } from '../../core/route-scaffold.js';
import { scanApiDir } from '../../core/route-files.js';
import type { ApiNewCommand } from './command.js';
import { openProject, openSite } from '../shared/context.js';
import { note, printJson, type Io } from '../shared/io.js';
import { commandMain } from '../shared/command-main.js';

/** What the entry point runs (command-main.ts: Ctrl-C, failures). */
export const main = commandMain(run);

export async function run(command: ApiNewCommand, io: Io): Promise<number> {
	const verbs = command.verbs === undefined ? undefined : parseVerbs(command.verbs);
	if (verbs !== undefined && !verbs.ok) {
		throw new SvcError(`${verbs.message}.`, { code: 'usage', exitCode: 2, hint: 'e.g. "svc api new orders --verbs get,post".' });
	}
	const policies = {
		...flag(command.cache, parseCacheFlag, 'cache', 'e.g. "svc api new feed --cache 300" (seconds).'),
		...flag(command.rateLimit, parseRateLimitFlag, 'rateLimit', 'e.g. "svc api new contact --verbs post --rate-limit 5/60" (5 requests per 60 seconds).'),
		...flag(command.schedule, parseScheduleFlag, 'schedule', 'e.g. "svc api new jobs/sync --schedule hourly" or "--schedule every:300".'),
	};
	// The slug is checked before anything is read, so a typo fails at once.
	const first = scaffoldRoute({
		slug: command.slug,
		isPublic: command.isPublic,
		...(command.capability === undefined ? {} : { capability: command.capability }),
		...(verbs === undefined ? {} : { verbs: verbs.verbs }),
		...policies,
	});
	if (!first.ok) {
		throw new SvcError(`${first.message}.`, {
			code: 'usage',
			exitCode: 2,
			hint: 'Segments are lowercase kebab-case or [param], e.g. "svc api new users/[id]".',
		});
	}
	const project = openProject(io);
	const target = path.join(project.apiDir, ...first.scaffold.relPath.split('/'));
	const label = `${project.apiLabel}/${first.scaffold.relPath}`;
	if (exists(target)) {
		throw new SvcError(`${label} already exists; svc api new never overwrites a file.`, {
			code: 'file_exists',
			hint: 'Edit it, or pick another slug.',
		});
	}

	const local = await scanApiDir(project.apiDir, { allowMissing: true });
	const taken = local.files.flatMap((file) => file.check?.classes ?? []);
	const site = await siteClasses(io, command);
	const result = scaffoldRoute({
		slug: command.slug,
		isPublic: command.isPublic,
		...(command.capability === undefined ? {} : { capability: command.capability }),
		...(verbs === undefined ? {} : { verbs: verbs.verbs }),
		...policies,
		takenClasses: [...taken, ...site.classes],
	});
	if (!result.ok) throw new SvcError(result.message, { code: 'usage', exitCode: 2 });
	const scaffold = result.scaffold;

	mkdirSync(path.dirname(target), { recursive: true });
	// 'wx': a file that appeared since the check is still not overwritten.
	writeFileSync(target, scaffold.source, { flag: 'wx' });
	report(io, command, scaffold, label, site.checked, policies);
	return 0;
}

interface Policies {
	readonly cache?: number;
	readonly rateLimit?: RateLimitFlag;
	readonly schedule?: ScheduleFlag;
}

/** A policy flag read, or a usage error naming what is wrong with it and an example. */
function flag<K extends keyof Policies>(text: string | undefined, parse: (text: string) => Parsed<NonNullable<Policies[K]>>, key: K, example: string): Pick<Policies, K> {
	if (text === undefined) return {} as Pick<Policies, K>;
	const parsed = parse(text);
	if (!parsed.ok) throw new SvcError(`${parsed.message}.`, { code: 'usage', exitCode: 2, hint: example });
	return { [key]: parsed.value } as Pick<Policies, K>;
}

function report(io: Io, command: ApiNewCommand, scaffold: Scaffold, label: string, siteChecked: string | undefined, policies: Policies): void {
	if (command.json) {
		printJson(io, {
			file: label,
			slug: scaffold.slug,
			className: scaffold.className,
			verbs: scaffold.verbs,
			params: scaffold.params,
			public: command.isPublic,
			capability: command.capability ?? null,
			cache: policies.cache ?? null,
			rateLimit: policies.rateLimit ?? null,
			schedule: policies.schedule === undefined ? null : 'every' in policies.schedule ? `every:${policies.schedule.every}` : policies.schedule.recurrence,
			siteChecked: siteChecked ?? null,
		});
		return;
	}
	const checkedWith = siteChecked === undefined ? 'the project' : `the project and ${siteChecked}`;
	io.stdout.write(`✔ Created ${label}: class ${scaffold.className} (free in ${checkedWith}), ${scaffold.verbs.join(', ')} /${scaffold.slug}.\n`);
	if (command.isPublic) {
		io.stdout.write('⚠ Public: anyone can call this route without logging in. Remove #[Permission(public: true)] to close it again.\n');
	} else if (command.capability !== undefined) {
		io.stdout.write(`  Logged-in users who can ${command.capability} may call it; everyone else gets rest_forbidden.\n`);
	} else {
		io.stdout.write('  Closed: only administrators may call it (--public or --capability open it).\n');
	}
	io.stdout.write('  Next: svc api push (or svc dev, which pushes on every save).\n');
}

/** The class names of the site's route files, when a site is configured; the scaffold works without. */
async function siteClasses(io: Io, command: ApiNewCommand): Promise<{ classes: string[]; checked: string | undefined }> {
	let site;
	try {
		site = openSite(io, { site: command.site });
	} catch (error) {
		if (error instanceof SvcError && error.code === 'no_credentials' && command.site === undefined) return { classes: [], checked: undefined };
		throw error;
	}
	try {
		const [listing, { checkRouteSource }] = await Promise.all([site.client.listFiles({ content: true }), import('../../core/php-lexical.js')]);
		return { classes: listing.files.flatMap((file) => checkRouteSource(file.content).classes), checked: site.url };
	} catch (error) {
		// The file is still worth writing: the push checks class names again.
		note(io, `⚠ Could not read the route files of ${site.url} (${error instanceof Error ? error.message : String(error)}); the class name is checked against the project only.`);
		return { classes: [], checked: undefined };
	}
}

function exists(file: string): boolean {
	try {
		lstatSync(file);
		return true;
	} catch {
		return false;
	}
}
