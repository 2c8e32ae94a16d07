/**
 * What push and pull would change, decided by content hash alone, so unchanged files are never
 * uploaded and a pull touches only what differs. Pure: the caller shows the plan, then acts on it.
 */
import { sha256Hex } from './route-files.js';
import { compareSlugs, validateSlug } from './slug.js';

export interface HashedLocal {
	readonly slug: string;
	readonly hash: string;
}

export interface HashedRemote {
	readonly slug: string;
	readonly hash: string;
}

export interface RemoteWithContent {
	readonly slug: string;
	readonly content: string;
}

export interface PushPlan<L extends HashedLocal, R extends HashedRemote> {
	/** Local files the site lacks. */
	readonly added: readonly L[];
	/** Local files whose content differs from the site's. */
	readonly changed: readonly L[];
	readonly unchanged: readonly L[];
	/** Site files absent locally that `--prune` deletes; empty without prune. */
	readonly removed: readonly R[];
	/** Site files absent locally that are kept because prune is off; empty with prune. */
	readonly remoteOnly: readonly R[];
}

export function planPush<L extends HashedLocal, R extends HashedRemote>(
	local: readonly L[],
	remote: readonly R[],
	options: { readonly prune: boolean },
): PushPlan<L, R> {
	const remoteBySlug = new Map(remote.map((file) => [file.slug, file]));
	const localSlugs = new Set(local.map((file) => file.slug));
	const added: L[] = [];
	const changed: L[] = [];
	const unchanged: L[] = [];
	for (const file of [...local].sort(bySlug)) {
		const deployed = remoteBySlug.get(file.slug);
		if (deployed === undefined) {
			added.push(file);
		} else if (deployed.hash.toLowerCase() === file.hash.toLowerCase()) {
			unchanged.push(file);
		} else {
			changed.push(file);
		}
	}
	const absent = remote.filter((file) => !localSlugs.has(file.slug)).sort(bySlug);
	return {
		added,
		changed,
		unchanged,
		removed: options.prune ? absent : [],
		remoteOnly: options.prune ? [] : absent,
	};
}

/** The files a push uploads (added and changed), in slug order. */
export function filesToUpload<L extends HashedLocal>(plan: PushPlan<L, HashedRemote>): L[] {
	return [...plan.added, ...plan.changed].sort(bySlug);
}

export function isPushNoop(plan: PushPlan<HashedLocal, HashedRemote>): boolean {
	return plan.added.length === 0 && plan.changed.length === 0 && plan.removed.length === 0;
}

export interface RejectedRemote {
	readonly slug: string;
	readonly message: string;
}

export interface PullPlan<R extends RemoteWithContent, L extends HashedLocal> {
	/** Site files with no local counterpart. */
	readonly create: readonly R[];
	/** Site files whose content differs from the local file. */
	readonly overwrite: readonly R[];
	/** Local files the site lacks: a mirror removes them. */
	readonly remove: readonly L[];
	readonly unchanged: readonly R[];
	/**
	 * Site files whose name is not a valid slug. They are never written: a name like `../x` from
	 * a broken or hostile site must not escape api/.
	 */
	readonly rejected: readonly RejectedRemote[];
	/** Local files the site has but did not send (over its size limit): never removed. */
	readonly kept: readonly L[];
}

export interface PullOptions {
	/**
	 * Slugs the site has but left out of its listing (X-Svc-Skipped-Files), or 'unknown' when it
	 * skipped some without naming them: then no local file is removed, since any could be one of them.
	 */
	readonly notListed?: readonly string[] | 'unknown';
}

/** Local files are compared by the SHA-256 of the bytes a pull would write (UTF-8 of `content`). */
export function planPull<R extends RemoteWithContent, L extends HashedLocal>(
	remote: readonly R[],
	local: readonly L[],
	options: PullOptions = {},
): PullPlan<R, L> {
	const localBySlug = new Map(local.map((file) => [file.slug, file]));
	const create: R[] = [];
	const overwrite: R[] = [];
	const unchanged: R[] = [];
	const rejected: RejectedRemote[] = [];
	const accepted = new Set<string>();
	for (const file of [...remote].sort(bySlug)) {
		const check = validateSlug(file.slug);
		if (!check.ok) {
			rejected.push({ slug: file.slug, message: `the site sent an invalid file name: ${check.message}` });
			continue;
		}
		accepted.add(file.slug);
		const existing = localBySlug.get(file.slug);
		if (existing === undefined) {
			create.push(file);
		} else if (existing.hash.toLowerCase() === sha256Hex(Buffer.from(file.content, 'utf8'))) {
			unchanged.push(file);
		} else {
			overwrite.push(file);
		}
	}
	const notListed = options.notListed ?? [];
	const onSiteUnlisted = (slug: string) => notListed === 'unknown' || notListed.includes(slug);
	const missing = local.filter((file) => !accepted.has(file.slug)).sort(bySlug);
	const remove = missing.filter((file) => !onSiteUnlisted(file.slug));
	const kept = missing.filter((file) => onSiteUnlisted(file.slug));
	return { create, overwrite, remove, unchanged, rejected, kept };
}

export function isPullNoop(plan: PullPlan<RemoteWithContent, HashedLocal>): boolean {
	return plan.create.length === 0 && plan.overwrite.length === 0 && plan.remove.length === 0;
}

function bySlug(a: { readonly slug: string }, b: { readonly slug: string }): number {
	return compareSlugs(a.slug, b.slug);
}
