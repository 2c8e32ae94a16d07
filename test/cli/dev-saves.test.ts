/**
 * svc dev through the packed CLI against a real WordPress (nginx + php-fpm), as a user saves:
 * every way a file can be written is pushed (replaced by a rename, moved over, deleted and made
 * again, git checkout, a directory moved in, 500 files), a save made while the site is away is
 * pushed when it is back, saves are dev releases that never prune a deploy, a file that fails to
 * load is a failure, and a save that opens a route warns as svc api push does.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { call } from '../e2e/helpers/site.js';
import { startCliBench, type CliBench } from './helpers/cli-bench.js';
import { startDev, type DevLine, type DevProcess } from './helpers/dev-process.js';
import { routeSource } from './helpers/files.js';
import { screenOf } from './helpers/tmux.js';
import { assertJsonContract } from './helpers/json-contract.js';

jest.setTimeout(240_000);

let bench: CliBench;

beforeAll(async () => {
  bench = await startCliBench('dev-saves');
}, 300_000);

afterAll(() => bench?.stop());

const version = (className: string, value: number, open = true) =>
  routeSource(className, { open, body: `\tpublic function get(): array { return array( 'version' => ${value} ); }` });

/** A TCP proxy in front of the site that can go away (connections refused) and come back on the same port. */
async function startSwitchableProxy(target: string): Promise<{ url: string; down(): Promise<void>; up(): Promise<void>; stop(): Promise<void> }> {
  const upstream = new URL(target);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((socket) => {
        const other = connect(Number(upstream.port), upstream.hostname);
        sockets.add(socket).add(other);
        socket.pipe(other).pipe(socket);
        const drop = () => {
          socket.destroy();
          other.destroy();
          sockets.delete(socket);
          sockets.delete(other);
        };
        socket.on('error', drop).on('close', drop);
        other.on('error', drop).on('close', drop);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server?.address() as { port: number }).port;
        resolve();
      });
    });
  const down = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (server === undefined) return resolve();
      server.close(() => resolve());
      server = undefined;
    });
  await listen();
  return { url: `http://127.0.0.1:${port}${upstream.pathname.replace(/\/$/, '')}`, down, up: listen, stop: down };
}

interface Session {
  readonly project: string;
  readonly api: string;
  readonly dev: DevProcess;
  /** The next pushed line after `change`, which must come without any other save. */
  pushed(change: () => void, timeoutMs?: number): Promise<DevLine>;
  stop(): Promise<void>;
}

async function session(name: string, env: Record<string, string> = bench.env): Promise<Session> {
  const project = mkdtempSync(path.join(os.tmpdir(), `svc-dev-${name}-`));
  const api = path.join(project, 'api');
  mkdirSync(api);
  const dev = startDev(bench.cli.bin, [], {
    cwd: project,
    env: { PATH: `${path.dirname(bench.cli.bin)}${path.delimiter}${process.env['PATH'] ?? ''}`, HOME: bench.svc.home, XDG_CONFIG_HOME: path.join(bench.svc.home, '.config'), ...env },
  });
  await dev.waitFor((line) => line.type === 'ready');
  return {
    project,
    api,
    dev,
    pushed: async (change, timeoutMs = 15_000) => {
      const mark = dev.lines.length;
      change();
      return dev.waitFor((line) => line.type === 'pushed' || line.type === 'failed' || line.type === 'rejected', mark, timeoutMs);
    },
    stop: async () => {
      dev.child.kill('SIGINT');
      expect(await dev.exited).toBe(130);
      for (const line of dev.lines) assertJsonContract(['dev', '--json'], JSON.stringify(line));
      rmSync(project, { recursive: true, force: true });
    },
  };
}

const served = async (route: string): Promise<unknown> => (await bench.site.fetch(`/svc-api/v1/${route}`, { as: 'anonymous' })).json();

describe('svc dev pushes a save whatever way the file was written', () => {
  it('replaced by a rename (sed -i, safe write, mv over), then written in place, deleted and made again, git checkout, a directory moved in', async () => {
    const dev = await session('writes');
    const file = path.join(dev.api, 'live.php');
    try {
      expect(await dev.pushed(() => writeFileSync(file, version('LiveRoute', 1)))).toMatchObject({ type: 'pushed', pushed: ['live'] });
      expect(await served('live')).toEqual({ version: 1 });

      // sed -i: a new file renamed over the old one.
      expect(await dev.pushed(() => execFileSync('sed', ['-i', "s/'version' => 1/'version' => 2/", file]))).toMatchObject({ type: 'pushed', pushed: ['live'] });
      expect(await served('live')).toEqual({ version: 2 });
      // Every later save of the replaced file too: this one was lost before.
      expect(await dev.pushed(() => writeFileSync(file, version('LiveRoute', 3)))).toMatchObject({ type: 'pushed', pushed: ['live'] });
      expect(await served('live')).toEqual({ version: 3 });
      // An editor's safe write: a temporary file, then mv over.
      expect(
        await dev.pushed(() => {
          writeFileSync(`${file}.swp~`, version('LiveRoute', 4));
          renameSync(`${file}.swp~`, file);
        }),
      ).toMatchObject({ type: 'pushed', pushed: ['live'] });
      expect(await served('live')).toEqual({ version: 4 });
      // Deleted and made again (at once: one cycle sees only the new content).
      expect(
        await dev.pushed(() => {
          rmSync(file);
          writeFileSync(file, version('LiveRoute', 5));
        }),
      ).toMatchObject({ type: 'pushed', pushed: ['live'] });
      expect(await served('live')).toEqual({ version: 5 });

      // git checkout puts the committed file back by replacing it.
      const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: dev.project, stdio: 'pipe' });
      git('init', '-q');
      git('add', '-A');
      git('commit', '-qm', 'v5');
      expect(await dev.pushed(() => writeFileSync(file, version('LiveRoute', 6)))).toMatchObject({ pushed: ['live'] });
      expect(await dev.pushed(() => git('checkout', '--', 'api/live.php'))).toMatchObject({ type: 'pushed', pushed: ['live'] });
      expect(await served('live')).toEqual({ version: 5 });
      expect(await dev.pushed(() => writeFileSync(file, version('LiveRoute', 7)))).toMatchObject({ pushed: ['live'] });
      expect(await served('live')).toEqual({ version: 7 });

      // A whole directory moved in, then a save inside it.
      const outside = path.join(dev.project, 'drafts');
      mkdirSync(path.join(outside, 'deep'), { recursive: true });
      writeFileSync(path.join(outside, 'deep', 'moved.php'), version('MovedRoute', 1));
      expect(await dev.pushed(() => renameSync(outside, path.join(dev.api, 'shop')))).toMatchObject({ type: 'pushed', pushed: ['shop/deep/moved'] });
      expect(await served('shop/deep/moved')).toEqual({ version: 1 });
      expect(await dev.pushed(() => execFileSync('sed', ['-i', "s/'version' => 1/'version' => 2/", path.join(dev.api, 'shop', 'deep', 'moved.php')]))).toMatchObject({ pushed: ['shop/deep/moved'] });
      expect(await served('shop/deep/moved')).toEqual({ version: 2 });
    } finally {
      await dev.stop();
    }
  });

  it('with 500 files in api/, a file replaced by a rename is pushed, and so is its next save', async () => {
    const dev = await session('many');
    try {
      const mark = dev.dev.lines.length;
      for (let index = 0; index < 500; index++) writeFileSync(path.join(dev.api, `r${index}.php`), version(`Many${index}Route`, 0, false));
      // The writes may be seen as more than one cycle (one may even catch a file half-written): wait for the last.
      await dev.dev.waitFor((line) => line.type === 'pushed' && (line['pushed'] as string[]).includes('r499'), mark, 120_000);
      const file = path.join(dev.api, 'r250.php');
      expect(await dev.pushed(() => execFileSync('sed', ['-i', "s/'version' => 0/'version' => 1/", file]))).toMatchObject({ pushed: ['r250'] });
      expect(await dev.pushed(() => writeFileSync(file, version('Many250Route', 2)))).toMatchObject({ pushed: ['r250'] });
      expect(await served('r250')).toEqual({ version: 2 });

      // The screen, 500 routes in 40 rows at 80 and 40 columns: the status line stays in sight.
      const empty = mkdtempSync(path.join(os.tmpdir(), 'svc-dev-screen-'));
      try {
        for (const columns of [80, 40]) {
          const screen = await screenOf(bench.cli.bin, ['dev'], { cwd: empty, env: bench.env, home: bench.svc.home, columns, rows: 40, until: /(Waiting for a save|nothing changed)[\s\S]*… \d+ more/, then: ['q'] });
          expect(screen.lines.length).toBeLessThanOrEqual(40);
          expect(screen.lines[0]).toMatch(/^svc dev watching/);
          expect(screen.lines.slice(0, 3).join('\n')).toMatch(/Waiting for a save|nothing changed/);
          expect(Math.max(...screen.lines.map((line) => [...line].length))).toBeLessThanOrEqual(columns);
        }
      } finally {
        rmSync(empty, { recursive: true, force: true });
      }
    } finally {
      await dev.stop();
      execFileSync(bench.cli.bin, ['api', 'rm', ...Array.from({ length: 500 }, (_, index) => `r${index}`), '--yes'], { cwd: bench.project, env: { ...process.env, ...bench.env, HOME: bench.svc.home } });
    }
  });
});

describe('svc dev while the site is away', () => {
  it('says it is waiting, and pushes the save when the site is back, without another save', async () => {
    const proxy = await startSwitchableProxy(bench.site.url);
    const dev = await session('away', { ...bench.env, SVC_URL: proxy.url });
    try {
      const file = path.join(dev.api, 'away.php');
      expect(await dev.pushed(() => writeFileSync(file, version('AwayRoute', 1)))).toMatchObject({ pushed: ['away'] });
      await proxy.down();
      const mark = dev.dev.lines.length;
      writeFileSync(file, version('AwayRoute', 2));
      const waiting = await dev.dev.waitFor((line) => line.type === 'waiting', mark);
      expect(waiting).toMatchObject({ pending: ['away'], retryMs: expect.any(Number) });
      await proxy.up();
      expect(await dev.dev.waitFor((line) => line.type === 'pushed', mark, 30_000)).toMatchObject({ pushed: ['away'] });
      expect(await served('away')).toEqual({ version: 2 });
      // Said once, not at every retry.
      expect(dev.dev.lines.slice(mark).filter((line) => line.type === 'waiting').length).toBeLessThanOrEqual(2);
    } finally {
      await dev.stop();
      await proxy.stop();
    }
  });
});

describe('what a save made', () => {
  it('a pushed file that fails to load is a failure with the reason; a save that opens a route warns', async () => {
    const dev = await session('load');
    try {
      const broken = await dev.pushed(() => writeFileSync(path.join(dev.api, 'orphan.php'), routeSource('OrphanRoute', { body: "\tpublic function get(): array { return array(); }" }).replace('final class OrphanRoute {', 'final class OrphanRoute extends NoSuchBaseClass {')));
      expect(broken).toMatchObject({ type: 'pushed', pushed: ['orphan'], failedToLoad: [{ slug: 'orphan', error: expect.stringContaining('NoSuchBaseClass') }] });

      const closed = await dev.pushed(() => writeFileSync(path.join(dev.api, 'opens.php'), version('OpensRoute', 1, false)));
      expect(closed).toMatchObject({ pushed: ['opens'], opened: [] });
      const opened = await dev.pushed(() => writeFileSync(path.join(dev.api, 'opens.php'), version('OpensRoute', 2, true)));
      expect(opened).toMatchObject({ pushed: ['opens'], opened: [{ slug: 'opens', route: '/svc-api/v1/opens', verbs: ['GET'] }], failedToLoad: [] });
    } finally {
      await dev.stop();
    }
  });

  it('the same, in the lines a pipe gets: ✖ with the reason, and svc api push\'s [PUBLIC] warning', async () => {
    const project = mkdtempSync(path.join(os.tmpdir(), 'svc-dev-lines-'));
    const api = path.join(project, 'api');
    mkdirSync(api);
    const { spawn } = await import('node:child_process');
    const child = spawn(bench.cli.bin, ['dev'], { cwd: project, env: { PATH: process.env['PATH'] ?? '', HOME: bench.svc.home, ...bench.env } });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const until = async (text: string) => {
      const started = Date.now();
      while (!out.includes(text)) {
        if (Date.now() - started > 20_000) throw new Error(`no "${text}" in: ${out}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    try {
      await until('svc dev: watching');
      writeFileSync(path.join(api, 'lines-broken.php'), routeSource('LinesBrokenRoute').replace('final class LinesBrokenRoute {', 'final class LinesBrokenRoute extends NoSuchLinesBase {'));
      await until('but the site failed to load a file');
      expect(out).not.toMatch(/✔ pushed lines-broken/);
      expect(out).toMatch(/ {2}lines-broken: .*NoSuchLinesBase/);
      writeFileSync(path.join(api, 'lines-open.php'), version('LinesOpenRoute', 1, true));
      await until('⚠ [PUBLIC] /svc-api/v1/lines-open (lines-open.php): GET runs for anyone, without authentication.');
    } finally {
      child.kill('SIGINT');
      rmSync(project, { recursive: true, force: true });
    }
  });
});

describe('dev releases', () => {
  it('saves are dev releases that never prune a deploy; api releases says which is which; an unknown kind is a 400', async () => {
    const run = (...args: string[]) => bench.svc(args, { env: bench.env });
    mkdirSync(bench.apiDir, { recursive: true });
    writeFileSync(path.join(bench.apiDir, 'deployed.php'), version('DeployedRoute', 1));
    expect((await run('api', 'push', '--yes')).code).toBe(0);
    const deploys = (JSON.parse((await run('api', 'releases', '--json')).stdout) as { id: number; kind: string }[]).filter((release) => release.kind !== 'dev');

    const dev = await session('releases');
    try {
      for (let save = 0; save < 12; save++) await dev.pushed(() => writeFileSync(path.join(dev.api, 'saved.php'), version('SavedRoute', save)));
    } finally {
      await dev.stop();
    }
    const listed = await run('api', 'releases', '--json');
    const releases = JSON.parse(listed.stdout) as { id: number; kind: string }[];
    for (const line of [listed.stdout]) assertJsonContract(['api', 'releases', '--json'], line);
    expect(releases.filter((release) => release.kind === 'dev').length).toBe(10);
    // Every deploy kept before the session is still kept (the site keeps 10 of each).
    expect(releases.filter((release) => release.kind !== 'dev').map((release) => release.id)).toEqual(deploys.map((release) => release.id).slice(0, 10));
    const table = await run('api', 'releases');
    expect(table.stdout).toMatch(/ dev +\d+ /);

    // A kind made by its own endpoint (rollback) is no kind a commit may ask for.
    const refused = await call(bench.site, '/svc/v1/api-releases', { method: 'POST', json: { files: {}, kind: 'rollback' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'svc_bad_request', data: { param: 'kind' } });
    expect(refused.body.message).toContain('push, dev, preview');
  });
});

describe('which site svc dev uses', () => {
  it('with no svc.json, names the saved default and asks; without a terminal refuses (exit 2) unless --yes or --site', async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'svc-dev-home-'));
    const project = mkdtempSync(path.join(os.tmpdir(), 'svc-dev-which-'));
    const env = { HOME: home, XDG_CONFIG_HOME: path.join(home, '.config') };
    try {
      const login = await bench.svc(['login', '--url', bench.site.url, '--user', 'admin', '--password-stdin', '--insecure-store', '--site', 'mine'], { env, input: `${bench.site.users.admin.appPassword}\n`, cwd: project });
      expect(login.code).toBe(0);
      const refused = await bench.svc(['dev', '--json'], { env, cwd: project });
      expect(refused.code).toBe(2);
      expect(JSON.parse(refused.stdout)).toMatchObject({ code: 'confirmation_required', error: expect.stringContaining(`svc dev would push every save to ${bench.site.url} (saved site "mine"`) });
      expect(JSON.parse(refused.stdout).hint).toContain('--site mine');

      // A keychain that cannot be reached is an error naming the site, never a throwaway WordPress.
      const configFile = path.join(home, '.config', 'svc', 'config.json');
      const config = JSON.parse(readFileSync(configFile, 'utf8')) as { profiles: Record<string, Record<string, unknown>> };
      const { insecureStore: _file, ...inKeychain } = config.profiles['mine'] ?? {};
      config.profiles['keychained'] = inKeychain;
      writeFileSync(configFile, JSON.stringify(config));
      const locked = await bench.svc(['dev', '--json', '--site', 'keychained'], { env: { ...env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' }, cwd: project });
      expect(locked.code).not.toBe(0);
      expect(locked.stdout).not.toContain('local-site');
      expect(JSON.parse(locked.stdout)).toMatchObject({ error: expect.stringContaining('keychained') });

      for (const args of [['--yes'], ['--site', 'mine']]) {
        const dev = startDev(bench.cli.bin, args, { cwd: project, env: { PATH: process.env['PATH'] ?? '', ...env } });
        try {
          expect(await dev.waitFor((line) => line.type === 'ready')).toMatchObject({ site: bench.site.url, local: false });
        } finally {
          dev.child.kill('SIGINT');
          expect(await dev.exited).toBe(130);
        }
        if (args[0] === '--yes') expect(dev.stderr()).toContain(`No svc.json here: svc dev pushes every save to ${bench.site.url} (saved site "mine"`);
      }
    } finally {
      rmSync(home, { recursive: true, force: true });
      rmSync(project, { recursive: true, force: true });
    }
  });
});
