/**
 * svc api logs [--follow] [--since 1h]: what the site's svc plugin recorded, oldest first, one
 * line each (--json: an array; with --follow one JSON object per line). --follow asks the site every
 * second for the events after the newest it has, until Ctrl-C.
 */
import { eventRecord, eventsAfter, formatEvent, readEvents } from '../../core/event-log.js';
import type { SiteEvent } from '../../core/site-client.js';
import type { ApiLogsCommand } from '../parse-argv.js';
import { openSite } from '../shared/context.js';
import { stoppingItself } from '../shared/interrupt.js';
import { note, printJson, type Io } from '../shared/io.js';
import { commandMain } from '../shared/command-main.js';

/** Without --since: the latest page, like `tail`. */
const DEFAULT_COUNT = 50;
const POLL_MS = 1000;

/** What the entry point runs (command-main.ts: Ctrl-C, failures). */
export const main = commandMain(run);

export async function run(command: ApiLogsCommand, io: Io): Promise<number> {
	const site = openSite(io, { site: command.site });
	const first = await readEvents(site.client, {
		maxAge: command.sinceSeconds,
		...(command.sinceSeconds === undefined ? { limit: DEFAULT_COUNT } : {}),
	});
	if (!command.follow) {
		if (command.json) printJson(io, first.events.map(eventRecord));
		else if (first.events.length === 0) io.stdout.write(`No events on ${site.url}${command.sinceSeconds === undefined ? '' : ' in that time'}.\n`);
		else io.stdout.write(first.events.map((event) => `${formatEvent(event)}\n`).join(''));
		return 0;
	}
	const write = (event: SiteEvent) => io.stdout.write(command.json ? `${JSON.stringify(eventRecord(event))}\n` : `${formatEvent(event)}\n`);
	first.events.forEach(write);
	if (!command.json) note(io, `Following the events of ${site.url} (Ctrl-C stops).`);
	await follow(io, first.latest, async (after) => {
		const next = await eventsAfter(site.client, after);
		next.events.forEach(write);
		return next.latest;
	});
	return 0;
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
