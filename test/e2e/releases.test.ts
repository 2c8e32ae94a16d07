/**
 * Releases (docs/management-api.md, "Releases"): staging under 1 MB a request, a commit of the whole
 * resulting set, rollback, hardened sites, links never followed, nothing readable over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync, lstatSync } from 'node:fs';
import path from 'node:path';

import { expectError } from './helpers/expectations.js';
import { paddedTo, publicGet, uniqueClass } from './helpers/php-source.js';
import { apiDir, call, list, placeFile, pushOk, remove, setLimits, sleep, startSite, type JsonResponse, type WordPressSite } from './helpers/site.js';
import { sha256, snapshotTree } from './helpers/tree.js';

jest.setTimeout(180_000);

let site: WordPressSite;
let byHand: string;

beforeAll(async () => {
  site = await startSite();
  // A file put on the site by hand before svc's first release: it becomes the `import` release.
  byHand = publicGet(uniqueClass('ByHand'), 'by hand');
  placeFile(site, 'by-hand', byHand);
});

afterAll(async () => {
  await site?.stop();
});

const blob = (content: string) => ({ hash: sha256(content), content_base64: Buffer.from(content).toString('base64') });

function stage(contents: string[]): Promise<JsonResponse> {
  return call(site, '/svc/v1/api-blobs', { method: 'POST', json: { blobs: contents.map(blob) } });
}

function commit(json: Record<string, unknown>): Promise<JsonResponse> {
  return call(site, '/svc/v1/api-releases', { method: 'POST', json });
}

async function activeId(): Promise<number> {
  return (await call(site, '/svc/v1/status')).body.release.id as number;
}

/** Slug => hash of what the site serves now. */
async function served(): Promise<Record<string, string>> {
  const { records } = await list(site, '?content=false');
  return Object.fromEntries(records.filter((item) => item.error === undefined).map((item) => [item.filename, item.hash]));
}

describe('staging and committing', () => {
  it('the first release keeps the files found on disk as the import release, and serves the push', async () => {
    const hello = publicGet(uniqueClass('Hello'), 'hello v1');
    expect((await stage([hello])).body).toEqual({ stored: [sha256(hello)], present: [], pause_ms: expect.any(Number) });
    const response = await commit({ files: { hello: sha256(hello) } });
    expect(response.status).toBe(200);
    expect(response.body.plan).toEqual({ added: ['hello'], changed: [], removed: [] });
    expect(response.body.release).toMatchObject({ kind: 'push', files: 2, added: 1, active: true });
    const releases = (await call(site, '/svc/v1/api-releases')).body;
    expect(releases.map((item: { kind: string }) => item.kind)).toEqual(['push', 'import']);
    expect((await call(site, '/svc-api/v1/hello', { as: 'anonymous' })).body).toEqual({ route: 'hello v1' });
    expect((await call(site, '/svc-api/v1/by-hand', { as: 'anonymous' })).body).toEqual({ route: 'by hand' });
    expect(lstatSync(apiDir(site)).isSymbolicLink()).toBe(true);
  });

  it('staging what the site has stores nothing new, and a commit of the same set makes no release', async () => {
    const before = await activeId();
    const current = await served();
    const hello = (await list(site)).records.find((item) => item.filename === 'hello')!;
    expect((await stage([hello.content!])).body).toEqual({ stored: [], present: [hello.hash], pause_ms: expect.any(Number) });
    const response = await commit({ files: current });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ release: null, unchanged: true });
    expect(await activeId()).toBe(before);
  });

  it('a hash the site has never seen: 409 svc_missing_blobs naming it; nothing changes', async () => {
    const before = snapshotTree(site.svcDir);
    const unseen = sha256('never staged');
    const response = await commit({ files: { ghost: unseen } });
    expectError(response, 409, 'svc_missing_blobs');
    expect(response.body.data.hashes).toEqual([unseen]);
    expect(snapshotTree(site.svcDir)).toEqual(before);
  });

  it('a plan made against another release: 409 svc_release_moved', async () => {
    const source = publicGet(uniqueClass('Late'), 'late');
    await stage([source]);
    const response = await commit({ files: { late: sha256(source) }, base: (await activeId()) - 1 });
    expectError(response, 409, 'svc_release_moved');
    expect(response.body.data.active).toBe(await activeId());
  });

  it.each([
    ['a hash that is not the sha256 of the content', 400, 'svc_hash_mismatch', { blobs: [{ hash: sha256('other'), content_base64: Buffer.from('x').toString('base64') }] }],
    ['content that is not base64', 400, 'svc_bad_request', { blobs: [{ hash: sha256('x'), content_base64: '%%%' }] }],
    ['a hash that is not hex', 400, 'svc_bad_request', { blobs: [{ hash: 'ABC', content_base64: '' }] }],
    ['no blobs', 400, 'svc_bad_request', { blobs: [] }],
  ])('staging %s: %d %s', async (_label, status, code, json) => {
    expectError(await call(site, '/svc/v1/api-blobs', { method: 'POST', json }), status, code);
  });

  it('GET status?listing=true carries the listing GET api-files?content=false gives, so a push reads both in one request', async () => {
    const status = await call(site, '/svc/v1/status?listing=true');
    expect(status.status).toBe(200);
    expect(status.body.features).toContain('status_listing');
    const { records } = await list(site, '?content=false');
    expect(records.length).toBeGreaterThan(0);
    expect(status.body.listing).toEqual({ files: records, skipped_files: [] });
    expect(status.body.release.id).toBe(await activeId());
    expect((await call(site, '/svc/v1/status')).body).not.toHaveProperty('listing');
    expectError(await call(site, '/svc/v1/status?listing=maybe'), 400, 'rest_invalid_param');
  });

  it('a commit that carries its contents stages them and makes the release in one request', async () => {
    expect((await call(site, '/svc/v1/status')).body.features).toContain('commit_blobs');
    const before = await activeId();
    const source = publicGet(uniqueClass('Carried'), 'carried');
    const response = await commit({ files: { carried: sha256(source) }, blobs: [blob(source)] });
    expect(response.status).toBe(200);
    expect(response.body.plan).toEqual({ added: ['carried'], changed: [], removed: [] });
    expect(response.body.release).toMatchObject({ id: before + 1, active: true });
    expect((await call(site, '/svc-api/v1/carried', { as: 'anonymous' })).body).toEqual({ route: 'carried' });
    // Staged as by api-blobs: the site has the content now.
    expect((await stage([source])).body).toMatchObject({ stored: [], present: [sha256(source)] });
  });

  it.each([
    ['a hash that is not the sha256 of the content', 400, 'svc_hash_mismatch', [{ hash: sha256('other'), content_base64: Buffer.from('x').toString('base64') }]],
    ['content that is not base64', 400, 'svc_bad_request', [{ hash: sha256('x'), content_base64: '%%%' }]],
    ['no blobs', 400, 'svc_bad_request', []],
  ])('a commit carrying %s: %d %s, and nothing is staged or committed', async (_label, status, code, blobs) => {
    const before = snapshotTree(site.svcDir);
    const active = await activeId();
    const source = publicGet(uniqueClass('Refused'), 'refused');
    // A good content beside a bad one is not staged either: the blobs are checked whole first.
    const response = await commit({ files: { refused: sha256(source) }, blobs: blobs.length === 0 ? [] : [blob(source), ...blobs] });
    expectError(response, status, code);
    expect(await activeId()).toBe(active);
    expect(snapshotTree(site.svcDir)).toEqual(before);
    expectError(await commit({ files: { refused: sha256(source) } }), 409, 'svc_missing_blobs');
  });

  it('staging a content over the per-file limit: 413 svc_file_too_large', async () => {
    const big = paddedTo(publicGet(uniqueClass('Big'), 'big'), 600_000);
    const response = await stage([big]);
    expectError(response, 413, 'svc_file_too_large');
    expect(response.body.data.hash).toBe(sha256(big));
  });

  it('renaming a dynamic segment and moving a class between files is one prune release, and the route never goes missing', async () => {
    const user = uniqueClass('User');
    const helper = uniqueClass('Helper');
    await pushOk(site, { 'users/[id]': publicGet(user, 'user'), 'helpers/a': publicGet(helper, 'helper') });
    const next = { 'users/[user]': publicGet(user, 'user'), 'helpers/b': publicGet(helper, 'helper') };
    await stage(Object.values(next));
    const keep = await served();
    delete keep['users/[id]'];
    delete keep['helpers/a'];
    const files = { ...keep, ...Object.fromEntries(Object.entries(next).map(([slug, source]) => [slug, sha256(source)])) };

    let polling = true;
    const statuses: number[] = [];
    const poller = (async () => {
      while (polling) statuses.push((await call(site, '/svc-api/v1/users/7', { as: 'anonymous' })).status);
    })();
    const response = await commit({ files, prune: true });
    await sleep(100);
    polling = false;
    await poller;

    expect(response.status).toBe(200);
    expect(response.body.plan).toEqual({ added: ['helpers/b', 'users/[user]'], changed: [], removed: ['helpers/a', 'users/[id]'] });
    expect(response.body.release.kind).toBe('prune');
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect((await call(site, '/svc-api/v1/helpers/b', { as: 'anonymous' })).body).toEqual({ route: 'helper' });
  });

  it('kept releases do not count against the total limit of the active one', async () => {
    const current = await served();
    await setLimits(site, { totalBytes: 200_000 });
    try {
      const first = paddedTo(publicGet(uniqueClass('FirstHalf'), 'first'), 120_000);
      await stage([first]);
      expect((await commit({ files: { ...current, heavy: sha256(first) } })).status).toBe(200);
      const second = paddedTo(publicGet(uniqueClass('SecondHalf'), 'second'), 120_000);
      await stage([second]);
      // The kept release holds the first 120 KB; the new active set holds only the second.
      expect((await commit({ files: { ...current, heavy: sha256(second) } })).status).toBe(200);
      expectError(await commit({ files: { ...current, heavy: sha256(second), heavier: sha256(first) } }), 422, 'svc_push_rejected');
    } finally {
      await setLimits(site, { totalBytes: null });
      await remove(site, ['heavy']);
    }
  });

  it('staged contents no release uses expire and are removed by a later write', async () => {
    await site.php("update_option('svc_e2e_stage_ttl', 1);");
    try {
      const orphan = publicGet(uniqueClass('Orphan'), 'orphan');
      expect((await stage([orphan])).body.stored).toEqual([sha256(orphan)]);
      await sleep(2_100);
      const other = publicGet(uniqueClass('Trigger'), 'trigger');
      await pushOk(site, { trigger: other });
      expectError(await commit({ files: { orphan: sha256(orphan) } }), 409, 'svc_missing_blobs');
    } finally {
      await site.php("delete_option('svc_e2e_stage_ttl');");
      await remove(site, ['trigger']);
    }
  });

  it('staged contents that no release uses are capped by the total limit: 413 svc_stage_full', async () => {
    await setLimits(site, { totalBytes: 50_000 });
    try {
      const response = await stage([paddedTo(publicGet(uniqueClass('Fill'), 'a'), 30_000), paddedTo(publicGet(uniqueClass('Fill'), 'b'), 30_000)]);
      expectError(response, 413, 'svc_stage_full');
    } finally {
      await setLimits(site, { totalBytes: null });
    }
  });
});

describe('rollback', () => {
  it('goes back to the release before the active one, as a new release; a dry run only plans', async () => {
    const v1 = publicGet(uniqueClass('Versioned'), 'v1');
    await pushOk(site, { versioned: v1 });
    const v1Release = await activeId();
    await pushOk(site, { versioned: publicGet(uniqueClass('Versioned'), 'v2'), extra: publicGet(uniqueClass('Extra'), 'extra') });
    const activeBefore = await activeId();

    const dry = await call(site, '/svc/v1/api-releases/rollback', { method: 'POST', json: { dry_run: true } });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ release: null, dry_run: true, plan: { added: [], changed: ['versioned'], removed: ['extra'] } });
    expect(await activeId()).toBe(activeBefore);

    const response = await call(site, '/svc/v1/api-releases/rollback', { method: 'POST', json: {} });
    expect(response.status).toBe(200);
    expect(response.body.release).toMatchObject({ kind: 'rollback', rollback_of: v1Release, active: true });
    expect((await call(site, '/svc-api/v1/versioned', { as: 'anonymous' })).body).toEqual({ route: 'v1' });
    expectError(await call(site, '/svc-api/v1/extra', { as: 'anonymous' }), 404, 'rest_no_route');

    const detail = (await call(site, `/svc/v1/api-releases/${response.body.release.id}`)).body;
    expect(detail.filenames.versioned).toBe(sha256(v1));
    expect(detail.plan).toEqual({ added: [], changed: ['versioned'], removed: ['extra'] });
  });

  it('planned against a release that is no longer active: 409 svc_release_moved, nothing changes', async () => {
    const before = await activeId();
    const response = await call(site, '/svc/v1/api-releases/rollback', { method: 'POST', json: { base: before - 1 } });
    expectError(response, 409, 'svc_release_moved');
    expect(await activeId()).toBe(before);
  });

  it('to a named release; one not kept: 404 svc_release_not_found', async () => {
    expectError(await call(site, '/svc/v1/api-releases/rollback', { method: 'POST', json: { to: 999_999 } }), 404, 'svc_release_not_found');
    expectError(await call(site, '/svc/v1/api-releases/999999'), 404, 'svc_release_not_found');
    const releases = (await call(site, '/svc/v1/api-releases')).body as Array<{ id: number; active: boolean }>;
    const current = await served();
    let target: { id: number } | undefined;
    let wanted: Record<string, string> = {};
    for (const release of releases.filter((item) => !item.active)) {
      wanted = (await call(site, `/svc/v1/api-releases/${release.id}`)).body.filenames;
      if (JSON.stringify(wanted) !== JSON.stringify(current)) {
        target = release;
        break;
      }
    }
    if (target === undefined) throw new Error('no kept release differs from the active one');
    const response = await call(site, '/svc/v1/api-releases/rollback', { method: 'POST', json: { to: target.id } });
    expect(response.status).toBe(200);
    expect(response.body.release.rollback_of).toBe(target.id);
    expect((await call(site, `/svc/v1/api-releases/${response.body.release.id}`)).body.filenames).toEqual(wanted);
  });
});

describe('a hardened site (DISALLOW_FILE_MODS)', () => {
  afterAll(async () => {
    await site.php("delete_option('svc_e2e_disallow_file_mods'); delete_option('svc_e2e_allow_deploy');");
  });

  it('refuses every write with 403 svc_deploy_disallowed and changes nothing; the listing and status still work and say why', async () => {
    await pushOk(site, { guarded: publicGet(uniqueClass('Guarded'), 'guarded') });
    await site.php("update_option('svc_e2e_disallow_file_mods', 1);");
    const before = snapshotTree(site.svcDir);
    const source = publicGet(uniqueClass('Sneaky'), 'sneaky');
    const writes: Array<Promise<JsonResponse>> = [
      call(site, '/svc/v1/api-files', { method: 'POST', json: { files: [{ filename: 'sneaky', content: source }] } }),
      call(site, '/svc/v1/api-files', { method: 'DELETE', json: { filenames: ['guarded'] } }),
      call(site, '/svc/v1/api-blobs', { method: 'POST', json: { blobs: [blob(source)] } }),
      call(site, '/svc/v1/api-releases', { method: 'POST', json: { files: {}, prune: true } }),
      call(site, '/svc/v1/api-releases/rollback', { method: 'POST', json: {} }),
    ];
    for (const response of await Promise.all(writes)) {
      expectError(response, 403, 'svc_deploy_disallowed');
      expect(response.body.message).toContain('SVC_ALLOW_DEPLOY');
    }
    expect(snapshotTree(site.svcDir)).toEqual(before);
    expectError(await call(site, '/svc-api/v1/sneaky', { as: 'anonymous' }), 404, 'rest_no_route');
    expect((await list(site)).records.map((item) => item.filename)).toContain('guarded');
    const status = (await call(site, '/svc/v1/status')).body;
    expect(status.deploy.allowed).toBe(false);
    expect(status.deploy.reason).toContain('DISALLOW_FILE_MODS');
  });

  it("deploys again once the site opts in with SVC_ALLOW_DEPLOY", async () => {
    await site.php("update_option('svc_e2e_allow_deploy', 1);");
    await pushOk(site, { 'opted-in': publicGet(uniqueClass('OptedIn'), 'opted in') });
    expect((await call(site, '/svc-api/v1/opted-in', { as: 'anonymous' })).body).toEqual({ route: 'opted in' });
    expect((await call(site, '/svc/v1/status')).body.deploy).toEqual({ allowed: true });
  });
});

describe('links are never followed', () => {
  const outside = (): string => path.join(site.root, 'outside');

  afterAll(() => {
    rmSync(outside(), { recursive: true, force: true });
  });

  it('a file link to wp-config.php: listed with an error, its target never read or loaded, removed by rm', async () => {
    symlinkSync(path.join(site.wpDir, 'wp-config.php'), path.join(apiDir(site), 'conf.php'));
    const listed = (await list(site)).records.find((item) => item.filename === 'conf');
    expect(listed?.error).toContain('symbolic link');
    expect(listed).toMatchObject({ link: true, content: '' });
    const all = await call(site, '/svc/v1/api-files');
    expect(all.text).not.toContain('DB_PASSWORD');
    expectError(await call(site, '/svc-api/v1/conf', { as: 'anonymous' }), 404, 'rest_no_route');
    expect((await remove(site, ['conf'])).status).toBe(200);
    expect((await list(site)).records.map((item) => item.filename)).not.toContain('conf');
  });

  it('a directory link: an upload below it writes nothing outside wp-content/svc/', async () => {
    mkdirSync(outside(), { recursive: true });
    writeFileSync(path.join(outside(), 'keep.txt'), 'untouched');
    symlinkSync(outside(), path.join(apiDir(site), 'escape'));
    expect((await list(site)).records.find((item) => item.filename === 'escape')?.error).toContain('symbolic link');
    await pushOk(site, { 'escape/inside': publicGet(uniqueClass('Escape'), 'escape') });
    expect(readdirSync(outside())).toEqual(['keep.txt']);
    expect(lstatSync(path.join(apiDir(site), 'escape')).isDirectory()).toBe(true);
    await remove(site, ['escape/inside']);
  });
});

describe('nothing under wp-content/svc/ returns route source to a plain GET', () => {
  it('every file and directory, requested directly, gives no source', async () => {
    const marker = uniqueClass('SecretMarker');
    await pushOk(site, { probe: publicGet(marker, 'probe') });
    const paths: string[] = [];
    const walk = (dir: string, relative: string): void => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        const rel = `${relative}/${name}`;
        paths.push(rel);
        if (lstatSync(full).isDirectory()) walk(full, rel);
      }
    };
    walk(site.svcDir, '/wp-content/svc');
    expect(paths.length).toBeGreaterThan(10);
    for (const probe of paths) {
      const response = await fetch(`${site.url}${probe.split('/').map(encodeURIComponent).join('/')}`);
      const text = await response.text();
      expect({ probe, leaks: text.includes(marker) || text.includes('declare(strict_types') }).toEqual({ probe, leaks: false });
    }
  });
});
