import { describe, expect, it } from '@jest/globals';

import { requestBytes } from './blob-batches.js';
import { pushRelease, type PushFile } from './release-push.js';
import { sha256Hex } from './route-files.js';
import type { CommitRequest, CommitResult, SiteClient, SiteStatus, StageBlob } from './site-client.js';

/** Files of `bytes` each, so that several fill a request of `requestBytes`. */
function files(count: number, bytes: number): PushFile[] {
	return Array.from({ length: count }, (_, i) => {
		const content = Buffer.from(`${i}`.padEnd(bytes, 'x'));
		return { slug: `route-${i}`, hash: sha256Hex(content), bytes: content };
	});
}

const status = (requestBytes: number, features: readonly string[] = []): SiteStatus =>
	({ deploy: { allowed: true }, release: null, limits: { requestBytes }, features }) as unknown as SiteStatus;

const committed: CommitResult = { release: null, written: [], checked: [], dryRun: false, syntaxCheck: '', unchanged: false, plan: undefined };

/** A site that staged whatever it is sent and asks for `pauses` in turn; what happened, in order. */
function site(pauses: readonly number[]): { client: SiteClient; log: string[] } {
	const log: string[] = [];
	const staged = new Set<string>();
	let answer = 0;
	const client = {
		stageBlobs: async (blobs: readonly StageBlob[]) => {
			blobs.forEach((blob) => staged.add(blob.hash));
			log.push(`stage ${blobs.length}`);
			return { stored: blobs.map((blob) => blob.hash), present: [], pauseMs: pauses[answer++] ?? 0 };
		},
		commitRelease: async (request: CommitRequest) => {
			request.blobs?.forEach((blob) => staged.add(blob.hash));
			const missing = Object.values(request.files).filter((hash) => !staged.has(hash));
			const carried = request.blobs === undefined ? '' : ` with ${request.blobs.length}`;
			log.push(missing.length === 0 ? `commit${carried}` : `commit${carried}: ${missing.length} missing`);
			return missing.length === 0 ? committed : { missing };
		},
	} as unknown as SiteClient;
	return { client, log };
}

describe('pushRelease pauses between staging requests as the site asks', () => {
	const options = (set: readonly PushFile[], requestBytes: number, log: string[]) => ({
		files: set,
		upload: set,
		prune: false,
		removed: [],
		dryRun: false,
		status: status(requestBytes),
		wait: async (ms: number) => {
			log.push(`wait ${ms}`);
		},
	});

	it('waits after each staging request but the last, as long as each answer said', async () => {
		const { client, log } = site([120, 80, 95]);
		// Three files of ~40 KB in requests of ~64 KB: one file a request.
		const result = await pushRelease(client, options(files(3, 40_000), 64_000, log));
		expect(result.staged.requests).toBe(3);
		expect(log).toEqual(['commit: 3 missing', 'stage 1', 'wait 120', 'stage 1', 'wait 80', 'stage 1', 'commit']);
	});

	it('does not wait when the site asks for no pause, or for a push of one request', async () => {
		const none = site([0, 0]);
		await pushRelease(none.client, options(files(2, 40_000), 64_000, none.log));
		expect(none.log.filter((line) => line.startsWith('wait'))).toEqual([]);

		const one = site([500]);
		await pushRelease(one.client, options(files(2, 100), 64_000, one.log));
		expect(one.log).toEqual(['stage 2', 'commit']);
	});
});

describe("pushRelease sends a small push's contents with the commit, to a plugin that stages them there", () => {
	const options = (set: readonly PushFile[], requestBytes: number, features: readonly string[]) => ({
		files: set,
		upload: set,
		prune: false,
		removed: [],
		dryRun: false,
		status: status(requestBytes, features),
		wait: async () => undefined,
	});

	it('makes one request when the contents and the commit fit under the limit together', async () => {
		const { client, log } = site([]);
		const set = files(2, 1_000);
		const result = await pushRelease(client, options(set, 64_000, ['commit_ids', 'commit_blobs']));
		expect(log).toEqual(['commit with 2']);
		expect(result.staged).toEqual({ files: 2, requests: 0, bytes: requestBytes(set.map((file) => ({ hash: file.hash, size: file.bytes.length }))) });
	});

	it('sends each content once, however many files hold it', async () => {
		const { client, log } = site([]);
		const [file] = files(1, 500);
		const twin = { ...file!, slug: 'twin' };
		await pushRelease(client, options([file!, twin], 64_000, ['commit_blobs']));
		expect(log).toEqual(['commit with 1']);
	});

	it('stages first when the contents would not fit beside the commit, or the plugin does not say it takes them', async () => {
		// 60 KB of contents is 80 KB in base64: over a 64 KB limit with the commit.
		const big = site([]);
		await pushRelease(big.client, options(files(1, 60_000), 64_000, ['commit_blobs']));
		expect(big.log).toEqual(['stage 1', 'commit']);

		const older = site([]);
		await pushRelease(older.client, options(files(2, 1_000), 64_000, ['commit_ids']));
		expect(older.log).toEqual(['stage 2', 'commit']);
	});

	it('stages and commits again what the site still lacks after a commit that carried contents', async () => {
		const { client, log } = site([]);
		const set = files(2, 1_000);
		// The site's set names a file the plan thought it had: only the changed one is carried.
		const result = await pushRelease(client, { ...options(set, 64_000, ['commit_blobs']), upload: [set[0]!] });
		expect(log).toEqual(['commit with 1: 1 missing', 'stage 1', 'commit']);
		expect(result.staged.files).toBe(2);
	});
});
