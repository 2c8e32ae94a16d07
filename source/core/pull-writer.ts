/**
 * Carries out a pull plan on the local api/ directory. Each file is written to a temporary file
 * beside it and renamed into place, so an interrupted pull never leaves a half-written route.
 */
// node:fs's promises, read when first used: node:fs/promises would load at start (about 1 ms).
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { SvcError } from './errors.js';
import type { HashedLocal, PullPlan, RemoteWithContent } from './plan.js';
import { pathFromSlug, validateSlug } from './slug.js';
import { nodeCrypto } from './node-crypto.js';

export interface PullResult {
	readonly written: readonly string[];
	readonly removed: readonly string[];
}

export interface PullProgress {
	readonly done: number;
	readonly total: number;
	readonly slug: string;
}

export async function applyPullPlan(
	apiDir: string,
	plan: PullPlan<RemoteWithContent, HashedLocal>,
	onProgress?: (progress: PullProgress) => void,
): Promise<PullResult> {
	const root = path.resolve(apiDir);
	const toWrite = [...plan.create, ...plan.overwrite];
	if (toWrite.length > 0) {
		await fs.mkdir(root, { recursive: true });
	}
	const realRoot = await fs.realpath(root).catch(() => root);
	const total = toWrite.length + plan.remove.length;
	let done = 0;
	const written: string[] = [];
	for (const file of toWrite) {
		const target = localPath(root, file.slug);
		await refuseLinksOut(realRoot, target, file.slug);
		await writeAtomically(target, Buffer.from(file.content, 'utf8'));
		written.push(file.slug);
		onProgress?.({ done: ++done, total, slug: file.slug });
	}
	const removed: string[] = [];
	for (const file of plan.remove) {
		const target = localPath(root, file.slug);
		await refuseLinksOut(realRoot, target, file.slug);
		await fs.unlink(target).catch(ignoreMissing);
		await removeEmptyParents(path.dirname(target), root);
		removed.push(file.slug);
		onProgress?.({ done: ++done, total, slug: file.slug });
	}
	return { written, removed };
}

/** The file for a slug, refusing anything that would land outside api/. */
function localPath(root: string, slug: string): string {
	const check = validateSlug(slug);
	const target = path.resolve(root, ...pathFromSlug(slug).split('/'));
	if (!check.ok || !target.startsWith(root + path.sep)) {
		throw new SvcError(`Refusing to write ${JSON.stringify(slug)}: it is not a valid route file name.`, {
			code: 'bad_response',
		});
	}
	return target;
}

/**
 * A folder inside api/ may be a link to somewhere else; a pull mirrors api/ and nothing beyond it,
 * so it never writes or deletes through such a link.
 */
async function refuseLinksOut(realRoot: string, target: string, slug: string): Promise<void> {
	let existing = path.dirname(target);
	for (;;) {
		const real = await fs.realpath(existing).catch((error: NodeJS.ErrnoException) => {
			if (error.code === 'ENOENT') return undefined;
			throw error;
		});
		if (real !== undefined) {
			if (real !== realRoot && !real.startsWith(realRoot + path.sep)) {
				throw new SvcError(`Refusing to pull ${slug}.php: ${path.relative(path.dirname(realRoot), existing)} is a link that leads out of the api folder (to ${real}).`, {
					code: 'local_check_failed',
					hint: 'Replace the link with a real folder, or pull into a project without it.',
				});
			}
			return;
		}
		existing = path.dirname(existing);
	}
}

async function writeAtomically(target: string, bytes: Buffer): Promise<void> {
	await fs.mkdir(path.dirname(target), { recursive: true });
	const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${nodeCrypto().randomBytes(6).toString('hex')}.tmp`);
	try {
		await fs.writeFile(temporary, bytes);
		await fs.rename(temporary, target);
	} catch (error) {
		await fs.unlink(temporary).catch(ignoreMissing);
		throw error;
	}
}

/** Directories emptied by a removal go too, up to (not including) api/ itself. */
async function removeEmptyParents(dir: string, root: string): Promise<void> {
	let current = dir;
	while (current.startsWith(root + path.sep)) {
		const entries = await fs.readdir(current).catch(() => null);
		if (entries === null || entries.length > 0) {
			return;
		}
		await fs.rmdir(current).catch(ignoreMissing);
		current = path.dirname(current);
	}
}

function ignoreMissing(error: unknown): void {
	if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
		throw error;
	}
}
