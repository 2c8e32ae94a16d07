/**
 * svc dev's words for a cycle's result, the same on the screen and in the piped lines.
 */
import type { CycleResult } from './dev-loop.js';

type Pushed = Extract<CycleResult, { kind: 'pushed' }>;
type Waiting = Extract<CycleResult, { kind: 'waiting' }>;

const changes = (names: readonly string[], removed: readonly string[]) => [...names, ...removed.map((slug) => `-${slug}`)].join(', ');

/** `✔ pushed live (release 12) in 80 ms`; a pushed file the site cannot load makes it a ✖. */
export function pushedSummary(result: Pushed): { ok: boolean; text: string; failures: string[] } {
	const what = `pushed ${changes(result.pushed, result.removed)}${result.release === null ? '' : ` (release ${result.release})`} in ${result.ms} ms`;
	if (result.failedToLoad.length === 0) return { ok: true, text: `✔ ${what}`, failures: [] };
	const count = result.failedToLoad.length === 1 ? 'a file' : `${result.failedToLoad.length} files`;
	return {
		ok: false,
		text: `✖ ${what}, but the site failed to load ${count}: the route serves nothing until it is fixed`,
		failures: result.failedToLoad.map((failure) => `${failure.slug}: ${failure.error}`),
	};
}

/** `… waiting for the site: live not pushed yet, trying again in 5 s (why)`: what matters first, the line may be cut. */
export function waitingSummary(result: Waiting): string {
	const seconds = Math.max(1, Math.round(result.retryMs / 1000));
	return `… waiting for the site: ${changes(result.pending, []) || 'saves'} not pushed yet, trying again in ${seconds} s (${result.message})`;
}

/** A waiting result that says nothing new since the one before (the same files, the same reason): not repeated in lines. */
export function repeatsWaiting(previous: CycleResult | undefined, next: CycleResult): boolean {
	return previous?.kind === 'waiting' && next.kind === 'waiting' && previous.message === next.message && previous.pending.join('\n') === next.pending.join('\n');
}
