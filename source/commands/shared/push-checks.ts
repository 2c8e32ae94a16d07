/**
 * The local checks of a push as an error the user can act on: one line per file, paths as they
 * are on disk (`api/users/[id].php`), for local problems and for the site's rejections alike.
 */
import { SvcError } from '../../core/errors.js';
import type { LocalProblem, RouteFilesCheck } from '../../core/route-files.js';
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
