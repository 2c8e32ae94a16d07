/**
 * The commands end to end in-process, where no site is needed: local failures come before any
 * request, usage errors exit 2, destructive actions refuse without --yes, and a site that is not
 * there is reported as unreachable. The real site is exercised by test/cli/.
 */
import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from './parse-argv.js';
import type { Env } from './shared/io.js';
import { useTempDir } from '../../test/fakes/temp-dir.js';
import { fakeIo } from '../../test/fakes/fake-io.js';
import { runCommand } from '../../test/fakes/run-command.js';

const temp = useTempDir('svc-commands-');


/** An address on this machine where nothing listens: connections are refused at once. */
const NOBODY = 'http://127.0.0.1:9';
const SITE_ENV = { SVC_URL: NOBODY, SVC_USER: 'admin', SVC_APP_PASSWORD: 'abcd EFGH ijkl MNOP' };

async function run(command: Command, env: Env = {}, stdinText = '') {
	const { io, written } = fakeIo(env, temp.dir, stdinText, temp.configDir);
	if (command.name === 'help') {
		throw new Error('not a runnable command');
	}
	return { ...(await runCommand(command, io)), ...written };
}

const push = (extra: Partial<Extract<Command, { name: 'api push' }>> = {}): Command => ({
	name: 'api push',
	json: false,
	site: undefined,
	yes: false,
	dryRun: false,
	prune: false,
	preview: false,
	message: undefined,
	...extra,
});

function writeRoute(relPath: string, content: string): void {
	const file = path.join(temp.dir, 'api', relPath);
	mkdirSync(path.dirname(file), { recursive: true });
	writeFileSync(file, content);
}

const GOOD = '<?php\ndeclare(strict_types=1);\nfinal class Hello { public function get(): array { return []; } }\n';

describe('svc api push, before any request', () => {
	it('names the missing api/ folder and how to fix it, before asking for a login', async () => {
		const result = await run(push());
		expect(result.exitCode).toBe(1);
		expect(result.error?.code).toBe('no_api_dir');
		expect(result.stderr).toContain(`✖ Error: No api/ directory at ${path.join(temp.dir, 'api')}.`);
		expect(result.stderr).toContain('svc api pull');
	});

	it('reports every file that fails the local checks, path and reason, and uploads nothing', async () => {
		writeRoute('Hello.php', GOOD);
		writeRoute('users/[id].php', '<?php\nfinal class User {}\n');
		writeRoute('two.php', '<?php\ndeclare(strict_types=1);\nclass A {}\nclass B {}\n');
		writeRoute('notes.txt', 'x');
		const result = await run(push(), SITE_ENV);
		expect(result.exitCode).toBe(1);
		expect(result.error?.code).toBe('local_check_failed');
		// Every problem of every file in one run: the names, and the contents of the files it could read.
		expect(result.stderr).toContain('✖ Error: 4 files in api/ failed the local checks; nothing was pushed.');
		expect(result.stderr).toContain('api/Hello.php: invalid route path: segment "Hello" is not lowercase kebab-case');
		expect(result.stderr).toContain('api/notes.txt: is not a .php file');
		expect(result.stderr).toMatch(/api\/users\/\[id\]\.php: .*strict_types/);
		expect(result.stderr).toMatch(/api\/two\.php: .*class/);
	});

	it('reports an oversize file, a missing declare(strict_types=1) and two classes in one run', async () => {
		writeRoute('big.php', `${GOOD}${'// padding\n'.repeat(60_000)}`);
		writeRoute('loose.php', '<?php\nfinal class Loose { public function get(): array { return []; } }\n');
		writeRoute('two.php', '<?php\ndeclare(strict_types=1);\nclass A {}\nclass B {}\n');
		for (const env of [SITE_ENV, {}]) {
			const result = await run(push({ json: true }), env);
			expect(result.exitCode).toBe(1);
			const body = JSON.parse(result.stdout) as { code: string; fileErrors: { file: string; slug: string; code: string; message: string }[] };
			expect(body.code).toBe('local_check_failed');
			expect(body.fileErrors.map((error) => error.file)).toEqual(['api/big.php', 'api/loose.php', 'api/two.php']);
			// Each refusal carries the code the site gives the same check, not one generic word.
			expect(body.fileErrors.map((error) => `${error.slug} ${error.code}`)).toEqual(['big svc_file_too_large', 'loose svc_strict_types', 'two svc_class_count']);
			expect(body.fileErrors[0]?.message).toContain('the limit is 512 KB');
			expect(body.fileErrors[1]?.message).toContain('strict_types');
			expect(body.fileErrors[2]?.message).toContain('class');
		}
	});

	it('reports local problems first even when no site is set up', async () => {
		writeRoute('Bad Name.php', GOOD);
		const result = await run(push());
		expect(result.error?.code).toBe('local_check_failed');
	});

	it('with the site unreachable, still runs the lexical checks on every file and names each with why the site was not asked', async () => {
		writeRoute('users/[id].php', '<?php\nfinal class User {}\n');
		writeRoute('two.php', '<?php\ndeclare(strict_types=1);\nclass A {}\nclass B {}\n');
		const result = await run(push(), SITE_ENV);
		expect(result.error?.code).toBe('local_check_failed');
		expect(result.error?.message).toContain(`2 files in api/ failed the local checks; nothing was pushed. The site was not asked either: Cannot reach ${NOBODY}`);
		expect(result.error?.fileErrors.map((problem) => problem.file)).toEqual(['api/two.php', 'api/users/[id].php']);
	});

	it('without a site chosen, names a broken file together with how to add a site', async () => {
		writeRoute('two.php', '<?php\ndeclare(strict_types=1);\nclass A {}\nclass B {}\n');
		const result = await run(push());
		expect(result.error?.code).toBe('local_check_failed');
		expect(result.error?.fileErrors.map((problem) => problem.file)).toEqual(['api/two.php']);
		expect(result.stderr).toContain('svc login');
	});

	it('without a site: says how to add one', async () => {
		writeRoute('hello.php', GOOD);
		const result = await run(push());
		// The same exit code as an unknown --site: which site to use is not said (exit 2).
		expect(result.exitCode).toBe(2);
		expect(result.error?.code).toBe('no_credentials');
		expect(result.stderr).toContain('svc login');
	});

	it('SVC_URL without the other two is a usage error (exit 2)', async () => {
		writeRoute('hello.php', GOOD);
		const result = await run(push(), { SVC_URL: NOBODY });
		expect(result.exitCode).toBe(2);
		expect(result.stderr).toContain('SVC_URL is set but SVC_USER and SVC_APP_PASSWORD are not.');
	});

	it('an unreachable site is named, with the fix; --json gives the same as JSON on stdout only', async () => {
		writeRoute('hello.php', GOOD);
		const plain = await run(push(), SITE_ENV);
		expect(plain.exitCode).toBe(1);
		expect(plain.stderr).toContain(`✖ Error: Cannot reach ${NOBODY}: the connection was refused`);
		expect(plain.stderr).toContain('→ Check the site URL');
		const json = await run(push({ json: true }), SITE_ENV);
		expect(json.exitCode).toBe(1);
		expect(json.stderr).toBe('');
		expect(JSON.parse(json.stdout)).toMatchObject({ code: 'unreachable', exitCode: 1 });
	});

	it('never prints the application password', async () => {
		writeRoute('hello.php', GOOD);
		const result = await run(push(), SITE_ENV);
		expect(result.stdout + result.stderr).not.toContain('abcd EFGH');
	});
});

describe('svc api rm, before any request', () => {
	const rm = (slugs: string[], extra: Partial<Extract<Command, { name: 'api rm' }>> = {}): Command => ({
		name: 'api rm',
		json: false,
		site: undefined,
		yes: false,
		dryRun: false,
		slugs,
		...extra,
	});

	it.each([['../etc'], ['/etc/passwd'], ['a//b'], ['a\\b']])('refuses %j, which is no path inside api/, with exit 2', async (slug) => {
		const result = await run(rm([slug]), SITE_ENV);
		expect(result.exitCode).toBe(2);
		expect(result.stderr).toContain(`${JSON.stringify(slug)} is not a file name under api/`);
	});

	// Files copied onto the site over SFTP may carry names the slug rules refuse; the site lists them.
	it.each([['hello.php'], ['Users/x'], ['My File']])('sends %j, a name that breaks the slug rules but stays inside api/, to the site', async (slug) => {
		const result = await run(rm([slug]), SITE_ENV);
		expect(result.stderr).not.toContain('is not a file name under api/');
		// It got as far as asking the site, which does not answer here.
		expect(result.error?.code).toBe('unreachable');
	});
});

describe('svc api list and pull without a site', () => {
	it('list: unreachable, exit 1', async () => {
		const result = await run({ name: 'api list', json: false, site: undefined }, SITE_ENV);
		expect(result.exitCode).toBe(1);
		expect(result.error?.code).toBe('unreachable');
	});

	it('pull: unreachable, and api/ is not created', async () => {
		const result = await run({ name: 'api pull', json: false, site: undefined, yes: true, dryRun: false }, SITE_ENV);
		expect(result.error?.code).toBe('unreachable');
		expect(() => execFileSync('test', ['-e', path.join(temp.dir, 'api')])).toThrow();
	});
});

describe('svc login without a terminal', () => {
	const login = (extra: Partial<Extract<Command, { name: 'login' }>> = {}): Command => ({
		name: 'login',
		json: false,
		site: undefined,
		url: undefined,
		user: undefined,
		passwordStdin: false,
		insecureStore: false,
		...extra,
	});

	it('needs --url, --user and --password-stdin, and says so (exit 2)', async () => {
		const result = await run(login({ url: 'https://example.com' }));
		expect(result.exitCode).toBe(2);
		expect(result.stderr).toContain('svc login needs --user, --password-stdin when it cannot ask in a terminal.');
	});

	it('refuses an empty password on stdin', async () => {
		const result = await run(login({ url: 'https://example.com', user: 'admin', passwordStdin: true }), {}, '\n');
		expect(result.exitCode).toBe(2);
		expect(result.stderr).toContain('--password-stdin read no application password');
	});

	it('checks the credentials against the site before saving anything', async () => {
		const result = await run(login({ url: NOBODY, user: 'admin', passwordStdin: true, insecureStore: true }), {}, 'secret pass\n');
		expect(result.error?.code).toBe('unreachable');
		expect(() => execFileSync('test', ['-e', path.join(temp.configDir, 'credentials.json')])).toThrow();
		expect(result.stdout + result.stderr).not.toContain('secret pass');
	});

	it('rejects a URL with a password in it without echoing it', async () => {
		const result = await run(login({ url: 'https://admin:hunter2@example.com', user: 'admin', passwordStdin: true }), {}, 'pw');
		expect(result.exitCode).toBe(2);
		expect(result.stderr).toContain('must not contain a user name or password');
		expect(result.stderr).not.toContain('hunter2');
	});
});

describe('svc logout', () => {
	it('with no saved site: nothing to log out of (exit 2)', async () => {
		const result = await run({ name: 'logout', json: false, site: undefined });
		expect(result.exitCode).toBe(2);
		expect(result.stderr).toContain('No site is saved');
	});

	it('an unknown --site is named (exit 2)', async () => {
		const result = await run({ name: 'logout', json: false, site: 'staging' });
		expect(result.exitCode).toBe(2);
		expect(result.stderr).toContain('No site named "staging"');
	});
});

describe('svc link', () => {
	const saveSite = async (name: string, url: string) => {
		const { openUserConfig } = await import('../core/config.js');
		(await openUserConfig(temp.configDir)).setProfile(name, { url, user: 'admin' });
	};

	it('with no saved site: says to log in first (exit 2) and writes nothing', async () => {
		const result = await run({ name: 'link', json: false, site: undefined, apiDir: undefined });
		expect(result.exitCode).toBe(2);
		expect(result.stderr).toContain('svc login');
		expect(() => readFileSync(path.join(temp.dir, 'svc.json'))).toThrow();
	});

	it('writes svc.json naming the site and the api folder, which push, pull, list and rm then use', async () => {
		await saveSite('staging', 'https://staging.example.test');
		await saveSite('production', 'https://example.test');
		const result = await run({ name: 'link', json: true, site: 'staging', apiDir: 'routes/api' });
		expect(result.exitCode).toBe(0);
		expect(JSON.parse(readFileSync(path.join(temp.dir, 'svc.json'), 'utf8'))).toEqual({ site: 'staging', url: 'https://staging.example.test', apiDir: 'routes/api' });
		const { findProjectFile, readUserConfig, resolveApiDir, selectProfile } = await import('../core/config.js');
		const project = findProjectFile(path.join(temp.dir, 'routes'));
		expect(selectProfile({ flag: undefined, project, config: readUserConfig(temp.configDir) })?.name).toBe('staging');
		expect(resolveApiDir(path.join(temp.dir, 'routes'), project)).toBe(path.join(temp.dir, 'routes/api'));
	});

	it('relinking keeps the api folder already remembered', async () => {
		await saveSite('staging', 'https://staging.example.test');
		await saveSite('production', 'https://example.test');
		writeFileSync(path.join(temp.dir, 'svc.json'), JSON.stringify({ site: 'staging', apiDir: 'src/api' }));
		expect((await run({ name: 'link', json: true, site: 'production', apiDir: undefined })).exitCode).toBe(0);
		expect(JSON.parse(readFileSync(path.join(temp.dir, 'svc.json'), 'utf8'))).toEqual({ site: 'production', url: 'https://example.test', apiDir: 'src/api' });
	});

	it.each([['../elsewhere'], ['/tmp'], ['.']])('an --api-temp.dir outside the project (%s) is refused (exit 2)', async (apiDir) => {
		await saveSite('staging', 'https://staging.example.test');
		const result = await run({ name: 'link', json: false, site: 'staging', apiDir });
		expect(result.exitCode).toBe(2);
		expect(result.stderr).toContain('inside the project');
	});

	it('an unknown --site is named (exit 2)', async () => {
		const result = await run({ name: 'link', json: false, site: 'nowhere', apiDir: undefined });
		expect(result.exitCode).toBe(2);
		expect(result.stderr).toContain('"nowhere"');
	});
});

describe('svc plugin zip', () => {
	it('writes an installable zip of plugin/ under one svc/ folder, without tests or dotfiles', async () => {
		const result = await run({ name: 'plugin zip', json: true, out: 'out/../svc-plugin.zip', force: false });
		expect(result.exitCode).toBe(0);
		const report = JSON.parse(result.stdout) as { out: string; files: number; bytes: number };
		expect(report.out).toBe(path.join(temp.dir, 'svc-plugin.zip'));
		const names = execFileSync('python3', ['-c', 'import sys, zipfile; print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))', report.out], {
			encoding: 'utf8',
		})
			.trim()
			.split('\n');
		expect(names).toContain('svc/svc.php');
		expect(names).toContain('svc/src/Plugin.php');
		expect(names.every((name) => name.startsWith('svc/'))).toBe(true);
		expect(names.filter((name) => name.startsWith('svc/tests/') || /\/\./.test(name))).toEqual([]);
		expect(names.filter((name) => !name.endsWith('/'))).toHaveLength(report.files);
		expect(execFileSync('unzip', ['-t', report.out], { encoding: 'utf8' })).toContain('No errors detected');
	});

	it('says where it wrote the zip and how to install it', async () => {
		const result = await run({ name: 'plugin zip', json: false, out: undefined, force: false });
		expect(result.stdout).toMatch(/^✔ Wrote svc\.zip \(\d+ files, [\d.]+ KB\)\./);
		expect(result.stdout).toContain('Upload Plugin');
	});

	it('refuses to overwrite a file without --force (exit 2, the file untouched), and replaces it with it', async () => {
		writeFileSync(path.join(temp.dir, 'kept.zip'), 'mine');
		const refused = await run({ name: 'plugin zip', json: false, out: 'kept.zip', force: false });
		expect(refused.exitCode).toBe(2);
		expect(refused.stderr).toContain('kept.zip exists already; nothing was written.');
		expect(refused.stderr).toContain('--force');
		expect(readFileSync(path.join(temp.dir, 'kept.zip'), 'utf8')).toBe('mine');
		const forced = await run({ name: 'plugin zip', json: false, out: 'kept.zip', force: true });
		expect(forced.exitCode).toBe(0);
		expect(readFileSync(path.join(temp.dir, 'kept.zip')).subarray(0, 2).toString()).toBe('PK');
	});

	it('a folder that does not exist is an error naming the path', async () => {
		const result = await run({ name: 'plugin zip', json: false, out: 'missing/dir/svc.zip', force: false });
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toContain(`Cannot write ${path.join(temp.dir, 'missing', 'dir', 'svc.zip')} (ENOENT)`);
	});
});
