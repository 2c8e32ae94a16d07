/**
 * What a deploy that failed tells the user: where it left the site. Before its commit, nothing
 * changed and the site still serves the release it served; after it, the new release is live
 * whatever failed next (the check of what the site loads, the connection), which exits 3 so that a
 * script does not take it for "nothing changed"; and a commit whose answer never came is said to be
 * unknown, with the rerun that settles it. Used by push, rm, rollback and promote.
 */
import { isSvcError, SvcError, type SvcErrorCode } from '../../core/errors.js';

export type DeployPhase = 'before-commit' | 'committing' | 'after-commit';

export interface DeployContext {
	readonly phase: DeployPhase;
	/** The site as messages name it. */
	readonly site: string;
	/** The release active before the command; null when the site had none. */
	readonly before: number | null;
	/** After the commit: the release it made active; null when the site names none (a plugin before releases). */
	readonly release?: number | null;
	/** The release is a preview: recorded, not made active. */
	readonly preview?: boolean;
	/** What the command did, for the after-commit message: `pushed 3 files`. */
	readonly done?: string;
	/** The advice when the commit's outcome is unknown; a push's rerun by default (safe: it plans again). */
	readonly unknownHint?: string;
}

/** A commit that failed so: the site may have made the release before its answer was lost. */
const OUTCOME_UNKNOWN: ReadonlySet<SvcErrorCode> = new Set<SvcErrorCode>(['connection_broken', 'timeout', 'proxy_error', 'bad_response']);
/** Refusals whose own message names the release that is active now (another one). */
const SAYS_ACTIVE: ReadonlySet<SvcErrorCode> = new Set<SvcErrorCode>(['release_moved', 'preview_outdated']);

/**
 * Whether the site may have made the release before the commit failed: its answer was lost, PHP
 * failed (HTTP 500 without one of svc's refusals: a fatal error may come after the database's commit,
 * in what follows it), or the database went away (the request before it reached it, so it went
 * during this one: before its commit or after). svc's own refusals (`svc_…`, a 500 write failure
 * too) are sent before anything is made, or once it is undone.
 */
function outcomeUnknown(error: SvcError): boolean {
	if (error.code !== undefined && OUTCOME_UNKNOWN.has(error.code)) return true;
	return (error.code === 'server_error' || error.code === 'database_down') && !(error.serverCode ?? '').startsWith('svc_');
}

/** Failures whose own advice still holds when the outcome is unknown (the error log, the database). */
const KEEPS_HINT: ReadonlySet<SvcErrorCode> = new Set<SvcErrorCode>(['server_error', 'database_down']);

const ALREADY_SAID = /nothing was (changed|written|pushed)/i;

export const RERUN_IS_SAFE =
	'Running the same command again is safe: svc sends only what the site lacks, and a change the site already made is not made twice.';

export function deployFailure(error: unknown, context: DeployContext): unknown {
	if (!isSvcError(error) || error.code === 'interrupted') return error;
	const { phase, site, before } = context;
	if (phase === 'after-commit' && context.release !== undefined) {
		const done = context.done === undefined || context.done === '' ? '' : ` (${context.done})`;
		const release = context.release;
		const made = release === null ? 'The change is live' : context.preview === true ? `Preview ${release} is recorded` : `Release ${release} is active`;
		return restated(error, `${made} on ${site}${done}, but svc could not check it afterwards: ${error.message}`, {
			hint: `${context.preview === true ? 'The preview is kept.' : 'The release is live.'} "svc api list" shows what the site serves.${error.hint === undefined ? '' : ` ${error.hint}`}`,
			exitCode: 3,
			deploy: { committed: true, activeRelease: context.preview === true ? before : release },
		});
	}
	if (phase === 'committing' && outcomeUnknown(error)) {
		const advice = context.unknownHint ?? `${RERUN_IS_SAFE} "svc api releases" shows which release is active.`;
		return restated(error, `${error.message} svc cannot tell whether ${site} made the release.`, {
			hint: error.code !== undefined && KEEPS_HINT.has(error.code) && error.hint !== undefined ? `${error.hint} ${advice}` : advice,
		});
	}
	if (error.code !== undefined && SAYS_ACTIVE.has(error.code)) return error;
	const serving = before === null ? `${site} has no release yet` : `${site} still serves release ${before}`;
	// A refusal that says so already (a rejected push, a hardened site) is not told it twice.
	const said = ALREADY_SAID.test(error.message) ? '' : 'Nothing was changed: ';
	return restated(error, `${error.message} ${said}${serving}.`, {
		deploy: { committed: false, activeRelease: before },
		...(error.hint === undefined && OUTCOME_UNKNOWN.has(error.code ?? 'failed' as SvcErrorCode) ? { hint: RERUN_IS_SAFE } : {}),
	});
}

function restated(error: SvcError, message: string, changes: { hint?: string; exitCode?: 3; deploy?: SvcError['deploy'] }): SvcError {
	return new SvcError(message, {
		exitCode: changes.exitCode ?? error.exitCode,
		...(changes.hint ?? error.hint) === undefined ? {} : { hint: (changes.hint ?? error.hint) as string },
		...(error.code === undefined ? {} : { code: error.code }),
		...(error.status === undefined ? {} : { status: error.status }),
		...(error.serverCode === undefined ? {} : { serverCode: error.serverCode }),
		fileErrors: error.fileErrors,
		slugs: error.slugs,
		...(changes.deploy === undefined ? {} : { deploy: changes.deploy }),
	});
}
