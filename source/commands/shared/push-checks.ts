/**
 * The local checks of a push as an error the user can act on: one line per file, paths as they
 * are on disk (`api/users/[id].php`), for local problems and for the site's rejections alike.
 */
import { SvcError } from '../../core/errors.js';
import { checkRouteFiles, type ApiDirScan, type LocalProblem, type RouteFilesCheck } from '../../core/route-files.js';
import { pathFromSlug } from '../../core/slug.js';

export function localChecksFailed(problems: readonly LocalProblem[], apiLabel: string): SvcError {
	const files = new Set(problems.map((problem) => problem.relPath)).size;
	return new SvcError(`${files} ${files === 1 ? 'file' : 'files'} in ${apiLabel}/ failed the local checks; nothing was pushed.`, {
		code: 'local_check_failed',
		fileErrors: problems.map((problem) => ({
			filename: `${apiLabel}/${problem.relPath}`,
			code: 'local_check',
			message: problem.message,
		})),
		hint: 'Fix the files named above and push again.',
	});
}

/**
 * A scan that failed (a bad name, a file over the size limit…) stops the push before the site is
 * asked anything; the lexical checks still run on every file it could read, so one run names every
 * problem of every file, not one kind per run.
 */
export function everyLocalProblem(scan: ApiDirScan, apiLabel: string): SvcError {
	const seen = new Set<string>();
	const problems = [...scan.problems, ...pushProblems(checkRouteFiles(scan.files))].filter((problem) => {
		const key = `${problem.relPath}\0${problem.message}`;
		if (seen.has(key)) return false;
		seen.add(key);
		return true;
	});
	problems.sort((a, b) => (a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0));
	return localChecksFailed(problems, apiLabel);
}

/** A pushed file the site could not load at its boot: the route is not served. */
export interface LoadFailure {
	readonly filename: string;
	readonly error: string;
}

export function loadFailed(failures: readonly LoadFailure[], apiLabel: string): SvcError {
	const count = failures.length;
	return new SvcError(
		`${count === 1 ? '1 pushed file' : `${count} pushed files`} failed to load on the site; ${count === 1 ? 'its route is' : 'their routes are'} not served.`,
		{
			code: 'load_failed',
			fileErrors: failures.map((failure) => ({ filename: `${apiLabel}/${pathFromSlug(failure.filename)}`, code: 'svc_load_failed', message: failure.error })),
			hint: 'Fix the files named above and push again; "svc api list" shows what fails to load.',
		},
	);
}

/**
 * The lexical problems that stop a push. php-parser's syntax errors are left to the site: its
 * `php -l` is authoritative (php-parser may lag the site's PHP) and reports PHP's own message.
 */
export function pushProblems(check: RouteFilesCheck): LocalProblem[] {
	const syntaxMessages = new Map<string, string>();
	for (const file of check.files) {
		const syntax = file.check?.syntaxError;
		if (syntax !== undefined) {
			syntaxMessages.set(file.relPath, `syntax error on line ${syntax.line}: ${syntax.message}`);
		}
	}
	return check.problems.filter((problem) => syntaxMessages.get(problem.relPath) !== problem.message);
}

/** The site's per-file rejections name slugs; the user edits files. */
export function withLocalPaths(error: SvcError, apiLabel: string): SvcError {
	if (error.fileErrors.length === 0) {
		return error;
	}
	return new SvcError(error.message, {
		exitCode: error.exitCode,
		hint: error.hint ?? 'Fix the files named above and push again.',
		code: error.code,
		status: error.status,
		serverCode: error.serverCode,
		filenames: error.filenames,
		fileErrors: error.fileErrors.map((file) => ({ ...file, filename: `${apiLabel}/${pathFromSlug(file.filename)}` })),
	});
}
