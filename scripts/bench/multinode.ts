/**
 * The multi-node figures (issue 12), on two nginx + php-fpm nodes sharing one MariaDB, each with its
 * own wp-content (test/support/multinode.ts), and a single-node site for comparison:
 *
 *  (e) requests to the other node until it serves a push taken by one node          target 1 (the next)
 *  (f) a route on a node already up to date ÷ the same route on a single-node site  target ≤ 1.02
 *  (g) the first request to a node that must sync a 1,000-file release              target ≤ 2 s
 *
 * Run alone with `npm run bench -- multinode` (or SVC_BENCH=multinode).
 */
import { startMultiNode } from '../../test/support/multinode.js';
import { startWordPress } from '../../test/support/wordpress.js';
import { deploy, type RouteFile } from './deploy.js';
import { interleavedPair, timeRequest } from './measure.js';
import { fillerRoute, helloRoute } from './routes.js';

export interface MultiNodeFigures {
  /** The most requests the other node needed, over the push rounds (1: its next request). */
  requestsToFollow: number;
  pushRounds: number;
  nodeMs: number;
  singleMs: number;
  /** Slowest first request over the sync rounds. */
  firstSyncMs: number;
  syncRounds: number;
  files: number;
}

/** A public route answering its version, so the bench can tell which release a node serves. */
function versionRoute(version: number): string {
  return helloRoute(`BenchHelloV${version}`).replace("'time' => 1", `'time' => 1, 'version' => ${version}`);
}

async function versionOf(url: string): Promise<number | undefined> {
  const response = await fetch(url);
  const body = (await response.json()) as { version?: number };
  return body.version;
}

export async function measureMultiNode(rounds: number, files: number): Promise<MultiNodeFigures> {
  const site = await startMultiNode({ workers: 4 });
  const single = await startWordPress({});
  try {
    const { a, b } = site.nodes;
    const hello = (version: number): RouteFile => ({ filename: 'hello', content: versionRoute(version) });
    await deploy(single, [hello(0)]);

    // (e): a push taken by node a, then node b asked until it answers the new version.
    const pushRounds = 5;
    let requestsToFollow = 0;
    for (let round = 1; round <= pushRounds; round++) {
      await deploy(a, [hello(round)]);
      let requests = 0;
      for (;;) {
        requests++;
        if ((await versionOf(`${b.restRoot}/svc-api/v1/hello`)) === round) break;
        if (requests >= 50) throw new Error(`node b did not serve release ${round} within 50 requests`);
      }
      requestsToFollow = Math.max(requestsToFollow, requests);
    }

    // (f): node b, up to date, against the single-node site, interleaved.
    const nodeRoute = { name: 'node b, up to date', url: `${b.restRoot}/svc-api/v1/hello` };
    const singleRoute = { name: 'single node', url: `${single.restRoot}/svc-api/v1/hello` };
    for (const target of [nodeRoute, singleRoute]) await timeRequest(target);
    // opcache does not cache a file in the first 2 s after it changed (file_update_protection).
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const [nodeMs, singleMs] = await interleavedPair(nodeRoute, singleRoute, rounds);

    // (g): a 1,000-file release committed through node a; node b's first request syncs it.
    const syncRounds = 2;
    let firstSyncMs = 0;
    for (let round = 1; round <= syncRounds; round++) {
      const version = 100 + round;
      const fillers = Array.from({ length: files - 1 }, (_, index) => fillerRoute(index + 1, `// sync round ${round}\n`));
      await deploy(a, [hello(version), ...fillers]);
      const started = process.hrtime.bigint();
      const served = await versionOf(`${b.restRoot}/svc-api/v1/hello`);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (served !== version) throw new Error(`node b's first request after the ${files}-file release served version ${String(served)}, not ${version}`);
      firstSyncMs = Math.max(firstSyncMs, ms);
    }
    return { requestsToFollow, pushRounds, nodeMs, singleMs, firstSyncMs, syncRounds, files };
  } finally {
    await Promise.all([site.stop(), single.stop()]);
  }
}
