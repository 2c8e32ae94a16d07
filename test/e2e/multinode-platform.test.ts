/**
 * The route platform on two web nodes sharing one database (issue 18: "tests on the two-node bench
 * where the feature touches the database"): a secret set through one node is read by route code on
 * the other on its very next request, and is gone there as soon as it is removed; a #[RateLimit]
 * counts one client's requests across both nodes, so alternating between them buys nothing.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createHash } from 'node:crypto';

import { startMultiNode, type MultiNodeSite, type NodeName, type WebNode } from '../support/multinode.js';
import { expectError } from './helpers/expectations.js';
import { routeSource, uniqueClass } from './helpers/php-source.js';
import { call, pushOk } from './helpers/site.js';

jest.setTimeout(240_000);

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
const OPEN = { classAttribute: '#[Permission(public: true)]' };

let site: MultiNodeSite;
let nodes: Record<NodeName, WebNode>;

beforeAll(async () => {
  site = await startMultiNode({ workers: 2 });
  nodes = site.nodes as Record<NodeName, WebNode>;
  await pushOk(nodes.a, {
    'platform/reads-secret': routeSource(
      uniqueClass('ReadsSecret'),
      [
        '\tpublic function get(): array {',
        "\t\t$value = \\Svc\\Api\\Secrets::get('PARTNER_KEY');",
        "\t\treturn array( 'set' => null !== $value, 'sha256' => null === $value ? null : hash( 'sha256', $value ) );",
        '\t}',
      ].join('\n'),
      OPEN,
    ),
    'platform/limited': routeSource(uniqueClass('Limited'), "\tpublic function get(): array { return array( 'ok' => true ); }", {
      preamble: 'use Svc\\Api\\Attribute\\RateLimit;',
      classAttribute: '#[Permission(public: true)]\n#[RateLimit(requests: 4, per: 86400)]',
    }),
  });
}, 300_000);

afterAll(async () => {
  await site?.stop();
});

async function reads(node: WebNode): Promise<{ set: boolean; sha256: string | null }> {
  const response = await call(node, '/svc-api/v1/platform/reads-secret', { as: 'anonymous' });
  expect(response.status).toBe(200);
  return response.body;
}

describe('secrets on two nodes', () => {
  it('a secret set through node a is read on node b on its next request, and a new value replaces it there at once', async () => {
    expect(await reads(nodes.b)).toEqual({ set: false, sha256: null });
    expect((await call(nodes.a, '/svc/v1/secrets/PARTNER_KEY', { method: 'PUT', json: { value: 'first value' } })).status).toBe(201);
    expect(await reads(nodes.b)).toEqual({ set: true, sha256: sha256('first value') });
    expect((await call(nodes.b, '/svc/v1/secrets/PARTNER_KEY', { method: 'PUT', json: { value: 'second value' } })).status).toBe(200);
    expect(await reads(nodes.a)).toEqual({ set: true, sha256: sha256('second value') });
    expect(await reads(nodes.b)).toEqual({ set: true, sha256: sha256('second value') });
  });

  it('both nodes list the same names, and a removal through node b is seen by node a next', async () => {
    const listed = await Promise.all([call(nodes.a, '/svc/v1/secrets'), call(nodes.b, '/svc/v1/secrets')]);
    expect(listed.map((response) => response.body.map((entry: { name: string }) => entry.name))).toEqual([['PARTNER_KEY'], ['PARTNER_KEY']]);
    expect((await call(nodes.b, '/svc/v1/secrets/PARTNER_KEY', { method: 'DELETE' })).status).toBe(200);
    expect(await reads(nodes.a)).toEqual({ set: false, sha256: null });
  });
});

describe('#[RateLimit] on two nodes', () => {
  it("one client's requests count once across both nodes: the fifth is refused whichever node takes it", async () => {
    const order: NodeName[] = ['a', 'b', 'a', 'b'];
    const remaining: (string | null)[] = [];
    for (const name of order) {
      const answer = await call(nodes[name], '/svc-api/v1/platform/limited', { as: 'anonymous' });
      expect(answer.status).toBe(200);
      remaining.push(answer.headers.get('ratelimit-remaining'));
    }
    expect(remaining).toEqual(['3', '2', '1', '0']);
    for (const name of ['a', 'b'] as NodeName[]) {
      const refused = await call(nodes[name], '/svc-api/v1/platform/limited', { as: 'anonymous' });
      expectError(refused, 429, 'svc_rate_limited');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});
