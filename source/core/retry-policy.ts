/**
 * Which failed requests svc sends again, and when. A request is sent again only when sending it
 * twice cannot change the outcome: reads, staging (contents are stored by their hash) and a commit
 * that carries its commit id (the site answers a repeated id with the release it already made).
 * And only for failures a moment may cure: the connection cut, no answer in time, the proxy in
 * front of PHP answering for it. A refusal, a database that is down or a broken route file is said
 * at once: retrying would only make the user wait for the same answer.
 */
import type { SvcErrorCode } from './errors.js';

/** Sends after the first: 4 sends in all. */
export const RETRIES = 3;

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 4000;

const PASSING: ReadonlySet<SvcErrorCode> = new Set<SvcErrorCode>(['connection_broken', 'timeout', 'proxy_error']);

export interface RetryNotice {
	/** The request, e.g. `POST svc/v1/api-blobs`. */
	readonly where: string;
	/** 1-based number of the send about to be made again. */
	readonly retry: number;
	readonly retries: number;
	readonly delayMs: number;
	/** Why the last send failed: its error message. */
	readonly reason: string;
}

/** The delay before send `retry` (1-based) of a request that failed with `code`; undefined: do not send again. */
export function retryDelay(code: SvcErrorCode | undefined, retry: number, safeToRepeat: boolean): number | undefined {
	if (!safeToRepeat || code === undefined || !PASSING.has(code) || retry > RETRIES) return undefined;
	return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (retry - 1));
}

/** What svc says while it waits to send again (on stderr: never part of --json's stdout). */
export function retryLine(notice: RetryNotice): string {
	const seconds = notice.delayMs >= 1000 ? `${notice.delayMs / 1000} s` : `${notice.delayMs} ms`;
	return `↻ ${notice.where} failed (${notice.reason}); sending it again in ${seconds} (retry ${notice.retry} of ${notice.retries}): it is safe to repeat.`;
}
