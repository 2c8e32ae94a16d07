import { describe, expect, it } from '@jest/globals';
import { checkRouteFiles, sha256Hex, type LocalRouteFile } from '../../core/route-files.js';
import { SvcError } from '../../core/errors.js';
import { localChecksFailed, pushProblems, withLocalPaths, withLocalProblems } from './push-checks.js';

function file(slug: string, source: string): LocalRouteFile {
	const bytes = Buffer.from(source);
	return { slug, relPath: `${slug}.php`, absPath: `/p/api/${slug}.php`, bytes, hash: sha256Hex(bytes), size: bytes.length, check: undefined };
}

describe('pushProblems', () => {
	it('keeps strict_types and class-count problems', async () => {
		const problems = pushProblems(await checkRouteFiles([file('a', '<?php\nclass A {}\n'), file('b', '<?php\ndeclare(strict_types=1);\n')]));
		expect(problems.map((problem) => problem.relPath)).toEqual(['a.php', 'b.php']);
	});

	it('stops a syntax error before the plan, in the words of the PHP on this machine', async () => {
		const broken = file('broken', '<?php\ndeclare(strict_types=1);\nclass A { public function get() { return [ } }\n');
		const checked = await checkRouteFiles([broken]);
		expect(pushProblems(checked)).toEqual([
			{ relPath: 'broken.php', code: 'svc_syntax_error', message: expect.stringMatching(/^PHP Parse error: .+ in broken\.php on line 3$/) },
		]);
	});

	it('leaves to the site a file php-parser cannot read but PHP here accepts (newer syntax)', async () => {
		// Stands in for PHP 8.4 syntax (property hooks) on a machine whose PHP has it: a "php" that accepts all.
		const previous = process.env['SVC_PHP'];
		process.env['SVC_PHP'] = 'true'; // a "php" that accepts everything
		try {
			const broken = file('broken', '<?php\ndeclare(strict_types=1);\nclass A { public function get() { return [ } }\n');
			expect(pushProblems(await checkRouteFiles([broken]))).toEqual([]);
		} finally {
			if (previous === undefined) delete process.env['SVC_PHP'];
			else process.env['SVC_PHP'] = previous;
		}
	});

	it('keeps php-parser\'s words where no PHP runs here', async () => {
		const previous = process.env['SVC_PHP'];
		process.env['SVC_PHP'] = '/nonexistent/php';
		try {
			const broken = file('broken', '<?php\ndeclare(strict_types=1);\nclass A { public function get() { return [ } }\n');
			expect(pushProblems(await checkRouteFiles([broken])).map((problem) => problem.message)).toEqual([expect.stringMatching(/^syntax error on line 3/)]);
		} finally {
			if (previous === undefined) delete process.env['SVC_PHP'];
			else process.env['SVC_PHP'] = previous;
		}
	});
});

describe('localChecksFailed', () => {
	it('counts files, not problems, and names each file under the api folder with its slug and the check\'s code', () => {
		const error = localChecksFailed(
			[
				{ relPath: 'a.php', code: 'svc_strict_types', message: 'one' },
				{ relPath: 'a.php', code: 'svc_class_count', message: 'two' },
				{ relPath: 'notes.txt', code: 'svc_not_php', message: 'three' },
			],
			'routes',
		);
		expect(error.message).toBe('2 files in routes/ failed the local checks; nothing was pushed.');
		expect(error.fileErrors).toEqual([
			{ slug: 'a', file: 'routes/a.php', code: 'svc_strict_types', message: 'one' },
			{ slug: 'a', file: 'routes/a.php', code: 'svc_class_count', message: 'two' },
			{ slug: null, file: 'routes/notes.txt', code: 'svc_not_php', message: 'three' },
		]);
		// The hint names the files: it reads the same in --json, where nothing is "above".
		expect(error.hint).toBe('Fix routes/a.php, routes/notes.txt and push again.');
		expect(error.exitCode).toBe(1);
	});
});

describe('withLocalPaths', () => {
	it('turns the site\'s slugs into the files the user edits, keeping everything else', () => {
		const rejected = new SvcError('The site rejected the push; nothing was written.', {
			code: 'push_rejected',
			status: 422,
			serverCode: 'svc_push_rejected',
			fileErrors: [{ slug: 'users/[id]', file: 'users/[id].php', code: 'svc_syntax_error', message: 'PHP Parse error: …' }],
		});
		const mapped = withLocalPaths(rejected, 'api');
		expect(mapped.fileErrors).toEqual([{ slug: 'users/[id]', file: 'api/users/[id].php', code: 'svc_syntax_error', message: 'PHP Parse error: …' }]);
		expect(mapped.hint).toBe('Fix api/users/[id].php and push again.');
		expect(mapped).toMatchObject({ message: rejected.message, code: 'push_rejected', status: 422, serverCode: 'svc_push_rejected' });
		const plain = new SvcError('x');
		expect(withLocalPaths(plain, 'api')).toBe(plain);
	});
});

describe('withLocalProblems', () => {
	const unreachable = new SvcError('Could not reach https://example.test: connect ECONNREFUSED.', { code: 'unreachable', hint: 'Check the URL.' });
	const broken = file('broken', '<?php\ndeclare(strict_types=1);\nclass A { public function get() { return [ } }\n');
	const good = file('good', '<?php\ndeclare(strict_types=1);\nclass Good { public function get(): array { return []; } }\n');

	it('names a broken file together with why the site was not asked', async () => {
		const error = (await withLocalProblems({ dir: '/p/api', files: [good, broken], problems: [] }, 'api', unreachable)) as SvcError;
		expect(error.code).toBe('local_check_failed');
		expect(error.message).toBe('1 file in api/ failed the local checks; nothing was pushed. The site was not asked either: Could not reach https://example.test: connect ECONNREFUSED.');
		expect(error.fileErrors).toEqual([{ slug: 'broken', file: 'api/broken.php', code: 'svc_syntax_error', message: expect.stringContaining('line 3') }]);
		expect(error.hint).toBe('Fix api/broken.php and push again. Check the URL.');
	});

	it('keeps the scan\'s own problems beside the checks of the files it read', async () => {
		const error = (await withLocalProblems({ dir: '/p/api', files: [broken], problems: [{ relPath: 'notes.txt', code: 'svc_not_php', message: 'not PHP' }] }, 'api', unreachable)) as SvcError;
		expect(error.fileErrors.map((problem) => problem.file)).toEqual(['api/broken.php', 'api/notes.txt']);
	});

	it('gives back the site\'s failure when every file passes, and any failure that is not the site\'s', async () => {
		expect(await withLocalProblems({ dir: '/p/api', files: [good], problems: [] }, 'api', unreachable)).toBe(unreachable);
		const interrupted = new SvcError('Interrupted.', { code: 'interrupted', exitCode: 130 });
		expect(await withLocalProblems({ dir: '/p/api', files: [broken], problems: [] }, 'api', interrupted)).toBe(interrupted);
		const bug = new TypeError('x is undefined');
		expect(await withLocalProblems({ dir: '/p/api', files: [broken], problems: [] }, 'api', bug)).toBe(bug);
	});
});
