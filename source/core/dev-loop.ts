/**
 * svc dev's push cycle: after a save, scan api/ with every local check; when something fails,
 * report it and push nothing; else push the new and changed files as one release, and remove the
 * routes of files deleted locally (only files this session saw locally: a route someone else
 * deployed is never removed), all as one release of kind dev. Saves that arrive while a cycle runs
 * are folded into one more cycle. A site that is away makes a `waiting` result: the caller runs the
 * cycle again after `retryMs`, and the scan then finds whatever is still unpushed.
 */
import { SvcError } from './errors.js';
import { formatProblem, type ApiDirScan } from './route-files.js';
import { isSiteAway, planDevCycle, retryDelay } from './dev-plan.js';
import { pushRelease } from './release-push.js';
import type { SiteClient } from './site-client.js';
import type { PublicRoute } from './public-warning-text.js';

export type CycleResult =
	| { readonly kind: 'unchanged' }
	| { readonly kind: 'rejected'; readonly problems: readonly string[] }
	| {
			readonly kind: 'pushed';
			readonly pushed: readonly string[];
			readonly removed: readonly string[];
			readonly release: number | null;
			readonly ms: number;
			/** Pushed files the site could not load (filled in once its listing is read). */
			readonly failedToLoad: readonly { readonly slug: string; readonly error: string }[];
			/** Pushed routes the save made public (filled in once the site's listing is read). */
			readonly opened: readonly PublicRoute[];
			/** Verbs anyone may call, by pushed slug, as the local checks read them. */
			readonly publicVerbs: Readonly<Record<string, readonly string[]>>;
	  }
	| { readonly kind: 'failed'; readonly message: string; readonly problems: readonly string[] }
	/** The site is away (unreachable, restarting): nothing was lost, the cycle runs again by itself. */
	| { readonly kind: 'waiting'; readonly message: string; readonly pending: readonly string[]; readonly retryMs: number };

export interface DevLoopOptions {
	readonly client: SiteClient;
	readonly scan: () => Promise<ApiDirScan>;
	readonly apiLabel: string;
	readonly now?: () => number;
}

export interface DevLoop {
	/** Reads what the site has, so the first cycle pushes only what differs. */
	start(): Promise<void>;
	/** One cycle now (the watcher debounces before calling it). */
	cycle(): Promise<CycleResult>;
}

export function createDevLoop(options: DevLoopOptions): DevLoop {
	const now = options.now ?? Date.now;
	/** slug → hash the site has. */
	let deployed = new Map<string, string>();
	/** Slugs seen in the local api/ during this session: only these may be removed. */
	const seenLocally = new Set<string>();
	/** Cycles in a row that found the site away. */
	let away = 0;

	return {
		async start() {
			const listing = await options.client.listFiles({ content: false });
			deployed = new Map(listing.files.map((file) => [file.slug, file.hash]));
		},
		async cycle() {
			const started = now();
			const scan = await options.scan();
			if (scan.problems.length > 0) {
				return { kind: 'rejected', problems: scan.problems.map((problem) => formatProblem(problem, options.apiLabel)) };
			}
			for (const file of scan.files) seenLocally.add(file.slug);
			const { upload, removed } = planDevCycle(deployed, seenLocally, scan.files);
			if (upload.length === 0 && removed.length === 0) return { kind: 'unchanged' };
			try {
				const status = await options.client.getStatus();
				// One release per save, of kind dev: kept apart from deploys, so saves never prune them.
				const result = await pushRelease(options.client, {
					files: scan.files.map((file) => ({ slug: file.slug, hash: file.hash, bytes: file.bytes })),
					upload: upload.map((file) => ({ slug: file.slug, hash: file.hash, bytes: file.bytes })),
					prune: false,
					remove: removed,
					removed,
					kind: 'dev',
					dryRun: false,
					status,
				});
				away = 0;
				for (const file of upload) deployed.set(file.slug, file.hash);
				for (const slug of removed) deployed.delete(slug);
				return {
					kind: 'pushed',
					pushed: upload.map((file) => file.slug),
					removed: [...removed],
					release: result.release?.id ?? null,
					ms: now() - started,
					failedToLoad: [],
					opened: [],
					publicVerbs: Object.fromEntries(upload.filter((file) => file.check?.isPublic === true).map((file) => [file.slug, file.check?.publicVerbs ?? []])),
				};
			} catch (error) {
				if (!(error instanceof SvcError)) throw error;
				if (isSiteAway(error)) {
					away += 1;
					return { kind: 'waiting', message: error.message, pending: [...upload.map((file) => file.slug), ...removed.map((slug) => `-${slug}`)], retryMs: retryDelay(away) };
				}
				away = 0;
				return { kind: 'failed', message: error.message, problems: error.fileErrors.map((file) => `${options.apiLabel}/${file.file}: ${file.message}`) };
			}
		},
	};
}

/**
 * Runs `task` at most once at a time, `delayMs` after the last call; calls during a run make one
 * more run after it. Idle, it holds no timer at all.
 */
export function debounced(task: () => Promise<void>, delayMs: number): { trigger(): void; idle(): Promise<void>; cancel(): void } {
	let timer: NodeJS.Timeout | undefined;
	let running: Promise<void> | undefined;
	let again = false;
	const fire = () => {
		timer = undefined;
		if (running !== undefined) {
			again = true;
			return;
		}
		running = task().finally(() => {
			running = undefined;
			if (again) {
				again = false;
				fire();
			}
		});
	};
	return {
		trigger() {
			if (timer !== undefined) clearTimeout(timer);
			timer = setTimeout(fire, delayMs);
		},
		async idle() {
			while (timer !== undefined || running !== undefined) {
				await (running ?? new Promise((resolve) => setTimeout(resolve, delayMs)));
			}
		},
		cancel() {
			if (timer !== undefined) clearTimeout(timer);
			timer = undefined;
		},
	};
}
