/**
 * Previews on several web nodes sharing one database (test/support/multinode.ts: two nginx +
 * php-fpm nodes, opcache not revalidating, each with its own wp-content): a preview committed
 * through one node is served by the other on the first request carrying its token (it builds its
 * copy from the database), a promote taken by either is followed by both, and an expired preview's
 * tree goes from the node that makes the next write.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

import { startMultiNode, type MultiNodeSite, type NodeName, type WebNode } from '../support/multinode.js';
import { publicGet, uniqueClass } from './helpers/php-source.js';
import { call, LIMITS_MU_PLUGIN, type JsonResponse, type WordPressSite } from './helpers/site.js';

jest.setTimeout(240_000);

const sha256 = (content: string): string => createHash('sha256').update(content).digest('hex');

let site: MultiNodeSite;
let nodes: Record<NodeName, WebNode>;

beforeAll(async () => {
  site = await startMultiNode({ workers: 2, muPlugins: [LIMITS_MU_PLUGIN] });
  nodes = site.nodes as Record<NodeName, WebNode>;
}, 300_000);

afterAll(async () => {
  await site?.stop();
});

async function release(node: WordPressSite, files: Record<string, string>, extra: Record<string, unknown> = {}): Promise<JsonResponse> {
  const blobs = Object.values(files).map((content) => ({ hash: sha256(content), content_base64: Buffer.from(content).toString('base64') }));
  expect((await call(node, '/svc/v1/api-blobs', { method: 'POST', json: { blobs } })).status).toBe(200);
  const json = { files: Object.fromEntries(Object.entries(files).map(([slug, content]) => [slug, sha256(content)])), prune: true, ...extra };
  return call(node, '/svc/v1/api-releases', { method: 'POST', json });
}

async function answer(node: WordPressSite, slug: string, token?: string): Promise<unknown> {
  const response = await call(node, `/svc-api/v1/${slug}`, { as: 'anonymous', headers: token === undefined ? {} : { 'X-Svc-Preview': token } });
  return response.status === 200 ? response.body : `${response.status} ${String(response.body?.code)}`;
}

const previewTrees = (node: WebNode, id: number): string[] => {
  const trees = path.join(node.svcDir, 'trees');
  return existsSync(trees) ? readdirSync(trees).filter((name) => name.startsWith(`p${id}-`)) : [];
};

describe('previews on two nodes with their own wp-content', () => {
  const hello = uniqueClass('Hello');
  let id: number;
  let token: string;

  it('a preview committed through node a is served by node b to requests with its token, built there from the database', async () => {
    expect((await release(nodes.a, { hello: publicGet(hello, 'live') })).status).toBe(200);
    const made = await release(nodes.a, { hello: publicGet(hello, 'preview'), extra: publicGet(uniqueClass('Extra'), 'extra') }, { kind: 'preview' });
    expect(made.status).toBe(200);
    id = made.body.release.id;
    token = made.body.preview.token;
    expect(previewTrees(nodes.a, id)).toHaveLength(1);
    expect(previewTrees(nodes.b, id)).toHaveLength(0);

    for (const node of [nodes.b, nodes.a]) {
      expect(await answer(node, 'hello')).toEqual({ route: 'live' });
      expect(await answer(node, 'extra')).toBe('404 rest_no_route');
      expect(await answer(node, 'hello', token)).toEqual({ route: 'preview' });
      expect(await answer(node, 'extra', token)).toEqual({ route: 'extra' });
    }
    expect(previewTrees(nodes.b, id)).toHaveLength(1);
    // Several requests on node b: one copy, built once.
    await Promise.all(Array.from({ length: 6 }, () => answer(nodes.b, 'hello', token)));
    expect(previewTrees(nodes.b, id)).toHaveLength(1);
  });

  it('a promote taken by node b is served by node a on its next request', async () => {
    const promoted = await call(nodes.b, '/svc/v1/api-releases/promote', { method: 'POST', json: { id } });
    expect(promoted.status).toBe(200);
    expect(promoted.body.release).toMatchObject({ kind: 'promote', promoted_from: id, active: true });
    for (const node of [nodes.a, nodes.b]) {
      expect(await answer(node, 'hello')).toEqual({ route: 'preview' });
      expect(await answer(node, 'extra')).toEqual({ route: 'extra' });
    }
  });

  it('an expired preview is served by no node, and the node taking the next write removes its tree', async () => {
    await nodes.a.php(`update_option('svc_e2e_preview_ttl', 2);`);
    try {
      const made = await release(nodes.a, { hello: publicGet(hello, 'short') }, { kind: 'preview' });
      const short = made.body.preview.token as string;
      const shortId = made.body.release.id as number;
      expect(await answer(nodes.b, 'hello', short)).toEqual({ route: 'short' });
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      for (const node of [nodes.a, nodes.b]) {
        const response = await call(node, '/svc-api/v1/hello', { as: 'anonymous', headers: { 'X-Svc-Preview': short } });
        expect(response.body).toEqual({ route: 'preview' });
        expect(response.headers.get('x-svc-preview-error')).toBe('svc_preview_expired');
      }
      expect((await release(nodes.b, { hello: publicGet(hello, 'after') })).status).toBe(200);
      expect(previewTrees(nodes.b, shortId)).toHaveLength(0);
    } finally {
      await nodes.a.php(`delete_option('svc_e2e_preview_ttl');`);
    }
  });
});
