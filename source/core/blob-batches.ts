/**
 * Staging a push in requests a web server accepts: the contents to upload are packed into
 * `POST api-blobs` bodies whose whole JSON stays under a byte limit (nginx answers 413 above its
 * `client_max_body_size`, 1 MB by default, before PHP ever runs). Pure: sizes are computed from
 * byte counts, nothing is encoded here.
 */

/** Without the site's own figure (`GET status` → `limits.request_bytes`): 1 MB less a margin. */
export const DEFAULT_REQUEST_BYTES = 1024 * 1024 - 16 * 1024;

export interface BlobSource {
	/** Lowercase hex SHA-256 of the content. */
	readonly hash: string;
	/** Bytes of the content before base64. */
	readonly size: number;
}

export interface BlobBatch<B extends BlobSource> {
	readonly blobs: readonly B[];
	/** Bytes of the request body: `{"blobs":[{"hash":"…","content_base64":"…"},…]}`. */
	readonly bytes: number;
}

/** `{"blobs":[` and `]}` */
const ENVELOPE_BYTES = '{"blobs":[]}'.length;
/** `{"hash":"` `","content_base64":"` `"}`: a hash and base64 need no JSON escaping. */
const ITEM_OVERHEAD_BYTES = '{"hash":"","content_base64":""}'.length;

/** base64 turns every 3 bytes (or the last 1 or 2, padded) into 4 characters. */
export function base64Length(bytes: number): number {
	return 4 * Math.ceil(bytes / 3);
}

/** The bytes one blob adds to a request body, without the comma that separates it from the last one. */
export function blobJsonBytes(blob: BlobSource): number {
	return ITEM_OVERHEAD_BYTES + blob.hash.length + base64Length(blob.size);
}

/** The body of one `POST api-blobs` request holding these blobs, as `JSON.stringify` writes it. */
export function requestBytes(blobs: readonly BlobSource[]): number {
	return ENVELOPE_BYTES + blobs.reduce((sum, blob) => sum + blobJsonBytes(blob), 0) + Math.max(0, blobs.length - 1);
}

/**
 * Packs blobs, in the order given, into as few requests as a greedy pass makes, each body at most
 * `limit` bytes. The same hash is sent once. A blob too big to fit any request under the limit
 * still gets one request of its own: it cannot be split, and the site says whether it accepts it.
 */
export function packBlobs<B extends BlobSource>(blobs: readonly B[], limit: number): BlobBatch<B>[] {
	const batches: BlobBatch<B>[] = [];
	const seen = new Set<string>();
	let current: B[] = [];
	let bytes = ENVELOPE_BYTES;
	for (const blob of blobs) {
		if (seen.has(blob.hash)) continue;
		seen.add(blob.hash);
		const grows = blobJsonBytes(blob) + (current.length > 0 ? 1 : 0);
		if (current.length > 0 && bytes + grows > limit) {
			batches.push({ blobs: current, bytes });
			current = [];
			bytes = ENVELOPE_BYTES;
		}
		bytes += blobJsonBytes(blob) + (current.length > 0 ? 1 : 0);
		current.push(blob);
	}
	if (current.length > 0) {
		batches.push({ blobs: current, bytes });
	}
	return batches;
}

/**
 * Room in a commit's body for everything but `files` and `blobs`: `prune`, `dry_run`, `base`, `kind`,
 * `commit_id`, and a message of 500 characters even if each is escaped as `\uXXXX`.
 */
const COMMIT_FIELDS_BYTES = 4096;

/**
 * Whether a commit can carry these blobs in its own body (a plugin whose `features` has
 * `commit_blobs`) and stay under `limit`: a small push then makes one request where staging first
 * makes two. `filesJsonBytes` is the length of the commit's `files` object as JSON.
 */
export function fitsInCommit(blobs: readonly BlobSource[], filesJsonBytes: number, limit: number): boolean {
	return blobs.length > 0 && requestBytes(blobs) + filesJsonBytes + COMMIT_FIELDS_BYTES <= limit;
}

/** The request limit to pack for: the site's figure when it gives a usable one. */
export function requestLimit(siteLimit: number | undefined): number {
	return siteLimit !== undefined && Number.isFinite(siteLimit) && siteLimit > 0 ? Math.floor(siteLimit) : DEFAULT_REQUEST_BYTES;
}
