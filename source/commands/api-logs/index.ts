/**
 * svc api logs [--follow] [--since 1h] [--route R] [--level L]: what the site's svc plugin recorded,
 * oldest first, one line each (--json: an array; with --follow one JSON object per line). --follow
 * asks the site every second for the events after the newest it has, until Ctrl-C. The filters
 * apply alike to the history and to what follows; the site keeps the whole log, so they are applied
 * here.
 */
import { eventRecord, eventsAfter, formatEvent, matchesFilter, readEvents, type EventFilter } from '../../core/event-log.js';
import type { SiteClient, SiteEvent } from '../../core/site-client.js';
import { parseRouteArgument, resolveSlug } from '../../core/slug-argument.js';
import { jsonText } from '../../core/json-text.js';
import type { ApiLogsCommand } from './command.js';
import { openProject, openSite, type Project } from '../shared/context.js';
import { stoppingItself } from '../shared/interrupt.js';
import { note, printJson, type Io } from '../shared/io.js';
import { commandMain } from '../shared/command-main.js';

/** Without --since: the latest page, like `tail`. */
const DEFAULT_COUNT = 50;
const POLL_MS = 1000;

/** What the entry point runs (command-main.ts: Ctrl-C, failures). */
export const main = commandMain(run);

export async function run(command: ApiLogsCommand, io: Io): Promise<number> {
	const project = openProject(io);
	const site = openSite(io, { site: command.site, project });
	const filter: EventFilter = { slug: await routeSlug(command, project, site.client), level: command.level };
	const filtered = filter.slug !== undefined || filter.level !== undefined;
	const first = await readEvents(site.client, {
		maxAge: command.sinceSeconds,
		// Filtered, the latest page is read whole (the site keeps 1,000): its last 50 matches are shown.
		...(command.sinceSeconds === undefined && !filtered ? { limit: DEFAULT_COUNT } : {}),
	});
	const events = first.events.filter((event) => matchesFilter(event, filter));
	const shown = command.sinceSeconds === undefined ? events.slice(-DEFAULT_COUNT) : events;
	if (!command.follow) {
		if (command.json) printJson(io, shown.map(eventRecord));
		else if (shown.length === 0) io.stdout.write(`No events on ${site.url}${command.sinceSeconds === undefined ? '' : ' in that time'}${filtered ? ' that match' : ''}.\n`);
		else io.stdout.write(shown.map((event) => `${formatEvent(event)}\n`).join(''));
		return 0;
	}
	const write = (event: SiteEvent) => {
		if (matchesFilter(event, filter)) io.stdout.write(command.json ? `${jsonText(eventRecord(event))}\n` : `${formatEvent(event)}\n`);
	};
	shown.forEach(write);
	// On stderr in both modes: stdout stays one JSON document per line, and a script (or a test) knows
	// from this line that every later event will be printed.
	note(io, `Following the events of ${site.url} (Ctrl-C stops).`);
	await follow(io, first.latest, async (after) => {
		const next = await eventsAfter(site.client, after);
		next.events.forEach(write);
		return next.latest;
	});
	return 0;
}

/**
 * The slug --route names. A route named as a client calls it (`/svc-api/v1/users/42`) is matched
 * against the deployed ones; a removed route's events are still found by its slug.
 */
async function routeSlug(command: ApiLogsCommand, project: Project, client: SiteClient): Promise<string | undefined> {
	if (command.route === undefined) return undefined;
	const argument = parseRouteArgument(command.route, project.apiLabel);
	if (!argument.called) return argument.slug;
	const listing = await client.listFiles({ content: false });
	return resolveSlug(argument, listing.files.map((file) => file.slug));
}

/** Polls until SIGINT or SIGTERM; a poll that fails is reported and retried at the next tick. */
function follow(io: Io, start: number, poll: (after: number) => Promise<number>): Promise<void> {
	return new Promise((resolve) => {
		let cursor = start;
		let timer: NodeJS.Timeout | undefined;
		let stopped = false;
		const release = stoppingItself();
		const stop = () => {
			stopped = true;
			release();
			if (timer !== undefined) clearTimeout(timer);
			process.off('SIGINT', stop);
			process.off('SIGTERM', stop);
			resolve();
		};
		process.on('SIGINT', stop);
		process.on('SIGTERM', stop);
		const tick = async () => {
			try {
				cursor = await poll(cursor);
			} catch (error) {
				note(io, `⚠ ${error instanceof Error ? error.message : String(error)} (trying again)`);
			}
			if (!stopped) timer = setTimeout(() => void tick(), POLL_MS);
		};
		timer = setTimeout(() => void tick(), POLL_MS);
	});
}
