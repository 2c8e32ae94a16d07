/**
 * The local checks of a push as an error the user can act on: one line per file, paths as they
 * are on disk (`api/users/[id].php`), for local problems and for the site's rejections alike.
 */
import { isSvcError, SvcError } from '../../core/errors.js';
import { checkRouteFiles, type ApiDirScan, type LocalProblem, type RouteFilesCheck } from '../../core/route-files.js';
import { pathFromSlug, slugFromPath } from '../../core/slug.js';

/**
 * The files to fix, by name: the hint reads the same in a terminal (under the list) and in
 * --json, where there is no "above".
 */
function fixHint(files: readonly string[]): string {
	const named = files.length <= 3 ? files.join(', ') : `${files.slice(0, 3).join(', ')} and ${files.length - 3} more`;
	return `Fix ${named} and push again.`;
}

export function localChecksFailed(problems: readonly LocalProblem[], apiLabel: string): SvcError {
	const files = [...new Set(problems.map((problem) => `${apiLabel}/${problem.relPath}`))];
	return new SvcError(`${files.length} ${files.length === 1 ? 'file' : 'files'} in ${apiLabel}/ failed the local checks; nothing was pushed.`, {
		code: 'local_check_failed',
		fileErrors: problems.map((problem) => ({
			slug: slugFromPath(problem.relPath),
			file: `${apiLabel}/${problem.relPath}`,
			code: problem.code,
			message: problem.message,
		})),
		hint: fixHint(files),
	});
}

/**
 * A scan that failed (a bad name, a file over the size limit…) stops the push before the site is
 * asked anything; the lexical checks still run on every file it could read, so one run names every
 * problem of every file, not one kind per run.
 */
export async function everyLocalProblem(scan: ApiDirScan, apiLabel: string): Promise<SvcError> {
	return localChecksFailed(await localProblems(scan), apiLabel);
}

/**
 * The site could not be asked (no site chosen, no answer, a refused login): the local checks still
 * run, on every file since there is no plan to narrow them, so a broken file is named in the same
 * run as why the site was not asked, not only after the site is back. A failure that is no site's
 * (Ctrl-C, svc's own bug) is returned as it is.
 */
export async function withLocalProblems(scan: ApiDirScan, apiLabel: string, siteError: unknown): Promise<unknown> {
	if (!isSvcError(siteError) || siteError.code === 'interrupted') return siteError;
	const problems = await localProblems(scan);
	if (problems.length === 0) return siteError;
	const local = localChecksFailed(problems, apiLabel);
	return new SvcError(`${local.message} The site was not asked either: ${siteError.message}`, {
		code: 'local_check_failed',
		fileErrors: local.fileErrors,
		hint: [local.hint, siteError.hint].filter((hint) => hint !== undefined).join(' '),
	});
}

/** Every problem of every scanned file, each once, by path. */
async function localProblems(scan: ApiDirScan): Promise<LocalProblem[]> {
	const seen = new Set<string>();
	const problems = [...scan.problems, ...pushProblems(await checkRouteFiles(scan.files))].filter((problem) => {
		const key = `${problem.relPath}\0${problem.message}`;
		if (seen.has(key)) return false;
		seen.add(key);
		return true;
	});
	problems.sort((a, b) => (a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0));
	return problems;
}

/** A pushed file the site could not load at its boot: the route is not served. */
export interface LoadFailure {
	readonly slug: string;
	readonly error: string;
}

export function loadFailed(failures: readonly LoadFailure[], apiLabel: string, preview?: number): SvcError {
	const count = failures.length;
	const where = preview === undefined ? 'not served' : `not served in preview ${preview}`;
	return new SvcError(
		`${count === 1 ? '1 pushed file' : `${count} pushed files`} failed to load on the site; ${count === 1 ? 'its route is' : 'their routes are'} ${where}.`,
		{
			code: 'load_failed',
			fileErrors: failures.map((failure) => ({ slug: failure.slug, file: `${apiLabel}/${pathFromSlug(failure.slug)}`, code: 'svc_load_failed', message: failure.error })),
			hint: `${fixHint(failures.map((failure) => `${apiLabel}/${pathFromSlug(failure.slug)}`))} "svc api list" shows what fails to load.`,
		},
	);
}

/**
 * The lexical problems that stop a push: the same checks svc dev and svc doctor run, syntax
 * included (confirmed by the PHP on this machine when there is one, so a syntax php-parser does
 * not know yet is left to the site's php -l), before the plan and the question.
 */
export function pushProblems(check: RouteFilesCheck): LocalProblem[] {
	return [...check.problems];
}

/** The site's per-file rejections name slugs; the user edits files. */
export function withLocalPaths(error: SvcError, apiLabel: string): SvcError {
	if (error.fileErrors.length === 0) {
		return error;
	}
	const files = error.fileErrors.map((file) => ({ ...file, file: file.slug === null ? `${apiLabel}/${file.file}` : `${apiLabel}/${pathFromSlug(file.slug)}` }));
	return new SvcError(error.message, {
		exitCode: error.exitCode,
		hint: error.hint ?? fixHint([...new Set(files.map((file) => file.file))]),
		code: error.code,
		status: error.status,
		serverCode: error.serverCode,
		slugs: error.slugs,
		fileErrors: files,
	});
}
