/**
 * svc api push, pull, list and rm: the installed binary against a real WordPress, run as CI runs
 * it (no terminal; SVC_URL, SVC_USER and SVC_APP_PASSWORD in the environment). The tests run in
 * order and build on each other's state, like a developer's session.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import type { WordPressSite } from '../support/wordpress.js';
import { startCliBench, type CliBench } from './helpers/cli-bench.js';
import { readTree, removeRoute, routeSource, writeRoute } from './helpers/files.js';
import type { SvcRunner } from './helpers/run-svc.js';

jest.setTimeout(120_000);

let site: WordPressSite;
let svc: SvcRunner;
let apiDir: string;
let env: Record<string, string>;

let bench: CliBench | undefined;

beforeAll(async () => {
  bench = await startCliBench('api', { examples: true });
  ({ site, svc, apiDir, env } = bench);
}, 300_000);

afterAll(() => bench?.stop());

const run = (...args: string[]) => svc(args, { env });
const runIn = (cwd: string, ...args: string[]) => svc(args, { env, cwd });

/** What the site stores, guards included: compared before and after to prove nothing was written. */
const stored = (): Record<string, Buffer> => readTree(path.join(site.svcDir, 'api'));

const deployed = async (): Promise<string[]> => {
  const result = await run('api', 'list', '--json');
  expect(result).toMatchObject({ code: 0 });
  return (JSON.parse(result.stdout) as { slug: string }[]).map((record) => record.slug);
};

describe('svc api push', () => {
  it('shows the plan, uploads, warns once per public route, and sums up', async () => {
    const result = await run('api', 'push');
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toMatch(/^Push api\/ → http:\/\/127\.0\.0\.1:\d+\n/);
    expect(result.stdout).toMatch(/\+ hello\.php\s+new/);
    expect(result.stdout).toMatch(/\+ posts\/recent\.php\s+new/);
    expect(result.stdout).toMatch(/\+ users\/\[id\]\.php\s+new/);
    expect(result.stdout).toContain(`✔ ${site.url}: pushed 3 files (3 new).`);
    // Only hello.php has #[Permission(public: true)]; recent.php's permission() is a documented blind spot.
    expect(result.stderr.split('\n').filter((line) => line.includes('[PUBLIC]'))).toEqual([
      '⚠ [PUBLIC] /svc-api/v1/hello (hello.php): GET runs for anyone, without authentication.',
    ]);
    expect(await deployed()).toEqual(['hello', 'posts/recent', 'users/[id]']);
    const hello = await site.fetch('/svc-api/v1/hello?name=CLI', { as: 'anonymous' });
    expect(await hello.json()).toEqual({ message: 'Hello, CLI!' });
  });

  it('with nothing changed, uploads nothing', async () => {
    const before = stored();
    const result = await run('api', 'push');
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain('3 unchanged');
    expect(result.stdout).toContain('Nothing to push: already in sync.');
    expect(result.stderr).toBe('');
    expect(stored()).toEqual(before);
  });

  it('uploads only the changed and new files; --json prints only JSON', async () => {
    writeRoute(apiDir, 'users/[id].php', `${readFileSync(path.join(apiDir, 'users/[id].php'), 'utf8')}// edited\n`);
    writeRoute(apiDir, 'status.php', routeSource('Status', { open: true }));
    const result = await run('api', 'push', '--json');
    expect(result).toMatchObject({ code: 0 });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toMatchObject({
      site: site.url,
      dryRun: false,
      added: ['status'],
      changed: ['users/[id]'],
      unchanged: ['hello', 'posts/recent'],
      removed: [],
      written: ['status', 'users/[id]'],
      deleted: [],
      publicRoutes: [{ slug: 'status', route: '/svc-api/v1/status', verbs: ['GET'] }],
      syntaxCheck: expect.any(String),
    });
  });

  it('a syntax error stops the push before the plan, in PHP\'s words, as svc dev and svc doctor say it', async () => {
    const before = stored();
    writeRoute(apiDir, 'broken.php', routeSource('Broken', { body: "\tpublic function get(): array { return array( 'x' => ; }" }));
    try {
      const result = await run('api', 'push', '--yes');
      expect(result).toMatchObject({ code: 1 });
      expect(result.stderr).toContain('✖ Error: 1 file in api/ failed the local checks; nothing was pushed.');
      expect(result.stderr).toMatch(/^ {2}api\/broken\.php: PHP Parse error: syntax error, unexpected token ";" in broken\.php on line \d+$/m);
      expect(result.stdout).not.toContain('Push api/');
      expect(stored()).toEqual(before);
      const json = await run('api', 'push', '--json');
      expect(JSON.parse(json.stdout)).toMatchObject({ code: 'local_check_failed', fileErrors: [{ slug: 'broken', file: 'api/broken.php', code: 'svc_syntax_error' }] });
    } finally {
      removeRoute(apiDir, 'broken.php');
    }
  });

  it('a rejection is shown per file with the server\'s parse error text, and nothing is written', async () => {
    const before = stored();
    writeRoute(apiDir, 'hello.php', `${readFileSync(path.join(apiDir, 'hello.php'), 'utf8')}// a change that must not land\n`);
    writeRoute(apiDir, 'broken.php', routeSource('Broken', { body: "\tpublic function get(): array { return array( 'x' => ; }" }));
    // A PHP here that accepts the file (as a newer PHP would accept newer syntax) leaves it to the site.
    const run = (...args: string[]) => svc(args, { env: { ...env, SVC_PHP: 'true' } });
    try {
      const result = await run('api', 'push');
      expect(result).toMatchObject({ code: 1 });
      expect(result.stderr).toContain('✖ Error: The site rejected the push; nothing was written.');
      expect(result.stderr).toMatch(/^ {2}api\/broken\.php: PHP Parse error: syntax error, unexpected token ";" in broken\.php on line \d+$/m);
      expect(stored()).toEqual(before);

      const json = await run('api', 'push', '--json');
      expect(json).toMatchObject({ code: 1 });
      expect(JSON.parse(json.stdout)).toMatchObject({
        code: 'push_rejected',
        status: 422,
        fileErrors: [{ slug: 'broken', file: 'api/broken.php', code: 'svc_syntax_error', message: expect.stringContaining('syntax error') }],
        exitCode: 1,
      });
    } finally {
      removeRoute(apiDir, 'broken.php');
    }
  });

  it('local checks fail before anything is sent, naming the file and the reason', async () => {
    const before = stored();
    writeRoute(apiDir, 'Admin/report.php', routeSource('Report'));
    writeRoute(apiDir, 'no-strict.php', routeSource('NoStrict').replace('declare(strict_types=1);\n', ''));
    let result = await run('api', 'push');
    expect(result).toMatchObject({ code: 1 });
    expect(result.stderr).toContain('api/Admin/report.php: invalid route path: segment "Admin" is not lowercase kebab-case');
    removeRoute(apiDir, 'Admin/report.php');
    result = await run('api', 'push');
    expect(result).toMatchObject({ code: 1 });
    expect(result.stderr).toContain('api/no-strict.php: declare(strict_types=1); is missing');
    removeRoute(apiDir, 'no-strict.php');
    expect(stored()).toEqual(before);
  });

  it('--dry-run shows the plan, lets the site check the files, and writes nothing', async () => {
    const before = stored();
    writeRoute(apiDir, 'later.php', routeSource('Later', { open: true }));
    const result = await run('api', 'push', '--dry-run');
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain('(dry run: nothing will be written)');
    expect(result.stdout).toMatch(/\+ later\.php\s+new/);
    expect(result.stdout).toMatch(/~ hello\.php\s+changed/);
    expect(result.stdout).toContain('Dry run: the site accepted 2 files. Nothing was written.');
    expect(result.stderr).toContain('⚠ [PUBLIC] /svc-api/v1/later (later.php): GET would run for anyone');
    expect(stored()).toEqual(before);

    writeRoute(apiDir, 'later.php', routeSource('Later', { body: '\tpublic function get(): array { return array( }' }));
    const rejected = await run('api', 'push', '--dry-run');
    expect(rejected).toMatchObject({ code: 1 });
    expect(rejected.stderr).toContain('api/later.php: PHP Parse error');
    expect(stored()).toEqual(before);
    removeRoute(apiDir, 'later.php');
  });

  it('--prune without a terminal and without --yes refuses (exit 2) and pushes nothing', async () => {
    const before = stored();
    removeRoute(apiDir, 'status.php');
    const result = await run('api', 'push', '--prune');
    expect(result).toMatchObject({ code: 2 });
    expect(result.stdout).toMatch(/- status\.php\s+remove from the site/);
    expect(result.stderr).toContain('Refusing to remove 1 route from the site (--prune) without confirmation');
    expect(result.stderr).toContain('--yes');
    expect(stored()).toEqual(before);
  });

  it('without --prune, routes missing locally stay on the site and are named', async () => {
    const result = await run('api', 'push');
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain('1 only on the site, kept (status); add --prune to remove it');
    expect(await deployed()).toContain('status');
  });

  it('--prune --yes removes the routes missing locally', async () => {
    const result = await run('api', 'push', '--prune', '--yes');
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain(`✔ ${site.url}: removed 1 route; 3 unchanged.`);
    expect(await deployed()).toEqual(['hello', 'posts/recent', 'users/[id]']);
  });
});

describe('svc api pull', () => {
  let mirror: string;

  beforeAll(() => {
    mirror = mkdtempSync(path.join(os.tmpdir(), 'svc-cli-pull-'));
  });

  afterAll(() => {
    rmSync(mirror, { recursive: true, force: true });
  });

  it('creates api/ with files byte-identical to the ones pushed', async () => {
    const result = await runIn(mirror, 'api', 'pull');
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toMatch(/\+ users\/\[id\]\.php\s+new here/);
    expect(result.stdout).toContain('✔ Pulled 3 files into api/.');
    expect(readTree(path.join(mirror, 'api'))).toEqual(readTree(apiDir));
  });

  it('removing local files the site lacks needs --yes without a terminal; nothing is touched until then', async () => {
    writeRoute(path.join(mirror, 'api'), 'extra.php', routeSource('Extra'));
    writeRoute(path.join(mirror, 'api'), 'hello.php', '<?php // local edit\n');
    const before = readTree(path.join(mirror, 'api'));
    const refused = await runIn(mirror, 'api', 'pull');
    expect(refused).toMatchObject({ code: 2 });
    expect(refused.stdout).toMatch(/~ hello\.php\s+overwrite local file/);
    expect(refused.stdout).toMatch(/- extra\.php\s+remove local file/);
    expect(refused.stderr).toContain('Refusing to delete 1 local file the site does not have without confirmation');
    expect(readTree(path.join(mirror, 'api'))).toEqual(before);

    const dry = await runIn(mirror, 'api', 'pull', '--dry-run');
    expect(dry).toMatchObject({ code: 0 });
    expect(readTree(path.join(mirror, 'api'))).toEqual(before);

    const result = await runIn(mirror, 'api', 'pull', '--yes');
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain('✔ Pulled 1 file into api/, deleted 1 local file; 2 unchanged.');
    expect(readTree(path.join(mirror, 'api'))).toEqual(readTree(apiDir));
  });

  it('a symbolic link on the site is neither pulled nor makes the pull delete a local file of that name', async () => {
    const link = path.join(site.svcDir, 'api', 'conf.php');
    symlinkSync(path.join(site.wpDir, 'wp-config.php'), link);
    writeRoute(path.join(mirror, 'api'), 'conf.php', routeSource('LocalConf'));
    try {
      const result = await runIn(mirror, 'api', 'pull', '--json');
      expect(result).toMatchObject({ code: 0 });
      expect(result.stdout).not.toContain('DB_PASSWORD');
      expect(readFileSync(path.join(mirror, 'api', 'conf.php'), 'utf8')).toBe(routeSource('LocalConf'));
    } finally {
      rmSync(link);
      removeRoute(path.join(mirror, 'api'), 'conf.php');
    }
  });

  it('--json reports what changed, and only JSON', async () => {
    const result = await runIn(mirror, 'api', 'pull', '--json');
    expect(result).toMatchObject({ code: 0 });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toMatchObject({ added: [], changed: [], removed: [], unchanged: ['hello', 'posts/recent', 'users/[id]'], written: [], deleted: [] });
  });
});

describe('svc api list', () => {
  beforeAll(async () => {
    // A file copied onto the server by hand that does not load: the listing carries its error.
    const file = path.join(site.svcDir, 'api', 'copied.php');
    writeRoute(path.dirname(file), 'copied.php', routeSource('Copied', { body: '\tpublic function get(): array { return array( }' }));
    await site.fetch('/svc-api/v1/copied', { as: 'anonymous' });
  });

  it('piped: a plain table with [PUBLIC] on public routes and the load error on failed ones', async () => {
    const result = await run('api', 'list');
    expect(result).toMatchObject({ code: 0 });
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ROUTE\s+FILE\s+METHODS$/);
    expect(lines.find((line) => line.includes('hello.php'))).toMatch(/^\/svc-api\/v1\/hello\s+hello\.php\s+GET\s+\[PUBLIC\]$/);
    expect(lines.find((line) => line.includes('users/[id].php'))).toMatch(/^\/svc-api\/v1\/users\/\[id\]\s+users\/\[id\]\.php\s+GET,DELETE$/);
    expect(lines.find((line) => line.includes('copied.php'))).toMatch(/\[FAILED TO LOAD\] PHP Parse error: /);
    expect(lines.filter((line) => line.includes('[PUBLIC]'))).toHaveLength(1);
    expect(result.stdout).not.toContain('\u001B[');
  });

  it('--json: records with every key, "public" true or false, "error" null or the reason', async () => {
    const result = await run('api', 'list', '--json');
    expect(result).toMatchObject({ code: 0 });
    const records = JSON.parse(result.stdout) as Record<string, unknown>[];
    const byName = new Map(records.map((record) => [record['slug'], record]));
    expect(byName.get('hello')).toMatchObject({ file: 'hello.php', route: '/svc-api/v1/hello', verbs: ['GET'], public: true });
    expect(byName.get('users/[id]')).toMatchObject({ public: false, error: null, verbs: ['GET', 'DELETE'] });
    expect(byName.get('copied')).toMatchObject({ error: expect.stringMatching(/^PHP Parse error: .* in copied\.php on line \d+$/) });
  });

  it('NO_COLOR wins over FORCE_COLOR', async () => {
    const colored = await svc(['api', 'push', '--dry-run'], { env: { ...env, FORCE_COLOR: '1' } });
    expect(colored.stdout).toContain('\u001B[');
    const plain = await svc(['api', 'push', '--dry-run'], { env: { ...env, FORCE_COLOR: '1', NO_COLOR: '1' } });
    expect(plain.stdout).not.toContain('\u001B[');
    expect(plain.stdout).toContain('Push api/');
  });
});

describe('svc api rm', () => {
  it('an unknown slug is an error naming it; nothing is removed', async () => {
    const result = await run('api', 'rm', 'nope', '--yes');
    expect(result).toMatchObject({ code: 1 });
    expect(result.stderr).toContain(`✖ Error: Not deployed on ${site.url}: nope. Nothing was removed.`);
    expect(result.stderr).toContain('svc api list');
    expect(await deployed()).toContain('copied');
  });

  it('without a terminal and without --yes it refuses with exit 2', async () => {
    const result = await run('api', 'rm', 'copied');
    expect(result).toMatchObject({ code: 2 });
    expect(result.stderr).toContain('Refusing to remove 1 route without confirmation');
    expect(await deployed()).toContain('copied');
  });

  it('--dry-run says what it would remove', async () => {
    const result = await run('api', 'rm', 'copied', '--dry-run');
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toBe('Dry run: would remove /svc-api/v1/copied. Nothing was removed.\n');
  });

  it('--yes removes the route, as one release', async () => {
    const result = await run('api', 'rm', 'copied', '--yes');
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toMatch(new RegExp(`^✔ Removed copied\\.php from ${site.url.replace(/\./g, '\\.')} \\(release \\d+\\)\\.\n$`));
    expect(await deployed()).not.toContain('copied');
    expect(existsSync(path.join(site.svcDir, 'api', 'copied.php'))).toBe(false);
  });

  it('--json --yes reports the removal as JSON', async () => {
    writeRoute(apiDir, 'temp.php', routeSource('Temp'));
    expect(await run('api', 'push')).toMatchObject({ code: 0 });
    const result = await run('api', 'rm', 'temp', '--yes', '--json');
    expect(result).toMatchObject({ code: 0 });
    expect(JSON.parse(result.stdout)).toEqual({
      site: site.url,
      dryRun: false,
      removed: ['temp'],
      deleted: ['temp'],
      release: expect.objectContaining({ kind: 'rm', removed: 1, active: true, user: { id: site.users.admin.id, login: 'admin' } }),
    });
    removeRoute(apiDir, 'temp.php');
  });
});

describe('the application password', () => {
  it('appears in no output of any command above or below', async () => {
    const outputs = await Promise.all([run('api', 'list'), run('api', 'push', '--dry-run'), run('api', 'rm', 'nope', '--yes')]);
    for (const result of outputs) {
      expect(result.output).not.toContain(site.users.admin.appPassword);
    }
  });
});
