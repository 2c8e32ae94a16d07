/**
 * What svc says when a secret changed but the early cache's stored answers could not be purged:
 * route code may read the secret, so answers made with the old value are served until they expire.
 */
import { shellLine } from './shell-word.js';
import { shownLine } from './terminal-text.js';
import type { AnswersPurge } from './site-types.js';

/**
 * A line for standard error, or undefined when the answers went (or the plugin does not purge).
 * `site` is the `--site` the command was given, repeated in the command it advises.
 */
export function answersPurgeWarning(purge: AnswersPurge, secret: string, site?: string): string | undefined {
	if (purge.answersPurged !== false) return undefined;
	const why = purge.purgeProblem === undefined ? '' : ` (${shownLine(purge.purgeProblem)})`;
	const purgeCommand = shownLine(shellLine(['svc', 'api', 'cache', 'purge', ...(site === undefined ? [] : ['--site', site])]));
	return `⚠ The secret ${secret} changed, but the early cache's stored answers were not purged${why}: routes may serve answers made with the old value until they expire. Run "${purgeCommand}" to purge them.\n`;
}

/** For `--json`: `answersPurged` (and `purgeProblem`, lossless) when the site said. */
export function answersPurgedField(purge: AnswersPurge): AnswersPurge {
	return purge.answersPurged === undefined ? {} : { answersPurged: purge.answersPurged, ...(purge.purgeProblem === undefined ? {} : { purgeProblem: purge.purgeProblem }) };
}
