/**
 * #[Schedule] on two web nodes sharing one database (nginx + PHP-FPM each, opcache not
 * revalidating, each its own wp-content): a release pushed through one node is scheduled once for
 * the site, and two runs of one schedule started at the same moment on the two nodes run once.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { startMultiNode, type MultiNodeSite } from '../support/multinode.js';
import { routeSource, uniqueClass } from './helpers/php-source.js';
import { call, pushOk, record } from './helpers/site.js';

jest.setTimeout(240_000);

let multi: MultiNodeSite;

beforeAll(async () => {
  multi = await startMultiNode();
}, 240_000);

afterAll(async () => {
  await multi?.stop();
});

// GET starts the scheduled run in the node's own FPM worker, as WP-Cron would there; ?count says
// how many runs started, site-wide.
const SLOW = routeSource(
  uniqueClass('SlowOnTwoNodes'),
  [
    '\tpublic function get( WP_REST_Request $request ): array {',
    '\t\tglobal $wpdb;',
    "\t\tif ( $request->get_param( 'count' ) ) {",
    "\t\t\treturn array( 'runs' => (int) $wpdb->get_var( \"SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name LIKE 'svc\\\\_e2e\\\\_crunch\\\\_%'\" ) );",
    '\t\t}',
    "\t\tdo_action( 'svc_scheduled_run', 'jobs/slow', 'crunch' );",
    "\t\treturn array( 'done' => true );",
    '\t}',
    '',
    "\t#[Schedule('daily')]",
    "\tpublic function crunch(): void { add_option( 'svc_e2e_crunch_' . uniqid( '', true ), gethostname(), '', false ); sleep( 4 ); }",
  ].join('\n'),
  { preamble: 'use Svc\\Api\\Attribute\\Schedule;' },
);

async function runs(): Promise<number> {
  const response = await call(multi.nodes.a, '/svc-api/v1/jobs/slow?count=1');
  expect(response.status).toBe(200);
  return response.body.runs as number;
}

describe('#[Schedule] on two nodes', () => {
  it('a release pushed through node a is one event for the site, listed by node b with its next run', async () => {
    await pushOk(multi.nodes.a, { 'jobs/slow': SLOW });
    const onB = (await record(multi.nodes.b, 'jobs/slow')) as unknown as { schedules?: { method: string; next_run: string | null }[] };
    expect(onB.schedules).toEqual([expect.objectContaining({ method: 'crunch', recurrence: 'daily', next_run: expect.stringMatching(/Z$/) })]);
    // Node b's reconcile (its first request) found it done: still one event.
    const onA = (await record(multi.nodes.a, 'jobs/slow')) as unknown as { schedules?: { next_run: string | null }[] };
    expect(onA.schedules?.[0]?.next_run).toBe(onB.schedules?.[0]?.next_run);
  });

  it('two runs started at once on node a and node b: one runs, and the lock is free again after it', async () => {
    expect(await runs()).toBe(0);
    const [a, b] = await Promise.all([call(multi.nodes.a, '/svc-api/v1/jobs/slow'), call(multi.nodes.b, '/svc-api/v1/jobs/slow')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await runs()).toBe(1);
    expect((await call(multi.nodes.b, '/svc-api/v1/jobs/slow')).status).toBe(200);
    expect(await runs()).toBe(2);
    const last = ((await record(multi.nodes.a, 'jobs/slow')) as unknown as { schedules: { last_run: { outcome: string } | null }[] }).schedules[0]?.last_run;
    expect(last).toMatchObject({ outcome: 'ok' });
  });
});
