/**
 * The live lines of a push: bytes staged across the requests, then what the site is doing, and
 * how it ended. A push the site refuses (or that fails on the way) ends its lines too, so no
 * "Uploading … 100%" or "The site is checking…" stays frozen above the error.
 */
import type { PushProgress as Progressed, ReleasePushResult } from '../core/release-push.js';
import { Progress } from './progress.js';

export type PushOutcome =
	| { readonly kind: 'done'; readonly result: ReleasePushResult }
	/** Why it stopped, in a few words; the error itself is shown below by the command. */
	| { readonly kind: 'failed'; readonly reason: string };

export interface PushProgressProps {
	/** e.g. "3 files". */
	readonly count: string;
	readonly dryRun: boolean;
	readonly progress: Progressed | undefined;
	readonly outcome?: PushOutcome | undefined;
}

export function PushProgress({ count, dryRun, progress, outcome }: PushProgressProps) {
	const sent = progress?.sent ?? 0;
	const total = progress?.total;
	const label = outcome === undefined ? 'Uploading' : outcome.kind === 'done' ? 'Uploaded ' : 'Stopped  ';
	// Everything sent and no answer yet: the site is checking (and activating), with no numbers to show.
	const waiting = outcome === undefined && progress !== undefined && (progress.phase === 'committing' || (progress.total !== undefined && progress.sent >= progress.total));
	return <Progress label={label} done={sent} total={total} unit="bytes" detail={detail(count, dryRun, progress, outcome)} busy={waiting} />;
}

function detail(count: string, dryRun: boolean, progress: Progressed | undefined, outcome: PushOutcome | undefined): string {
	if (outcome?.kind === 'failed') return outcome.reason;
	if (outcome?.kind === 'done') {
		const { result } = outcome;
		if (result.dryRun) return `The site checked ${count}; nothing was activated.`;
		if (result.release !== null) return `The site checked ${count} and activated release ${result.release.id}.`;
		return `The site checked and wrote ${count}.`;
	}
	if (progress === undefined) return `${count} to send`;
	const sentAll = progress.total !== undefined && progress.sent >= progress.total;
	if (progress.phase === 'committing' || sentAll) {
		return dryRun ? `The site is checking ${count}…` : `The site is checking ${count} and activating the release…`;
	}
	if (progress.phase === 'staging') {
		return `Staging ${count}: request ${progress.request} of ${progress.requests}, each under the site's size limit`;
	}
	return `${count} in one batch`;
}
