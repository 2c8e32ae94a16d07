/**
 * A push as a release (docs/management-api.md, Releases): the contents the site lacks are staged
 * with `POST api-blobs` in requests under the site's body limit, then the whole file set is
 * committed by hash with `POST api-releases`. A commit the site answers with missing hashes (staged
 * contents that expired, a file edited on the server since the listing) is staged and committed
 * once more. A site whose plugin predates releases gets the old single `POST api-files` batch
 * (and `DELETE api-files` for --prune).
 */
import { fitsInCommit, packBlobs, requestBytes, requestLimit } from './blob-batches.js';
import { SvcError } from './errors.js';
import type { RequestableKind } from './release-kinds.js';
import type { CommitResult, Release, ReleasePlan, SiteClient, SiteStatus, WrittenFile } from './site-client.js';

export interface PushFile {
	readonly slug: string;
	/** Lowercase hex SHA-256 of `bytes`. */
	readonly hash: string;
	readonly bytes: Buffer;
}

export type PushProgress =
	| {
			readonly phase: 'staging';
			/** Request bytes sent so far, across every staging request. */
			readonly sent: number;
			readonly total: number;
			/** 1-based number of the request under way, and how many there are. */
			readonly request: number;
			readonly requests: number;
	  }
	| { readonly phase: 'committing'; readonly sent: number; readonly total: number }
	/** The old single batch: bytes of that one request. */
	| { readonly phase: 'uploading'; readonly sent: number; readonly total: number | undefined };

export interface ReleasePushOptions {
	/** Every local file: the release names them all by hash. */
	readonly files: readonly PushFile[];
	/** The new and changed files, whose contents the site lacks. */
	readonly upload: readonly PushFile[];
	/** `--prune`: the release is exactly `files`. */
	readonly prune: boolean;
	/** The slugs the plan removes; only the old API needs them (its separate delete). */
	readonly removed: readonly string[];
	/** Slugs the release takes out of the set without --prune (svc dev's deleted files). */
	readonly remove?: readonly string[];
	/** The release's kind: svc dev's saves are `dev`, kept apart from deploys; `preview` is not made active. */
	readonly kind?: RequestableKind;
	/** A note kept with the release. */
	readonly message?: string | undefined;
	/** The site checks everything and changes nothing. */
	readonly dryRun: boolean;
	/** `GET status`; undefined means the site's plugin predates releases. */
	readonly status: SiteStatus | undefined;
	readonly onProgress?: (progress: PushProgress) => void;
	/** Waits between staging requests as the site asks (core/staging-pause.ts); tests pass their own. */
	readonly wait?: (ms: number) => Promise<void>;
}

export interface ReleasePushResult {
	/** `release`: staged and committed; `files`: the old single batch. */
	readonly via: 'release' | 'files';
	/** The release made active; null on a dry run, when nothing changed, or with the old API. */
	readonly release: Release | null;
	readonly written: readonly WrittenFile[];
	readonly checked: readonly WrittenFile[];
	readonly deleted: readonly string[];
	readonly dryRun: boolean;
	readonly syntaxCheck: string | undefined;
	/** The site found the resulting set equal to the active one. */
	readonly unchanged: boolean;
	/** What the site said the release changes, when it said. */
	readonly plan: ReleasePlan | undefined;
	/** A preview's token, which the site shows this once. */
	readonly previewToken?: string;
	readonly staged: { readonly files: number; readonly requests: number; readonly bytes: number };
}

export async function pushRelease(client: SiteClient, options: ReleasePushOptions): Promise<ReleasePushResult> {
	if (options.status === undefined) {
		if (options.kind === 'preview') throw previewsUnsupported();
		return pushFiles(client, options);
	}
	try {
		return await pushStaged(client, options, options.status);
	} catch (error) {
		// Status answered but the write routes did not: a plugin between versions. Nothing was committed.
		if (error instanceof SvcError && error.code === 'plugin_outdated') {
			if (options.kind === 'preview') throw previewsUnsupported();
			return pushFiles(client, options);
		}
		throw error;
	}
}

/** The single batch of a plugin before releases makes every push active at once: no preview there. */
function previewsUnsupported(): SvcError {
	return new SvcError('The svc plugin on the site predates previews; nothing was pushed.', {
		code: 'plugin_outdated',
		hint: 'Update the svc plugin on the site (svc plugin zip writes the current one), then push with --preview again.',
	});
}

async function pushStaged(client: SiteClient, options: ReleasePushOptions, status: SiteStatus): Promise<ReleasePushResult> {
	const limit = requestLimit(status.limits.requestBytes);
	const byHash = new Map(options.files.map((file) => [file.hash, file]));
	const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
	const staged = { files: 0, requests: 0, bytes: 0 };
	let sentBefore = 0;
	let total = 0;

	const stage = async (files: readonly PushFile[]): Promise<void> => {
		const batches = packBlobs(
			files.map((file) => ({ hash: file.hash, size: file.bytes.length, file })),
			limit,
		);
		total += batches.reduce((sum, batch) => sum + batch.bytes, 0);
		for (const [index, batch] of batches.entries()) {
			const report = (transferred: number) =>
				options.onProgress?.({ phase: 'staging', sent: sentBefore + transferred, total, request: index + 1, requests: batches.length });
			report(0);
			const answer = await client.stageBlobs(
				batch.blobs.map((blob) => ({ hash: blob.hash, content: blob.file.bytes })),
				{ onProgress: (progress) => report(Math.min(progress.transferred, batch.bytes)) },
			);
			sentBefore += batch.bytes;
			staged.files += batch.blobs.length;
			staged.requests += 1;
			staged.bytes += batch.bytes;
			// Not after the last: the commit is what the user waits for next.
			if (index < batches.length - 1 && answer.pauseMs > 0) await wait(answer.pauseMs);
		}
	};

	const files = Object.fromEntries(options.files.map((file) => [file.slug, file.hash]));
	const commit = async (carried: readonly PushFile[] = []): Promise<CommitResult | { missing: readonly string[] }> => {
		// Counted as staging counts its requests' bodies: the blobs' JSON.
		const bytes = carried.length === 0 ? 0 : requestBytes(carried.map((file) => ({ hash: file.hash, size: file.bytes.length })));
		total += bytes;
		options.onProgress?.({ phase: 'committing', sent: sentBefore, total });
		const answer = await client.commitRelease({
			files,
			prune: options.prune,
			dryRun: options.dryRun,
			base: status.release?.id,
			...(options.remove === undefined ? {} : { remove: options.remove }),
			...(options.kind === undefined ? {} : { kind: options.kind }),
			...(options.message === undefined ? {} : { message: options.message }),
			...(carried.length === 0 ? {} : { blobs: carried.map((file) => ({ hash: file.hash, content: file.bytes })) }),
		});
		sentBefore += bytes;
		staged.files += carried.length;
		staged.bytes += bytes;
		return answer;
	};

	const local = (hashes: readonly string[]): PushFile[] => {
		const files = hashes.map((hash) => byHash.get(hash.toLowerCase()));
		if (files.some((file) => file === undefined)) {
			throw new SvcError('The site asked for contents that are not among the local files; nothing was changed.', {
				code: 'bad_response',
				hint: 'The svc plugin on the site and this CLI may be different versions; update both.',
			});
		}
		return files as PushFile[];
	};

	// Contents that fit in the commit's own body go with it, to a plugin that stages them there: one
	// request for a small push (svc dev's saves), where staging first makes two.
	// Contents that take more than one request are asked for first: the commit names them all by
	// hash, and the site answers which it lacks (or makes the release when it lacks none). A rerun
	// after a push that stopped part way then sends only what the first one did not (the site keeps
	// staged contents an hour); a fresh push pays one more small request.
	let result: CommitResult | { missing: readonly string[] } | undefined;
	let first = options.upload;
	const unique = uniqueByHash(options.upload);
	const sources = unique.map((file) => ({ hash: file.hash, size: file.bytes.length }));
	if (status.features.includes('commit_blobs') && fitsInCommit(sources, Buffer.byteLength(JSON.stringify(files)), limit)) {
		result = await commit(unique);
		first = 'missing' in result ? local(result.missing) : [];
	} else if (packBlobs(sources, limit).length > 1) {
		result = await commit();
		first = 'missing' in result ? local(result.missing) : [];
	}
	if (result === undefined || 'missing' in result) {
		await stage(first);
		result = await commit();
	}
	if ('missing' in result) {
		await stage(local(result.missing));
		result = await commit();
		if ('missing' in result) {
			throw new SvcError(`The site lost ${result.missing.length === 1 ? 'a staged content' : `${result.missing.length} staged contents`} twice; nothing was changed.`, {
				code: 'bad_response',
				hint: 'Run the push again; if it keeps failing, check that wp-content/svc/ is writable on the site.',
			});
		}
	}
	return {
		via: 'release',
		release: result.release,
		written: result.written,
		checked: result.checked,
		deleted: result.dryRun ? [] : (result.plan?.removed ?? (result.release === null ? [] : options.removed)),
		dryRun: result.dryRun,
		syntaxCheck: result.syntaxCheck,
		unchanged: result.unchanged,
		plan: result.plan,
		...(result.previewToken === undefined ? {} : { previewToken: result.previewToken }),
		staged,
	};
}

/** Each content once: two files with the same bytes are one blob. */
function uniqueByHash(files: readonly PushFile[]): PushFile[] {
	return [...new Map(files.map((file) => [file.hash, file])).values()];
}

/** The API before releases: one atomic upload batch, then a separate atomic delete for --prune. */
async function pushFiles(client: SiteClient, options: ReleasePushOptions): Promise<ReleasePushResult> {
	const upload =
		options.upload.length === 0
			? undefined
			: await client.uploadFiles(
					options.upload.map((file) => ({ slug: file.slug, content: file.bytes.toString('utf8') })),
					{
						dryRun: options.dryRun,
						onProgress: (progress) => options.onProgress?.({ phase: 'uploading', sent: progress.transferred, total: progress.total }),
					},
				);
	const deleted = options.dryRun || options.removed.length === 0 ? [] : (await client.deleteFiles(options.removed)).deleted;
	return {
		via: 'files',
		release: null,
		written: upload?.written ?? [],
		checked: upload?.checked ?? [],
		deleted,
		dryRun: options.dryRun,
		syntaxCheck: upload?.syntaxCheck,
		unchanged: false,
		plan: undefined,
		staged: { files: 0, requests: 0, bytes: 0 },
	};
}
