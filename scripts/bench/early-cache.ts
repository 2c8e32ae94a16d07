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
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import { startMultiNode, type WebNode } from '../../test/support/multinode.js';
import { startWordPress, type WordPressSite } from '../../test/support/wordpress.js';
import { runWp } from '../../test/support/wp-cli.js';
import { deploy, type RouteFile } from './deploy.js';
import { median } from './measure.js';
import { fillerRoute, HAND_REGISTERED_PLUGIN, helloRoute } from './routes.js';

export type Store = 'redis' | 'disk';

/** What X-Svc-Cache must say: null for an answer svc's early cache does not know (the route by hand). */
export type CacheState = 'HIT' | 'MISS' | 'BYPASS' | null;

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
export interface ExpiryFigures {
  store: Store;
  maxAge: number;
  /** The route's staleWhileRevalidate, null when it has none. */
  staleWhileRevalidate: number | null;
  /** Requests per burst, all sent at once. */
  requests: number;
  /** Times the handler ran in each burst. */
  recomputations: number[];
  /** Over every burst: answers marked MISS, fresh answers marked HIT, the old (stale) answer sent. */
  miss: number;
  hit: number;
  stale: number;
  /** The slowest request of any burst, from when it was sent to its last byte. */
  maxMs: number;
  /** The slowest burst, from its first request sent to its last answer. */
  burstMs: number;
}

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
/** (m): short, so the bench waits little for an answer to expire; ≥ 2 so that the new answer outlives a burst. */
const EXPIRY_MAX_AGE = 2;
/** (m): the stale window of the second variant, longer than the wait for a stored answer to go stale. */
const EXPIRY_SWR = 30;
/** (m): requests per burst, and bursts per variant. */
export const BURST = 200;
const BURSTS = 3;
/** (m): how long the counting route's handler sleeps, so that the burst's requests overlap its run. */
const HANDLER_SLEEP_US = 200_000;
const CACHE_IMPORT = 'use Svc\\Api\\Attribute\\Cache;';
const PERMISSION_IMPORT = 'use Svc\\Api\\Attribute\\Permission;';

function replaced(source: string, from: string, to: string): string {
  if (!source.includes(from)) throw new Error(`early-cache bench: the route source no longer contains ${JSON.stringify(from)}`);
  return source.replace(from, to);
}

/** helloRoute with #[Cache] on get(): the same handler as the route registered by hand. */
export function cachedHelloRoute(className = 'BenchCachedHello', extra = ''): string {
  let source = replaced(helloRoute(className), PERMISSION_IMPORT, `${CACHE_IMPORT}\n${PERMISSION_IMPORT}`);
  source = replaced(source, '\tpublic function get(): array {', `\t#[Cache(maxAge: ${MAX_AGE})]\n\tpublic function get(): array {`);
  return extra === '' ? source : replaced(source, "'time' => 1", `'time' => 1, ${extra}`);
}

/** A public GET declaring one query parameter `q`; with or without #[Cache], nothing else differs. */
export function argsRoute(className: string, cached: boolean): string {
  return `<?php
declare(strict_types=1);

use Svc\\Api\\Attribute\\Args;
${CACHE_IMPORT}
${PERMISSION_IMPORT}

#[Permission(public: true)]
final class ${className} {
	#[Args(['q' => ['type' => 'string', 'maxLength' => 64]])]${cached ? `\n\t#[Cache(maxAge: ${MAX_AGE})]` : ''}
	public function get( WP_REST_Request $request ): array {
		return array( 'hello' => 'world', 'time' => 1, 'q' => $request->get_param( 'q' ) );
	}
}
`;
}

/**
 * (m): a public GET cached for EXPIRY_MAX_AGE seconds (and staleWhileRevalidate when given) whose
 * handler records each of its runs, `<run> <started> <ended>` (Unix seconds), as a line appended to
 * wp-content/<logName>, which the bench reads without a request; the answer names the run.
 */
export function countingRoute(className: string, slug: string, logName: string, staleWhileRevalidate: number | null): string {
  const cache = staleWhileRevalidate === null ? `#[Cache(maxAge: ${EXPIRY_MAX_AGE})]` : `#[Cache(maxAge: ${EXPIRY_MAX_AGE}, staleWhileRevalidate: ${staleWhileRevalidate})]`;
  return `<?php
declare(strict_types=1);

${CACHE_IMPORT}
${PERMISSION_IMPORT}

#[Permission(public: true)]
final class ${className} {
	${cache}
	public function get(): array {
		$run     = bin2hex( random_bytes( 8 ) );
		$started = microtime( true );
		usleep( ${HANDLER_SLEEP_US} );
		$line = sprintf( "%s %.6f %.6f\\n", $run, $started, microtime( true ) );
		if ( strlen( $line ) !== file_put_contents( WP_CONTENT_DIR . '/${logName}', $line, FILE_APPEND | LOCK_EX ) ) {
			throw new RuntimeException( 'bench: could not record the run' );
		}
		return array( 'route' => '${slug}', 'run' => $run );
	}
}
`;
}

/** fillerRoute made a public GET with #[Cache], so the early cache indexes it as cached. */
export function cachedFillerRoute(index: number): RouteFile {
  const filler = fillerRoute(index);
  let content = replaced(filler.content, 'declare(strict_types=1);\n', `declare(strict_types=1);\n\n${CACHE_IMPORT}\n${PERMISSION_IMPORT}\n`);
  content = replaced(content, `final class Filler${index} {`, `#[Permission(public: true)]\nfinal class Filler${index} {`);
  content = replaced(content, '\tpublic function get(', `\t#[Cache(maxAge: ${MAX_AGE})]\n\tpublic function get(`);
  return { filename: filler.filename, content };
}

interface Answer {
  ms: number;
  status: number;
  state: string | null;
  body: string;
}

/** One anonymous GET on a fresh connection, as measure.ts's timeRequest, keeping X-Svc-Cache and the body. */
function get(url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const request = http.get(url, { agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        const header = response.headers['x-svc-cache'];
        const body = Buffer.concat(chunks).toString('utf8');
        if ((response.statusCode ?? 0) >= 300) reject(new Error(`HTTP ${response.statusCode} from ${url}: ${body.slice(0, 300)}`));
        else resolve({ ms, status: response.statusCode ?? 0, state: typeof header === 'string' ? header : null, body });
      });
    });
    request.on('error', reject);
  });
}

/** A measured side: a URL per request (a fresh query for misses), the X-Svc-Cache it must get, and what its body must contain. */
export interface Probe {
  name: string;
  next(): { url: string; contains?: string };
  expect: CacheState;
}

/** Times one request of a probe; throws when its X-Svc-Cache or body is not what the probe claims. */
async function timeProbe(probe: Probe): Promise<number> {
  const { url, contains } = probe.next();
  const answer = await get(url);
  if (answer.state !== probe.expect) {
    throw new Error(`early-cache bench: ${probe.name} answered X-Svc-Cache: ${String(answer.state)}, not ${String(probe.expect)} (${url})`);
  }
  if (contains !== undefined && !answer.body.includes(contains)) throw new Error(`early-cache bench: ${probe.name} answered ${answer.body.slice(0, 200)} for ${url}`);
  return answer.ms;
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** measure.ts's interleavedPair (A B, B A…, warm-up rounds untimed, a short gap), every request checked. */
export async function interleavedProbes(a: Probe, b: Probe, rounds: number, warmup = 20, gapMs = 5): Promise<[number, number]> {
  const samples: [number[], number[]] = [[], []];
  for (let round = 0; round < warmup + rounds; round++) {
    const order: [Probe, 0 | 1][] = round % 2 === 0 ? [[a, 0], [b, 1]] : [[b, 1], [a, 0]];
    for (const [probe, slot] of order) {
      await pause(gapMs);
      const ms = await timeProbe(probe);
      if (round >= warmup) samples[slot].push(ms);
    }
  }
  return [median(samples[0]), median(samples[1])];
}

/** A probe asking one URL each time. */
function fixed(name: string, url: string, expect: CacheState): Probe {
  return { name, next: () => ({ url }), expect };
}

let fresh = 0;
/** A probe asking a URL with a value of `q` never asked before. */
function freshQuery(name: string, url: string, expect: CacheState): Probe {
  return {
    name,
    next: () => {
      const value = `${process.pid}-${Date.now().toString(36)}-${++fresh}`;
      return { url: `${url}?q=${value}`, contains: value };
    },
    expect,
  };
}

/** (m): one variant's counting route on a site. */
interface CountingRoute {
  slug: string;
  logName: string;
  staleWhileRevalidate: number | null;
  file: RouteFile;
}

function countingRoutes(): CountingRoute[] {
  return [null, EXPIRY_SWR].map((staleWhileRevalidate) => {
    const slug = staleWhileRevalidate === null ? 'expiry' : 'expiry-swr';
    const logName = `bench-early-runs-${slug}.log`;
    const className = staleWhileRevalidate === null ? 'BenchExpiry' : 'BenchExpirySwr';
    return { slug, logName, staleWhileRevalidate, file: { filename: slug, content: countingRoute(className, slug, logName, staleWhileRevalidate) } };
  });
}

interface Run {
  run: string;
  started: number;
  ended: number;
}

/** The runs a counting route recorded, oldest first (none before its first run). */
function readRuns(file: string): Run[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const match = /^([0-9a-f]{16}) (\d+\.\d+) (\d+\.\d+)$/.exec(line);
      if (match === null) throw new Error(`early-cache bench: ${file} holds a line that is no run: ${JSON.stringify(line)}`);
      return { run: match[1]!, started: Number(match[2]), ended: Number(match[3]) };
    });
}

/** The run a counting route's answer names; throws unless the body is the route's. */
function runOf(body: string, slug: string, url: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new Error(`early-cache bench: ${url} answered a body that is not JSON: ${body.slice(0, 200)}`);
  }
  const answer = parsed as { route?: unknown; run?: unknown };
  if (answer.route !== slug || typeof answer.run !== 'string' || !/^[0-9a-f]{16}$/.test(answer.run)) {
    throw new Error(`early-cache bench: ${url} answered ${body.slice(0, 200)}, not the ${slug} route's answer`);
  }
  return answer.run;
}

/**
 * (m) for one counting route: each burst asks for the stored answer until it is a HIT (its run's
 * end dates it: stored that second or the next), waits until EXPIRY_MAX_AGE after the later of the two
 * (expired, or stale within the stale window), 50 ms past a second's start so that the answer the
 * burst recomputes is stored in that same second and stays fresh the whole burst, then sends BURST
 * requests at once and counts the handler's runs.
 */
async function expiryBursts(site: WordPressSite, store: Store, route: CountingRoute, log: (line: string) => void): Promise<ExpiryFigures> {
  const url = `${site.restRoot}/svc-api/v1/${route.slug}`;
  const runsFile = path.join(site.contentDir, route.logName);
  const stale = route.staleWhileRevalidate !== null;
  const figures: ExpiryFigures = { store, maxAge: EXPIRY_MAX_AGE, staleWhileRevalidate: route.staleWhileRevalidate, requests: BURST, recomputations: [], miss: 0, hit: 0, stale: 0, maxMs: 0, burstMs: 0 };
  log(`Measuring (m) on the ${store} store, ${stale ? `staleWhileRevalidate: ${String(route.staleWhileRevalidate)}` : 'no staleWhileRevalidate'}: ${BURSTS} bursts of ${BURST} requests…`);
  for (let burst = 1; burst <= BURSTS; burst++) {
    const states: (string | null)[] = [];
    let stored: string | undefined;
    for (let request = 0; stored === undefined; request++) {
      if (request >= 5) throw new Error(`early-cache bench: ${url} never answered from the store (X-Svc-Cache: ${states.map(String).join(', ')})`);
      const answer = await get(url);
      states.push(answer.state);
      if (answer.status !== 200) throw new Error(`early-cache bench: ${url} answered HTTP ${answer.status}`);
      const run = runOf(answer.body, route.slug, url);
      if (answer.state === 'HIT') stored = run;
    }
    const before = readRuns(runsFile);
    const storedRun = before.find((entry) => entry.run === stored);
    if (storedRun === undefined) throw new Error(`early-cache bench: ${url} sent run ${String(stored)}, which ${runsFile} does not record`);
    // Stored in the second its run ended or the next: at FIRE it is at least EXPIRY_MAX_AGE old.
    const fire = (Math.floor(storedRun.ended) + 1 + EXPIRY_MAX_AGE) * 1000 + 50;
    await pause(Math.max(0, fire - Date.now()));
    const sent = process.hrtime.bigint();
    const answers = await Promise.all(Array.from({ length: BURST }, () => get(url)));
    const burstMs = Number(process.hrtime.bigint() - sent) / 1e6;
    const runs = readRuns(runsFile).slice(before.length);
    const fresh = new Set(runs.map((entry) => entry.run));
    if (fresh.size !== runs.length) throw new Error(`early-cache bench: ${runsFile} records one run twice`);
    let miss = 0;
    let hit = 0;
    let old = 0;
    const missRuns = new Set<string>();
    for (const answer of answers) {
      if (answer.status !== 200) throw new Error(`early-cache bench: (m) ${url} answered HTTP ${answer.status} in a burst`);
      const run = runOf(answer.body, route.slug, url);
      if (answer.state !== 'HIT' && answer.state !== 'MISS') throw new Error(`early-cache bench: (m) ${url} answered X-Svc-Cache: ${String(answer.state)} in a burst, not HIT or MISS`);
      if (run === stored) {
        if (!stale) throw new Error(`early-cache bench: (m) ${url} sent its expired answer (run ${run}) in a burst`);
        if (answer.state !== 'HIT') throw new Error(`early-cache bench: (m) ${url} sent the stale answer (run ${run}) marked ${answer.state}`);
        old++;
      } else if (!fresh.has(run)) {
        throw new Error(`early-cache bench: (m) ${url} sent run ${run}, neither the stored answer's nor one of the burst's`);
      } else if (answer.state === 'MISS') {
        if (missRuns.has(run)) throw new Error(`early-cache bench: (m) ${url} marked two answers of run ${run} MISS`);
        missRuns.add(run);
        miss++;
      } else {
        hit++;
      }
    }
    if (runs.length === 0) throw new Error(`early-cache bench: (m) no request of a burst ran ${url}'s handler: the stored answer was still fresh (${states.map(String).join(', ')} before it)`);
    if (missRuns.size !== runs.length) throw new Error(`early-cache bench: (m) ${runs.length} runs of ${url}'s handler in a burst, but ${missRuns.size} answers were MISS`);
    // The first run's answer is fresh for EXPIRY_MAX_AGE from the second it ended: a run that started
    // later would be a new expiry's, not this one's; the bench's timing is wrong then, not the cache.
    const renewed = Math.floor(runs[0]!.ended) + EXPIRY_MAX_AGE;
    if (runs.some((entry) => entry.started >= renewed)) {
      throw new Error(`early-cache bench: (m) a burst on ${url} outlasted the answer it recomputed (${burstMs.toFixed(0)} ms; ${runs.length} runs): raise EXPIRY_MAX_AGE`);
    }
    figures.recomputations.push(runs.length);
    figures.miss += miss;
    figures.hit += hit;
    figures.stale += old;
    figures.maxMs = Math.max(figures.maxMs, ...answers.map((answer) => answer.ms));
    figures.burstMs = Math.max(figures.burstMs, burstMs);
  }
  return figures;
}

/** Requests until the URL is answered from the store (a node publishes its index, then a miss stores). */
async function warm(url: string, tries = 5): Promise<void> {
  const states: (string | null)[] = [];
  for (let request = 0; request < tries; request++) {
    const { state } = await get(url);
    states.push(state);
    if (state === 'HIT') return;
  }
  throw new Error(`early-cache bench: ${url} never answered from the store (X-Svc-Cache: ${states.map(String).join(', ')})`);
}

/**
 * `wp svc cache enable` (WP_CACHE and the drop-in), then the server restarted, then diagnostics
 * checked: advanced-cache.php serves, from the store the row claims.
 */
async function enableEarlyCache(site: WordPressSite, store: Store, restart: () => Promise<void>): Promise<void> {
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
