/**
 * The early cache's figures (`npm run bench -- early`), on nginx + php-fpm sites with opcache never
 * revalidating, the early cache turned on as an administrator does it (`wp svc cache enable`, then
 * PHP-FPM restarted, since such an opcache keeps the old wp-config.php):
 *
 *  (i) a HIT ÷ the same handler registered by hand (HAND_REGISTERED_PLUGIN), with Redis Object
 *      Cache (answers and stamp in Redis) and with the disk store (stamp from the database)  target ≤ 0.2
 *  (j) a MISS of a cached route ÷ the same route without #[Cache], each request a fresh value of a
 *      query parameter the route declares in #[Args] (so each is a miss, by the rules)         target ≤ 1.02
 *  (k) a HIT with 1,000 cached route files deployed ÷ a HIT with 1 cached route deployed       target ≤ 1.02
 *  (l) two nodes on one database and one Redis (and again with the disk store): requests to
 *      node b until it serves a push of a changed cached route taken by node a               target 1
 *  (m) on the sites of (i) and (j): BURST requests at once at a cached answer's expiry, times its
 *      handler ran (a route appending a line to a file under wp-content per run, sleeping 200 ms
 *      so the requests overlap), without staleWhileRevalidate (the others wait for the one
 *      recomputing it) and with (the others are sent the stale answer); each of BURSTS bursts  target 1
 *
 * Every measured request's X-Svc-Cache is checked (HIT, MISS, BYPASS, or none for the route
 * registered by hand): one that is not what the row claims ends the bench. In (m) every answer must
 * also be a 200 whose body is the route's, from a run its file records (the stale one only where
 * staleWhileRevalidate allows it), each MISS a run of its own.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startMultiNode, type WebNode } from '../../test/support/multinode.js';
import { startWordPress, type WordPressSite } from '../../test/support/wordpress.js';
import { runWp } from '../../test/support/wp-cli.js';
import { deploy, type RouteFile } from './deploy.js';
import { countingRoutes, expiryBursts, type ExpiryFigures } from './early-expiry.js';
import { fixed, freshQuery, get, interleavedProbes, pause, timeProbe, warm } from './early-probes.js';
import { fillerRoute, HAND_REGISTERED_PLUGIN, helloBody, helloRoute, publicGetRoute } from './routes.js';

export type Store = 'redis' | 'disk';

export interface PairFigures {
  store: Store;
  /** Median of the measured side (HIT, MISS, 1,000 routes). */
  ms: number;
  /** Median of its baseline (by hand, without #[Cache], 1 route). */
  baselineMs: number;
}

export interface FollowFigures {
  store: Store;
  /** The most requests node b needed to serve the new answer, over the pushes (1: its next). */
  requests: number;
  pushes: number;
  /** X-Svc-Cache of node b's first request after each push. */
  firstStates: string[];
  /** The most requests node b needed until it served the new answer from its store again (HIT). */
  requestsToHit: number;
}

/** (m): bursts of concurrent requests at one cached answer's expiry. */
export interface EarlyFigures {
  rounds: number;
  hits: PairFigures[];
  misses: PairFigures[];
  routes: PairFigures & { files: number };
  follow: FollowFigures[];
  expiry: ExpiryFigures[];
  server: string;
}

/** Long enough that no answer expires while the bench runs. */
const MAX_AGE = 3600;

/** helloRoute with #[Cache] on get(): the same handler as the route registered by hand. */
export function cachedHelloRoute(className = 'BenchCachedHello', extra = ''): string {
  return helloRoute(className, extra, [`#[Cache(maxAge: ${MAX_AGE})]`]);
}

/** A public GET declaring one query parameter `q`; with or without #[Cache], nothing else differs. */
export function argsRoute(className: string, cached: boolean): string {
  return publicGetRoute(className, {
    getAttributes: ["#[Args(['q' => ['type' => 'string', 'maxLength' => 64]])]", ...(cached ? [`#[Cache(maxAge: ${MAX_AGE})]`] : [])],
    parameters: ' WP_REST_Request $request ',
    body: helloBody("'q' => $request->get_param( 'q' )"),
  });
}

/** fillerRoute made a public GET with #[Cache], so the early cache indexes it as cached. */
export function cachedFillerRoute(index: number): RouteFile {
  return fillerRoute(index, '', MAX_AGE);
}

/**
 * `wp svc cache enable` (WP_CACHE and the drop-in), then the server restarted, then diagnostics
 * checked: advanced-cache.php serves, from the store the row claims.
 */
export async function enableEarlyCache(site: WordPressSite, store: Store, restart: () => Promise<void>): Promise<void> {
  const enabled = await runWp(site.wpDir, ['svc', 'cache', 'enable']);
  if (enabled.code !== 0) throw new Error(`wp svc cache enable failed (exit ${String(enabled.code)}): ${enabled.stderr}${enabled.stdout}`);
  await restart();
  const response = await site.fetch('/svc/v1/diagnostics');
  const body = (await response.json()) as { early_cache?: { entry?: string; reason?: string; store?: string } };
  const early = body.early_cache;
  const wanted = store === 'redis' ? 'object-cache' : 'disk';
  if (early?.entry !== 'advanced-cache' || early.store !== wanted) {
    throw new Error(`early-cache bench: ${site.url} serves cached answers from ${JSON.stringify(early)}, not advanced-cache.php with the ${wanted} store`);
  }
}

/** A single-node site with the early cache on, its routes deployed first. */
async function startEarlySite(store: Store, routes: readonly RouteFile[], muPlugins: string[] = []): Promise<WordPressSite> {
  const site = await startWordPress({ server: 'fpm', opcache: true, validateTimestamps: false, objectCache: store === 'redis' ? 'redis' : 'none', muPlugins });
  try {
    await deploy(site, routes);
    await enableEarlyCache(site, store, () => site.restartServer());
    return site;
  } catch (error) {
    await site.stop();
    throw error;
  }
}

/**
 * (i) and (j) on one site: HIT against the route by hand, MISS against the same route without
 * #[Cache]; then (m), bursts at an answer's expiry, after them so that they disturb no measurement.
 */
async function hitsAndMisses(store: Store, rounds: number, handPlugin: string, log: (line: string) => void): Promise<{ hit: PairFigures; miss: PairFigures; expiry: ExpiryFigures[]; server: string }> {
  log(`Starting a site with the ${store === 'redis' ? 'Redis Object Cache' : 'disk'} store, early cache on…`);
  const counting = countingRoutes();
  const routes: RouteFile[] = [
    { filename: 'hello', content: cachedHelloRoute() },
    { filename: 'lookup', content: argsRoute('BenchLookupCached', true) },
    { filename: 'lookup-uncached', content: argsRoute('BenchLookupUncached', false) },
    ...counting.map((route) => route.file),
  ];
  const site = await startEarlySite(store, routes, [handPlugin]);
  try {
    const server = site.server.kind === 'fpm' ? `nginx + php-fpm, ${site.server.workerPids().length} children` : site.server.kind;
    const hit = fixed(`HIT (${store})`, `${site.restRoot}/svc-api/v1/hello`, 'HIT');
    const hand = fixed('by hand', `${site.restRoot}/bench/v1/hello`, null);
    const miss = freshQuery(`MISS (${store})`, `${site.restRoot}/svc-api/v1/lookup`, 'MISS');
    const uncached = freshQuery(`without #[Cache] (${store})`, `${site.restRoot}/svc-api/v1/lookup-uncached`, 'BYPASS');
    await warm(`${site.restRoot}/svc-api/v1/hello`);
    // A request that finds the index missing or stale publishes it: the misses must be misses from the first.
    await warm(`${site.restRoot}/svc-api/v1/lookup?q=warm`);
    for (const probe of [hand, uncached]) await timeProbe(probe);
    // opcache does not cache a file in the first 2 s after it changed (file_update_protection).
    await pause(2500);
    log(`Measuring (i) and (j) on the ${store} store, ${rounds} interleaved rounds each…`);
    const [hitMs, handMs] = await interleavedProbes(hit, hand, rounds);
    const [missMs, uncachedMs] = await interleavedProbes(miss, uncached, rounds);
    const expiry: ExpiryFigures[] = [];
    for (const route of counting) expiry.push(await expiryBursts(site, store, route, log));
    return { hit: { store, ms: hitMs, baselineMs: handMs }, miss: { store, ms: missMs, baselineMs: uncachedMs }, expiry, server };
  } finally {
    await site.stop();
  }
}

/** (k): a HIT with `files` cached route files deployed against a HIT with one, on the disk store. */
async function manyRoutes(rounds: number, files: number, log: (line: string) => void): Promise<PairFigures & { files: number }> {
  const store: Store = 'disk';
  log(`Starting two sites (disk store, early cache on): 1 cached route, and ${files} cached route files…`);
  const hello = { filename: 'hello', content: cachedHelloRoute() };
  const fillers = Array.from({ length: files - 1 }, (_, index) => cachedFillerRoute(index + 1));
  const [one, many] = await Promise.all([startEarlySite(store, [hello]), startEarlySite(store, [hello, ...fillers])]);
  try {
    const oneHit = fixed('HIT, 1 cached route', `${one.restRoot}/svc-api/v1/hello`, 'HIT');
    const manyHit = fixed(`HIT, ${files} cached routes`, `${many.restRoot}/svc-api/v1/hello`, 'HIT');
    await warm(`${one.restRoot}/svc-api/v1/hello`);
    await warm(`${many.restRoot}/svc-api/v1/hello`);
    // A filler is cached, so the index the hit reads lists them all as cached routes.
    await warm(`${many.restRoot}/svc-api/v1/${fillers[0]!.filename}`);
    await pause(2500);
    log(`Measuring (k), ${rounds} interleaved rounds…`);
    const [manyMs, oneMs] = await interleavedProbes(manyHit, oneHit, rounds);
    return { store, ms: manyMs, baselineMs: oneMs, files };
  } finally {
    await Promise.all([one.stop(), many.stop()]);
  }
}

/** (l): pushes of a changed cached route through node a; node b asked until it serves each. */
async function follow(store: Store, pushes: number, log: (line: string) => void): Promise<FollowFigures> {
  log(`Starting two web nodes on one database${store === 'redis' ? ' and one Redis' : ', each its own disk store'}, early cache on both…`);
  const site = await startMultiNode({ workers: 4, objectCache: store === 'redis' ? 'redis' : 'none' });
  try {
    const { a, b } = site.nodes;
    const version = (n: number): RouteFile => ({ filename: 'hello', content: cachedHelloRoute(`BenchCachedHelloV${n}`, `'version' => ${n}`) });
    await deploy(a, [version(0)]);
    await enableEarlyCache(a, store, () => a.restartServer());
    await enableEarlyCache(b, store, () => b.restartServer());
    const url = (node: WebNode): string => `${node.restRoot}/svc-api/v1/hello`;
    const versionOf = (body: string): number | undefined => (JSON.parse(body) as { version?: number }).version;
    await warm(url(a));
    await warm(url(b));
    let requests = 0;
    let requestsToHit = 0;
    const firstStates: string[] = [];
    for (let push = 1; push <= pushes; push++) {
      // Node b serves the old answer from its store: what a push must make unreachable at once.
      const before = await get(url(b));
      if (before.state !== 'HIT' || versionOf(before.body) !== push - 1) throw new Error(`early-cache bench: before push ${push}, node b answered version ${String(versionOf(before.body))} (${String(before.state)}), not ${push - 1} from its store`);
      await deploy(a, [version(push)]);
      let asked = 0;
      let served: number | undefined;
      for (; served === undefined; ) {
        asked++;
        const answer = await get(url(b));
        if (asked === 1) firstStates.push(String(answer.state));
        if (versionOf(answer.body) === push) served = asked;
        else if (asked >= 50) throw new Error(`node b did not serve push ${push} within 50 requests`);
      }
      requests = Math.max(requests, served);
      // Then until node b answers the new version from its store again.
      for (let more = served; ; more++) {
        const answer = await get(url(b));
        if (versionOf(answer.body) !== push) throw new Error(`early-cache bench: node b went back to version ${String(versionOf(answer.body))} after serving push ${push}`);
        if (answer.state === 'HIT') {
          requestsToHit = Math.max(requestsToHit, more + 1);
          break;
        }
        if (more >= 10) throw new Error(`early-cache bench: node b never answered push ${push} from its store`);
      }
    }
    return { store, requests, pushes, firstStates, requestsToHit };
  } finally {
    await site.stop();
  }
}

/** Every figure of the early cache, one site (or one pair of nodes) at a time. */
export async function measureEarlyCache(rounds: number, files: number, log: (line: string) => void): Promise<EarlyFigures> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-early-'));
  try {
    const handPlugin = path.join(scratch, 'bench-hand-route.php');
    writeFileSync(handPlugin, HAND_REGISTERED_PLUGIN);
    const redis = await hitsAndMisses('redis', rounds, handPlugin, log);
    const disk = await hitsAndMisses('disk', rounds, handPlugin, log);
    const routes = await manyRoutes(rounds, files, log);
    const followed = [await follow('redis', 5, log), await follow('disk', 5, log)];
    return { rounds, hits: [redis.hit, disk.hit], misses: [redis.miss, disk.miss], routes, follow: followed, expiry: [...redis.expiry, ...disk.expiry], server: disk.server };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
