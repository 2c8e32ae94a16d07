import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SvcError } from './errors.js';
import { checkRouteFiles, formatProblem, MAX_FILE_BYTES, scanApiDir, sha256Hex } from './route-files.js';

const route = (className: string, extra = '') =>
	`<?php\ndeclare(strict_types=1);\nnamespace App;\n${extra}\nfinal class ${className} { public function get() { return []; } }\n`;

let project: string;
let api: string;

beforeEach(async () => {
	project = await mkdtemp(path.join(tmpdir(), 'svc-scan-'));
	api = path.join(project, 'api');
	await mkdir(api);
});

afterEach(async () => {
	await rm(project, { recursive: true, force: true });
});

async function put(relPath: string, content: string | Buffer): Promise<void> {
	const abs = path.join(api, ...relPath.split('/'));
	await mkdir(path.dirname(abs), { recursive: true });
	await writeFile(abs, content);
}

describe('scanApiDir: files', () => {
	it('walks nested directories and returns files sorted by slug with their hash and size', async () => {
		await put('users/[id].php', route('User'));
		await put('hello.php', route('Hello'));
		await put('users/[id]/posts.php', route('Posts'));

		const scan = await scanApiDir(api);

		expect(scan.problems).toEqual([]);
		expect(scan.dir).toBe(api);
		expect(scan.files.map((file) => [file.slug, file.relPath])).toEqual([
			['hello', 'hello.php'],
			['users/[id]', 'users/[id].php'],
			['users/[id]/posts', 'users/[id]/posts.php'],
		]);
		const user = scan.files[1];
		const bytes = Buffer.from(route('User'));
		expect(user?.absPath).toBe(path.join(api, 'users', '[id].php'));
		expect(user?.bytes.equals(bytes)).toBe(true);
		expect(user?.size).toBe(bytes.length);
		expect(user?.hash).toBe(createHash('sha256').update(bytes).digest('hex'));
		expect(user?.check?.classes).toEqual(['App\\User']);
	});

	it('hashes the exact bytes, so a BOM or CRLF changes the hash', async () => {
		await put('a.php', route('A'));
		await put('b.php', route('B').replace(/\n/g, '\r\n'));
		const scan = await scanApiDir(api);
		expect(scan.files.map((file) => file.hash)).toEqual([
			sha256Hex(Buffer.from(route('A'))),
			sha256Hex(Buffer.from(route('B').replace(/\n/g, '\r\n'))),
		]);
	});

	it('skips dotfiles and dot-directories', async () => {
		await put('hello.php', route('Hello'));
		await put('.gitkeep', '');
		await put('.DS_Store', 'x');
		await put('.hidden/secret.php', route('Secret'));
		await put('.draft.php', route('Draft'));

		const scan = await scanApiDir(api);

		expect(scan.files.map((file) => file.slug)).toEqual(['hello']);
		expect(scan.problems).toEqual([]);
	});

	it('returns an empty scan for an empty directory', async () => {
		expect(await scanApiDir(api)).toEqual({ dir: api, files: [], problems: [] });
	});

	it('follows a symlinked directory once, without looping', async () => {
		await put('shop/cart.php', route('Cart'));
		await symlink(path.join(api, 'shop'), path.join(api, 'shop', 'loop'));
		const scan = await scanApiDir(api);
		expect(scan.files.map((file) => file.slug)).toEqual(['shop/cart']);
	});

	it('skips the lexical checks when asked, but still hashes', async () => {
		await put('broken.php', 'not php at all');
		const scan = await scanApiDir(api, { lexical: false });
		expect(scan.problems).toEqual([]);
		expect(scan.files[0]?.check).toBeUndefined();
		expect(scan.files[0]?.hash).toBe(sha256Hex('not php at all'));
	});
});

describe('scanApiDir: the api/ directory itself', () => {
	it('fails with a typed error naming the directory and the fix when it is missing', async () => {
		const missing = path.join(project, 'nope');
		const error = await scanApiDir(missing).catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(SvcError);
		expect(error).toMatchObject({ code: 'no_api_dir', exitCode: 1 });
		expect((error as SvcError).message).toContain(missing);
		expect((error as SvcError).hint).toMatch(/svc api pull/);
		expect((error as SvcError).hint).toMatch(/apiDir/);
	});

	it('returns an empty scan for a missing directory when allowed (pull)', async () => {
		const missing = path.join(project, 'nope');
		expect(await scanApiDir(missing, { allowMissing: true })).toEqual({ dir: missing, files: [], problems: [] });
	});

	it('fails when the path is a file, not a directory', async () => {
		const file = path.join(project, 'file');
		await writeFile(file, '');
		await expect(scanApiDir(file)).rejects.toMatchObject({ code: 'no_api_dir', message: expect.stringContaining('is not a directory') });
	});
});

describe('scanApiDir: problems name the file and the reason', () => {
	it.each<[string, string, string | Buffer, RegExp, boolean, string]>([
		['a non-.php file', 'README.md', '# notes', /is not a \.php file/, false, 'svc_not_php'],
		['an uppercase extension', 'hello.PHP', route('Hello'), /is not a \.php file/, false, 'svc_not_php'],
		['an uppercase segment', 'Users/list.php', route('List'), /invalid route path: segment "Users" is not lowercase kebab-case.*uppercase/, false, 'svc_invalid_slug'],
		['an underscore', 'my_route.php', route('Mine'), /segment "my_route".*"_" is not allowed/, false, 'svc_invalid_slug'],
		['a bad parameter', 'users/[user-id].php', route('User'), /segment "\[user-id\]" has an invalid parameter name "user-id"/, false, 'svc_invalid_slug'],
		['a repeated parameter', '[id]/x/[id].php', route('X'), /repeats the parameter name "id"/, false, 'svc_invalid_slug'],
		['a trailing index', 'users/index.php', route('Index'), /"index" may not be last/, false, 'svc_invalid_slug'],
		['a missing strict_types', 'hello.php', '<?php\nclass Hello {}\n', /strict_types=1\); is missing/, true, 'svc_strict_types'],
		['two classes', 'hello.php', route('A', 'class B {}'), /declares 2 classes/, true, 'svc_class_count'],
		['a syntax error', 'hello.php', route('A', 'function ('), /syntax error.* on line 5/, true, 'svc_syntax_error'],
		['invalid UTF-8', 'hello.php', Buffer.concat([Buffer.from(route('A')), Buffer.from([0xff, 0xfe])]), /not valid UTF-8/, true, 'svc_bad_encoding'],
		['a NUL byte', 'hello.php', `${route('A')}\0`, /NUL byte/, true, 'svc_bad_encoding'],
	])('%s', async (_rule, relPath, content, message, listed, code) => {
		await put(relPath, content);
		const scan = await scanApiDir(api);
		// The code is the site's for the same refusal, so a program reading --json branches on one word.
		expect(scan.problems).toEqual([{ relPath, code, message: expect.stringMatching(message) }]);
		// Only files with a valid slug are listed, problems or not, so pull can still plan over them.
		expect(scan.files.map((file) => file.relPath)).toEqual(listed ? [relPath] : []);
	});

	it('rejects a file over 512 KB and accepts one of exactly 512 KB', async () => {
		const base = route('Big');
		const pad = (total: number) => `${base}/*${'x'.repeat(total - Buffer.byteLength(base) - 4)}*/`;
		await put('exact.php', pad(MAX_FILE_BYTES).replace('Big', 'Fit'));
		await put('big.php', pad(MAX_FILE_BYTES + 1));

		const scan = await scanApiDir(api);

		expect(scan.files.map((file) => [file.slug, file.size])).toEqual([
			['big', MAX_FILE_BYTES + 1],
			['exact', MAX_FILE_BYTES],
		]);
		expect(scan.problems).toEqual([
			{ relPath: 'big.php', code: 'svc_file_too_large', message: `is 512.0 KB (${MAX_FILE_BYTES + 1} bytes); the limit is 512 KB (524288 bytes)` },
		]);
	});

	it('reports a class declared by two files on both, case-insensitively', async () => {
		await put('a.php', route('Hello'));
		await put('b/c.php', route('hello').replace('namespace App;', 'namespace app;'));
		await put('d.php', route('Other'));

		const scan = await scanApiDir(api);

		expect(scan.problems).toEqual([
			{ relPath: 'a.php', code: 'svc_class_taken', message: 'class App\\Hello is also declared in b/c.php; class names must be unique across route files' },
			{ relPath: 'b/c.php', code: 'svc_class_taken', message: 'class App\\Hello is also declared in a.php; class names must be unique across route files' },
		]);
	});

	it('reports two files serving the same route pattern', async () => {
		await put('users/[id].php', route('A'));
		await put('users/[uid].php', route('B'));
		await put('users/me.php', route('C'));

		const scan = await scanApiDir(api);

		expect(scan.problems).toEqual([
			{ relPath: 'users/[id].php', code: 'svc_route_conflict', message: expect.stringMatching(/^serves the same route as users\/\[uid\]\.php/) },
			{ relPath: 'users/[uid].php', code: 'svc_route_conflict', message: expect.stringMatching(/^serves the same route as users\/\[id\]\.php/) },
		]);
	});

	it('sorts problems by path and keeps every problem of a file', async () => {
		await put('z.txt', '');
		await put('a.php', '<?php\nclass A {} class B {}\n');
		const scan = await scanApiDir(api);
		expect(scan.problems.map((problem) => problem.relPath)).toEqual(['a.php', 'a.php', 'z.txt']);
	});
});

describe('checkRouteFiles: lexical checks on a chosen subset (what push uploads)', () => {
	it('checks only the given files, so a problem elsewhere does not block them', async () => {
		await put('good.php', route('Good'));
		await put('broken.php', '<?php\nclass Broken {}\n');
		const scan = await scanApiDir(api, { lexical: false });
		expect(scan.problems).toEqual([]);

		const good = scan.files.filter((file) => file.slug === 'good');
		const result = await checkRouteFiles(good);

		expect(result.problems).toEqual([]);
		expect(result.files.map((file) => file.check?.classes)).toEqual([['App\\Good']]);
		expect((await checkRouteFiles(scan.files)).problems).toEqual([
			{ relPath: 'broken.php', code: 'svc_strict_types', message: expect.stringMatching(/strict_types=1\); is missing/) },
		]);
	});

	it('finds duplicate class names among the given files only', async () => {
		await put('a.php', route('Same'));
		await put('b.php', route('Same'));
		await put('c.php', route('Same'));
		const { files } = await scanApiDir(api, { lexical: false });

		expect((await checkRouteFiles(files.slice(0, 1))).problems).toEqual([]);
		expect((await checkRouteFiles(files.slice(0, 2))).problems.map((problem) => problem.relPath)).toEqual(['a.php', 'b.php']);
	});

	it('leaves files the scan could not read as PHP unchecked', async () => {
		await put('latin1.php', Buffer.from([0x3c, 0x3f, 0x70, 0x68, 0x70, 0x0a, 0xe9]));
		const scan = await scanApiDir(api, { lexical: false });
		expect(scan.problems).toHaveLength(1);
		const result = await checkRouteFiles(scan.files);
		expect(result.problems).toEqual([]);
		expect(result.files[0]?.check).toBeUndefined();
	});

	it('gives the same answer as a full scan', async () => {
		await put('a.php', route('A', 'class Extra {}'));
		await put('b/[id].php', route('A'));
		const full = await scanApiDir(api);
		const fast = await scanApiDir(api, { lexical: false });
		expect([...fast.problems, ...(await checkRouteFiles(fast.files)).problems].sort((x, y) => (x.relPath < y.relPath ? -1 : 1))).toEqual(
			full.problems,
		);
	});
});

describe('formatProblem', () => {
	it('prefixes the path under the api directory label', () => {
		expect(formatProblem({ relPath: 'Users/list.php', code: 'svc_invalid_slug', message: 'bad' })).toBe('api/Users/list.php: bad');
		expect(formatProblem({ relPath: 'x.php', code: 'svc_strict_types', message: 'bad' }, 'routes')).toBe('routes/x.php: bad');
	});
});
