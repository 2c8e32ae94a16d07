/**
 * The pause a push makes after a staging request, as the site asked (`pause_ms` in the answer of
 * `POST api-blobs`: as long as it spent storing the request's contents, so that a push leaves the
 * routes served beside it about half of the site's time; docs/management-api.md). A site's answer is untrusted: only
 * whole milliseconds up to MAX_STAGING_PAUSE_MS are taken, anything else is no pause, and so is an
 * answer of a plugin from before pauses.
 */
export const MAX_STAGING_PAUSE_MS = 2000;

export function stagingPause(value: unknown): number {
	return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? Math.min(value, MAX_STAGING_PAUSE_MS) : 0;
}
