/**
 * `wp svc`: the server-side path, through the real WP-CLI (test/support/wp-cli.ts) on the real
 * site. What it deploys is served over HTTP; what it lists is what the management API lists.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { runWp } from '../support/wp-cli.js';
import { publicGet, routeSource, uniqueClass } from './helpers/php-source.js';
import { call, startSite, type WordPressSite } from './helpers/site.js';
import { sha256 } from './helpers/tree.js';

// Each test runs WP-CLI several times, a second or more each on a busy machine.
jest.setTimeout(180_000);

let site: WordPressSite;
let scratch: string;

beforeAll(async () => {
  site = await startSite();
  scratch = mkdtempSync(path.join(os.tmpdir(), 'svc-wp-cli-'));
}, 180_000);

afterAll(async () => {
  await site?.stop();
  if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
});

/** A directory laid out like a project's api/. */
function project(name: string, files: Record<string, string>): string {
  const dir = path.join(scratch, name);
  for (const [slug, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, `${slug}.php`)), { recursive: true });
    writeFileSync(path.join(dir, `${slug}.php`), source);
  }
  return dir;
}

async function wp(args: readonly string[], input?: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runWp(site.wpDir, args, input === undefined ? {} : { input });
}

async function wpJson<T = any>(args: readonly string[]): Promise<T> {
  const result = await wp([...args, '--format=json']);
  expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
  return JSON.parse(result.stdout) as T;
}

const helloV1 = publicGet(uniqueClass('CliHello'), 'v1');
const helloV2 = helloV1.replace("'v1'", "'v2'");
const closed = routeSource(uniqueClass('CliClosed'), "\tpublic function get(): array { return array( 'closed' => true ); }\n\tpublic function delete(): array { return array(); }");

describe('wp svc', () => {
  it('documents its commands in wp help', async () => {
    const help = await wp(['help', 'svc']);
    expect(help.code).toBe(0);
    for (const command of ['status', 'routes', 'releases', 'rollback', 'promote', 'logs', 'push']) expect(help.stdout).toMatch(new RegExp(`^\\s+${command}\\s`, 'm'));
    const push = await wp(['help', 'svc', 'push']);
    expect(push.stdout).toContain('<dir>');
    expect(push.stdout).toContain('[--prune]');
    // Each subcommand is registered on its own (Cli\Commands): its synopsis is read from its docblock.
    const usage = await wp(['svc']);
    expect(usage.stdout.split('\n').slice(0, 8)).toEqual([
      'usage: wp svc cache <command>',
      '   or: wp svc logs [--since=<duration>] [--format=<format>]',
      '   or: wp svc promote <id> [--force] [--message=<message>] [--yes]',
      '   or: wp svc push <dir> [--prune] [--dry-run] [--preview] [--message=<message>] [--yes]',
      '   or: wp svc releases [--format=<format>]',
      '   or: wp svc rollback [<id>] [--message=<message>] [--yes]',
      '   or: wp svc routes [--fields=<fields>] [--format=<format>]',
      '   or: wp svc status [--format=<format>]',
    ]);
  });

  it('push <dir> deploys a release that is served, listed by routes as the listing lists it, and marked in releases', async () => {
    const dir = project('first', { hello: helloV1, 'users/[id]': closed });
    const pushed = await wp(['svc', 'push', dir, '--yes']);
    expect(pushed.code).toBe(0);
    expect(pushed.stdout).toMatch(/^\+ hello$/m);
    expect(pushed.stdout).toMatch(/^\+ users\/\[id\]$/m);
    expect(pushed.stdout).toMatch(/Success: Release #\d+ is active \(2 files\)/);
    expect((await call(site, '/svc-api/v1/hello', { as: 'anonymous' })).body).toEqual({ route: 'v1' });

    const routes = await wpJson<{ slug: string; route: string; verbs: string[]; public: boolean; error: string | null }[]>(['svc', 'routes']);
    expect(routes).toEqual([
      { slug: 'hello', route: '/svc-api/v1/hello', verbs: ['GET'], public: true, error: null },
      { slug: 'users/[id]', route: '/svc-api/v1/users/(?P<id>[^/]+)', verbs: ['GET', 'DELETE'], public: false, error: null },
    ]);
    const listed = (await call(site, '/svc/v1/api-files?content=false')).body as { filename: string; methods: string[] }[];
    expect(listed.map((record) => [record.filename, record.methods])).toEqual(routes.map((route) => [route.slug, route.verbs]));

    const releases = await wpJson<{ id: number; active: string; kind: string }[]>(['svc', 'releases']);
    expect(releases[0]).toMatchObject({ active: 'yes', kind: 'push' });
    const table = await wp(['svc', 'routes']);
    expect(table.stdout).toMatch(/hello\s+\/svc-api\/v1\/hello\s+GET\s+yes/);
  });

  it('push refuses a file that fails a push-time check, names it, exits 1 and changes nothing', async () => {
    const before = await wpJson<{ id: number }[]>(['svc', 'releases']);
    const broken = project('broken', { hello: helloV2, bad: "<?php\nfinal class CliNoStrictTypes {}\n" });
    const refused = await wp(['svc', 'push', broken, '--yes']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('bad.php');
    expect(refused.stderr).toMatch(/strict_types/);
    expect(await wpJson<{ id: number }[]>(['svc', 'releases'])).toEqual(before);
    expect((await call(site, '/svc-api/v1/hello', { as: 'anonymous' })).body).toEqual({ route: 'v1' });

    const badName = project('bad-name', { Hello: helloV2 });
    const named = await wp(['svc', 'push', badName, '--yes']);
    expect(named.code).toBe(1);
    expect(named.stderr).toContain('Hello.php');
  });

  it('push refuses a FIFO named *.php by name, without reading it (a read would wait for a writer forever), and changes nothing', async () => {
    const before = await wpJson<{ id: number }[]>(['svc', 'releases']);
    const dir = project('fifo', { hello: helloV2 });
    execFileSync('mkfifo', [path.join(dir, 'pipe.php')]);
    const refused = await wp(['svc', 'push', dir, '--yes']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/pipe\.php is not a regular file/);
    expect(refused.stderr).toContain('Nothing was deployed');
    expect(await wpJson<{ id: number }[]>(['svc', 'releases'])).toEqual(before);
    expect((await call(site, '/svc-api/v1/hello', { as: 'anonymous' })).body).toEqual({ route: 'v1' });
  });

  it('push --dry-run plans and changes nothing; without --yes a "no" changes nothing; --prune removes what the directory lacks', async () => {
    const next = project('next', { hello: helloV2 });
    const before = await wpJson<{ id: number }[]>(['svc', 'releases']);
    const dry = await wp(['svc', 'push', next, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/^~ hello$/m);
    expect(dry.stdout).toContain('Dry run');
    const declined = await wp(['svc', 'push', next], 'n\n');
    expect(declined.stdout).toContain('Deploy 1 route files?');
    expect(await wpJson<{ id: number }[]>(['svc', 'releases'])).toEqual(before);
    expect((await call(site, '/svc-api/v1/hello', { as: 'anonymous' })).body).toEqual({ route: 'v1' });

    const pruned = await wp(['svc', 'push', next, '--prune', '--yes']);
    expect(pruned.code).toBe(0);
    expect(pruned.stdout).toMatch(/^- users\/\[id\]$/m);
    expect((await wpJson<{ slug: string }[]>(['svc', 'routes'])).map((route) => route.slug)).toEqual(['hello']);
    expect((await call(site, '/svc-api/v1/hello', { as: 'anonymous' })).body).toEqual({ route: 'v2' });
  });

  it('rollback [<id>] --yes makes an earlier release active again, as a new release; a release not kept is an error', async () => {
    const releases = await wpJson<{ id: number; active: string }[]>(['svc', 'releases']);
    const rolled = await wp(['svc', 'rollback', '--yes']);
    expect(rolled.code).toBe(0);
    expect(rolled.stdout).toMatch(/Success: Release #\d+ is active\./);
    expect((await call(site, '/svc-api/v1/hello', { as: 'anonymous' })).body).toEqual({ route: 'v1' });
    const after = await wpJson<{ id: number; active: string; kind: string }[]>(['svc', 'releases']);
    expect(after[0]).toMatchObject({ active: 'yes', kind: 'rollback' });
    expect(after[0]!.id).toBeGreaterThan(releases[0]!.id);

    const missing = await wp(['svc', 'rollback', '999999', '--yes']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('999999');
    const nonsense = await wp(['svc', 'rollback', 'latest', '--yes']);
    expect(nonsense.code).toBe(1);
    expect(nonsense.stderr).toContain('"latest"');
  });

  it('push --preview makes a preview from a directory: the active release stays, the token (printed once) serves it, promote makes it active', async () => {
    const before = await wpJson<{ id: number; active: string }[]>(['svc', 'releases']);
    const activeBefore = before.find((release) => release.active === 'yes')!.id;
    const served = (await call(site, '/svc-api/v1/hello', { as: 'anonymous' })).body;
    const dir = project('preview', { hello: publicGet(uniqueClass('WpPreview'), 'from wp svc push --preview') });
    const made = await wp(['svc', 'push', dir, '--preview', '--yes', '--message=over ssh']);
    expect(made.code).toBe(0);
    const token = /Token \(shown once\): (svcp_[0-9a-f]{64})/.exec(made.stdout)?.[1];
    expect(token).toBeDefined();
    const id = Number(/Success: Preview #(\d+) made/.exec(made.stdout)?.[1]);
    expect(id).toBeGreaterThan(activeBefore);
    expect((await call(site, '/svc-api/v1/hello', { as: 'anonymous' })).body).toEqual(served);
    expect((await call(site, '/svc-api/v1/hello', { as: 'anonymous', headers: { 'X-Svc-Preview': token! } })).body).toEqual({ route: 'from wp svc push --preview' });
    const listed = await wpJson<{ id: number; active: string; kind: string; message: string }[]>(['svc', 'releases']);
    expect(listed.find((release) => release.active === 'yes')!.id).toBe(activeBefore);
    expect(listed.find((release) => release.id === id)).toMatchObject({ active: 'no', kind: 'preview', message: 'over ssh' });
    expect(JSON.stringify(listed)).not.toContain(token!);
    // Back to what was served, so the tests after this one find the site as they expect.
    expect((await wp(['svc', 'promote', String(id), '--yes'])).code).toBe(0);
    expect((await call(site, '/svc-api/v1/hello', { as: 'anonymous' })).body).toEqual({ route: 'from wp svc push --preview' });
    expect((await wp(['svc', 'rollback', String(activeBefore), '--yes'])).code).toBe(0);
    expect((await call(site, '/svc-api/v1/hello', { as: 'anonymous' })).body).toEqual(served);
  });

  it('promote <id> --yes makes a preview active; releases lists previews with their expiry and message; a push is not promotable', async () => {
    const preview = publicGet(uniqueClass('CliPreview'), 'preview');
    const staged = await call(site, '/svc/v1/api-blobs', { method: 'POST', json: { blobs: [{ hash: sha256(preview), content_base64: Buffer.from(preview).toString('base64') }] } });
    expect(staged.status).toBe(200);
    const made = await call(site, '/svc/v1/api-releases', { method: 'POST', json: { files: { hello: sha256(preview) }, kind: 'preview', message: 'try it\u001b[2J' } });
    expect(made.status).toBe(200);
    const id = made.body.release.id as number;
    const listed = await wpJson<{ id: number; active: string; kind: string; expires: string; message: string }[]>(['svc', 'releases']);
    expect(listed.find((release) => release.id === id)).toMatchObject({ active: 'no', kind: 'preview', expires: made.body.release.preview.expires, message: 'try it\u001b[2J' });
    const table = await wp(['svc', 'releases']);
    expect(table.stdout).toContain('try it\\x1b[2J');
    expect(table.stdout).not.toContain('\u001b[2J');

    const help = await wp(['help', 'svc', 'promote']);
    expect(help.stdout).toContain('<id>');
    expect(help.stdout).toContain('--force');

    const active = listed.find((release) => release.active === 'yes')!;
    const notPreview = await wp(['svc', 'promote', String(active.id), '--yes']);
    expect(notPreview.code).toBe(1);
    expect(notPreview.stderr).toContain('not a preview');
    const nonsense = await wp(['svc', 'promote', 'latest', '--yes']);
    expect(nonsense.code).toBe(1);
    expect(nonsense.stderr).toContain('"latest"');

    const promoted = await wp(['svc', 'promote', String(id), '--yes', '--message=ship it']);
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toMatch(new RegExp(`Success: Preview #${id} is promoted: release #\\d+ is active\\.`));
    expect((await call(site, '/svc-api/v1/hello', { as: 'anonymous' })).body).toEqual({ route: 'preview' });
    const after = await wpJson<{ id: number; active: string; kind: string; message: string }[]>(['svc', 'releases']);
    expect(after[0]).toMatchObject({ active: 'yes', kind: 'promote', message: 'ship it' });
    expect(after.some((release) => release.id === id)).toBe(false);
  });

  it('promote refuses a preview made before another release became active, unless --force', async () => {
    const stage = async (source: string) =>
      call(site, '/svc/v1/api-blobs', { method: 'POST', json: { blobs: [{ hash: sha256(source), content_base64: Buffer.from(source).toString('base64') }] } });
    const previewSource = publicGet(uniqueClass('CliOutdated'), 'outdated preview');
    await stage(previewSource);
    const made = await call(site, '/svc/v1/api-releases', { method: 'POST', json: { files: { hello: sha256(previewSource) }, kind: 'preview' } });
    const newer = publicGet(uniqueClass('CliNewer'), 'newer');
    await stage(newer);
    expect((await call(site, '/svc/v1/api-releases', { method: 'POST', json: { files: { hello: sha256(newer) } } })).status).toBe(200);
    const refused = await wp(['svc', 'promote', String(made.body.release.id), '--yes']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('--force');
    expect((await call(site, '/svc-api/v1/hello', { as: 'anonymous' })).body).toEqual({ route: 'newer' });
    const forced = await wp(['svc', 'promote', String(made.body.release.id), '--yes', '--force']);
    expect(forced.code).toBe(0);
    expect((await call(site, '/svc-api/v1/hello', { as: 'anonymous' })).body).toEqual({ route: 'outdated preview' });
  });

  it('status says the active release, that deploys are allowed, the limits and the files that fail to load', async () => {
    const orphan = routeSource(uniqueClass('CliOrphan'), "\tpublic function get(): array { return array(); }").replace(/final class (\w+) \{/, 'final class $1 extends CliNoSuchParent {');
    expect((await wp(['svc', 'push', project('failing', { hello: helloV1, orphan }), '--prune', '--yes'])).code).toBe(0);
    await call(site, '/svc-api/v1/orphan'); // booted once: the failure is recorded
    const status = await wpJson<any>(['svc', 'status']);
    expect(status.deploy).toEqual({ allowed: true });
    expect(status.release).toMatchObject({ active: true, files: 2 });
    expect(status.limits).toEqual({ file_bytes: 524288, total_bytes: 8388608, request_bytes: expect.any(Number) });
    // A client sends a change again after a lost answer only when the plugin says it replays commit ids.
    expect(status.features).toEqual(['commit_ids', 'listing_filenames', 'commit_blobs', 'status_listing']);
    expect((await call(site, '/svc/v1/status')).body.features).toEqual(['commit_ids', 'listing_filenames', 'commit_blobs', 'status_listing']);
    expect(status.failing).toEqual([{ slug: 'orphan', error: expect.stringContaining('CliNoSuchParent') }]);
    const table = await wp(['svc', 'status']);
    expect(table.stdout).toMatch(/deploy\s+allowed/);
    expect(table.stdout).toMatch(/failing orphan\s+.*CliNoSuchParent/);
  });

  it('the listing is by file name in byte order, in the management API and wp svc routes alike, over several manifest shards', async () => {
    // More than 64 files (several shards), names PHP would key as numbers ("10" < "9" in byte order),
    // and separators that order differently from a tree walk ('a-b' < 'a/b' < 'a0').
    const files: Record<string, string> = {};
    for (const name of ['9', '10', '100', 'a0', 'a/b', 'a-b', 'a/b/c', 'zz', ...Array.from({ length: 70 }, (_, index) => `bulk/r${70 - index}`)]) {
      files[name] = publicGet(uniqueClass('CliOrder'), name);
    }
    const pushed = await wp(['svc', 'push', project('order', files), '--yes', '--prune']);
    expect(pushed.code).toBe(0);
    const byBytes = Object.keys(files).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect(byBytes.slice(0, 4)).toEqual(['10', '100', '9', 'a-b']);
    const listed = (await call(site, '/svc/v1/api-files?content=false')).body as { filename: string }[];
    expect(listed.map((record) => record.filename)).toEqual(byBytes);
    const routes = await wpJson<{ slug: string }[]>(['svc', 'routes']);
    expect(routes.map((route) => route.slug)).toEqual(byBytes);
  });

  it('logs --since lists what the plugin recorded, and refuses a duration it cannot read', async () => {
    const events = await wpJson<{ type: string; message: string }[]>(['svc', 'logs', '--since=1h']);
    expect(events.length).toBeGreaterThan(0);
    expect(events.map((event) => event.type)).toContain('release');
    const bad = await wp(['svc', 'logs', '--since=yesterday']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('"yesterday"');
  });
});
