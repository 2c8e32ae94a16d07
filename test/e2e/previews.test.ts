/**
 * Previews (docs/management-api.md, "Previews"): a release committed with every check but not made
 * active, served only to requests carrying its token, promoted with the same atomic step as a
 * rollback; and the author and message every release records. nginx + PHP-FPM, opcache not
 * revalidating (startSite's default).
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

import { expectError } from './helpers/expectations.js';
import { paddedTo, publicGet, routeSource, uniqueClass } from './helpers/php-source.js';
import { call, setLimits, sleep, startSite, type JsonResponse, type WordPressSite } from './helpers/site.js';
import { sha256 } from './helpers/tree.js';

jest.setTimeout(240_000);

let site: WordPressSite;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.stop();
});

const blob = (content: string) => ({ hash: sha256(content), content_base64: Buffer.from(content).toString('base64') });

/** Stages the contents and commits the files (slug => source) as one request body. */
async function commit(files: Record<string, string>, extra: Record<string, unknown> = {}): Promise<JsonResponse> {
  const staged = await call(site, '/svc/v1/api-blobs', { method: 'POST', json: { blobs: Object.values(files).map(blob) } });
  expect(staged.status).toBe(200);
  const hashes = Object.fromEntries(Object.entries(files).map(([slug, source]) => [slug, sha256(source)]));
  return call(site, '/svc/v1/api-releases', { method: 'POST', json: { files: hashes, prune: true, ...extra } });
}

function get(route: string, token?: string, as: 'anonymous' | 'admin' = 'anonymous'): Promise<JsonResponse> {
  return call(site, `/svc-api/v1/${route}`, { as, headers: token === undefined ? {} : { 'X-Svc-Preview': token } });
}

const closedGet = (className: string, tag: string) =>
  routeSource(className, `\tpublic function get(): array {\n\t\treturn array( 'route' => '${tag}' );\n\t}`);

describe('a preview', () => {
  const stay = uniqueClass('Stay');
  const change = uniqueClass('Change');
  const gone = uniqueClass('Gone');
  const added = uniqueClass('Added');
  let active: number;
  let preview: JsonResponse;
  let token: string;

  beforeAll(async () => {
    const live = await commit(
      { stay: publicGet(stay, 'stay'), change: publicGet(change, 'change v1'), gone: publicGet(gone, 'gone') },
      { message: 'first deploy' },
    );
    expect(live.status).toBe(200);
    active = live.body.release.id;
    preview = await commit(
      {
        stay: publicGet(stay, 'stay'),
        // Same class name as the active file: the preview's tree is its own, so both coexist.
        change: closedGet(change, 'change v2'),
        added: publicGet(added, 'added'),
      },
      { kind: 'preview', message: 'try <b>v2</b>' },
    );
    expect(preview.status).toBe(200);
    token = preview.body.preview.token;
  });

  it('is committed with a token shown once, not made active, and listed with its expiry', async () => {
    expect(token).toMatch(/^svcp_[a-f0-9]{64}$/);
    expect(preview.body.preview.header).toBe('X-Svc-Preview');
    expect(preview.body.release).toMatchObject({ kind: 'preview', active: false, message: 'try <b>v2</b>', user: { login: 'admin' } });
    expect(preview.body.release.preview.base).toBe(active);
    expect(preview.body.plan).toEqual({ added: ['added'], changed: ['change'], removed: ['gone'] });
    const status = await call(site, '/svc/v1/status');
    expect(status.body.release.id).toBe(active);
    const releases = await call(site, '/svc/v1/api-releases');
    const listed = releases.body.find((release: { id: number }) => release.id === preview.body.release.id);
    expect(listed).toMatchObject({ kind: 'preview', active: false, message: 'try <b>v2</b>' });
    const expires = Date.parse(listed.preview.expires) - Date.parse(listed.created);
    expect(Math.abs(expires - 7 * 86_400_000)).toBeLessThan(5_000);
    expect(releases.text).not.toContain(token);
    expect(releases.text).not.toContain(token.slice(5));
    const first = releases.body.find((release: { id: number }) => release.id === active);
    expect(first).toMatchObject({ message: 'first deploy', user: { login: 'admin' } });
  });

  it('is served only to requests with its token: added, changed and removed routes alike', async () => {
    expect((await get('change')).body).toEqual({ route: 'change v1' });
    expect((await get('gone')).body).toEqual({ route: 'gone' });
    expectError(await get('added'), 404, 'rest_no_route');

    const added = await get('added', token);
    expect(added.body).toEqual({ route: 'added' });
    expect(added.headers.get('x-svc-preview-release')).toBe(String(preview.body.release.id));
    expect(added.headers.get('cache-control')).toContain('no-store');
    expectError(await get('gone', token), 404, 'rest_no_route');
    expect((await get('stay', token)).body).toEqual({ route: 'stay' });
    expect((await get('change', token, 'admin')).body).toEqual({ route: 'change v2' });
  });

  it('keeps its own permission checks: a route it closes refuses an anonymous caller with the token', async () => {
    expectError(await get('change', token), 401, 'rest_forbidden');
  });

  it('a wrong or malformed token gets the active release, and says why', async () => {
    for (const wrong of [`svcp_${'0'.repeat(64)}`, 'nonsense', token.slice(0, -1)]) {
      const response = await get('change', wrong);
      expect(response.body).toEqual({ route: 'change v1' });
      expect(response.headers.get('x-svc-preview-error')).toBe('svc_preview_invalid');
      expect(response.headers.get('x-svc-preview-release')).toBeNull();
    }
  });

  it('the management API ignores the header: it always acts on the active release', async () => {
    const files = await call(site, '/svc/v1/api-files?content=false', { headers: { 'X-Svc-Preview': token } });
    expect(files.body.map((file: { filename: string }) => file.filename).sort()).toEqual(['change', 'gone', 'stay']);
  });

  it('has its tree apart from the active one, never linked as api/', () => {
    const trees = readdirSync(path.join(site.svcDir, 'trees'));
    expect(trees.some((name) => name.startsWith(`p${preview.body.release.id}-`))).toBe(true);
  });

  it('cannot be rolled back to, and a push is not promotable', async () => {
    expectError(await call(site, '/svc/v1/api-releases/rollback', { method: 'POST', json: { to: preview.body.release.id } }), 409, 'svc_release_is_preview');
    expectError(await call(site, '/svc/v1/api-releases/promote', { method: 'POST', json: { id: active } }), 409, 'svc_not_a_preview');
    expectError(await call(site, '/svc/v1/api-releases/promote', { method: 'POST', json: { id: 999_999 } }), 404, 'svc_release_not_found');
    expectError(await call(site, '/svc/v1/api-releases/promote', { method: 'POST', json: { id: '1' } }), 400, 'svc_bad_request');
  });

  it('is promoted as a new active release of kind promote (a dry run plans it first), and its token then serves nothing', async () => {
    const id = preview.body.release.id;
    const dry = await call(site, '/svc/v1/api-releases/promote', { method: 'POST', json: { id, dry_run: true } });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ release: null, plan: { added: ['added'], changed: ['change'], removed: ['gone'] } });
    const done = await call(site, '/svc/v1/api-releases/promote', { method: 'POST', json: { id, base: active, message: 'ship v2' } });
    expect(done.status).toBe(200);
    expect(done.body.release).toMatchObject({ kind: 'promote', active: true, promoted_from: id, message: 'ship v2', user: { login: 'admin' } });
    expect((await get('added')).body).toEqual({ route: 'added' });
    expectError(await get('gone'), 404, 'rest_no_route');
    expectError(await get('change'), 401, 'rest_forbidden');
    const after = await get('added', token);
    expect(after.headers.get('x-svc-preview-error')).toBe('svc_preview_invalid');
    const releases = (await call(site, '/svc/v1/api-releases')).body as { id: number }[];
    expect(releases.some((release) => release.id === id)).toBe(false);
    const events = (await call(site, '/svc/v1/events')).body.events as { type: string; message: string; data: Record<string, unknown> }[];
    const promoted = events.find((event) => event.type === 'release' && event.data['kind'] === 'promote');
    expect(promoted?.data['note']).toBe('ship v2');
    expect(promoted?.message).toContain('"ship v2"');
    expect(events.some((event) => event.type === 'release' && event.data['kind'] === 'preview' && event.data['note'] === 'try <b>v2</b>')).toBe(true);
  });
});

describe('promoting a preview made against an older release', () => {
  it('is refused with svc_preview_outdated, unless forced', async () => {
    const a = uniqueClass('Older');
    await commit({ older: publicGet(a, 'v1') });
    const preview = await commit({ older: publicGet(a, 'preview') }, { kind: 'preview' });
    await commit({ older: publicGet(a, 'v2'), other: publicGet(uniqueClass('Other'), 'other') });
    const id = preview.body.release.id;
    const refused = await call(site, '/svc/v1/api-releases/promote', { method: 'POST', json: { id } });
    expectError(refused, 409, 'svc_preview_outdated');
    expect(refused.body.data).toMatchObject({ release: id, preview_base: preview.body.release.preview.base });
    expect((await get('older')).body).toEqual({ route: 'v2' });
    const forced = await call(site, '/svc/v1/api-releases/promote', { method: 'POST', json: { id, force: true } });
    expect(forced.status).toBe(200);
    expect(forced.body.plan).toEqual({ added: [], changed: ['older'], removed: ['other'] });
    expect((await get('older')).body).toEqual({ route: 'preview' });
  });
});

describe('expiry', () => {
  afterAll(async () => {
    await site.php(`delete_option('svc_e2e_preview_ttl');`);
  });

  it('an expired preview is not served, cannot be promoted, and the next write removes it and its tree', async () => {
    await site.php(`update_option('svc_e2e_preview_ttl', 2);`);
    const e = uniqueClass('Expiring');
    await commit({ expiring: publicGet(e, 'live') });
    const preview = await commit({ expiring: publicGet(e, 'preview') }, { kind: 'preview' });
    const id = preview.body.release.id;
    const token = preview.body.preview.token;
    expect((await get('expiring', token)).body).toEqual({ route: 'preview' });
    await sleep(3_000);
    const late = await get('expiring', token);
    expect(late.body).toEqual({ route: 'live' });
    expect(late.headers.get('x-svc-preview-error')).toBe('svc_preview_expired');
    expectError(await call(site, '/svc/v1/api-releases/promote', { method: 'POST', json: { id } }), 410, 'svc_preview_expired');
    expect((await call(site, '/svc/v1/api-releases')).body.find((release: { id: number }) => release.id === id).preview.expired).toBe(true);

    await commit({ expiring: publicGet(e, 'next') });
    expect((await call(site, '/svc/v1/api-releases')).body.some((release: { id: number }) => release.id === id)).toBe(false);
    expect(readdirSync(path.join(site.svcDir, 'trees')).some((name) => name.startsWith(`p${id}-`))).toBe(false);
    expectError(await call(site, '/svc/v1/api-releases/promote', { method: 'POST', json: { id } }), 404, 'svc_release_not_found');
  });
});

describe('previews and the kept releases', () => {
  it('a burst of previews never evicts a deploy from the rollback history', async () => {
    const p = uniqueClass('Burst');
    const deploy = await commit({ burst: publicGet(p, 'deployed') });
    for (let index = 0; index < 11; index += 1) {
      expect((await commit({ burst: publicGet(p, `preview ${index}`) }, { kind: 'preview' })).status).toBe(200);
    }
    const releases = (await call(site, '/svc/v1/api-releases')).body as { id: number; kind: string }[];
    expect(releases.filter((release) => release.kind === 'preview')).toHaveLength(10);
    expect(releases.some((release) => release.id === deploy.body.release.id)).toBe(true);
  });

  it('a rollback with no target goes back past previews to the deploy before', async () => {
    const releases = (await call(site, '/svc/v1/api-releases')).body as { id: number; kind: string; active: boolean }[];
    const deploys = releases.filter((release) => release.kind !== 'preview');
    const dry = await call(site, '/svc/v1/api-releases/rollback', { method: 'POST', json: { dry_run: true, message: 'back' } });
    expect(dry.status).toBe(200);
    const done = await call(site, '/svc/v1/api-releases/rollback', { method: 'POST', json: { message: 'back' } });
    expect(done.body.release).toMatchObject({ kind: 'rollback', rollback_of: deploys[1]!.id, message: 'back' });
  });
});

describe('caches', () => {
  it('a preview\'s answer is private and never stored, even when the route\'s headers() asks for caching', async () => {
    const c = uniqueClass('Cached');
    const source = (tag: string) =>
      routeSource(
        c,
        `\tpublic function get(): array {\n\t\treturn array( 'route' => '${tag}' );\n\t}\n\tpublic function headers(): array {\n\t\treturn array( 'Cache-Control' => 'public, max-age=600' );\n\t}`,
        { classAttribute: '#[Permission(public: true)]' },
      );
    expect((await commit({ cached: source('live') })).status).toBe(200);
    const preview = await commit({ cached: source('preview') }, { kind: 'preview' });
    const live = await get('cached');
    expect(live.headers.get('cache-control')).toBe('public, max-age=600');
    const previewed = await get('cached', preview.body.preview.token);
    expect(previewed.body).toEqual({ route: 'preview' });
    expect(previewed.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('the total size limit', () => {
  afterAll(async () => {
    await setLimits(site, { totalBytes: null });
  });

  it('a preview is held to the limit as a set of its own: it never counts against the active set', async () => {
    const a = uniqueClass('SizeA');
    const b = uniqueClass('SizeB');
    const live = await commit({ big: paddedTo(publicGet(a, 'live'), 6_000) });
    expect(live.status).toBe(200);
    await setLimits(site, { totalBytes: 10_000 });
    // 6 KB active + 6 KB preview: over 10 KB together, each under it alone.
    const preview = await commit({ big: paddedTo(publicGet(a, 'preview'), 6_000) }, { kind: 'preview' });
    expect(preview.status).toBe(200);
    const nextSource = paddedTo(publicGet(a, 'next'), 6_000);
    const next = await commit({ big: nextSource });
    expect(next.status).toBe(200);
    // A preview whose own set is over the limit is refused as a push would be.
    const over = await commit({ big: nextSource, more: paddedTo(publicGet(b, 'more'), 6_000) }, { kind: 'preview' });
    expectError(over, 422, 'svc_push_rejected');
    expect(JSON.stringify(over.body.data.errors)).toContain('svc_total_too_large');
  });
});

describe('messages', () => {
  it.each([
    ['not a string', 12],
    ['over 500 characters', 'x'.repeat(501)],
  ])('a message %s: 400 svc_bad_request naming it; nothing changes', async (_label, message) => {
    const before = (await call(site, '/svc/v1/status')).body.release.id;
    const response = await commit({ bad: publicGet(uniqueClass('Bad'), 'bad') }, { message });
    expectError(response, 400, 'svc_bad_request');
    expect(response.body.data.param).toBe('message');
    expect((await call(site, '/svc/v1/status')).body.release.id).toBe(before);
  });

  it('500 characters of any script are kept as written', async () => {
    const message = 'é'.repeat(499) + '✓';
    const response = await commit({ fine: publicGet(uniqueClass('Fine'), 'fine') }, { message });
    expect(response.body.release.message).toBe(message);
  });
});


describe('a preview this node cannot build', () => {
  it('is served as the active release with svc_preview_unavailable: its tree gone and a content missing from the database', async () => {
    const className = uniqueClass('Unbuildable');
    const source = publicGet(className, 'unbuildable');
    const preview = await commit({ unbuildable: source }, { kind: 'preview' });
    expect(preview.status).toBe(200);
    const token: string = preview.body.preview.token;
    expect((await get('unbuildable', token)).body).toEqual({ route: 'unbuildable' });
    // As on a node that never had its tree, when the content it needs is gone from the database too.
    for (const name of readdirSync(path.join(site.svcDir, 'trees')).filter((entry) => entry.startsWith(`p${preview.body.release.id}-`))) {
      rmSync(path.join(site.svcDir, 'trees', name), { recursive: true, force: true });
    }
    await site.php(`global $wpdb; $wpdb->delete( $wpdb->prefix . 'svc_blobs', array( 'hash' => '${sha256(source)}' ) );`);
    const response = await get('unbuildable', token);
    expectError(response, 404, 'rest_no_route');
    expect(response.headers.get('x-svc-preview-error')).toBe('svc_preview_unavailable');
    expect(response.headers.get('x-svc-preview-release')).toBeNull();
    // Its listing cannot be read on this node either: a refusal of the table, not an empty list.
    expectError(await call(site, `/svc/v1/api-files?release=${preview.body.release.id}`), 503, 'svc_preview_unavailable');
  });
});

describe('GET api-files?release=<preview>', () => {
  it("lists the preview's files (loaded, a failing one with its error), not the active ones; other ids are refused", async () => {
    const listed = uniqueClass('ListedInPreview');
    const orphan = uniqueClass('OrphanInPreview');
    const preview = await commit(
      {
        'listed/ok': publicGet(listed, 'listed'),
        'listed/orphan': publicGet(orphan, 'orphan').replace(`final class ${orphan} {`, `final class ${orphan} extends NoSuchParentClass {`),
      },
      { kind: 'preview' },
    );
    expect(preview.status).toBe(200);
    const id = preview.body.release.id as number;
    const listing = await call(site, `/svc/v1/api-files?content=false&release=${id}`);
    expect(listing.status).toBe(200);
    const records = listing.body as { filename: string; error?: string }[];
    expect(records.map((record) => record.filename).sort()).toEqual(['listed/ok', 'listed/orphan']);
    expect(records.find((record) => record.filename === 'listed/ok')?.error).toBeUndefined();
    expect(records.find((record) => record.filename === 'listed/orphan')?.error).toContain('NoSuchParentClass');
    // The active listing is not the preview's.
    const active = (await call(site, '/svc/v1/api-files?content=false')).body as { filename: string }[];
    expect(active.some((record) => record.filename.startsWith('listed/'))).toBe(false);

    const activeId = (await call(site, '/svc/v1/status')).body.release.id as number;
    expectError(await call(site, `/svc/v1/api-files?release=${activeId}`), 409, 'svc_not_a_preview');
    expectError(await call(site, '/svc/v1/api-files?release=999999'), 404, 'svc_release_not_found');
    expectError(await call(site, '/svc/v1/api-files?release=soon'), 400, 'rest_invalid_param');
  });
});
