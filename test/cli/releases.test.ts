/**
 * Releases through the installed binary, against a real WordPress behind a proxy that counts every
 * request and refuses bodies over 1 MB as nginx does by default: a big push in several requests,
 * a push with nothing to do that sends nothing, the release list, rollback, a hardened site, and
 * a plugin from before releases. Run as CI runs it (no terminal; SVC_* in the environment). The
 * tests run in order and build on each other's state.
 */
import { readFileSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';

import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';

import type { WordPressSite } from '../support/wordpress.js';
import { LIMITS_MU_PLUGIN } from '../e2e/helpers/site.js';
import { startCliBench, type CliBench } from './helpers/cli-bench.js';
import { startCountingProxy, NGINX_BODY_LIMIT, type CountingProxy } from './helpers/counting-proxy.js';
import { routeSource, writeRoute } from './helpers/files.js';
import type { SvcRunner } from './helpers/run-svc.js';

jest.setTimeout(180_000);

let site: WordPressSite;
let proxy: CountingProxy;
let svc: SvcRunner;
let apiDir: string;
let env: Record<string, string>;

/** 12 route files of about 256 KB each: about 3 MB, and 4 MB of base64. */
const BIG_FILES = 12;
const BIG_BYTES = 256 * 1024;

/** A valid route file of about `bytes`, padded with a comment (distinct per class name). */
const bigRoute = (className: string, bytes: number, version = 1): string => {
  const source = routeSource(className, { body: `\tpublic function get(): array { return array( 'version' => ${version} ); }` });
  return source.replace('final class', `// ${className} ${'#'.repeat(bytes - source.length)}\nfinal class`);
};

let bench: CliBench | undefined;

beforeAll(async () => {
  bench = await startCliBench('releases', { site: { muPlugins: [LIMITS_MU_PLUGIN] } });
  ({ site, svc, apiDir } = bench);
  proxy = await startCountingProxy(site.url);
  // Through the proxy, which counts the requests and their sizes.
  env = { ...bench.env, SVC_URL: proxy.url };
}, 300_000);

afterAll(async () => {
  await proxy?.stop();
  await bench?.stop();
});

beforeEach(() => {
  if (proxy !== undefined) {
    proxy.requests.length = 0;
    proxy.respond = undefined;
  }
});

const run = (...args: string[]) => svc(args, { env });
const sha256 = (file: string): string => createHash('sha256').update(readFileSync(path.join(apiDir, file))).digest('hex');

/** slug → hash as the site lists it. */
const deployedHashes = async (): Promise<Record<string, string>> => {
  const result = await run('api', 'list', '--json');
  expect(result).toMatchObject({ code: 0 });
  return Object.fromEntries((JSON.parse(result.stdout) as { slug: string; hash: string }[]).map((record) => [record.slug, record.hash]));
};

interface ReleaseRecord {
  id: number;
  kind: string;
  active: boolean;
  files: number;
  added: number;
  changed: number;
  removed: number;
  rollbackOf: number | null;
  user: { id: number; login: string } | null;
  created: string;
}

const releases = async (): Promise<ReleaseRecord[]> => {
  const result = await run('api', 'releases', '--json');
  expect(result).toMatchObject({ code: 0 });
  return JSON.parse(result.stdout) as ReleaseRecord[];
};

const stagingRequests = () => proxy.requests.filter((request) => request.route === '/svc/v1/api-blobs');

describe('svc api push in stages', () => {
  it('the proxy refuses a body over 1 MB, as nginx does: the old single batch of ~3 MB would fail', async () => {
    for (let index = 0; index < BIG_FILES; index++) writeRoute(apiDir, `big/part-${index}.php`, bigRoute(`Big${index}`, BIG_BYTES));
    const legacy = (request: { route: string }) =>
      /^\/svc\/v1\/(status|api-blobs|api-releases)/.test(request.route)
        ? { status: 404, json: { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } } }
        : undefined;
    proxy.respond = legacy;
    const result = await run('api', 'push');
    expect(result).toMatchObject({ code: 1 });
    expect(proxy.writes()).toEqual(['POST /svc/v1/api-files']);
    expect(proxy.requests.at(-1)).toMatchObject({ status: 413 });
    expect(proxy.requests.at(-1)?.bytes).toBeGreaterThan(3 * 1024 * 1024);
    expect(result.stderr).toContain('refused POST svc/v1/api-files as too large (413) before WordPress saw it');
    expect(result.stderr).toContain('client_max_body_size');
    expect(await deployedHashes()).toEqual({});
  });

  it('stages ~3 MB in several requests, each under 1 MB, then commits one release', async () => {
    const result = await run('api', 'push', '--json');
    expect(result).toMatchObject({ code: 0 });
    expect(result.stderr).toBe('');
    const stages = stagingRequests();
    expect(stages.length).toBeGreaterThanOrEqual(4);
    for (const request of stages) {
      expect(request.bytes).toBeLessThanOrEqual(NGINX_BODY_LIMIT);
      expect(request.status).toBe(200);
    }
    expect(stages.reduce((sum, request) => sum + request.bytes, 0)).toBeGreaterThan(4 * 1024 * 1024);
    // Several requests' worth: the commit asks first which contents the site lacks (409, all of them), then commits them.
    expect(proxy.writes().filter((write) => write !== 'POST /svc/v1/api-blobs')).toEqual(['POST /svc/v1/api-releases', 'POST /svc/v1/api-releases']);
    const report = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(report).toMatchObject({
      site: proxy.url,
      dryRun: false,
      added: Array.from({ length: BIG_FILES }, (_, index) => `big/part-${index}`).sort(),
      written: expect.arrayContaining(['big/part-0', 'big/part-11']),
      deleted: [],
      release: { id: expect.any(Number), kind: 'push', active: true, files: BIG_FILES, added: BIG_FILES, changed: 0, removed: 0, rollbackOf: null, user: { id: site.users.admin.id, login: 'admin' } },
      staged: { files: BIG_FILES, requests: stages.length, bytes: stages.reduce((sum, request) => sum + request.bytes, 0) },
    });
    expect((report['written'] as string[]).length).toBe(BIG_FILES);
    const hashes = await deployedHashes();
    for (let index = 0; index < BIG_FILES; index++) expect(hashes[`big/part-${index}`]).toBe(sha256(`big/part-${index}.php`));
    const served = await site.fetch('/svc-api/v1/big/part-3');
    expect(await served.json()).toEqual({ version: 1 });
  });

  it('with nothing changed and nothing to prune, sends no write at all', async () => {
    const result = await run('api', 'push');
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain('Nothing to push: already in sync.');
    expect(proxy.requests.length).toBeGreaterThan(0);
    expect(proxy.writes()).toEqual([]);
    expect(await releases()).toHaveLength(1);
  });

  it('a change sends only that file\'s content, with the commit in one request, and the summary names the new release', async () => {
    writeRoute(apiDir, 'big/part-3.php', bigRoute('Big3', BIG_BYTES, 2));
    writeRoute(apiDir, 'hello.php', routeSource('Hello'));
    const result = await run('api', 'push');
    expect(result).toMatchObject({ code: 0 });
    // Under the body limit with the commit: the contents go with it, staged by the site before it commits.
    expect(proxy.writes()).toEqual(['POST /svc/v1/api-releases']);
    const [commit] = proxy.requests.filter((request) => request.route === '/svc/v1/api-releases' && request.method === 'POST');
    expect(commit?.bytes).toBeGreaterThan(BIG_BYTES * 1.3);
    expect(commit?.bytes).toBeLessThan(BIG_BYTES * 1.4);
    const [latest] = await releases();
    expect(result.stdout).toContain(`✔ ${proxy.url}: pushed 2 files (1 new, 1 changed); ${BIG_FILES - 1} unchanged. Release ${latest?.id} is active.`);
    expect(latest).toMatchObject({ kind: 'push', active: true, added: 1, changed: 1, removed: 0, files: BIG_FILES + 1 });
    expect(await (await site.fetch('/svc-api/v1/big/part-3')).json()).toEqual({ version: 2 });
  });

  it('--dry-run stages and lets the site check, but activates nothing', async () => {
    const before = await releases();
    writeRoute(apiDir, 'big/part-3.php', bigRoute('Big3', BIG_BYTES, 3));
    const result = await run('api', 'push', '--dry-run', '--json');
    expect(result).toMatchObject({ code: 0 });
    expect(JSON.parse(result.stdout)).toMatchObject({ dryRun: true, changed: ['big/part-3'], written: [], release: null, staged: { files: 1, requests: 0 } });
    expect(proxy.writes()).toEqual(['POST /svc/v1/api-releases']);
    expect(await releases()).toEqual(before);
    expect(await (await site.fetch('/svc-api/v1/big/part-3')).json()).toEqual({ version: 2 });
    writeRoute(apiDir, 'big/part-3.php', bigRoute('Big3', BIG_BYTES, 2));
  });
});

describe('svc api releases', () => {
  it('--json: every kept release, newest first, the active one marked', async () => {
    const list = await releases();
    expect(list.map((release) => release.kind)).toEqual(['push', 'push']);
    expect(list.map((release) => release.active)).toEqual([true, false]);
    expect(list[0]?.id).toBeGreaterThan(list[1]?.id ?? Infinity);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      created: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      user: { id: site.users.admin.id, login: 'admin' },
      kind: 'push',
      files: BIG_FILES + 1,
      added: 1,
      changed: 1,
      removed: 0,
      active: true,
      rollbackOf: null,
      promotedFrom: null,
      message: null,
      preview: null,
    });
  });

  it('piped: a plain table, one release a line, [ACTIVE] on the active one', async () => {
    const result = await run('api', 'releases');
    expect(result).toMatchObject({ code: 0 });
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+CREATED\s+USER\s+KIND\s+FILES\s+CHANGES$/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^\s*\d+\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\s+admin\s+push\s+13\s+\+1 ~1 -0\s+\[ACTIVE\]$/);
    expect(lines[2]).not.toContain('[ACTIVE]');
    expect(result.stdout).not.toContain('\u001B[');
  });
});

describe('svc api rollback', () => {
  it('without a terminal and without --yes shows the plan, refuses with exit 2, and changes nothing', async () => {
    const before = await releases();
    const result = await run('api', 'rollback');
    expect(result).toMatchObject({ code: 2 });
    expect(result.stdout).toContain(`Roll back ${proxy.url} to release ${before[1]?.id}`);
    expect(result.stdout).toMatch(/~ big\/part-3\.php\s+back to release \d+'s content/);
    expect(result.stdout).toMatch(/- hello\.php\s+remove from the site/);
    expect(result.stderr).toContain('without confirmation: no terminal to ask in');
    expect(result.stderr).toContain('--yes');
    expect(proxy.writes()).toEqual(['POST /svc/v1/api-releases/rollback']);
    expect(await releases()).toEqual(before);
  });

  it('--yes makes the previous release\'s files active again, as a new release', async () => {
    const [active, previous] = await releases();
    const result = await run('api', 'rollback', '--yes');
    expect(result).toMatchObject({ code: 0 });
    const [made] = await releases();
    expect(result.stdout).toContain(`✔ ${proxy.url}: rolled back to release ${previous?.id}; release ${made?.id} is active (1 changed, 1 removed).`);
    expect(made).toMatchObject({ kind: 'rollback', rollbackOf: previous?.id, active: true, files: BIG_FILES, changed: 1, removed: 1 });
    expect(made?.id).toBeGreaterThan(active?.id ?? Infinity);
    const hashes = await deployedHashes();
    expect(hashes).not.toHaveProperty('hello');
    expect(await (await site.fetch('/svc-api/v1/big/part-3')).json()).toEqual({ version: 1 });
  });

  it('<id> --yes --json: the plan and the release it made', async () => {
    const [active, undone] = await releases();
    const result = await run('api', 'rollback', String(undone?.id), '--yes', '--json');
    expect(result).toMatchObject({ code: 0 });
    expect(result.stderr).toBe('');
    const report = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(report).toEqual({
      site: proxy.url,
      dryRun: false,
      from: active?.id,
      to: undone?.id,
      added: ['hello'],
      changed: ['big/part-3'],
      removed: [],
      noop: false,
      written: expect.arrayContaining(['hello', 'big/part-3']),
      deleted: [],
      release: expect.objectContaining({ kind: 'rollback', rollbackOf: undone?.id, active: true, added: 1, changed: 1 }),
    });
    expect(await (await site.fetch('/svc-api/v1/big/part-3')).json()).toEqual({ version: 2 });
    // Local files and the site agree again: nothing to push.
    proxy.requests.length = 0;
    expect((await run('api', 'push')).stdout).toContain('Nothing to push: already in sync.');
    expect(proxy.writes()).toEqual([]);
  });

  it('a rollback that opens a route to anyone warns before the question, per verb, as push does', async () => {
    const gate = (open: boolean) => writeRoute(apiDir, 'gate.php', routeSource('GateRoute', { open, body: `\tpublic function get(): array { return array( 'open' => ${open ? 'true' : 'false'} ); }` }));
    gate(false);
    expect(await run('api', 'push', '--yes')).toMatchObject({ code: 0 });
    gate(true);
    expect(await run('api', 'push', '--yes')).toMatchObject({ code: 0 });
    const [opened] = await releases();
    gate(false);
    expect(await run('api', 'push', '--yes')).toMatchObject({ code: 0 });
    const result = await run('api', 'rollback', String(opened?.id));
    expect(result).toMatchObject({ code: 2 });
    expect(result.stderr).toContain('⚠ [PUBLIC] /svc-api/v1/gate (gate.php): GET would run for anyone, without authentication.');
    expect(result.stderr.indexOf('[PUBLIC]')).toBeLessThan(result.stderr.indexOf('without confirmation'));
    // Rolling back to a release where it was closed already warns of nothing.
    const back = await run('api', 'rollback', String((await releases())[2]?.id), '--dry-run');
    expect(back.stderr).not.toContain('[PUBLIC] /svc-api/v1/gate');
    rmSync(path.join(apiDir, 'gate.php'));
    expect(await run('api', 'push', '--prune', '--yes')).toMatchObject({ code: 0 });
  });

  it('an id the site does not keep is an error (exit 1) naming the kept ones', async () => {
    const result = await run('api', 'rollback', '9999', '--yes');
    expect(result).toMatchObject({ code: 1 });
    expect(result.stderr).toMatch(/✖ Error: Release 9999 is not kept on http:\/\/127\.0\.0\.1:\d+ \(kept: [\d, ]+\)\./);
    expect(proxy.writes()).toEqual([]);
  });

  it('a malformed id is a usage error (exit 2)', async () => {
    const result = await run('api', 'rollback', 'latest', '--json');
    expect(result).toMatchObject({ code: 2 });
    expect(JSON.parse(result.stdout)).toMatchObject({ code: 'usage', exitCode: 2 });
  });
});

describe('svc api rm', () => {
  it('names the release the removal made', async () => {
    const result = await run('api', 'rm', 'hello', '--yes');
    expect(result).toMatchObject({ code: 0 });
    const [made] = await releases();
    expect(made).toMatchObject({ kind: 'rm', removed: 1, active: true });
    expect(result.stdout).toBe(`✔ Removed hello.php from ${proxy.url} (release ${made?.id}).\n`);
  });
});

describe('a hardened site (DISALLOW_FILE_MODS)', () => {
  beforeAll(async () => {
    await site.php("update_option('svc_e2e_disallow_file_mods', 1);");
  });

  afterAll(async () => {
    await site.php("delete_option('svc_e2e_disallow_file_mods');");
  });

  it('push shows the plan, then the site\'s reason, and sends nothing', async () => {
    const before = await releases();
    const result = await run('api', 'push');
    expect(result).toMatchObject({ code: 1 });
    expect(result.stdout).toMatch(/\+ hello\.php\s+new/);
    expect(result.stderr).toContain(`✖ Error: ${proxy.url} does not allow deploying with svc: This site forbids code changes (DISALLOW_FILE_MODS)`);
    expect(result.stderr).toContain("define( 'SVC_ALLOW_DEPLOY', true )");
    expect(proxy.writes()).toEqual([]);
    expect(await releases()).toEqual(before);
  });

  it('rollback and rm are refused the same way; --json carries the code', async () => {
    const rollback = await run('api', 'rollback', '--yes', '--json');
    expect(rollback).toMatchObject({ code: 1 });
    expect(JSON.parse(rollback.stdout)).toMatchObject({ code: 'deploy_disallowed', status: 403, serverCode: 'svc_deploy_disallowed', exitCode: 1 });
    const rm = await run('api', 'rm', 'big/part-0', '--yes');
    expect(rm).toMatchObject({ code: 1 });
    expect(rm.stderr).toContain('does not allow deploying with svc');
    expect(await deployedHashes()).toHaveProperty('big/part-0');
  });
});

describe('a plugin from before releases (404 rest_no_route for the release routes)', () => {
  it('push falls back to the single POST api-files batch', async () => {
    proxy.respond = (request) =>
      /^\/svc\/v1\/(status|api-blobs|api-releases)/.test(request.route)
        ? { status: 404, json: { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } } }
        : undefined;
    const result = await run('api', 'push', '--json');
    expect(result).toMatchObject({ code: 0 });
    expect(proxy.writes()).toEqual(['POST /svc/v1/api-files']);
    expect(JSON.parse(result.stdout)).toMatchObject({ added: ['hello'], written: ['hello'], release: null, staged: { requests: 0 } });
    expect(await deployedHashes()).toHaveProperty('hello', sha256('hello.php'));
  });

  it('releases and rollback say the plugin is too old', async () => {
    proxy.respond = (request) =>
      request.route.startsWith('/svc/v1/api-releases')
        ? { status: 404, json: { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } } }
        : undefined;
    const result = await run('api', 'releases');
    expect(result).toMatchObject({ code: 1 });
    expect(result.stderr).toContain('its svc plugin predates releases, or is not active');
    expect((await run('api', 'rollback', '--yes', '--json')).stdout).toContain('"code": "plugin_outdated"');
  });
});

describe('the application password', () => {
  it('appears in no output of the release commands', async () => {
    const outputs = await Promise.all([run('api', 'releases'), run('api', 'rollback', '--dry-run'), run('api', 'push', '--dry-run')]);
    for (const result of outputs) expect(result.output).not.toContain(site.users.admin.appPassword);
  });
});
