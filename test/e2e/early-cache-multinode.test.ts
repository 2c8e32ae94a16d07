/**
 * The early cache on two web nodes sharing one database (each its own wp-content, opcache never
 * revalidating), with Redis shared by both under SVC_TEST_OBJECT_CACHE=redis: a push or a purge
 * taken by one node makes the changed route's stored answers unreachable on the other at once (its
 * first request after it serves the new answer, never a stored old one), while an unchanged route's
 * stored answer is kept. WP_CACHE stays off here: svc serves cached answers as its plugin loads,
 * through the same index, stamp and store as its advanced-cache.php.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { startMultiNode, type MultiNodeSite, type WebNode } from '../support/multinode.js';
import { cachedGet } from './helpers/php-source.js';
import { call, pushOk } from './helpers/site.js';

jest.setTimeout(300_000);

let site: MultiNodeSite;
let a: WebNode;
let b: WebNode;

beforeAll(async () => {
  site = await startMultiNode({ workers: 2 });
  ({ a, b } = site.nodes);
}, 300_000);

afterAll(async () => {
  await site?.stop();
});

/** The listing's hits and misses of the route `counted`, as `node` answers it. */
async function counted(node: WebNode): Promise<{ hits: number; misses: number } | undefined> {
  const listing = await call(node, '/svc/v1/api-files');
  return (listing.body as { filename: string; early_cache?: { hits: number; misses: number } }[]).find((entry) => entry.filename === 'counted')?.early_cache;
}

async function get(node: WebNode, slug: string): Promise<{ state: string | null; tag: string; body: string }> {
  const response = await node.fetch(`/svc-api/v1/${slug}`, { as: 'anonymous' });
  expect(response.status).toBe(200);
  const body = await response.text();
  return { state: response.headers.get('x-svc-cache'), tag: (JSON.parse(body) as { tag: string }).tag, body };
}

/** Requests until the node answers with a stored answer again (it publishes its index on the first). */
async function warm(node: WebNode, slug: string): Promise<{ tag: string; body: string }> {
  for (let request = 0; request < 3; request++) {
    const answer = await get(node, slug);
    if (answer.state === 'HIT') return answer;
  }
  throw new Error(`${slug} is never answered from the store on node ${node.name}`);
}

describe('the early cache on two nodes', () => {
  const kept = cachedGet('kept');

  it('serves stored answers on both nodes', async () => {
    await pushOk(a, { cached: cachedGet('v1'), kept });
    expect((await warm(a, 'cached')).tag).toBe('v1');
    expect((await warm(b, 'cached')).tag).toBe('v1');
    await warm(b, 'kept');
  });

  it('a push on one node: the other node\'s first request serves the new answer, and the unchanged route keeps its stored one', async () => {
    const keptBefore = await warm(b, 'kept');
    await pushOk(a, { cached: cachedGet('v2'), kept });
    const first = await get(b, 'cached');
    expect(first.tag).toBe('v2');
    expect(first.state).not.toBe('HIT');
    expect((await warm(b, 'cached')).tag).toBe('v2');
    const keptAfter = await warm(b, 'kept');
    expect(keptAfter.body).toBe(keptBefore.body);
  });

  it('a purge on one node reaches the other at once', async () => {
    const stored = await warm(b, 'cached');
    const purged = await call(a, '/svc/v1/cache/purge', { method: 'POST', json: { routes: ['cached'] } });
    expect(purged.status).toBe(200);
    const first = await get(b, 'cached');
    expect(first.state).not.toBe('HIT');
    expect(first.body).not.toBe(stored.body);
    const again = await warm(b, 'cached');
    expect(again.body).not.toBe(stored.body);
  });

  it('the listing on either node counts both nodes\' hits and misses, with each node\'s own disk too', async () => {
    await pushOk(a, { counted: cachedGet('counted') });
    const seen = { HIT: 0, MISS: 0 };
    for (const [node, requests] of [[a, 3], [b, 4], [a, 2]] as const) {
      for (let request = 0; request < requests; request++) {
        const state = (await get(node, 'counted')).state;
        if (state === 'HIT' || state === 'MISS') seen[state]++;
      }
    }
    expect(seen.HIT).toBeGreaterThan(3);
    // Each node reports at most once a minute, as WordPress ends one of svc's requests on it: the
    // marker's date says when it last did. Taken away, each node's next request reports.
    for (const node of [a, b]) {
      rmSync(path.join(node.contentDir, 'svc', 'early-cache', 'counts-reported-1'), { force: true });
      await call(node, '/svc/v1/api-namespace');
    }
    for (const node of [a, b]) {
      expect(await counted(node)).toEqual({ hits: seen.HIT, misses: seen.MISS });
    }
    // Within the minute, node b's new hits are its own listing's at once, node a's after b reports again.
    let more = 0;
    for (let request = 0; request < 3; request++) {
      if ((await get(b, 'counted')).state === 'HIT') more++;
    }
    expect(more).toBe(3);
    if (a.redisSocket === undefined) {
      expect(await counted(a)).toEqual({ hits: seen.HIT, misses: seen.MISS });
    }
    expect(await counted(b)).toEqual({ hits: seen.HIT + more, misses: seen.MISS });
  });

  it('counts hits and misses per route in the listing', async () => {
    const listing = await call(b, '/svc/v1/api-files');
    const record = (listing.body as { filename: string; early_cache?: { hits: number; misses: number } }[]).find((entry) => entry.filename === 'cached');
    expect(record?.early_cache?.hits).toBeGreaterThan(0);
    expect(record?.early_cache?.misses).toBeGreaterThan(0);
  });
});

describe('the early cache on two nodes sharing one wp-content (NFS)', () => {
  let shared: MultiNodeSite;
  beforeAll(async () => {
    shared = await startMultiNode({ workers: 2, content: 'shared' });
    // Two hosts mounting one wp-content are two nodes by name (each its own host name).
    for (const node of Object.values(shared.nodes)) {
      const config = path.join(node.wpDir, 'wp-config.php');
      writeFileSync(config, readFileSync(config, 'utf8').replace("if ( ! defined( 'ABSPATH' ) )", `define( 'SVC_NODE_NAME', 'host-${node.name}' );\nif ( ! defined( 'ABSPATH' ) )`));
      await node.restartServer();
    }
  }, 300_000);
  afterAll(async () => {
    await shared?.stop();
  });

  it('counts each hit once: the nodes share the counters, and so the report', async () => {
    const { a: one, b: two } = shared.nodes;
    await pushOk(one, { counted: cachedGet('counted') });
    const seen = { HIT: 0, MISS: 0 };
    for (const node of [one, two, one, two]) {
      for (let request = 0; request < 2; request++) {
        const state = (await get(node, 'counted')).state;
        if (state === 'HIT' || state === 'MISS') seen[state]++;
      }
    }
    expect(seen.HIT).toBeGreaterThan(3);
    for (const node of [one, two]) {
      rmSync(path.join(node.contentDir, 'svc', 'early-cache', 'counts-reported-1'), { force: true });
      await call(node, '/svc/v1/api-namespace');
    }
    for (const node of [one, two]) {
      expect(await counted(node)).toEqual({ hits: seen.HIT, misses: seen.MISS });
    }
  });
});
