/**
 * svc dev: watches api/ and pushes each save (debounced) as one release after the local checks;
 * shows the last push, each route's load state and the site's latest events. In a terminal an Ink
 * screen; piped, one line per push and event; --json, one JSON object per line. Ctrl-C stops
 * (exit 130). Idle it waits on the file watcher and polls the event log every few seconds, nothing else.
 * Which site: which-site.ts (a saved default is used only once the person agrees). With no saved
 * site it starts a throwaway WordPress (local-site.ts), pushes api/ to it, and removes it when it stops.
 */
import { mkdirSync } from 'node:fs';
import { createDevLoop, debounced, type CycleResult } from '../../core/dev-loop.js';
import { loadFailures, openedRoutes } from '../../core/dev-plan.js';
import { pushedSummary, repeatsWaiting, waitingSummary } from '../../core/dev-messages.js';
import { publicWarningLine } from '../../core/public-warning-text.js';
import { watchTree, type TreeWatcher } from '../../core/tree-watcher.js';
import { eventRecord, eventsAfter, formatEvent } from '../../core/event-log.js';
import { scanApiDir } from '../../core/route-files.js';
import type { SiteEvent } from '../../core/site-client.js';
import type { DevRoute } from '../../components/dev-screen.js';
import type { DevCommand } from './command.js';
import type { LocalSite } from '../../local-site/local-site.js';
import { declined } from '../shared/confirm.js';
import { shownLines } from '../../core/terminal-text.js';
import { jsonText } from '../../core/json-text.js';
import { openProject, type Project, type Site } from '../shared/context.js';
import { chooseDevSite } from './which-site.js';
import { stoppingItself } from '../shared/interrupt.js';
import { isInteractive, note, type Io } from '../shared/io.js';
import { commandMain } from '../shared/command-main.js';

/** Editors write a file in several steps (truncate, write, rename): one push for all of them. */
const DEBOUNCE_MS = 40;
const EVENT_POLL_MS = 2000;
/** Polls back off while nothing happens (svc dev idle costs next to no CPU), up to this. */
const EVENT_POLL_MAX_MS = 8000;

/** How svc dev ended, and the exit code it gives: q 0; Ctrl-C / SIGINT 130 and SIGTERM 143, as the signals would. */
type Ending = 'quit' | 'SIGINT' | 'SIGTERM';
const EXIT_CODES: Record<Ending, number> = { quit: 0, SIGINT: 130, SIGTERM: 143 };

/** What the entry point runs (command-main.ts: Ctrl-C, failures). */
export const main = commandMain(run);

export async function run(command: DevCommand, io: Io): Promise<number> {
	const project = openProject(io);
	const choice = await chooseDevSite(io, command, project);
	if (choice.kind === 'declined') return declined(io, 'no site to push to');
	// From here to the end a SIGINT or SIGTERM ends svc dev the orderly way: while the throwaway site
	// starts (seconds), it is honoured once the site is up, so that it is removed whole.
	const interrupt = listenForInterrupts();
	try {
		if (choice.kind === 'site') return EXIT_CODES[await watch(command, io, project, choice.site, undefined, interrupt)];
		// The throwaway site's code (packages, Playground, MariaDB…) loads only when it is needed.
		const { startLocalDevSite } = await import('./local-site.js');
		const started = await startLocalDevSite(io, command);
		if (started === undefined) return declined(io, 'no site to push to');
		try {
			announce(io, command, started.local);
			return EXIT_CODES[interrupt.ending ?? (await watch(command, io, project, started.site, started.local, interrupt))];
		} finally {
			note(io, 'Removing the throwaway WordPress…');
			await started.local.stop();
		}
	} finally {
		interrupt.dispose();
	}
}

interface Interrupts {
	/** The signal that came, if one did. */
	readonly ending: Ending | undefined;
	/** Calls back on the first signal (at once if one came already). */
	onInterrupt(callback: (how: Ending) => void): void;
	dispose(): void;
}

function listenForInterrupts(): Interrupts {
	let ending: Ending | undefined;
	let callback: ((how: Ending) => void) | undefined;
	const on = (how: Ending) => () => {
		ending ??= how;
		callback?.(ending);
	};
	const onInt = on('SIGINT');
	const onTerm = on('SIGTERM');
	const release = stoppingItself();
	process.on('SIGINT', onInt);
	process.on('SIGTERM', onTerm);
	return {
		get ending() {
			return ending;
		},
		onInterrupt: (next) => {
			callback = next;
			if (ending !== undefined) next(ending);
		},
		dispose: () => {
			release();
			process.off('SIGINT', onInt);
			process.off('SIGTERM', onTerm);
		},
	};
}

/** The throwaway site's address, login and runtime, before anything else is shown. */
function announce(io: Io, command: DevCommand, local: LocalSite): void {
	if (command.json) {
		io.stdout.write(`${jsonText({ type: 'local-site', url: local.url, runtime: local.runtime, admin: local.admin })}\n`);
		return;
	}
	io.stdout.write(
		[
			`A throwaway WordPress runs at ${local.url} (${local.runtime}).`,
			`  Log in at ${local.url}/wp-admin/ as ${local.admin.login}, password ${local.admin.password}`,
			'  It is removed when svc dev stops.',
			'',
		].join('\n'),
	);
}

async function watch(command: DevCommand, io: Io, project: Project, site: Site, local: LocalSite | undefined, interrupt: Interrupts): Promise<Ending> {
	mkdirSync(project.apiDir, { recursive: true });
	const loop = createDevLoop({ client: site.client, scan: () => scanApiDir(project.apiDir), apiLabel: project.apiLabel });
	await loop.start();
	const out = output(io, command, site, project.apiLabel, local);

	let routes = await readRoutes(site);
	let cursor = (await site.client.listEvents({ perPage: 1 })).latest;
	let retry: NodeJS.Timeout | undefined;
	let stopped = false;
	const runCycle = async () => {
		if (retry !== undefined) clearTimeout(retry);
		retry = undefined;
		out.busy();
		// What the site served before this push (the event poll may refresh routes meanwhile).
		const before = routes;
		let result = await loop.cycle().catch((error: unknown): CycleResult => ({ kind: 'failed', message: error instanceof Error ? error.message : String(error), problems: [] }));
		if (result.kind === 'pushed') {
			routes = await readRoutes(site).catch(() => routes);
			result = { ...result, failedToLoad: loadFailures(result.pushed, routes), opened: openedRoutes(result.pushed, result.publicVerbs, before, routes) };
		}
		// The site is away: the save is not lost; the cycle runs again by itself until it is pushed.
		if (result.kind === 'waiting' && !stopped) retry = setTimeout(() => push.trigger(), result.retryMs);
		out.cycle(result, routes);
	};
	const push = debounced(runCycle, DEBOUNCE_MS);
	out.ready(routes);
	// The first cycle pushes what changed while svc dev was not running.
	push.trigger();

	let watcher: TreeWatcher | undefined;
	let poller: NodeJS.Timeout | undefined;
	const ending = await new Promise<Ending>((resolve) => {
		out.onQuit(resolve);
		interrupt.onInterrupt(resolve);
		let pollMs = EVENT_POLL_MS;
		watcher = watchTree(project.apiDir, () => {
			push.trigger();
			// A save makes events likely again (a release, a load failure): look soon.
			pollMs = EVENT_POLL_MS;
		});
		const poll = async () => {
			try {
				const next = await eventsAfter(site.client, cursor);
				cursor = next.latest;
				pollMs = next.events.length > 0 ? EVENT_POLL_MS : Math.min(pollMs * 2, EVENT_POLL_MAX_MS);
				if (next.events.length > 0) {
					if (next.events.some((event) => event.type !== 'release')) routes = await readRoutes(site).catch(() => routes);
					out.events(next.events, routes);
				}
			} catch {
				// The site is away for a moment (a restart): the next poll tries again.
			}
			poller = setTimeout(() => void poll(), pollMs);
		};
		poller = setTimeout(() => void poll(), EVENT_POLL_MS);
	});
	watcher?.close();
	stopped = true;
	if (retry !== undefined) clearTimeout(retry);
	if (poller !== undefined) clearTimeout(poller);
	push.cancel();
	await push.idle();
	await out.finish();
	return ending;
}

async function readRoutes(site: Site): Promise<DevRoute[]> {
	const listing = await site.client.listFiles({ content: false });
	return listing.files.map((file) => ({ slug: file.slug, path: file.path, methods: file.methods, public: file.public, error: file.error }));
}

interface Output {
	ready(routes: readonly DevRoute[]): void;
	busy(): void;
	cycle(result: CycleResult, routes: readonly DevRoute[]): void;
	events(events: readonly SiteEvent[], routes: readonly DevRoute[]): void;
	onQuit(quit: (how: Ending) => void): void;
	finish(): Promise<void>;
}

/** A cycle's --json line (docs/cli-json/dev.schema.json): opened routes in svc api push's words. */
function jsonCycle(result: Exclude<CycleResult, { kind: 'unchanged' }>): Record<string, unknown> {
	const time = new Date().toISOString();
	if (result.kind !== 'pushed') return { type: result.kind, time, ...result, kind: undefined };
	const { kind, publicVerbs: _verbs, opened, ...rest } = result;
	return { type: kind, time, ...rest, opened: opened.map((route) => ({ slug: route.slug, route: route.path, verbs: route.verbs })) };
}

const clock = () => new Date().toTimeString().slice(0, 8);

function output(io: Io, command: DevCommand, site: Site, apiLabel: string, local: LocalSite | undefined): Output {
	if (command.json) {
		const line = (value: unknown) => io.stdout.write(`${jsonText(value)}\n`);
		let previous: CycleResult | undefined;
		return {
			// The contract's words (docs/cli-json.md): route and verbs, error null when the file loads.
			ready: (routes) =>
				line({
					type: 'ready',
					site: site.url,
					apiDir: apiLabel,
					local: local !== undefined,
					routes: routes.map((route) => ({ slug: route.slug, route: route.path, verbs: route.methods, public: route.public, error: route.error ?? null })),
				}),
			busy: () => undefined,
			cycle: (result) => {
				if (result.kind !== 'unchanged' && !repeatsWaiting(previous, result)) line(jsonCycle(result));
				previous = result;
			},
			events: (events) => events.forEach((event) => line({ type: 'event', event: eventRecord(event) })),
			onQuit: () => undefined,
			finish: async () => undefined,
		};
	}
	if (!isInteractive(io, false)) {
		// Lines quote the site (its refusals, a file's load error): shown, never obeyed.
		const line = (text: string) => io.stdout.write(`${shownLines(text)}\n`);
		let previous: CycleResult | undefined;
		return {
			ready: (routes) => line(`svc dev: watching ${apiLabel}/ → ${site.url} (${routes.length} routes deployed; Ctrl-C stops)`),
			busy: () => undefined,
			cycle: (result) => {
				if (result.kind === 'pushed') {
					const summary = pushedSummary(result);
					line(`${clock()} ${summary.text}${summary.failures.map((failure) => `\n  ${failure}`).join('')}`);
					// The warning svc api push gives, in its words, before anyone calls the route.
					for (const route of result.opened) line(publicWarningLine(route));
				}
				if (result.kind === 'rejected') line(`${clock()} ✖ not pushed: the local checks failed\n${result.problems.map((problem) => `  ${problem}`).join('\n')}`);
				if (result.kind === 'failed') line(`${clock()} ✖ ${result.message}${result.problems.map((problem) => `\n  ${problem}`).join('')}`);
				if (result.kind === 'waiting' && !repeatsWaiting(previous, result)) line(`${clock()} ${waitingSummary(result)}`);
				previous = result;
			},
			events: (events) => events.filter((event) => event.type !== 'release').forEach((event) => line(formatEvent(event))),
			onQuit: () => undefined,
			finish: async () => undefined,
		};
	}
	return inkOutput(io, site, apiLabel);
}

function inkOutput(io: Io, site: Site, apiLabel: string): Output {
	type State = { last: { at: string; result: CycleResult } | undefined; busy: boolean; routes: readonly DevRoute[]; events: readonly SiteEvent[] };
	let state: State = { last: undefined, busy: false, routes: [], events: [] };
	let quit: (how: Ending) => void = () => undefined;
	let draw: ((next: State) => void) | undefined;
	let finish: () => Promise<void> = async () => undefined;
	const ready = (async () => {
		// Ink and React load here, with the screen: the module itself has no JSX (no JSX runtime to load).
		const [{ render }, { devScreen }] = await Promise.all([import('ink'), import('../../components/dev-screen.js')]);
		const element = (current: State) => devScreen({ site: site.url, apiLabel, ...current, onQuit: (how) => quit(how === 'q' ? 'quit' : 'SIGINT') });
		const instance = render(element(state), { stdin: io.stdin, stdout: io.stdout, stderr: io.stderr, exitOnCtrlC: false, patchConsole: false });
		draw = (next) => instance.rerender(element(next));
		finish = async () => {
			instance.unmount();
			await instance.waitUntilExit();
		};
	})();
	const update = (patch: Partial<State>) => {
		state = { ...state, ...patch };
		draw?.(state);
	};
	return {
		ready: (routes) => update({ routes }),
		busy: () => update({ busy: true }),
		cycle: (result, routes) => update(result.kind === 'unchanged' && state.last !== undefined ? { busy: false } : { busy: false, routes, last: { at: clock(), result } }),
		events: (events, routes) => update({ routes, events: [...state.events, ...events].slice(-20) }),
		onQuit: (stop) => (quit = stop),
		finish: async () => {
			await ready;
			await finish();
		},
	};
}
