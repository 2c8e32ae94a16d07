/**
 * The early cache on a node whose index is behind (two web nodes on one database, each with its own
 * wp-content; Redis shared by both under SVC_TEST_OBJECT_CACHE=redis). What a node computes while its
 * index is behind is never stored under that index's keys, which a rollback or a revert makes live
 * again; a namespace change, a purge taken on a node that had not caught up, and a deactivation
 * followed by an activation reach every node, and no answer they made unreachable comes back.
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';

import { startMultiNode, type MultiNodeSite, type WebNode } from '../support/multinode.js';
import { runWp } from '../support/wp-cli.js';
import { cachedGet } from './helpers/php-source.js';
import { call, pushOk } from './helpers/site.js';

jest.setTimeout(300_000);

let site: MultiNodeSite;
let a: WebNode;
let b: WebNode;

beforeEach(async () => {
  site = await startMultiNode({});
  ({ a, b } = site.nodes);
}, 300_000);

afterEach(async () => {
  await site?.stop();
});

async function get(node: WebNode, route: string): Promise<{ status: number; state: string | null; tag: string | null }> {
  const response = await node.fetch(route, { as: 'anonymous' });
  const body = await response.text();
  const tag = response.status === 200 ? (JSON.parse(body) as { tag: string }).tag : null;
  return { status: response.status, state: response.headers.get('x-svc-cache'), tag };
}

/** A few requests in a row: what a node answers once it has caught up and stored again. */
async function answers(node: WebNode, route: string, count = 4): Promise<{ status: number; state: string | null; tag: string | null }[]> {
  const seen = [];
  for (let request = 0; request < count; request++) seen.push(await get(node, route));
  return seen;
}

describe('the early cache on a node that is behind', () => {
  it('never stores the new code\'s answer under the old file\'s key: a rollback and a revert serve the old code\'s', async () => {
    const v1 = cachedGet('v1');
    const v2 = cachedGet('v2');
    const kept = cachedGet('kept');
    await pushOk(a, { cached: v1, kept });
    // Node b publishes its index of release 1, with no answer of `cached` stored.
    await answers(b, '/svc-api/v1/kept', 2);
    await pushOk(a, { cached: v2, kept });
    // b finds its index behind only once WordPress caught up: the v2 answer it computed then is not
    // stored under v1's key.
    expect((await answers(b, '/svc-api/v1/cached')).map((answer) => answer.tag)).toEqual(['v2', 'v2', 'v2', 'v2']);
    const rolledBack = await call(a, '/svc/v1/api-releases/rollback', { method: 'POST', json: { to: 1 } });
    expect(rolledBack.status).toBe(200);
    const first = await answers(b, '/svc-api/v1/cached');
    expect(first.map((answer) => answer.tag)).toEqual(['v1', 'v1', 'v1', 'v1']);
    expect(first.at(-1)?.state).toBe('HIT');

    await pushOk(a, { cached: v2, kept });
    expect((await answers(b, '/svc-api/v1/cached')).map((answer) => answer.tag)).toEqual(['v2', 'v2', 'v2', 'v2']);
    await pushOk(a, { cached: v1, kept });
    const reverted = await answers(b, '/svc-api/v1/cached');
    expect(reverted.map((answer) => answer.tag)).toEqual(['v1', 'v1', 'v1', 'v1']);
    expect(reverted.at(-1)?.state).toBe('HIT');
  });

  it('follows a namespace change made on the other node: the old URLs end, the new ones are cached', async () => {
    await pushOk(a, { kept: cachedGet('kept') });
    const warm = await answers(b, '/svc-api/v1/kept', 3);
    expect(warm.at(-1)?.state).toBe('HIT');
    const changed = await call(a, '/svc/v1/api-namespace', { method: 'PUT', json: { namespace: 'other/v1' } });
    expect(changed.status).toBe(200);
    for (const answer of await answers(b, '/svc-api/v1/kept', 3)) expect(answer.status).toBe(404);
    const moved = await answers(b, '/other/v1/kept', 3);
    expect(moved.map((answer) => answer.tag)).toEqual(['kept', 'kept', 'kept']);
    expect(moved.at(-1)?.state).toBe('HIT');
  });

  it('a purge taken on a node before it caught up never brings the replaced answer back', async () => {
    const kept = cachedGet('kept');
    await pushOk(a, { cached: cachedGet('v1'), kept });
    expect((await answers(b, '/svc-api/v1/cached', 3)).at(-1)).toMatchObject({ state: 'HIT', tag: 'v1' });
    await pushOk(a, { cached: cachedGet('v2'), kept });
    // WP-CLI on node b: no REST request has made b catch up with release 2 yet.
    const purged = await runWp(b.wpDir, ['svc', 'cache', 'purge', 'kept']);
    expect(purged.code).toBe(0);
    const after = await answers(b, '/svc-api/v1/cached');
    expect(after.map((answer) => answer.tag)).toEqual(['v2', 'v2', 'v2', 'v2']);
    expect((await answers(a, '/svc-api/v1/cached', 2)).map((answer) => answer.tag)).toEqual(['v2', 'v2']);
  });

  it('a deactivation and an activation never bring a purged answer back', async () => {
    await pushOk(a, { cached: cachedGet('v1') });
    const first = await answers(b, '/svc-api/v1/cached', 3);
    expect(first.at(-1)?.state).toBe('HIT');
    const stored = await b.fetch('/svc-api/v1/cached', { as: 'anonymous' }).then((response) => response.text());
    const purged = await call(a, '/svc/v1/cache/purge', { method: 'POST', json: { routes: ['cached'] } });
    expect(purged.status).toBe(200);
    expect((await runWp(a.wpDir, ['plugin', 'deactivate', 'svc'])).code).toBe(0);
    expect((await runWp(a.wpDir, ['plugin', 'activate', 'svc'])).code).toBe(0);
    const again = await b.fetch('/svc-api/v1/cached', { as: 'anonymous' });
    expect(again.headers.get('x-svc-cache')).not.toBe('HIT');
    expect(await again.text()).not.toBe(stored);
  });
});
