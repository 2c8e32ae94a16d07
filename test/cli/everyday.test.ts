/**
 * The everyday loop through the installed binary against a real WordPress (nginx + php-fpm):
 * svc api new, svc api logs and svc doctor. Run as CI runs it (no terminal; SVC_* in the
 * environment). The tests run in order and build on each other's state.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { fileURLToPath } from 'node:url';

import { unsafeControls } from '../../source/core/terminal-text.js';
import type { WordPressSite } from '../support/wordpress.js';
import { LIMITS_MU_PLUGIN } from '../e2e/helpers/site.js';
import { startCliBench, type CliBench } from './helpers/cli-bench.js';
import { routeSource, writeRoute } from './helpers/files.js';
import { assertJsonContract } from './helpers/json-contract.js';
import { startPathProxy } from './helpers/path-proxy.js';
import type { SvcRunner } from './helpers/run-svc.js';
import { until } from './helpers/until.js';

jest.setTimeout(180_000);

const DOCTOR_MU_PLUGIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'helpers', 'mu-plugins', 'svc-everyday-doctor.php');

let site: WordPressSite;
let svc: SvcRunner;
let project: string;
let apiDir: string;
let env: Record<string, string>;
let bin: string;

let bench: CliBench | undefined;

beforeAll(async () => {
  bench = await startCliBench('everyday', { site: { muPlugins: [LIMITS_MU_PLUGIN, DOCTOR_MU_PLUGIN] } });
  ({ site, svc, project, apiDir, env } = bench);
  bin = bench.cli.bin;
}, 300_000);

afterAll(() => bench?.stop());

const run = (...args: string[]) => svc(args, { env });
const json = <T = any>(stdout: string): T => JSON.parse(stdout) as T;

describe('svc api new', () => {
  it('scaffolds users/[id] that pushes as is and answers with the segment', async () => {
    const made = await run('api', 'new', 'users/[id]', '--verbs', 'get,delete', '--json');
    expect(made).toMatchObject({ code: 0, stderr: '' });
    expect(json(made.stdout)).toEqual({
      file: 'api/users/[id].php',
      slug: 'users/[id]',
      className: 'UsersIdRoute',
      verbs: ['GET', 'DELETE'],
      params: ['id'],
      public: false,
      capability: null,
      cache: null,
      rateLimit: null,
      schedule: null,
      siteChecked: site.url,
    });
    expect(await run('api', 'push', '--yes')).toMatchObject({ code: 0 });
    const answer = await site.fetch('/svc-api/v1/users/42');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ id: '42' });
    // Closed by default: nobody logged in is refused.
    expect((await site.fetch('/svc-api/v1/users/42', { as: 'anonymous' })).status).toBe(401);
  });

  it('--public opens the route to anyone, and says so', async () => {
    const made = await run('api', 'new', 'hello', '--public');
    expect(made).toMatchObject({ code: 0 });
    expect(made.stdout).toContain('Created api/hello.php: class HelloRoute');
    expect(made.stdout).toContain('anyone can call this route without logging in');
    const pushed = await run('api', 'push', '--yes');
    expect(pushed).toMatchObject({ code: 0 });
    const answer = await site.fetch('/svc-api/v1/hello', { as: 'anonymous' });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ route: 'hello' });
  });

  it('--capability lets an editor in and keeps a subscriber out', async () => {
    expect(await run('api', 'new', 'drafts', '--capability', 'edit_posts', '--verbs', 'post')).toMatchObject({ code: 0 });
    expect(await run('api', 'push', '--yes')).toMatchObject({ code: 0 });
    const asEditor = await site.fetch('/svc-api/v1/drafts', { method: 'POST', as: 'editor', json: { title: 'x' } });
    expect(asEditor.status).toBe(201);
    expect(await asEditor.json()).toEqual({ received: { title: 'x' } });
    expect((await site.fetch('/svc-api/v1/drafts', { method: 'POST', as: 'subscriber', json: {} })).status).toBe(403);
  });

  it('picks a class name the site already uses under another file', async () => {
    // The site has a file declaring OrdersRoute that the project does not have.
    writeRoute(apiDir, 'legacy.php', routeSource('OrdersRoute'));
    expect(await run('api', 'push', '--yes')).toMatchObject({ code: 0 });
    rmSync(path.join(apiDir, 'legacy.php'));
    const made = await run('api', 'new', 'orders', '--json');
    expect(json(made.stdout)).toMatchObject({ className: 'OrdersRoute2' });
    expect(await run('api', 'push', '--yes')).toMatchObject({ code: 0 });
    expect((await site.fetch('/svc-api/v1/orders')).status).toBe(200);
  });

  it('refuses to overwrite, and refuses a bad slug naming the segment', async () => {
    const before = readFileSync(path.join(apiDir, 'hello.php'), 'utf8');
    const again = await run('api', 'new', 'hello', '--json');
    expect(again.code).toBe(1);
    expect(json(again.stdout)).toMatchObject({ code: 'file_exists', error: 'api/hello.php already exists; svc api new never overwrites a file.' });
    expect(readFileSync(path.join(apiDir, 'hello.php'), 'utf8')).toBe(before);
    const bad = await run('api', 'new', 'Users/x');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('segment "Users"');
    expect(existsSync(path.join(apiDir, 'Users'))).toBe(false);
    const verbs = await run('api', 'new', 'x', '--verbs', 'get,fetch');
    expect(verbs.code).toBe(2);
    expect(verbs.stderr).toContain('"fetch" is not one of get, post, put, patch, delete');
  });

  it('--cache, --rate-limit and --schedule scaffold a route whose policies the site applies and svc api list shows', async () => {
    const made = await run('api', 'new', 'feed', '--public', '--cache', '300', '--rate-limit', '60/60', '--schedule', 'every:300', '--json');
    expect(made).toMatchObject({ code: 0, stderr: '' });
    expect(json(made.stdout)).toMatchObject({ cache: 300, rateLimit: { requests: 60, per: 60 }, schedule: 'every:300' });
    expect(await run('api', 'push', '--yes')).toMatchObject({ code: 0 });
    const answer = await site.fetch('/svc-api/v1/feed', { as: 'anonymous' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300');
    expect(answer.headers.get('ratelimit-limit')).toBe('60');

    const listed = await run('api', 'list', '--json');
    expect(listed).toMatchObject({ code: 0, stderr: '' });
    assertJsonContract(['api', 'list', '--json'], listed.stdout);
    const feed = json<{ slug: string }[]>(listed.stdout).find((route) => route.slug === 'feed');
    expect(feed).toMatchObject({
      cache: { maxAge: 300, staleWhileRevalidate: null },
      rateLimits: { GET: { requests: 60, per: 60, shared: true } },
      schedules: [{ method: 'run', recurrence: 'every', interval: 300, nextRun: expect.stringMatching(/Z$/), lastRun: null }],
    });

    for (const [flag, value, words] of [
      ['--cache', '5m', '--cache "5m" is not a max-age in seconds from 0 to 31536000'],
      ['--rate-limit', '60', '--rate-limit "60" is not requests/seconds'],
      ['--schedule', 'every:30', '--schedule "every:30": every: takes whole seconds from 60 to 31536000'],
    ] as const) {
      const bad = await run('api', 'new', 'never-written', flag, value);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain(words);
    }
    expect(existsSync(path.join(apiDir, 'never-written.php'))).toBe(false);
  });

  it('works without any site configured', async () => {
    const offline = await svc(['api', 'new', 'offline/[slug]', '--json'], { env: {} });
    expect(offline).toMatchObject({ code: 0 });
    expect(json(offline.stdout)).toMatchObject({ className: 'OfflineSlugRoute', siteChecked: null });
  });
});

describe('svc api logs', () => {
  it('prints the releases and failures the site recorded, oldest first', async () => {
    writeRoute(apiDir, 'throws.php', routeSource('ThrowsRoute', { body: "\tpublic function get(): array { return array(); }\n\tpublic function permission(): bool { throw new LogicException( 'nope' ); }" }));
    expect(await run('api', 'push', '--yes')).toMatchObject({ code: 0 });
    await site.fetch('/svc-api/v1/throws', { as: 'anonymous' });
    const logs = await run('api', 'logs');
    expect(logs).toMatchObject({ code: 0, stderr: '' });
    const lines = logs.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d {2}↑ release +push by admin: release \d+, 1 file \(1 added/);
    expect(lines.at(-1)).toMatch(/⚠ permission_threw +the permission check for GET threw, so the request was denied: LogicException: nope/);
    const asJson = await run('api', 'logs', '--json', '--since', '1h');
    const records = json<{ id: number; type: string; slug: string | null }[]>(asJson.stdout);
    expect(records.at(-1)).toMatchObject({ type: 'permission_threw', slug: 'throws' });
    expect(records.map((record) => record.id)).toEqual([...records.map((record) => record.id)].sort((a, b) => a - b));
  });

  it('shows what an anonymous caller put in an event as text: no title, clipboard write, clear screen or fake line reaches the terminal', async () => {
    writeRoute(
      apiDir,
      'token.php',
      routeSource('TokenRoute', {
        body: "\tpublic function get(): array { return array(); }\n\tpublic function permission( WP_REST_Request $request ): bool { throw new RuntimeException( 'bad token ' . $request->get_param( 't' ) ); }",
      }),
    );
    expect(await run('api', 'push', '--yes')).toMatchObject({ code: 0 });
    const payload = '\u001b]0;pwned\u0007\u001b]52;c;ZWNobyBldmls\u0007\u001b[2J\rok\u001b[31m all routes deleted\u001b[0m\u202e';
    await site.fetch(`/svc-api/v1/token?t=${encodeURIComponent(payload)}`, { as: 'anonymous' });
    const logs = await run('api', 'logs', '--since', '1m');
    expect(logs).toMatchObject({ code: 0, stderr: '' });
    const line = logs.stdout.trim().split('\n').at(-1) ?? '';
    expect(line).toContain('bad token \\x1b]0;pwned\\x07\\x1b]52;c;ZWNobyBldmls\\x07\\x1b[2J\\x0dok\\x1b[31m all routes deleted\\x1b[0m\\u202e');
    expect(unsafeControls(logs.stdout)).toEqual([]);
    // --json stays lossless: the caller's bytes, escaped by JSON.
    const records = json<{ type: string; message: string }[]>((await run('api', 'logs', '--json', '--since', '1m')).stdout);
    expect(records.at(-1)?.message).toContain(`bad token ${payload}`);
  });

  it('--since leaves out older events', async () => {
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const recent = await run('api', 'logs', '--since', '2s');
    expect(recent).toMatchObject({ code: 0, stdout: `No events on ${site.url} in that time.\n` });
  });

  it('--follow --json prints each new event as a JSON line until interrupted', async () => {
    const child = spawn(bin, ['api', 'logs', '--follow', '--json', '--since', '1s'], {
      cwd: project,
      env: { PATH: `${path.dirname(bin)}${path.delimiter}${process.env['PATH'] ?? ''}`, HOME: svc.home, XDG_CONFIG_HOME: path.join(svc.home, '.config'), ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    // Every event after this line is printed, however slowly svc started.
    await until(() => stderr.includes('Following the events of'), 60_000, 'svc api logs --follow to start following');
    await site.fetch('/svc-api/v1/throws', { as: 'anonymous' });
    await until(() => stdout.includes('permission_threw'), 60_000, 'the permission_threw event on stdout');
    child.kill('SIGINT');
    // Ctrl-C ends svc with 130, as everywhere, after the stream ended cleanly.
    expect(await exited).toBe(130);
    assertJsonContract(['api', 'logs', '--follow', '--json'], stdout);
    const lines = stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; slug: string });
    expect(lines).toEqual([expect.objectContaining({ type: 'permission_threw', slug: 'throws' })]);
  });
});

interface DoctorReport {
  site: string | null;
  ok: boolean;
  checks: { id: string; status: string; title: string; reason: string; fix?: string }[];
}

const doctor = async (): Promise<{ code: number | null; report: DoctorReport; byId: Record<string, { status: string; reason: string; fix?: string }> }> => {
  const result = await run('doctor', '--json');
  const report = json<DoctorReport>(result.stdout);
  return { code: result.code, report, byId: Object.fromEntries(report.checks.map((check) => [check.id, check])) };
};

/** Runs `body` with a site option set, and removes it afterwards. */
const withOption = async (name: string, body: () => Promise<void>): Promise<void> => {
  await site.php(`update_option( '${name}', 1 );`);
  try {
    await body();
  } finally {
    await site.php(`delete_option( '${name}' );`);
  }
};

describe('svc doctor', () => {
  it('passes a healthy site and project, one line per check', async () => {
    const { code, report, byId } = await doctor();
    expect(code).toBe(0);
    expect(report.ok).toBe(true);
    expect(Object.fromEntries(report.checks.map((check) => [check.id, check.status]))).toEqual({
      rest: 'ok', https: 'ok', auth: 'ok', plugin: 'ok', deploy: 'ok', storage: 'ok', syntax: 'ok', limits: 'ok', opcache: 'ok', skipped: 'ok',
      'early-cache': 'ok', project: 'warn', api: 'ok',
    });
    // WP_CACHE is off on a fresh site: a working state, with how to serve cached answers before plugins load.
    expect(byId['early-cache']!.reason).toContain('wp svc cache enable');
    expect(byId['rest']!.reason).toBe(`${site.url}/wp-json/`);
    expect(byId['https']!.reason).toContain('WP_ENVIRONMENT_TYPE is local');
    expect(byId['plugin']!.reason).toBe('Active, version 0.1.0, the same as this CLI.');
    expect(byId['project']!.fix).toContain('svc link');
    const text = await run('doctor');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^svc doctor: http:\/\/127\.0\.0\.1:\d+\n✔ REST API/);
    expect(text.stdout).toContain('⚠ svc.json');
  });

  it.each<[string, { prefix?: string; plainPermalinks?: boolean }]>([
    ['plain permalinks (/wp-json/ answered by the web server, not WordPress)', { plainPermalinks: true }],
    ['a subdirectory install with plain permalinks', { prefix: '/blog', plainPermalinks: true }],
    ['a subdirectory install', { prefix: '/blog' }],
  ])('%s: finds the REST root, and every command works there', async (_label, options) => {
    const proxy = await startPathProxy(site.url, options);
    const at = (...args: string[]) => svc(args, { env: { ...env, SVC_URL: proxy.url } });
    try {
      const report = json<DoctorReport>((await at('doctor', '--json')).stdout);
      const rest = report.checks.find((check) => check.id === 'rest');
      expect(rest?.status).toBe('ok');
      const prefix = options.prefix ?? '';
      expect(rest?.reason).toBe(options.plainPermalinks === true ? `${proxy.url}/?rest_route=%2F (plain permalinks: /?rest_route=)` : `${proxy.url}/wp-json/`);
      expect(report.checks.find((check) => check.id === 'auth')?.status).toBe('ok');
      const slug = `where${prefix.replace('/', '-')}${options.plainPermalinks === true ? '-plain' : ''}`;
      expect(await at('api', 'new', slug, '--json')).toMatchObject({ code: 0 });
      expect(await at('api', 'push', '--yes')).toMatchObject({ code: 0 });
      expect(json<{ slug: string }[]>((await at('api', 'list', '--json')).stdout).map((record) => record.slug)).toContain(slug);
      expect(json<{ type: string; message: string }[]>((await at('api', 'logs', '--json')).stdout).at(-1)).toMatchObject({ type: 'release' });
      expect(await at('api', 'releases', '--json')).toMatchObject({ code: 0 });
      expect(proxy.paths.some((requested) => requested.startsWith(`${prefix}/?rest_route=`))).toBe(options.plainPermalinks === true);
    } finally {
      await proxy.stop();
    }
  });

  it("the Authorization header stripped before PHP: svc's X-Svc-Authorization gets through, doctor ⚠ names the header and the fix", async () => {
    await withOption('svc_doctor_strip_authorization', async () => {
      const { code, byId } = await doctor();
      expect(code).toBe(0);
      // The fix is the one for the server the site runs (nginx here: its fastcgi_param; Apache: CGIPassAuth).
      const fix = site.server.kind === 'apache' ? 'CGIPassAuth On' : 'fastcgi_param HTTP_AUTHORIZATION $http_authorization;';
      expect(byId['auth']).toMatchObject({ status: 'warn', reason: expect.stringContaining("only in svc's X-Svc-Authorization"), fix: expect.stringContaining(fix) });
      expect(await run('api', 'list', '--json')).toMatchObject({ code: 0 });
      // Through WordPress's own check: a wrong password is still a wrong password.
      const wrong = await svc(['api', 'list'], { env: { ...env, SVC_APP_PASSWORD: 'abcd efgh ijkl mnop qrst uvwx' } });
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain('(401, incorrect_password)');
    });
  });

  it('stripped, with the fallback turned off by SVC_AUTHORIZATION_FALLBACK: ✖ with the fix, and every command says the same', async () => {
    await withOption('svc_doctor_strip_authorization', () =>
      withOption('svc_doctor_no_fallback', async () => {
        const { code, byId } = await doctor();
        expect(code).toBe(1);
        expect(byId['auth']).toMatchObject({ status: 'fail', reason: expect.stringContaining('neither Authorization nor X-Svc-Authorization'), fix: expect.stringContaining('CGIPassAuth On') });
        expect(byId['rest']!.status).toBe('ok');
        const list = await run('api', 'list');
        expect(list.code).toBe(1);
        expect(list.stderr).toContain('answered as to a visitor (401)');
        expect(list.stderr).toContain('CGIPassAuth On');
      }),
    );
  });

  it('svc\'s header is used only where Authorization did not arrive, and only for REST requests', async () => {
    const basic = (password: string) => `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;
    const good = basic(site.users.admin.appPassword);
    const me = (headers: Record<string, string>) => fetch(`${site.url}/wp-json/wp/v2/users/me?context=edit`, { headers }).then((response) => response.status);
    await withOption('svc_doctor_strip_authorization', async () => {
      expect(await me({ 'x-svc-authorization': good })).toBe(200);
      expect(await me({ 'x-svc-authorization': basic('wrong wrong wrong wrong') })).toBe(401);
      // Not a REST request: WordPress's admin does not log anyone in with it.
      const admin = await fetch(`${site.url}/wp-admin/`, { headers: { 'x-svc-authorization': good }, redirect: 'manual' });
      expect(admin.status).toBe(302);
      expect(admin.headers.get('location')).toContain('wp-login.php');
    });
    // Authorization arrived (wrong): svc's header does not overrule it.
    expect(await me({ authorization: basic('wrong wrong wrong wrong'), 'x-svc-authorization': good })).toBe(401);
    expect(await me({ authorization: good })).toBe(200);
  });

  it('application passwords off (plain http, not local): ✖ HTTPS', async () => {
    await withOption('svc_doctor_no_application_passwords', async () => {
      const { code, byId } = await doctor();
      expect(code).toBe(1);
      expect(byId['https']).toMatchObject({ status: 'fail', fix: expect.stringContaining("WP_ENVIRONMENT_TYPE', 'local'") });
    });
  });

  it('DISALLOW_FILE_MODS: ✖ deploying, with the site\'s reason', async () => {
    await withOption('svc_e2e_disallow_file_mods', async () => {
      const { code, byId } = await doctor();
      expect(code).toBe(1);
      expect(byId['deploy']).toMatchObject({ status: 'fail', reason: expect.stringContaining('DISALLOW_FILE_MODS'), fix: expect.stringContaining('SVC_ALLOW_DEPLOY') });
    });
  });

  it('the plugin inactive: ✖ with how to install it, and the checks that need it skipped', async () => {
    await site.php("require_once ABSPATH . 'wp-admin/includes/plugin.php'; deactivate_plugins( 'svc/svc.php' );");
    try {
      const { code, byId } = await doctor();
      expect(code).toBe(1);
      expect(byId['plugin']).toMatchObject({ status: 'fail', fix: expect.stringContaining('svc plugin zip') });
      expect(byId['deploy']!.status).toBe('skip');
    } finally {
      await site.php("require_once ABSPATH . 'wp-admin/includes/plugin.php'; activate_plugin( 'svc/svc.php' );");
    }
  });

  it('a file the site skips, and a local file push would refuse', async () => {
    const sftp = path.join(site.svcDir, 'api', 'sftp-copy.php');
    // Two classes: a file only SFTP can bring, skipped at boot.
    writeFileSync(sftp, `${routeSource('SftpCopyRoute')}\nfinal class SftpCopyExtra {}\n`);
    mkdirSync(apiDir, { recursive: true });
    writeFileSync(path.join(apiDir, 'unfinished.php'), '<?php\nfinal class Unfinished {}\n');
    try {
      const { code, byId } = await doctor();
      expect(code).toBe(1);
      expect(byId['skipped']).toMatchObject({ status: 'fail', reason: expect.stringContaining('sftp-copy.php') });
      expect(byId['api']).toMatchObject({ status: 'fail', reason: expect.stringContaining('api/unfinished.php') });
    } finally {
      rmSync(sftp);
      rmSync(path.join(apiDir, 'unfinished.php'));
    }
  });

  it('without any site: ✖ with how to log in, and the project still checked', async () => {
    const result = await svc(['doctor', '--json'], { env: {} });
    expect(result.code).toBe(1);
    const report = json<DoctorReport>(result.stdout);
    expect(report.checks.map((check) => [check.id, check.status])).toEqual([['site', 'fail'], ['project', 'warn'], ['api', 'ok']]);
  });
});

describe('svc dev', () => {
  it('pushes each save after the local checks, removes deleted files\' routes, streams events, stops on Ctrl-C', async () => {
    const devProject = mkdtempSync(path.join(os.tmpdir(), 'svc-cli-dev-'));
    const devApi = path.join(devProject, 'api');
    const child = spawn(bin, ['dev', '--json'], {
      cwd: devProject,
      env: { PATH: `${path.dirname(bin)}${path.delimiter}${process.env['PATH'] ?? ''}`, HOME: svc.home, XDG_CONFIG_HOME: path.join(svc.home, '.config'), ...env },
    });
    const lines: { type: string; [key: string]: unknown }[] = [];
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const complete = buffered.split('\n');
      buffered = complete.pop() ?? '';
      lines.push(...complete.filter((line) => line !== '').map((line) => JSON.parse(line) as { type: string }));
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const waitFor = async (predicate: (line: { type: string; [key: string]: unknown }) => boolean, from: number): Promise<{ type: string; [key: string]: unknown }> => {
      const started = Date.now();
      for (;;) {
        const found = lines.slice(from).find(predicate);
        if (found !== undefined) return found;
        if (Date.now() - started > 15_000) throw new Error(`timed out; lines: ${JSON.stringify(lines)} stderr: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    try {
      expect(await waitFor((line) => line.type === 'ready', 0)).toMatchObject({ site: site.url, apiDir: 'api' });

      // A save: the route answers the new code.
      let mark = lines.length;
      const saved = Date.now();
      writeRoute(devApi, 'live.php', routeSource('LiveRoute', { open: true, body: "\tpublic function get(): array { return array( 'version' => 1 ); }" }));
      expect(await waitFor((line) => line.type === 'pushed', mark)).toMatchObject({ pushed: ['live'], removed: [], release: expect.any(Number) });
      expect(await (await site.fetch('/svc-api/v1/live', { as: 'anonymous' })).json()).toEqual({ version: 1 });
      const firstMs = Date.now() - saved;

      mark = lines.length;
      writeRoute(devApi, 'live.php', routeSource('LiveRoute', { open: true, body: "\tpublic function get(): array { return array( 'version' => 2 ); }" }));
      await waitFor((line) => line.type === 'pushed', mark);
      expect(await (await site.fetch('/svc-api/v1/live', { as: 'anonymous' })).json()).toEqual({ version: 2 });

      // A syntax error is shown and nothing is pushed.
      mark = lines.length;
      writeRoute(devApi, 'live.php', routeSource('LiveRoute', { open: true, body: "\tpublic function get(): array { return array( 'version' => 3 ) }" }));
      const rejected = await waitFor((line) => line.type === 'rejected', mark);
      expect(rejected['problems']).toEqual([expect.stringMatching(/^api\/live\.php: (PHP Parse error: )?syntax error.* on line \d+/)]);
      expect(await (await site.fetch('/svc-api/v1/live', { as: 'anonymous' })).json()).toEqual({ version: 2 });

      // A permission check that throws: its event streams in.
      mark = lines.length;
      writeRoute(devApi, 'live.php', routeSource('LiveRoute', { body: "\tpublic function get(): array { return array(); }\n\tpublic function permission(): bool { throw new LogicException( 'dev' ); }" }));
      await waitFor((line) => line.type === 'pushed', mark);
      await site.fetch('/svc-api/v1/live', { as: 'anonymous' });
      const threw = await waitFor((line) => line.type === 'event' && (line['event'] as { type: string }).type === 'permission_threw', mark);
      expect(threw).toMatchObject({ event: { type: 'permission_threw', slug: 'live' } });

      // Deleting the file removes its route.
      mark = lines.length;
      rmSync(path.join(devApi, 'live.php'));
      expect(await waitFor((line) => line.type === 'pushed', mark)).toMatchObject({ pushed: [], removed: ['live'] });
      expect((await site.fetch('/svc-api/v1/live', { as: 'anonymous' })).status).toBe(404);
      // The 'hello' route of the other project was never seen here, so it stays.
      expect((await site.fetch('/svc-api/v1/hello', { as: 'anonymous' })).status).toBe(200);
      expect(firstMs).toBeLessThan(5000);
    } finally {
      child.kill('SIGINT');
      // Ctrl-C ends svc dev as it ends any command: 130.
      expect(await exited).toBe(130);
      for (const line of lines) assertJsonContract(['dev', '--json'], JSON.stringify(line));
      rmSync(devProject, { recursive: true, force: true });
    }
  });

  it('a --site that names no saved site is an error, not a reason for a throwaway one', async () => {
    const result = await svc(['dev', '--json', '--site', 'nowhere'], { env: {} });
    expect(result.code).toBe(2);
    expect(json(result.stdout)).toMatchObject({ error: 'No site named "nowhere".' });
  });
});
