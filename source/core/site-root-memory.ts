/**
 * Where each site's REST API lives, remembered between commands (rest-roots.json in the user's svc
 * config directory), so that a command does not make WordPress boot once more to answer the
 * discovery probe: about one request in six of a push, one in three of a rollback. The file is a
 * cache, not a setting: anything odd in it (another origin, a bad URL, bad JSON, too large) is
 * read as nothing remembered, and a remembered root that the site no longer answers under is
 * forgotten and found again (site-connection.ts). The password still goes only to the origin the
 * user named: a root is recalled only for that origin, and callOnce checks it again before sending.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RestRoot } from './site-connection.js';

export interface RootMemory {
	recall(siteUrl: string): RestRoot | undefined;
	remember(siteUrl: string, root: RestRoot): void;
	forget(siteUrl: string): void;
}

interface Entry {
	readonly kind: RestRoot['kind'];
	readonly url: string;
	/** When it was found (ms since the epoch): the oldest are dropped past MAX_SITES. */
	readonly at: number;
}

export type Remembered = Readonly<Record<string, Entry>>;

const FILE = 'rest-roots.json';
/** Sites remembered at most; one entry is about 150 bytes. */
export const MAX_SITES = 64;
/** A file larger than this is not read (it cannot be ours). */
const MAX_BYTES = 64 * 1024;

/** The remembered entries of a parsed file, each checked for shape; anything else is dropped. */
export function rememberedOf(data: unknown): Remembered {
	if (typeof data !== 'object' || data === null || Array.isArray(data)) return {};
	const entries: [string, Entry][] = [];
	for (const [site, value] of Object.entries(data as Record<string, unknown>)) {
		const entry = value as Partial<Entry> | null;
		if (typeof entry !== 'object' || entry === null) continue;
		if ((entry.kind !== 'path' && entry.kind !== 'query') || typeof entry.url !== 'string' || typeof entry.at !== 'number' || !Number.isFinite(entry.at)) continue;
		entries.push([site, { kind: entry.kind, url: entry.url, at: entry.at }]);
	}
	return Object.fromEntries(entries);
}

/**
 * The root remembered for this site, only if it is on the site's own origin (the one the user named:
 * the password goes nowhere else) and of the form discovery gives.
 */
export function recalledRoot(remembered: Remembered, siteUrl: string): RestRoot | undefined {
	const entry = Object.hasOwn(remembered, siteUrl) ? remembered[siteUrl] : undefined;
	if (entry === undefined) return undefined;
	let url: URL;
	let site: URL;
	try {
		url = new URL(entry.url);
		site = new URL(siteUrl);
	} catch {
		return undefined;
	}
	if (url.origin !== site.origin || url.username !== '' || url.password !== '' || url.hash !== '') return undefined;
	if (entry.kind === 'query') {
		return url.searchParams.get('rest_route') === '/' ? { kind: 'query', url } : undefined;
	}
	return url.search === '' ? { kind: 'path', url } : undefined;
}

/** The entries with this site's root set (or removed, for undefined), at most MAX_SITES, the newest kept. */
export function withRoot(remembered: Remembered, siteUrl: string, root: RestRoot | undefined, now: number): Remembered {
	const { [siteUrl]: _old, ...others } = remembered;
	const entries = Object.entries(others);
	if (root !== undefined) entries.push([siteUrl, { kind: root.kind, url: root.url.toString(), at: now }]);
	return Object.fromEntries(entries.sort(([, a], [, b]) => b.at - a.at).slice(0, MAX_SITES));
}

/**
 * The memory in `configDir`. Read on each use (another command may have written it meanwhile) and
 * written whole through a temporary file and a rename, so that a reader never sees half of it;
 * every failure to read or write is ignored: the site is then found again, as with no memory.
 */
export function fileRootMemory(configDir: string, now: () => number = Date.now): RootMemory {
	const file = path.join(configDir, FILE);
	const read = (): Remembered => {
		try {
			const text = readFileSync(file, 'utf8');
			return text.length > MAX_BYTES ? {} : rememberedOf(JSON.parse(text));
		} catch {
			return {};
		}
	};
	const write = (remembered: Remembered): void => {
		try {
			mkdirSync(configDir, { recursive: true, mode: 0o700 });
			const temporary = `${file}.${process.pid}.tmp`;
			writeFileSync(temporary, `${JSON.stringify(remembered, null, '\t')}\n`, { mode: 0o600 });
			renameSync(temporary, file);
		} catch {
			// A cache that cannot be written costs one discovery probe next time.
		}
	};
	return {
		recall: (siteUrl) => recalledRoot(read(), siteUrl),
		remember: (siteUrl, root) => {
			const remembered = read();
			if (remembered[siteUrl]?.url === root.url.toString() && remembered[siteUrl].kind === root.kind) return;
			write(withRoot(remembered, siteUrl, root, now()));
		},
		forget: (siteUrl) => {
			const remembered = read();
			if (Object.hasOwn(remembered, siteUrl)) write(withRoot(remembered, siteUrl, undefined, now()));
		},
	};
}
