/**
 * Previews through the installed binary against a real WordPress (docs/management-api.md,
 * Previews): `svc api push --preview` prints a token the site serves the preview for, `svc api
 * releases` lists the preview with its message and author but never the token, `svc api promote`
 * makes it active (refused when another release became active since, unless --force). Run as CI
 * runs it (no terminal; SVC_* in the environment); every --json document is checked against its
 * schema by the runner. The tests run in order and build on each other's state.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import type { WordPressSite } from '../support/wordpress.js';
import { startCliBench, type CliBench } from './helpers/cli-bench.js';
import { removeRoute, routeSource, writeRoute } from './helpers/files.js';
import type { SvcRunner } from './helpers/run-svc.js';

jest.setTimeout(180_000);

let bench: CliBench | undefined;
let site: WordPressSite;
let svc: SvcRunner;
let apiDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  bench = await startCliBench('previews');
  ({ site, svc, apiDir, env } = bench);
}, 300_000);

afterAll(async () => {
  await bench?.stop();
});

const run = (...args: string[]) => svc(args, { env });
const route = (className: string, tag: string) => routeSource(className, { open: true, body: `\tpublic function get(): array { return array( 'tag' => '${tag}' ); }` });
const get = async (slug: string, token?: string): Promise<unknown> =>
  (await site.fetch(`/svc-api/v1/${slug}`, { as: 'anonymous', headers: token === undefined ? {} : { 'X-Svc-Preview': token } })).json();

interface ReleaseRecord {
  id: number;
  kind: string;
  active: boolean;
  message: string | null;
  user: { login: string } | null;
  promotedFrom: number | null;
  preview: { base: number | null; expires: string; expired: boolean } | null;
}

const releases = async (): Promise<ReleaseRecord[]> => {
  const result = await run('api', 'releases', '--json');
  expect(result).toMatchObject({ code: 0 });
  return JSON.parse(result.stdout) as ReleaseRecord[];
};

let token: string;
let previewId: number;

describe('svc api push --preview', () => {
  it('a first push with a message is active, and releases says who made it and why', async () => {
    writeRoute(apiDir, 'hello.php', route('HelloRoute', 'v1'));
    writeRoute(apiDir, 'old.php', route('OldRoute', 'old'));
    const result = await run('api', 'push', '--yes', '--message', 'first: \u001b[31mred', '--json');
    expect(result).toMatchObject({ code: 0 });
    const [first] = await releases();
    expect(first).toMatchObject({ active: true, message: 'first: \u001b[31mred', user: { login: 'admin' }, preview: null });
  });

  it('--json: the preview release and its token, once; the active release keeps serving everyone', async () => {
    writeRoute(apiDir, 'hello.php', route('HelloRoute', 'v2'));
    writeRoute(apiDir, 'new.php', route('NewRoute', 'new'));
    removeRoute(apiDir, 'old.php');
    const result = await run('api', 'push', '--preview', '--prune', '--message', 'try v2', '--json');
    expect(result).toMatchObject({ code: 0 });
    const report = JSON.parse(result.stdout) as { preview: { token: string; header: string }; release: ReleaseRecord; added: string[]; changed: string[]; removed: string[] };
    expect(report.preview.header).toBe('X-Svc-Preview');
    expect(report.preview.token).toMatch(/^svcp_[0-9a-f]{64}$/);
    expect(report.release).toMatchObject({ kind: 'preview', active: false, message: 'try v2', user: { login: 'admin' } });
    expect(report).toMatchObject({ added: ['new'], changed: ['hello'], removed: ['old'] });
    token = report.preview.token;
    previewId = report.release.id;

    expect(await get('hello')).toEqual({ tag: 'v1' });
    expect(await get('old')).toEqual({ tag: 'old' });
    expect(await get('hello', token)).toEqual({ tag: 'v2' });
    expect(await get('new', token)).toEqual({ tag: 'new' });
    expect(await get('old', token)).toMatchObject({ code: 'rest_no_route' });
  });

  it('svc api releases lists the preview with its expiry, message and author, never its token', async () => {
    const result = await run('api', 'releases', '--json');
    expect(result.stdout).not.toContain(token);
    const listed = (await releases()).find((release) => release.id === previewId);
    expect(listed).toMatchObject({ kind: 'preview', active: false, message: 'try v2', user: { login: 'admin' }, preview: { expired: false } });
    const plain = await run('api', 'releases');
    expect(plain.stdout).toMatch(new RegExp(`${previewId}\\s.*preview.*\\[PREVIEW until \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC\\] "try v2"`));
    // The first release's message holds an escape sequence: shown, never obeyed.
    expect(plain.stdout).toContain('"first: \\x1b[31mred"');
    expect(plain.stdout).not.toContain('\u001b');
  });

  it('a push --preview in plain text prints the token, how to use it and how to promote', async () => {
    writeRoute(apiDir, 'hello.php', route('HelloRoute', 'v3'));
    const result = await run('api', 'push', '--preview', '--yes');
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toMatch(/Preview release \d+ is not active\./);
    expect(result.stdout).toMatch(/svcp_[0-9a-f]{64}/);
    expect(result.stdout).toContain('X-Svc-Preview: svcp_');
    expect(result.stdout).toMatch(/svc api promote \d+/);
    expect(await get('hello')).toEqual({ tag: 'v1' });
  });
});

describe('svc api promote', () => {
  it('without a terminal and without --yes shows the plan, refuses with exit 2, and changes nothing', async () => {
    const before = await releases();
    const result = await run('api', 'promote', String(previewId));
    expect(result).toMatchObject({ code: 2 });
    expect(result.stdout).toContain(`Promote preview ${previewId} on ${site.url}`);
    expect(result.stdout).toMatch(/\+ new\.php\s+new\s+\[PUBLIC\] GET \(newly open to anyone\)/);
    expect(result.stdout).toMatch(/- old\.php\s+remove from the site/);
    expect(result.stderr).toContain('--yes');
    expect(await releases()).toEqual(before);
  });

  it('<id> --yes --json makes the preview active as a promote release with its message', async () => {
    const active = (await releases()).find((release) => release.active);
    const result = await run('api', 'promote', String(previewId), '--yes', '--message', 'ship v2', '--json');
    expect(result).toMatchObject({ code: 0 });
    const report = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(report).toEqual({
      site: site.url,
      dryRun: false,
      from: active?.id,
      preview: previewId,
      added: ['new'],
      changed: ['hello'],
      removed: ['old'],
      noop: false,
      written: expect.arrayContaining(['new', 'hello']),
      deleted: ['old'],
      release: expect.objectContaining({ kind: 'promote', active: true, promotedFrom: previewId, message: 'ship v2', user: { id: expect.any(Number), login: 'admin' } }),
    });
    expect(await get('hello')).toEqual({ tag: 'v2' });
    expect(await get('new')).toEqual({ tag: 'new' });
    expect((await releases()).some((release) => release.id === previewId)).toBe(false);
  });

  it('a preview made before another push is refused with a clear error unless --force', async () => {
    const preview = (await releases()).find((release) => release.kind === 'preview');
    expect(preview).toBeDefined();
    const refused = await run('api', 'promote', String(preview?.id), '--yes', '--json');
    expect(refused).toMatchObject({ code: 1 });
    expect(JSON.parse(refused.stdout)).toMatchObject({ code: 'preview_outdated', serverCode: 'svc_preview_outdated', status: 409 });
    const plain = await run('api', 'promote', String(preview?.id), '--yes');
    expect(plain.stderr).toContain('--force');
    const forced = await run('api', 'promote', String(preview?.id), '--yes', '--force', '--json');
    expect(forced).toMatchObject({ code: 0 });
    expect(await get('hello')).toEqual({ tag: 'v3' });
  });

  it('a release that is not a preview, or not kept, is refused before anything is asked', async () => {
    const active = (await releases()).find((release) => release.active);
    const notPreview = await run('api', 'promote', String(active?.id), '--yes', '--json');
    expect(notPreview).toMatchObject({ code: 1 });
    expect(JSON.parse(notPreview.stdout)).toMatchObject({ code: 'not_a_preview' });
    const missing = await run('api', 'promote', '99999', '--yes', '--json');
    expect(JSON.parse(missing.stdout)).toMatchObject({ code: 'release_not_found' });
  });

  it('svc api rollback --message keeps the note on the rollback release', async () => {
    const result = await run('api', 'rollback', '--yes', '--message', 'back to v2', '--json');
    expect(result).toMatchObject({ code: 0 });
    expect(JSON.parse(result.stdout).release).toMatchObject({ kind: 'rollback', message: 'back to v2' });
    expect(await get('hello')).toEqual({ tag: 'v2' });
  });
});

describe('a preview file the site cannot load', () => {
  it('is named with its reason, the push exits 1, and the token is still given: the preview is made, the active release untouched', async () => {
    const orphan = routeSource('PreviewOrphan', { open: true }).replace('final class PreviewOrphan {', 'final class PreviewOrphan extends NoSuchParentClass {');
    writeRoute(apiDir, 'preview-orphan.php', orphan);
    try {
      const result = await run('api', 'push', '--preview', '--yes', '--json');
      expect(result).toMatchObject({ code: 1 });
      const report = JSON.parse(result.stdout) as { code: string; loadErrors: { slug: string; message: string }[]; preview: { token: string }; release: ReleaseRecord };
      expect(report).toMatchObject({ code: 'load_failed', release: { kind: 'preview', active: false } });
      expect(report.loadErrors).toEqual([{ slug: 'preview-orphan', message: expect.stringContaining('NoSuchParentClass') }]);
      expect(report.preview.token).toMatch(/^svcp_[0-9a-f]{64}$/);
      expect(await get('preview-orphan')).toMatchObject({ code: 'rest_no_route' });

      const plain = await run('api', 'push', '--preview', '--yes');
      expect(plain).toMatchObject({ code: 1 });
      expect(plain.stderr).toMatch(/1 pushed file failed to load on the site; its route is not served in preview \d+\./);
      expect(plain.stderr).toMatch(/api\/preview-orphan\.php: .*NoSuchParentClass/);
      expect(plain.stdout).toMatch(/svcp_[0-9a-f]{64}/);
    } finally {
      removeRoute(apiDir, 'preview-orphan.php');
    }
  });
});
