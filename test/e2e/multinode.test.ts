/**
 * Several web nodes, one database (issue 12): two nginx + php-fpm nodes (opcache not revalidating)
 * on one MariaDB, each with its own wp-content, behind a round-robin front; then the variant with one
 * shared wp-content. A write taken by any node is served by every node on its next request; a node
 * killed while it brings its copy up to date recovers on the next one; an edit made on one node only
 * is reported as drift and a push makes every node consistent again.
 * The tests of each describe run in order and build on each other's state.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { answeredBy, startMultiNode, type MultiNodeSite, type NodeName, type WebNode } from '../support/multinode.js';
import { packedCli } from '../cli/helpers/packed-cli.js';
import { svcRunner, type SvcRunner } from '../cli/helpers/run-svc.js';
import { writeRoute } from '../cli/helpers/files.js';
import { expectError } from './helpers/expectations.js';
import { treeNames } from './helpers/tree.js';
import { publicGet, uniqueClass } from './helpers/php-source.js';
import { call, list, placeFile, pushOk, remove, sleep, type JsonResponse, type WordPressSite } from './helpers/site.js';

jest.setTimeout(240_000);

const NODES: NodeName[] = ['a', 'b'];
const sha256 = (content: string): string => createHash('sha256').update(content).digest('hex');

/** What a public route answers on one node ({route: tag}, or the error code). */
async function answer(node: WordPressSite, slug: string): Promise<unknown> {
  const response = await call(node, `/svc-api/v1/${slug}`, { as: 'anonymous' });
  return response.status === 200 ? response.body : `${response.status} ${String(response.body?.code)}`;
}

/** Slug → hash of a node's listing. */
async function listing(node: WordPressSite): Promise<Record<string, string>> {
  const { records } = await list(node, '?content=false');
  return Object.fromEntries(records.map((record) => [record.filename, record.hash]));
}

async function status(node: WordPressSite): Promise<any> {
  const response = await call(node, '/svc/v1/status');
  expect(response.status).toBe(200);
  return response.body;
}

/** Stages contents (in requests under 1 MB) and commits them as the whole set, through `site`. */
async function release(site: WordPressSite, files: Record<string, string>, extra: Record<string, unknown> = { prune: true }): Promise<JsonResponse> {
  const contents = [...new Set(Object.values(files))];
  let batch: string[] = [];
  let bytes = 0;
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    const blobs = batch.map((content) => ({ hash: sha256(content), content_base64: Buffer.from(content).toString('base64') }));
    const staged = await call(site, '/svc/v1/api-blobs', { method: 'POST', json: { blobs } });
    if (staged.status !== 200) throw new Error(`staging failed: ${staged.status} ${staged.text}`);
    batch = [];
    bytes = 0;
  };
  for (const content of contents) {
    if (bytes + content.length * 1.4 > 700_000) await flush();
    batch.push(content);
    bytes += content.length * 1.4;
  }
  await flush();
  const json = { files: Object.fromEntries(Object.entries(files).map(([slug, content]) => [slug, sha256(content)])), ...extra };
  return call(site, '/svc/v1/api-releases', { method: 'POST', json });
}

/** The tree a node serves (the api link's target), or undefined when api is not a link. */
function servedTree(node: WebNode): string | undefined {
  try {
    return readlinkSync(path.join(node.svcDir, 'api'));
  } catch {
    return undefined;
  }
}

/** Polls until `condition` holds (true) or the time is up (false). */
async function within(ms: number, condition: () => boolean): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await sleep(3);
  }
  return true;
}

/** `count` small public routes, `filler/route-<i>`, answering their index. */
function fillers(count: number, tag: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (let index = 1; index <= count; index++) files[`filler/route-${index}`] = publicGet(`Filler${tag}${index}`, `filler ${tag} ${index}`);
  return files;
}

describe('two nodes, each with its own wp-content', () => {
  let site: MultiNodeSite;
  let nodes: Record<NodeName, WebNode>;
  let svc: SvcRunner;
  let project: string;
  const hello = (tag: string) => publicGet(uniqueClass('Hello'), tag);

  beforeAll(async () => {
    const [cli, started] = await Promise.all([packedCli(), startMultiNode({ workers: 3 })]);
    site = started;
    nodes = site.nodes as Record<NodeName, WebNode>;
    project = mkdtempSync(path.join(os.tmpdir(), 'svc-multinode-'));
    svc = svcRunner(cli.bin, project);
  }, 300_000);

  afterAll(async () => {
    await site?.stop();
    if (project !== undefined) rmSync(project, { recursive: true, force: true });
    if (svc !== undefined) rmSync(svc.home, { recursive: true, force: true });
  });

  it('the front alternates between the two nodes', async () => {
    const seen: (NodeName | undefined)[] = [];
    for (let index = 0; index < 4; index++) seen.push(answeredBy(await site.front.fetch('/wp-json/', { as: 'anonymous' })));
    expect(new Set(seen)).toEqual(new Set(['a', 'b']));
    expect(seen[0]).not.toBe(seen[1]);
  });

  it('svc api push through the front: every node serves the release on its next request, and lists the same files', async () => {
    writeRoute(path.join(project, 'api'), 'hello.php', hello('v1'));
    writeRoute(path.join(project, 'api'), 'users/[id].php', publicGet(uniqueClass('User'), 'user'));
    const env = { SVC_URL: site.front.url, SVC_USER: 'admin', SVC_APP_PASSWORD: nodes.a.users.admin.appPassword };
    const pushed = await svc(['api', 'push', '--yes'], { env });
    expect(pushed).toMatchObject({ code: 0 });
    for (const name of NODES) {
      expect(await answer(nodes[name], 'hello')).toEqual({ route: 'v1' });
      expect(await answer(nodes[name], 'users/7')).toEqual({ route: 'user' });
    }
    expect(await listing(nodes.b)).toEqual(await listing(nodes.a));
    expect(Object.keys(await listing(nodes.a))).toEqual(['hello', 'users/[id]']);
    const listed = await svc(['api', 'list', '--json'], { env });
    expect(listed).toMatchObject({ code: 0 });
    expect((JSON.parse(listed.stdout) as { slug: string }[]).map((record) => record.slug)).toEqual(['hello', 'users/[id]']);
  });

  it('a push taken by node b is served by node a on its next request, and the other way round', async () => {
    await pushOk(nodes.b, { hello: hello('v2') });
    expect(await answer(nodes.a, 'hello')).toEqual({ route: 'v2' });
    await pushOk(nodes.a, { hello: hello('v3') });
    expect(await answer(nodes.b, 'hello')).toEqual({ route: 'v3' });
    expect((await status(nodes.a)).release.id).toBe((await status(nodes.b)).release.id);
    expect(await listing(nodes.b)).toEqual(await listing(nodes.a));
  });

  it('rm taken by one node, --prune taken by the other: both followed everywhere', async () => {
    await pushOk(nodes.a, { extra: publicGet(uniqueClass('Extra'), 'extra') });
    expect(await answer(nodes.b, 'extra')).toEqual({ route: 'extra' });
    expect((await remove(nodes.b, ['extra'])).status).toBe(200);
    expect(await answer(nodes.a, 'extra')).toBe('404 rest_no_route');
    const current = await listing(nodes.a);
    const pruned = await call(nodes.a, '/svc/v1/api-releases', { method: 'POST', json: { files: { hello: current['hello'] }, prune: true } });
    expect(pruned.status).toBe(200);
    expect(await answer(nodes.b, 'users/7')).toBe('404 rest_no_route');
    expect(await listing(nodes.b)).toEqual({ hello: current['hello'] });
  });

  it('a rollback taken by one node is followed by the other', async () => {
    const rolled = await call(nodes.b, '/svc/v1/api-releases/rollback', { method: 'POST', json: {} });
    expect(rolled.status).toBe(200);
    expect(rolled.body.release).toMatchObject({ kind: 'rollback' });
    for (const name of NODES) expect(await answer(nodes[name], 'users/7')).toEqual({ route: 'user' });
    expect(await listing(nodes.a)).toEqual(await listing(nodes.b));
  });

  it('many concurrent requests on a node that must sync: every one answers the new release, and one copy is built', async () => {
    await pushOk(nodes.a, { hello: hello('v4') });
    const before = treeNames(nodes.b.svcDir);
    const answers = await Promise.all(Array.from({ length: 12 }, () => answer(nodes.b, 'hello')));
    expect(answers).toEqual(Array.from({ length: 12 }, () => ({ route: 'v4' })));
    const after = treeNames(nodes.b.svcDir);
    // The tree served now and the one before it; no build directory, no second copy of the release.
    expect(after).toHaveLength(2);
    expect(after).toContain(path.basename(servedTree(nodes.b)!));
    expect(after.filter((name) => !before.includes(name))).toHaveLength(1);
  });

  it('an edit made on node b only is served there and reported as drift by every node, the listing and status alike', async () => {
    placeFile(nodes.b, 'hello', hello('edited on b'));
    expect(await answer(nodes.b, 'hello')).toEqual({ route: 'edited on b' });
    expect(await answer(nodes.a, 'hello')).toEqual({ route: 'v4' });
    // The status with its listing checks node b's drift once, for its `nodes` and its records alike.
    const carried = (await call(nodes.b, '/svc/v1/status?listing=true')).body;
    const onB = (await list(nodes.b)).records.find((record) => record.filename === 'hello') as any;
    expect(onB.drift).toEqual([{ node: expect.stringContaining(nodes.b.contentDir), state: 'changed' }]);
    expect(carried.listing.files.find((record: any) => record.filename === 'hello').drift).toEqual(onB.drift);
    expect((carried.nodes as { this: boolean; drift: object }[]).find((report) => report.this)?.drift).toEqual({ hello: 'changed' });
    // Node a shows what node b reported, on the same record.
    const onA = (await list(nodes.a)).records.find((record) => record.filename === 'hello') as any;
    expect(onA.drift).toEqual(onB.drift);
    const nodeReports = (await status(nodes.a)).nodes as { node: string; this: boolean; drift: Record<string, string> }[];
    expect(nodeReports).toHaveLength(2);
    expect(nodeReports.find((report) => report.this)?.drift).toEqual({});
    expect(nodeReports.find((report) => !report.this)?.drift).toEqual({ hello: 'changed' });
    // The admin page (rendered by node a's PHP) warns about node b.
    const page = await nodes.a.php("require_once ABSPATH . 'wp-admin/includes/admin.php'; wp_set_current_user( 1 ); set_current_screen( 'tools_page_svc' ); ( new \\Svc\\Admin\\AdminPage() )->render();");
    expect(page).toContain('svc-node-drift');
    expect(page).toContain(`Web node ${nodeReports.find((report) => !report.this)?.node} serves files that differ from release`);
    expect(page).toContain('hello.php (changed)');
  });

  it('committing the same set again through the other node makes every node consistent: a release, and no drift left', async () => {
    const before = (await status(nodes.a)).release.id as number;
    const files = await listing(nodes.a);
    const committed = await call(nodes.a, '/svc/v1/api-releases', { method: 'POST', json: { files } });
    expect(committed.status).toBe(200);
    expect(committed.body.release.id).toBeGreaterThan(before);
    expect(committed.body.plan).toEqual({ added: [], changed: [], removed: [] });
    for (const name of NODES) expect(await answer(nodes[name], 'hello')).toEqual({ route: 'v4' });
    expect(await listing(nodes.b)).toEqual(files);
    const { records } = await list(nodes.b);
    expect(records.filter((record: any) => record.drift !== undefined)).toEqual([]);
    expect(((await status(nodes.a)).nodes as { drift: object }[]).map((report) => report.drift)).toEqual([{}, {}]);
    // With no drift anywhere, the same set again is no release at all.
    const again = await call(nodes.b, '/svc/v1/api-releases', { method: 'POST', json: { files } });
    expect(again.body).toMatchObject({ release: null, unchanged: true });
  });

  it('a write taken by the node that has the edit starts from the release, not from its disk', async () => {
    placeFile(nodes.a, 'hello', hello('edited on a'));
    expect(await answer(nodes.a, 'hello')).toEqual({ route: 'edited on a' });
    await pushOk(nodes.a, { other: publicGet(uniqueClass('Other'), 'other') });
    for (const name of NODES) {
      expect(await answer(nodes[name], 'hello')).toEqual({ route: 'v4' });
      expect(await answer(nodes[name], 'other')).toEqual({ route: 'other' });
    }
  });

  it('node b killed (kill -9 of its PHP workers) while it writes its copy of a 1,000-file release: its next request recovers', async () => {
    const files = { hello: hello('big'), ...fillers(999, 'K') };
    const committed = await release(nodes.a, files);
    expect(committed.status).toBe(200);
    const id = committed.body.release.id as number;
    const oldTree = servedTree(nodes.b);
    const syncing = call(nodes.b, '/svc-api/v1/hello', { as: 'anonymous' }).catch((error: unknown) => error);
    // Mid-sync: the build directory, or the named tree not yet served.
    const midSync = (): boolean => treeNames(nodes.b.svcDir).some((name) => name.startsWith('.build-') || (name.startsWith(`r${id}-`) && servedTree(nodes.b) === oldTree));
    expect(await within(10_000, midSync)).toBe(true);
    await nodes.b.fpm.killWorkers('SIGKILL');
    const interrupted = await syncing;
    expect(servedTree(nodes.b)).toBe(oldTree);
    if (!(interrupted instanceof Error)) expect((interrupted as JsonResponse).status).toBe(502);
    expect(await answer(nodes.b, 'hello')).toEqual({ route: 'big' });
    expect(await answer(nodes.b, 'filler/route-999')).toEqual({ route: 'filler K 999' });
    expect(servedTree(nodes.b)).toMatch(new RegExp(`^trees/r${id}-`));
    // What the crash left (a half-written build, or a tree never served) is gone.
    expect(treeNames(nodes.b.svcDir).filter((name) => name.startsWith('.build-') || name.startsWith(`r${id}-`))).toEqual([path.basename(servedTree(nodes.b)!)]);
    expect(await listing(nodes.b)).toEqual(await listing(nodes.a));
  });

  it('node b restarted (its whole PHP tier killed and started again) mid-sync: it recovers too', async () => {
    const files = { hello: hello('big 2'), ...fillers(999, 'R') };
    const committed = await release(nodes.b, files);
    expect(committed.status).toBe(200);
    const id = committed.body.release.id as number;
    const oldTree = servedTree(nodes.a);
    const syncing = call(nodes.a, '/svc-api/v1/hello', { as: 'anonymous' }).catch((error: unknown) => error);
    expect(await within(10_000, () => treeNames(nodes.a.svcDir).some((name) => name.startsWith('.build-') || (name.startsWith(`r${id}-`) && servedTree(nodes.a) === oldTree)))).toBe(true);
    await nodes.a.fpm.killAll();
    await syncing;
    await nodes.a.fpm.start();
    expect(await answer(nodes.a, 'hello')).toEqual({ route: 'big 2' });
    expect(await answer(nodes.a, 'filler/route-1')).toEqual({ route: 'filler R 1' });
    expect(await listing(nodes.a)).toEqual(await listing(nodes.b));
    expect(treeNames(nodes.a.svcDir).filter((name) => name.startsWith('.build-'))).toEqual([]);
  });

  it('through the front, every answer is the active release whichever node takes it', async () => {
    await pushOk(nodes.a, { hello: hello('last') });
    const seen = new Set<string>();
    for (let index = 0; index < 6; index++) {
      const response = await site.front.fetch('/svc-api/v1/hello', { as: 'anonymous' });
      seen.add(answeredBy(response) ?? '?');
      expect(await response.json()).toEqual({ route: 'last' });
    }
    expect(seen).toEqual(new Set(['a', 'b']));
    expectError(await call(site.front.site, '/svc-api/v1/extra', { as: 'anonymous' }), 404, 'rest_no_route');
  });

  it('svc api push with nothing to change, while node b has an edit of its own: every node serves the project again', async () => {
    const env = { SVC_URL: site.front.url, SVC_USER: 'admin', SVC_APP_PASSWORD: nodes.a.users.admin.appPassword };
    expect(await svc(['api', 'pull', '--yes'], { env })).toMatchObject({ code: 0 });
    placeFile(nodes.b, 'hello', hello('edited on b again'));
    const drifted = servedTree(nodes.b);
    // Node b finds its drift when it answers a management request, and records it for the others.
    expect((await list(nodes.b)).records.find((record) => record.filename === 'hello')).toHaveProperty('drift');
    // svc doctor names the node and says what fixes it.
    const doctor = await svc(['doctor', '--json'], { env });
    const nodesCheck = (JSON.parse(doctor.stdout) as { checks: { id: string; status: string; reason: string; fix?: string }[] }).checks.find((check) => check.id === 'nodes');
    expect(nodesCheck).toMatchObject({ status: 'warn', reason: expect.stringContaining(nodes.b.contentDir), fix: expect.stringContaining('svc api push') });
    const pushed = await svc(['api', 'push', '--yes'], { env });
    expect(pushed).toMatchObject({ code: 0 });
    for (const name of NODES) expect(await answer(nodes[name], 'hello')).toEqual({ route: 'last' });
    // Node b got a fresh copy: a new release if node a took the commit, or, if node b took it, its
    // copy rebuilt from the active release before anything else (the set was then unchanged).
    expect(servedTree(nodes.b)).not.toBe(drifted);
    expect(((await status(nodes.b)).nodes as { drift: object }[]).map((report) => report.drift)).toEqual([{}, {}]);
    // And with no drift anywhere, the same push sends nothing.
    const again = await svc(['api', 'push', '--yes', '--json'], { env });
    expect(again).toMatchObject({ code: 0 });
    expect(JSON.parse(again.stdout)).toMatchObject({ release: null });
  });
});

describe('two nodes sharing one wp-content (as over NFS)', () => {
  let site: MultiNodeSite;
  let nodes: Record<NodeName, WebNode>;

  beforeAll(async () => {
    site = await startMultiNode({ workers: 2, content: 'shared' });
    nodes = site.nodes as Record<NodeName, WebNode>;
  }, 300_000);

  afterAll(async () => {
    await site?.stop();
  });

  it('a push taken by either node is served by both, and the other node rewrites nothing', async () => {
    await pushOk(nodes.a, { hello: publicGet(uniqueClass('Hello'), 'shared v1') });
    const tree = servedTree(nodes.a);
    const trees = treeNames(nodes.a.svcDir);
    expect(await answer(nodes.b, 'hello')).toEqual({ route: 'shared v1' });
    expect(servedTree(nodes.b)).toBe(tree);
    expect(treeNames(nodes.b.svcDir)).toEqual(trees);
    await pushOk(nodes.b, { hello: publicGet(uniqueClass('Hello'), 'shared v2') });
    expect(await answer(nodes.a, 'hello')).toEqual({ route: 'shared v2' });
    expect(await listing(nodes.a)).toEqual(await listing(nodes.b));
  });

  it('pushes taken by both nodes at once are applied one after the other: both serve the last', async () => {
    const [first, second] = await Promise.all([
      pushOk(nodes.a, { left: publicGet(uniqueClass('Left'), 'left') }),
      pushOk(nodes.b, { right: publicGet(uniqueClass('Right'), 'right') }),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    for (const name of NODES) {
      expect(await answer(nodes[name], 'left')).toEqual({ route: 'left' });
      expect(await answer(nodes[name], 'right')).toEqual({ route: 'right' });
    }
    expect(treeNames(nodes.a.svcDir).filter((name) => name.startsWith('.build-'))).toEqual([]);
  });

  it('an in-place edit is one shared change: served by both nodes, and not reported as drift', async () => {
    placeFile(nodes.a, 'hello', publicGet(uniqueClass('Hello'), 'edited in place'));
    for (const name of NODES) expect(await answer(nodes[name], 'hello')).toEqual({ route: 'edited in place' });
    const { records } = await list(nodes.b);
    expect(records.filter((record: any) => record.drift !== undefined)).toEqual([]);
    expect((await status(nodes.b)).nodes).toBeUndefined();
  });
});
