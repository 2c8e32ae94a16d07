import { describe, expect, it } from '@jest/globals';
import { base64Length, blobJsonBytes, DEFAULT_REQUEST_BYTES, fitsInCommit, packBlobs, requestBytes, requestLimit, type BlobSource } from './blob-batches.js';
import { MAX_FILE_BYTES, sha256Hex } from './route-files.js';

/** A blob with real bytes, so the computed sizes can be checked against the JSON actually sent. */
function blob(size: number, seed = size): BlobSource & { readonly bytes: Buffer } {
	const bytes = Buffer.alloc(size, seed % 251);
	bytes.write(String(seed));
	return { hash: sha256Hex(bytes), size, bytes };
}

/** The body the site client sends for a batch. */
function body(blobs: readonly (BlobSource & { readonly bytes: Buffer })[]): string {
	return JSON.stringify({ blobs: blobs.map((item) => ({ hash: item.hash, content_base64: item.bytes.toString('base64') })) });
}

describe('base64 growth', () => {
	it.each([
		[0, 0],
		[1, 4],
		[2, 4],
		[3, 4],
		[4, 8],
		[MAX_FILE_BYTES, 699_052],
	])('%i bytes are %i characters of base64', (bytes, characters) => {
		expect(base64Length(bytes)).toBe(characters);
		expect(Buffer.alloc(bytes).toString('base64')).toHaveLength(characters);
	});
});

describe('JSON overhead', () => {
	it('requestBytes is exactly the length of the body JSON.stringify writes, for 0, 1 and several blobs', () => {
		for (const blobs of [[], [blob(1)], [blob(10), blob(11), blob(12_345)]]) {
			expect(requestBytes(blobs)).toBe(Buffer.byteLength(body(blobs)));
		}
	});

	it('one blob costs its base64, its 64-character hash and 31 bytes of keys and quotes', () => {
		expect(blobJsonBytes(blob(300))).toBe(400 + 64 + 31);
	});
});

describe('packBlobs', () => {
	it('keeps every request body at or under the limit, in the order given', () => {
		const blobs = Array.from({ length: 12 }, (_, index) => blob(250 * 1024 + index, index));
		const batches = packBlobs(blobs, DEFAULT_REQUEST_BYTES);
		expect(batches.length).toBeGreaterThan(1);
		expect(batches.flatMap((batch) => batch.blobs)).toEqual(blobs);
		for (const batch of batches) {
			expect(batch.bytes).toBe(Buffer.byteLength(body(batch.blobs as typeof blobs)));
			expect(batch.bytes).toBeLessThanOrEqual(DEFAULT_REQUEST_BYTES);
		}
	});

	it('fills a request before starting the next (greedy): three 250 KB files fit one 1 MB request, four do not', () => {
		const blobs = Array.from({ length: 4 }, (_, index) => blob(250 * 1024, index));
		expect(packBlobs(blobs, 1024 * 1024).map((batch) => batch.blobs.length)).toEqual([3, 1]);
	});

	it('a file at the 512 KB limit always fits one request under 1 MB, even with the default margin', () => {
		const largest = blob(MAX_FILE_BYTES);
		const [only, ...rest] = packBlobs([largest, blob(MAX_FILE_BYTES, 7)], DEFAULT_REQUEST_BYTES);
		expect(rest).toHaveLength(1);
		expect(only?.blobs).toEqual([largest]);
		expect(Buffer.byteLength(body([largest]))).toBeLessThanOrEqual(DEFAULT_REQUEST_BYTES);
		expect(DEFAULT_REQUEST_BYTES).toBeLessThan(1024 * 1024);
	});

	it('a body exactly at the limit is allowed; one byte over starts a new request', () => {
		const [a, b] = [blob(100, 1), blob(100, 2)];
		const both = requestBytes([a, b]);
		expect(packBlobs([a, b], both).map((batch) => batch.blobs.length)).toEqual([2]);
		expect(packBlobs([a, b], both - 1).map((batch) => batch.blobs.length)).toEqual([1, 1]);
	});

	it('sends a content shared by several files once', () => {
		const shared = blob(10);
		expect(packBlobs([shared, blob(20), { ...shared }], DEFAULT_REQUEST_BYTES)[0]?.blobs).toEqual([shared, blob(20)]);
	});

	it('a blob larger than the limit goes alone rather than being dropped', () => {
		const big = blob(2000);
		const batches = packBlobs([blob(10), big, blob(11)], 1000);
		expect(batches.map((batch) => batch.blobs)).toEqual([[blob(10)], [big], [blob(11)]]);
		expect(batches[1]?.bytes).toBeGreaterThan(1000);
	});

	it('nothing to stage is no request at all', () => {
		expect(packBlobs([], DEFAULT_REQUEST_BYTES)).toEqual([]);
	});
});

describe('requestLimit', () => {
	it('uses the site\'s limits.request_bytes, else 1 MB less a margin', () => {
		expect(requestLimit(524_288)).toBe(524_288);
		expect(requestLimit(undefined)).toBe(DEFAULT_REQUEST_BYTES);
		expect(requestLimit(0)).toBe(DEFAULT_REQUEST_BYTES);
		expect(requestLimit(Number.NaN)).toBe(DEFAULT_REQUEST_BYTES);
	});
});

describe('fitsInCommit', () => {
	const sized = (size: number): BlobSource => ({ hash: 'a'.repeat(64), size });

	it('holds contents whose blobs, the files object and room for the other fields stay under the limit', () => {
		const files = 90;
		// requestBytes of one 3,000-byte blob: 12 + 31 + 64 + 4,000 = 4,107.
		expect(requestBytes([sized(3_000)])).toBe(4_107);
		expect(fitsInCommit([sized(3_000)], files, 4_107 + files + 4_096)).toBe(true);
		expect(fitsInCommit([sized(3_000)], files, 4_107 + files + 4_095)).toBe(false);
	});

	it('never for no contents: the commit then carries none', () => {
		expect(fitsInCommit([], 10, 1_000_000)).toBe(false);
	});
});
