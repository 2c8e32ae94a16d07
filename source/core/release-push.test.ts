import { describe, expect, it } from '@jest/globals';

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

const status = (requestBytes: number): SiteStatus =>
	({ deploy: { allowed: true }, release: null, limits: { requestBytes }, features: [] }) as unknown as SiteStatus;

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
			const missing = Object.values(request.files).filter((hash) => !staged.has(hash));
			log.push(missing.length === 0 ? 'commit' : `commit: ${missing.length} missing`);
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
