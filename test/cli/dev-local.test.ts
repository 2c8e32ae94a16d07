/**
 * svc dev without a linked site, through the installed binary: it starts a throwaway WordPress on
 * this machine's PHP, MariaDB and WordPress, pushes api/, and leaves nothing behind, whether it is
 * stopped with Ctrl-C (SIGINT, exit 130) or killed outright (the watchdog cleans up). Without PHP on
 * PATH it offers WordPress Playground, and without a terminal or --yes refuses to fetch it.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { findExecutable } from '../../source/local-site/packages.js';
import { isRunning, sleep } from '../../source/local-site/process.js';
import { startDev, type DevLine } from './helpers/dev-process.js';
import { routeSource, writeRoute } from './helpers/files.js';
import { packedCli } from './helpers/packed-cli.js';
import { svcRunner, type SvcRunner } from './helpers/run-svc.js';
import { scratchDir } from './helpers/scratch.js';

jest.setTimeout(180_000);

let bin: string;
let svc: SvcRunner;
let project: string;
let env: Record<string, string>;

beforeAll(async () => {
  bin = (await packedCli()).bin;
  project = mkdtempSync(path.join(os.tmpdir(), 'svc-cli-dev-local-'));
  svc = svcRunner(bin, project);
  // No SVC_* and an empty home: no site is linked.
  env = { PATH: `${path.dirname(bin)}${path.delimiter}${process.env['PATH'] ?? ''}`, HOME: svc.home, XDG_CONFIG_HOME: path.join(svc.home, '.config'), LANG: 'C.UTF-8' };
}, 300_000);

afterAll(() => {
  if (project !== undefined) rmSync(project, { recursive: true, force: true });
  if (svc !== undefined) rmSync(svc.home, { recursive: true, force: true });
});

/** Processes whose command line names the site's temp root: MariaDB, nginx, php-fpm, the watchdog. */
function processesOf(root: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(root) && isRunning(Number(entry))) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

/** The site's temp root, from the command line of the nginx whose config listens on the URL's port. */
function siteRootOf(url: string): string {
  const port = new URL(url).port;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      // nginx rewrites its command line into its process title: spaces, not NULs, between the words.
      const root = /-p[\0 ](\/[^\0 ]*svc-wp-[^/\0 ]+)\//.exec(cmdline)?.[1];
      if (root !== undefined && readFileSync(path.join(root, 'nginx.conf'), 'utf8').includes(`listen 127.0.0.1:${port};`)) return root;
    } catch {
      // Not nginx, or gone meanwhile.
    }
  }
  throw new Error(`no nginx serves ${url}`);
}

async function waitUntilGone(root: string, ms: number): Promise<number[]> {
  const deadline = Date.now() + ms;
  while ((processesOf(root).length > 0 || existsSync(root)) && Date.now() < deadline) await sleep(100);
  return processesOf(root);
}

describe('svc dev without a linked site', () => {
  it('starts a throwaway WordPress, shows its login, pushes api/ and each save, and Ctrl-C removes everything (exit 130)', async () => {
    const apiDir = path.join(project, 'api');
    writeRoute(apiDir, 'hello.php', routeSource('HelloRoute', { open: true, body: "\tpublic function get(): array { return array( 'version' => 1 ); }" }));
    const dev = startDev(bin, [], { cwd: project, env });
    let root: string | undefined;
    try {
      const local = await dev.waitFor((line) => line.type === 'local-site', 0, 90_000);
      expect(local).toMatchObject({ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), runtime: expect.stringContaining('nginx + php-fpm'), admin: { login: 'admin', password: expect.any(String) } });
      const url = local['url'] as string;
      root = siteRootOf(url);
      expect(dev.stderr()).toContain('No site is linked: starting a throwaway WordPress');

      // The project's api/ is pushed at start.
      expect(await dev.waitFor((line) => line.type === 'pushed')).toMatchObject({ pushed: ['hello'] });
      expect(await (await fetch(`${url}/wp-json/svc-api/v1/hello`)).json()).toEqual({ version: 1 });

      // The login it printed works in wp-login.php.
      const { password } = local['admin'] as { password: string };
      const login = await fetch(`${url}/wp-login.php`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: 'wordpress_test_cookie=WP%20Cookie%20check' },
        body: new URLSearchParams({ log: 'admin', pwd: password, testcookie: '1' }).toString(),
      });
      expect(login.status).toBe(302);
      expect(login.headers.get('location')).toMatch(/\/wp-admin\/$/);

      // A save: the route answers the new code.
      const mark = dev.lines.length;
      writeRoute(apiDir, 'hello.php', routeSource('HelloRoute', { open: true, body: "\tpublic function get(): array { return array( 'version' => 2 ); }" }));
      await dev.waitFor((line: DevLine) => line.type === 'pushed', mark);
      expect(await (await fetch(`${url}/wp-json/svc-api/v1/hello`)).json()).toEqual({ version: 2 });
      expect(processesOf(root).length).toBeGreaterThanOrEqual(4);
    } finally {
      dev.child.kill('SIGINT');
      expect(await dev.exited).toBe(130);
    }
    expect(dev.stderr()).toContain('Removing the throwaway WordPress');
    // Stopped before svc dev exited: nothing of it is left, at once.
    expect(processesOf(root)).toEqual([]);
    expect(existsSync(root)).toBe(false);
  });

  it('killed outright (SIGKILL), it leaves nothing running either: the watchdog removes the site', async () => {
    const dev = startDev(bin, [], { cwd: project, env });
    let root: string;
    try {
      const local = await dev.waitFor((line) => line.type === 'local-site', 0, 90_000);
      root = siteRootOf(local['url'] as string);
      await dev.waitFor((line) => line.type === 'ready');
    } finally {
      // Also when the test fails before: a svc dev left running would keep its site up.
      dev.child.kill('SIGKILL');
    }
    expect(await dev.exited).toBe('SIGKILL');
    expect(await waitUntilGone(root, 10_000)).toEqual([]);
    expect(existsSync(root)).toBe(false);
  });
});

describe('svc dev on a machine without PHP or MariaDB', () => {
  /** A PATH with node and npx only: php and the mariadb client (in /usr/bin) are not found. */
  function bareEnv(withNpx: boolean): Record<string, string> {
    const dir = scratchDir('svc-cli-bare-path-');
    symlinkSync(process.execPath, path.join(dir, 'node'));
    const npx = findExecutable('npx');
    if (withNpx && npx !== undefined) symlinkSync(npx, path.join(dir, 'npx'));
    return { ...env, PATH: dir };
  }

  it('offers WordPress Playground and, with no terminal to ask in and no --yes, fetches nothing (exit 2)', async () => {
    const result = await svc(['dev', '--json'], { env: bareEnv(true) });
    expect(result.code).toBe(2);
    const error = JSON.parse(result.stdout) as { code: string; error: string; hint: string };
    expect(error.code).toBe('confirmation_required');
    expect(error.error).toContain('this machine lacks php with the mysqli extension');
    expect(error.error).toContain('WordPress Playground instead (npx @wp-playground/cli@3 server');
    expect(error.hint).toMatch(/--yes/);
    expect(error.hint).toMatch(/apt-get install .*php8\.2-cli/);
  });

  it('without npx either, says what to install', async () => {
    const result = await svc(['dev'], { env: bareEnv(false) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('a throwaway WordPress needs php with the mysqli extension');
    expect(result.stderr).toMatch(/apt-get install/);
  });
});
