/**
 * The rule for destructive actions (prune, pull removals, rm): --yes goes ahead; a person at a
 * terminal is asked; anything else (piped, CI, --json) stops with exit code 2.
 */
import { SvcError } from '../../core/errors.js';
import type { FileDiff } from '../../core/file-diff.js';
import type { Io } from './io.js';
import type { Views } from './load-views.js';

export interface ConfirmOptions {
	readonly yes: boolean;
	readonly interactive: boolean;
	readonly question: string;
	/** What would have happened, for the refusal: e.g. "remove 2 routes from the site". */
	readonly action: string;
	/** Enter means yes; for pushes that only add or change files. */
	readonly defaultYes?: boolean;
	/** The command's views (or screens, which re-export askConfirm), when it loads them already. */
	readonly views?: Promise<Pick<Views, 'askConfirm'>> | undefined;
	/** What is being pushed, for the diff key of the question; absent for other questions. */
	readonly diffs?: readonly FileDiff[] | undefined;
	readonly apiLabel?: string | undefined;
}

/** True to go ahead; false when the person said no. Throws (exit 2) when nobody can be asked. */
export async function confirmAction(io: Io, options: ConfirmOptions): Promise<boolean> {
	if (options.yes) {
		return true;
	}
	if (!options.interactive) {
		throw new SvcError(`Refusing to ${options.action} without confirmation: no terminal to ask in.`, {
			code: 'confirmation_required',
			exitCode: 2,
			hint: 'Re-run with --yes to confirm (or run in a terminal to be asked).',
		});
	}
	const { askConfirm } = await (options.views ?? import('./views.js'));
	return askConfirm(io, { question: options.question, defaultYes: options.defaultYes ?? false, diffs: options.diffs, apiLabel: options.apiLabel });
}

/** A declined prompt: not a failure of svc, but nothing happened, so scripts must not go on. */
export function declined(io: Io, what: string): number {
	io.stderr.write(`Cancelled: ${what}.\n`);
	return 1;
}
