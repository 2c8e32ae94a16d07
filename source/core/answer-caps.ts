/**
 * How much of an answer svc reads, request by request. A site that keeps to the management API
 * (docs/management-api.md) and to its own limits always fits, with room to spare; anything larger
 * is not an answer svc asked for, so it is not read (site-transport.ts stops at the cap, before and
 * after decompression). The caps are what keeps memory flat whatever a site sends.
 */

/** The site's own limits as `GET status` says them. */
export interface SiteLimits {
	readonly fileBytes?: number;
	readonly totalBytes?: number;
	readonly requestBytes?: number;
}

const KB = 1024;
const MB = 1024 * KB;

/** The plugin's defaults, for a site that has not said its own (or has no `GET status`). */
export const DEFAULT_LIMITS: Required<Pick<SiteLimits, 'fileBytes' | 'totalBytes'>> = { fileBytes: 512 * KB, totalBytes: 8 * MB };

/**
 * No site's word raises a cap past this. An answer is held three times at most while it is read,
 * decoded and parsed, so this keeps svc well under 300 MB even when a site claims huge limits.
 */
export const CEILING = 64 * MB;

/**
 * What a request asks for, by the size of its answer:
 * - `small`: one object of a few fields (the REST index probe, the namespace, status, a staging or
 *   removal result, diagnostics, a WordPress error);
 * - `pages`: a bounded page of records the site keeps a fixed number of (releases, events; an
 *   event's message and data are text columns of up to 64 KB each);
 * - `records`: one record per route file, without contents (a listing, what a push wrote);
 * - `contents`: every route file's contents, or a document made from them (a listing with
 *   contents, the OpenAPI document).
 */
export type AnswerKind = 'small' | 'pages' | 'records' | 'contents';

/**
 * JSON of a content: WordPress escapes every byte that is not printable ASCII, at worst 6 bytes
 * (`\u00XX`) for 1.
 */
const JSON_ESCAPE = 6;
/** A record without content (slug, hash, route, verbs, a load error) stays under twice the file it describes, for any file worth a route. */
const RECORD_FACTOR = 2;
/** Headers of a record, keys, the OpenAPI paths, a WordPress error: what no limit counts. */
const MARGIN = 4 * MB;

/** The most svc reads of an answer to a request of this kind from a site with these limits. */
export function answerCap(kind: AnswerKind, limits: SiteLimits = {}): number {
	const total = limits.totalBytes ?? DEFAULT_LIMITS.totalBytes;
	switch (kind) {
		case 'small':
			return 1 * MB;
		case 'pages':
			return 16 * MB;
		case 'records':
			return Math.min(CEILING, RECORD_FACTOR * total + MARGIN);
		case 'contents':
			return Math.min(CEILING, JSON_ESCAPE * total + MARGIN);
	}
}

/** Whether learning the site's own limits could raise this kind's cap above the defaults' one. */
export function dependsOnLimits(kind: AnswerKind): boolean {
	return kind === 'records' || kind === 'contents';
}

/** A size for a message: `512 KB`, `52.0 MB`, `6.0 GB` (1024-based, as the site's limits are). */
export function formatSize(bytes: number): string {
	if (bytes < KB) return `${bytes} bytes`;
	if (bytes < MB) return `${Math.round(bytes / KB)} KB`;
	if (bytes < 1024 * MB) return `${(bytes / MB).toFixed(1)} MB`;
	return `${(bytes / (1024 * MB)).toFixed(1)} GB`;
}
