/**
 * (m) of the early-cache bench: BURST requests at once at a cached answer's expiry, and how many
 * times its handler ran (target 1), through a route that records each of its runs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { WordPressSite } from '../../test/support/wordpress.js';
import type { RouteFile } from './deploy.js';
import type { Store } from './early-cache.js';
import { get, pause } from './early-probes.js';
import { publicGetRoute } from './routes.js';

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

/** (m): short, so the bench waits little for an answer to expire; ≥ 2 so that the new answer outlives a burst. */
const EXPIRY_MAX_AGE = 2;
/** (m): the stale window of the second variant, longer than the wait for a stored answer to go stale. */
const EXPIRY_SWR = 30;
/** (m): requests per burst, and bursts per variant. */
export const BURST = 200;
const BURSTS = 3;
/** (m): how long the counting route's handler sleeps, so that the burst's requests overlap its run. */
const HANDLER_SLEEP_US = 200_000;

/**
 * (m): a public GET cached for EXPIRY_MAX_AGE seconds (and staleWhileRevalidate when given) whose
 * handler records each of its runs, `<run> <started> <ended>` (Unix seconds), as a line appended to
 * wp-content/<logName>, which the bench reads without a request; the answer names the run.
 */
export function countingRoute(className: string, slug: string, logName: string, staleWhileRevalidate: number | null): string {
  const cache = staleWhileRevalidate === null ? `#[Cache(maxAge: ${EXPIRY_MAX_AGE})]` : `#[Cache(maxAge: ${EXPIRY_MAX_AGE}, staleWhileRevalidate: ${staleWhileRevalidate})]`;
  return publicGetRoute(className, {
    getAttributes: [cache],
    body: [
      '$run     = bin2hex( random_bytes( 8 ) );',
      '$started = microtime( true );',
      `usleep( ${HANDLER_SLEEP_US} );`,
      '$line = sprintf( "%s %.6f %.6f\\n", $run, $started, microtime( true ) );',
      `if ( strlen( $line ) !== file_put_contents( WP_CONTENT_DIR . '/${logName}', $line, FILE_APPEND | LOCK_EX ) ) {`,
      "\tthrow new RuntimeException( 'bench: could not record the run' );",
      '}',
      `return array( 'route' => '${slug}', 'run' => $run );`,
    ].join('\n'),
  });
}

/** (m): one variant's counting route on a site. */
export interface CountingRoute {
  slug: string;
  logName: string;
  staleWhileRevalidate: number | null;
  file: RouteFile;
}

export function countingRoutes(): CountingRoute[] {
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
export async function expiryBursts(site: WordPressSite, store: Store, route: CountingRoute, log: (line: string) => void): Promise<ExpiryFigures> {
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
