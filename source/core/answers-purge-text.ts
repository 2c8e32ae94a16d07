/**
 * What svc says when a secret changed but the early cache's stored answers could not be purged:
 * route code may read the secret, so answers made with the old value are served until they expire.
 */
import { shownLine } from './terminal-text.js';
import type { AnswersPurge } from './site-types.js';

/** A line for standard error, or undefined when the answers went (or the plugin does not purge). */
export function answersPurgeWarning(purge: AnswersPurge, secret: string): string | undefined {
	if (purge.answersPurged !== false) return undefined;
	const why = purge.purgeProblem === undefined ? '' : ` (${shownLine(purge.purgeProblem)})`;
	return `⚠ The secret ${secret} changed, but the early cache's stored answers were not purged${why}: routes may serve answers made with the old value until they expire. Run "svc api cache purge" to purge them.\n`;
}

/** For `--json`: `answersPurged` (and `purgeProblem`, lossless) when the site said. */
export function answersPurgedField(purge: AnswersPurge): AnswersPurge {
	return purge.answersPurged === undefined ? {} : { answersPurged: purge.answersPurged, ...(purge.purgeProblem === undefined ? {} : { purgeProblem: purge.purgeProblem }) };
}
