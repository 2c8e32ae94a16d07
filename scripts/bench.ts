/**
 * npm run bench: svc's performance targets, each measured side by side in one run on real
 * WordPress sites (nginx + php-fpm with opcache, as in production; SVC_TEST_SERVER=php for php -S
 * with opcache), printed as ratios.
 *
 *  (a) a route served by svc ÷ the same handler registered by hand in a plugin      target ≤ 1.02
 *      and the same with WordPress core's routes registered, as by hand: svc's own work  recorded
 *  (b) one route with 1,000 route files deployed ÷ with 1 route file deployed       target ≤ 1.05
 *      and with 5,000 route files deployed ÷ 1                                        target ≤ 1.03
 *      and 5,000 ÷ 1 on a host without opcache (every script compiled per request)     target ≤ 1.05
 *  (c) route files a non-REST front-end request opens                                target 0
 *
 *  (d) a route's latency while a 1,000-file push is being staged ÷ idle               target ≤ 1.2
 *
 * and the CLI's: `svc --help` (≤ 150 ms), a push of 1,000 unchanged files (≤ 1 s, nothing uploaded),
 * a push of 1,000 changed files, about 3 MB in several requests under 1 MB (≤ 5 s), a rollback to
 * that site's first, 1,000-file release (≤ 1 s; the median of several, each after a push of every file changed).
 *
 * and, on two web nodes sharing one database (scripts/bench/multinode.ts):
 *
 *  (e) requests to the other node until it serves a push taken by one node          target 1
 *  (f) a route on a node already up to date ÷ the same route on a single-node site  target ≤ 1.02
 *  (g) the first request to a node that must sync a 1,000-file release              target ≤ 2 s
 *  (h) a route with #[RateLimit] ÷ the same route without (issue 18)               target ≤ 1.05
 *
 * and `svc dev`'s (scripts/bench/dev.ts), with no linked site so it starts its own WordPress:
 *
 *  save → the route answers the new code, one file on loopback                     target ≤ 1 s
 *  CPU time of an idle `svc dev` over 10 s                                           target ≈ 0 (≤ 0.5 %)
 *
 * and the scanner's (scripts/bench/scan.ts), with no site: TokenScanner's time against a route file's
 * shape (attributes, methods, strings, comments, nesting) and size, up to just under the 512 KB limit
 *
 *  time(512 KB) ÷ time(128 KB) per shape                                            target ≈ 4 (linear)
 *  the slowest file just under the limit                                            target well under 1 s
 *
 * and the site under deploys (scripts/bench/under-deploys.ts, issue 30): 16 readers while the packed CLI,
 * pinned to its own core, does 8 pushes and 2 rollbacks, on one node and on two behind the balancer:
 *
 *  failed requests; answers older than a finished deploy                          target 0
 *  p99 during deploys ÷ idle                                                      target ≤ 1.5
 *  throughput during deploys ÷ idle                                               target ≥ 0.9
 *  the site's CPU time per push of 1 and of 1,000 changed files                   recorded
 *  who used the site's core in each phase; throughput ratio per share left to it  recorded
 *  throughput while the same deploys go to another site on the CLI's core ÷ idle  recorded
 *
 * and the early cache's (scripts/bench/early-cache.ts): #[Cache] GETs answered from advanced-cache.php
 * before WordPress loads plugins, turned on by `wp svc cache enable`, every request's X-Svc-Cache checked:
 *
 *  (i) a cached HIT ÷ the same handler registered by hand, with Redis Object Cache   target ≤ 0.2
 *      and with the disk store (no object cache; the stamp read from the database)    target ≤ 0.2
 *  (j) a MISS of a cached route ÷ the same route without #[Cache] (a fresh value of a
 *      query parameter declared in #[Args] per request), Redis and disk               target ≤ 1.02
 *  (k) a HIT with 1,000 cached route files deployed ÷ with 1 cached route deployed    target ≤ 1.02
 *  (l) on two nodes sharing one database and one Redis (and each its own disk store):
 *      requests to node b until it serves a push of a changed cached route taken by a  target 1
 *  (m) 200 concurrent requests at a cached answer's expiry (maxAge: 2, a handler of 200 ms
 *      counting its runs in a file): recomputations, Redis and disk, without and with
 *      staleWhileRevalidate (the others wait for it / are sent the stale answer);
 *      the most over 3 bursts, with how many answers were MISS, HIT or stale        target 1
 *
 * `npm run bench -- single`, `-- multinode`, `-- dev`, `-- scan`, `-- deploys` or `-- early` (or SVC_BENCH=…) runs one part only.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startWordPress } from '../test/support/wordpress.js';
import { deploy } from './bench/deploy.js';
import { interleavedPair, median, timeRequest } from './bench/measure.js';
import { latencyWhileStaging } from './bench/staging.js';
import { fillerRoute, HAND_REGISTERED_PLUGIN, helloRoute, KEEP_CORE_ROUTES_PLUGIN, limitedHelloRoute, ROOMY_STAGING_PLUGIN } from './bench/routes.js';
import { ensureStrace, traceProcesses } from './bench/syscalls.js';
import { waitForQuiet } from './bench/quiet.js';
import { measureCli } from './bench/cli.js';
import { measureMultiNode } from './bench/multinode.js';
import { measureEarlyCache } from './bench/early-cache.js';
import { measureDev } from './bench/dev.js';
import { formatSiteCpu, formatUnderDeploys, measureUnderDeploysSingle, measureUnderDeploysTwoNodes } from './bench/under-deploys.js';
import { formatScans, measureScans } from './bench/scan.js';
import { installCli } from './lib/install-cli.js';
import { ensureSitePackages } from '../test/support/packages.js';

const ROUNDS = Number(process.env.SVC_BENCH_ROUNDS ?? 300);
const FILES = 1000;
const MORE_FILES = 5000;
const COLD_ROUNDS = Math.max(20, Math.round(ROUNDS / 2));
const FRONT_END_REQUESTS = 20;
const STAGING_ROUNDS = 8;
const LABEL = 52;

function ratio(a: number, b: number): string {
  return (a / b).toFixed(3);
}

function verdict(ok: boolean): string {
  return ok ? 'meets target' : 'MISSES target';
}

const PARTS = ['single', 'multinode', 'dev', 'cli', 'scan', 'deploys', 'early'] as const;
type Part = (typeof PARTS)[number];

/**
 * Which parts to run: argv[2] or SVC_BENCH ('single', 'multinode', 'dev', 'cli', 'scan', 'deploys', 'early'); all but 'cli' by default.
 * 'single' ends with the cli-start figures too (every command on Node 24 against the target, Node 20
 * beside it); 'cli' is them alone (no WordPress), then `svc --help` and `svc api list` on Node 24
 * with its compile cache off (bench/cli-start-nodes.ts); 'scan' needs no WordPress either.
 */
function parts(): Record<Part, boolean> {
  const chosen = process.argv[2] ?? process.env.SVC_BENCH ?? '';
  if (chosen === '' || chosen === 'all') return { single: true, multinode: true, dev: true, cli: false, scan: true, deploys: true, early: true };
  if ((PARTS as readonly string[]).includes(chosen)) return Object.fromEntries(PARTS.map((part) => [part, part === chosen])) as Record<Part, boolean>;
  throw new Error(`unknown bench part "${chosen}": use ${PARTS.map((part) => `"${part}"`).join(', ')} or "all"`);
}

async function main(): Promise<void> {
  const run = parts();
  if (run.single) await single();
  if (run.multinode) await multinode();
  if (run.dev) await dev();
  if (run.cli) await cliStart();
  if (run.scan) scan();
  if (run.deploys) await deploys();
  if (run.early) await early();
}

/** The early cache: hits against WordPress, misses against no cache, 1,000 cached routes against 1, a push on two nodes, a stampede at expiry. */
async function early(): Promise<void> {
  const figures = await measureEarlyCache(ROUNDS, FILES, (line) => process.stdout.write(`${line}\n`));
  const pair = (label: string, ms: number, baselineMs: number, detail: string, target: number): string =>
    `${label.padEnd(LABEL)}${ratio(ms, baselineMs)}   (${ms.toFixed(2)} ms vs ${baselineMs.toFixed(2)} ms; ${detail})   target ≤ ${target}: ${verdict(ms / baselineMs <= target)}`;
  const storeName = (store: 'redis' | 'disk'): string => (store === 'redis' ? 'Redis' : 'disk');
  const lines = [
    '',
    `svc bench, early cache (advanced-cache.php via wp svc cache enable; ${figures.server}, opcache not revalidating); medians of ${figures.rounds} interleaved requests, every X-Svc-Cache checked`,
    ...figures.hits.map((hit) =>
      pair(`(i) HIT ÷ same handler by hand, ${storeName(hit.store)}`, hit.ms, hit.baselineMs, hit.store === 'redis' ? 'answer and stamp in Redis' : 'answer on disk, stamp from one DB query', 0.2),
    ),
    ...figures.misses.map((miss) => pair(`(j) MISS ÷ same route without #[Cache], ${storeName(miss.store)}`, miss.ms, miss.baselineMs, 'a fresh declared ?q= each request', 1.02)),
    pair(`(k) HIT, ${figures.routes.files} cached routes ÷ 1 cached route`, figures.routes.ms, figures.routes.baselineMs, `${storeName(figures.routes.store)} store`, 1.02),
    ...figures.follow.map(
      (follow) =>
        `${`(l) requests until node b serves a push, ${follow.store === 'redis' ? 'Redis' : 'disk'}`.padEnd(LABEL)}${String(follow.requests).padEnd(5)}  (most over ${follow.pushes} pushes taken by node a; ${follow.store === 'redis' ? 'answers and stamp in the Redis both nodes share' : 'each node its own disk store, the stamp from the shared database'}; node b's first answers ${follow.firstStates.join(' ')}, from its store again by request ${follow.requestsToHit})   target 1 (the next): ${verdict(follow.requests === 1)}`,
    ),
    ...figures.expiry.map((expiry) => {
      const most = Math.max(...expiry.recomputations);
      const variant = expiry.staleWhileRevalidate === null ? 'no SWR' : `SWR ${expiry.staleWhileRevalidate} s`;
      const total = expiry.requests * expiry.recomputations.length;
      return `${`(m) recomputations, ${expiry.requests} at expiry, ${storeName(expiry.store)}, ${variant}`.padEnd(LABEL)}${String(most).padEnd(5)}  (bursts ${expiry.recomputations.join(' ')}; maxAge ${expiry.maxAge} s; of ${total} answers ${expiry.miss} MISS, ${expiry.hit} HIT fresh, ${expiry.stale} stale; slowest request ${expiry.maxMs.toFixed(0)} ms, burst ${expiry.burstMs.toFixed(0)} ms)   target 1: ${verdict(most === 1)}`;
    }),
    '',
  ];
  process.stdout.write(lines.join('\n'));
}

/** Readers during pushes and rollbacks by the packed CLI, one node then two; the site's CPU per push. */
async function deploys(): Promise<void> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-deploys-'));
  try {
    process.stdout.write('Installing the packed CLI, then reading a route idle and during 8 pushes and 2 rollbacks (one node)…\n');
    const binary = installCli(scratch);
    const single = await measureUnderDeploysSingle(binary, scratch, FILES);
    process.stdout.write(`\n${[...formatUnderDeploys(single.figures, LABEL, verdict), ...formatSiteCpu(single.cpu, LABEL)].join('\n')}\n\n`);
    process.stdout.write('The same on two web nodes behind the balancer…\n');
    const two = await measureUnderDeploysTwoNodes(binary, scratch);
    process.stdout.write(`\n${formatUnderDeploys(two, LABEL, verdict).join('\n')}\n\n`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** TokenScanner's time per file shape and size, in a php process (no WordPress). */
function scan(): void {
  process.stdout.write('Scanning route files of several shapes up to just under the size limit…\n');
  process.stdout.write(`\n${formatScans(measureScans(), LABEL).join('\n')}\n\n`);
}

/**
 * Each command's start as a ratio to `node -e 0`, from the packed CLI, without a site. bench/cli-start.ts
 * is loaded by the parts that print it only: its table of every registry command throws as it loads
 * while a new command has no entry yet, which must not stop the parts that start no CLI.
 */
async function cliStart(): Promise<void> {
  const { cliStartReport, formatCliStart, TARGET_NODE } = await import('./bench/cli-start.js');
  const { measureCliStartOnNodes } = await import('./bench/cli-start-nodes.js');
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-cli-'));
  try {
    process.stdout.write('Installing the packed CLI…\n');
    const binary = installCli(scratch);
    process.stdout.write(`${cliStartReport(binary, LABEL, verdict).join('\n')}\n`);
    process.stdout.write(`\nsvc --help and svc api list on Node ${TARGET_NODE} with its compile cache turned off, against its own node -e 0…\n`);
    for (const { title, missing, figures } of measureCliStartOnNodes(binary)) {
      process.stdout.write(missing === undefined ? `${formatCliStart(figures, LABEL, verdict).join('\n')}\n` : `cli-start (${title}): not measured, ${missing}\n`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

const DEV_SAVES = 10;
/** Long enough that /proc's 10 ms ticks resolve 0.5 % to within a sixth (30 ticks and more). */
const DEV_IDLE_SECONDS = 60;

async function dev(): Promise<void> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-dev-'));
  try {
    process.stdout.write('Installing the packed CLI, then running svc dev with no linked site (it starts its own WordPress)…\n');
    // svc dev never installs packages; the other parts get them through startWordPress, and this
    // part may run alone on a fresh machine (npm run bench -- dev).
    ensureSitePackages('fpm');
    const binary = installCli(scratch);
    const figures = await measureDev(binary, scratch, { saves: DEV_SAVES, idleSeconds: DEV_IDLE_SECONDS });
    const slowest = Math.max(...figures.saveMs);
    const percent = (figures.idleCpuMs / (figures.idleSeconds * 1000)) * 100;
    process.stdout.write(
      [
        '',
        `svc bench, svc dev on a throwaway WordPress (${figures.runtime}; up in ${(figures.startMs / 1000).toFixed(1)} s)`,
        `${'save → the route answers the new code (1 file)'.padEnd(LABEL)}${median(figures.saveMs).toFixed(0)} ms median, ${slowest.toFixed(0)} ms slowest of ${figures.saveMs.length}   target ≤ 1000 ms: ${verdict(slowest <= 1000)}`,
        `${`idle svc dev, CPU time over ${figures.idleSeconds} s`.padEnd(LABEL)}${figures.idleCpuMs.toFixed(0)} ms (${percent.toFixed(2)} % of one core; from ${figures.windDownSeconds} s after the last save)   target ≈ 0 (≤ 0.5 %): ${verdict(percent <= 0.5)}`,
        `${`svc dev winding down, the ${figures.windDownSeconds} s after the saves`.padEnd(LABEL)}${figures.windDownCpuMs.toFixed(0)} ms (its event poll backing off; V8 shrinking the heap)   recorded`,
        '',
      ].join('\n'),
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function multinode(): Promise<void> {
  process.stdout.write('Starting two web nodes on one database, and a single-node site (opcache on)…\n');
  const figures = await measureMultiNode(ROUNDS, FILES);
  const f = figures.nodeMs / figures.singleMs;
  const seconds = figures.firstSyncMs / 1000;
  process.stdout.write(
    [
      '',
      `svc bench, two web nodes (nginx + php-fpm each, own wp-content) on one MariaDB`,
      `${'(e) requests until the other node serves a push'.padEnd(LABEL)}${String(figures.requestsToFollow).padEnd(5)}  (most over ${figures.pushRounds} pushes)   target 1 (the next): ${verdict(figures.requestsToFollow === 1)}`,
      `${'(f) up-to-date node ÷ single-node site'.padEnd(LABEL)}${ratio(figures.nodeMs, figures.singleMs)}   (${figures.nodeMs.toFixed(2)} ms vs ${figures.singleMs.toFixed(2)} ms; medians of ${ROUNDS} interleaved requests)   target ≤ 1.02: ${verdict(f <= 1.02)}`,
      `${`(g) first request syncing a ${figures.files}-file release`.padEnd(LABEL)}${figures.firstSyncMs.toFixed(0)} ms (slowest of ${figures.syncRounds})   target ≤ 2000 ms: ${verdict(seconds <= 2)}`,
      '',
    ].join('\n'),
  );
}

async function single(): Promise<void> {
  ensureStrace();
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-'));
  const handPlugin = path.join(scratch, 'bench-hand-route.php');
  writeFileSync(handPlugin, HAND_REGISTERED_PLUGIN);
  const roomyStaging = path.join(scratch, 'bench-roomy-staging.php');
  writeFileSync(roomyStaging, ROOMY_STAGING_PLUGIN);

  process.stdout.write('Starting five WordPress sites (three with opcache, two without)…\n');
  const keepCore = path.join(scratch, 'bench-keep-core-routes.php');
  writeFileSync(keepCore, KEEP_CORE_ROUTES_PLUGIN);
  const one = await startWordPress({ opcache: true, muPlugins: [handPlugin, roomyStaging, keepCore] });
  const many = await startWordPress({ opcache: true });
  const most = await startWordPress({ opcache: true, muPlugins: [roomyStaging] });
  // Hosts without opcache: php -S cannot show them (the harness runs it with opcache for speed).
  const coldOne = await startWordPress({ opcache: false });
  const coldMost = await startWordPress({ opcache: false, muPlugins: [roomyStaging] });
  const server = many.server.kind === 'fpm' ? `nginx + php-fpm, ${many.server.workerPids().length} children` : `php -S, ${many.server.workerPids().length} workers`;
  try {
    await deploy(one, [{ filename: 'hello', content: helloRoute() }]);
    const fillers = Array.from({ length: FILES - 1 }, (_, i) => fillerRoute(i + 1));
    const deployed = [{ filename: 'hello', content: helloRoute() }, ...fillers];
    await deploy(many, deployed);
    const deployedMost = [{ filename: 'hello', content: helloRoute() }, ...Array.from({ length: MORE_FILES - 1 }, (_, i) => fillerRoute(i + 1))];
    // (h) is measured on this site: the limited route beside the same route without a limit.
    await Promise.all([deploy(most, [...deployedMost, { filename: 'limited', content: limitedHelloRoute() }]), deploy(coldMost, deployedMost), deploy(coldOne, [{ filename: 'hello', content: helloRoute() }])]);

    const svcRoute = { name: 'svc, 1 file', url: `${one.restRoot}/svc-api/v1/hello` };
    const handRoute = { name: 'by hand', url: `${one.restRoot}/bench/v1/hello` };
    const svcKeptRoute = { name: "svc, 1 file, core's routes registered", url: svcRoute.url, headers: { 'X-Bench-Keep-Core': '1' } };
    const limitedRoute = { name: 'svc, rate-limited', url: `${most.restRoot}/svc-api/v1/limited` };
    const manyRoute = { name: `svc, ${FILES} files`, url: `${many.restRoot}/svc-api/v1/hello` };
    const mostRoute = { name: `svc, ${MORE_FILES} files`, url: `${most.restRoot}/svc-api/v1/hello` };
    const coldOneRoute = { name: 'svc, 1 file, no opcache', url: `${coldOne.restRoot}/svc-api/v1/hello` };
    const coldMostRoute = { name: `svc, ${MORE_FILES} files, no opcache`, url: `${coldMost.restRoot}/svc-api/v1/hello` };
    for (const target of [svcRoute, handRoute, svcKeptRoute, limitedRoute, manyRoute, mostRoute, coldOneRoute, coldMostRoute]) await timeRequest(target); // fail fast on a broken route
    // opcache does not cache a file in the first 2 s after it changed (file_update_protection).
    await new Promise((resolve) => setTimeout(resolve, 2500));
    process.stdout.write(`Measuring (a) and (b), ${ROUNDS} interleaved rounds each…\n`);
    const [svcOne, hand] = await interleavedPair(svcRoute, handRoute, ROUNDS);
    const [svcKept, handAgain] = await interleavedPair(svcKeptRoute, handRoute, ROUNDS);
    const [limited, unlimited] = await interleavedPair(limitedRoute, mostRoute, ROUNDS);
    const [svcMany, svcOneAgain] = await interleavedPair(manyRoute, svcRoute, ROUNDS);
    const [svcMost, svcOneOnceMore] = await interleavedPair(mostRoute, svcRoute, ROUNDS);
    process.stdout.write(`Measuring (b) without opcache, ${COLD_ROUNDS} interleaved rounds…\n`);
    const [coldMostMs, coldOneMs] = await interleavedPair(coldMostRoute, coldOneRoute, COLD_ROUNDS, 5);
    await Promise.all([coldOne.stop(), coldMost.stop()]);

    // (c): every file system call under wp-content/svc/ (route files live in its release trees, under
    // the api link) while the front page is served, on the big site, seen from every process that
    // runs PHP for a request.
    const apiDir = path.join(many.svcDir, 'api');
    const frontTrace = await traceProcesses(many.server.workerPids(), many.svcDir);
    for (let i = 0; i < FRONT_END_REQUESTS; i++) await timeRequest({ name: 'front page', url: `${many.url}/` });
    const frontCalls = await frontTrace.stop();
    // Control: the same probe during REST calls to the route must see that one file (and only it).
    const restTrace = await traceProcesses(many.server.workerPids(), many.svcDir);
    for (let i = 0; i < 5; i++) await timeRequest({ name: 'route', url: `${many.restRoot}/svc-api/v1/hello` });
    const restCalls = await restTrace.stop();
    const restFiles = new Set(restCalls.map((line) => /"([^"]+)"/.exec(line)?.[1]).filter((p) => p !== undefined && /\/trees\/r\d+-[a-f0-9]+\/.+\.php$/.test(p)));

    process.stdout.write('Installing the packed CLI…\n');
    const binary = installCli(scratch);
    process.stdout.write('Measuring (d): the route while a 1,000-file push is staged, and idle, in turns…\n');
    const staging = await latencyWhileStaging(one, svcRoute, FILES, STAGING_ROUNDS);

    const a = svcOne / hand;
    const b = svcMany / svcOneAgain;
    const b5 = svcMost / svcOneOnceMore;
    const e = coldMostMs / coldOneMs;
    const lines = [
      '',
      `svc bench: WordPress 6.1, PHP ${process.env.SVC_PHP_VERSION ?? '8.2'} with opcache, ${server}; medians of ${ROUNDS} interleaved requests`,
      `${'(a) svc route ÷ same handler registered by hand'.padEnd(LABEL)}${ratio(svcOne, hand)}   (${svcOne.toFixed(2)} ms vs ${hand.toFixed(2)} ms)   target ≤ 1.02: ${verdict(a <= 1.02)}`,
      `${"(a) the same, core's routes registered ÷ by hand".padEnd(LABEL)}${ratio(svcKept, handAgain)}   (${svcKept.toFixed(2)} ms vs ${handAgain.toFixed(2)} ms; svc_defer_core_routes off: what is left is svc's own work)   recorded`,
      `${'(h) rate-limited route ÷ the same without'.padEnd(LABEL)}${ratio(limited, unlimited)}   (${limited.toFixed(2)} ms vs ${unlimited.toFixed(2)} ms; counters in svc's table, no object cache)   target ≤ 1.05: ${verdict(limited / unlimited <= 1.05)}`,
      `${`(b) ${FILES} route files ÷ 1 route file`.padEnd(LABEL)}${ratio(svcMany, svcOneAgain)}   (${svcMany.toFixed(2)} ms vs ${svcOneAgain.toFixed(2)} ms)   target ≤ 1.05: ${verdict(b <= 1.05)}`,
      `${`(b) ${MORE_FILES} route files ÷ 1 route file`.padEnd(LABEL)}${ratio(svcMost, svcOneOnceMore)}   (${svcMost.toFixed(2)} ms vs ${svcOneOnceMore.toFixed(2)} ms)   target ≤ 1.03: ${verdict(b5 <= 1.03)}`,
      `${`(b) ${MORE_FILES} route files ÷ 1, without opcache`.padEnd(LABEL)}${ratio(coldMostMs, coldOneMs)}   (${coldMostMs.toFixed(2)} ms vs ${coldOneMs.toFixed(2)} ms, ${COLD_ROUNDS} rounds)   target ≤ 1.05: ${verdict(e <= 1.05)}`,
      `${'(c) route files opened by a front-end request'.padEnd(LABEL)}${String(frontCalls.length).padEnd(5)}  (${FRONT_END_REQUESTS} requests of /; control: 5 REST calls touched ${restFiles.size} route file(s) in ${restCalls.length} calls)   target 0: ${verdict(frontCalls.length === 0)}`,
      `${'(d) route while 1,000 files are staged ÷ idle'.padEnd(LABEL)}${ratio(staging.busyMs, staging.idleMs)}   (${staging.busyMs.toFixed(2)} ms vs ${staging.idleMs.toFixed(2)} ms; ${staging.samples} requests each, ${staging.requests} staging requests)   target ≤ 1.2: ${verdict(staging.busyMs / staging.idleMs <= 1.2)}`,
      '',
    ];
    process.stdout.write(lines.join('\n'));
    if (frontCalls.length > 0) process.stdout.write(`front-end calls:\n${frontCalls.slice(0, 10).join('\n')}\n`);

    const quiet = await waitForQuiet();
    process.stdout.write(`Timing the CLI (after ${(quiet.waitedMs / 1000).toFixed(1)} s for the machine to go quiet: ${(quiet.busy * 100).toFixed(0)} % busy)…\n`);
    const cli = await measureCli(binary, many, path.join(scratch, 'project'), deployed, path.join(apiDir, 'filler/route-1.php'));
    process.stdout.write(
      [
        `${'svc --help wall time'.padEnd(LABEL)}${cli.helpMs.toFixed(0)} ms (median of 15)   target ≤ 150 ms: ${verdict(cli.helpMs <= 150)}`,
        `${`svc api push, ${FILES} files, none changed`.padEnd(LABEL)}${cli.unchangedPushMs.toFixed(0)} ms (median of ${cli.unchangedPushSamples.length}: ${cli.unchangedPushSamples.map((ms) => ms.toFixed(0)).join(' ')} ms)   target ≤ 1000 ms, no upload: ${verdict(cli.unchangedPushMs <= 1000 && !cli.unchangedPushWrote)}${cli.unchangedPushWrote ? ' (it rewrote files)' : ''}`,
        `${`svc api push, ${FILES} files, all changed`.padEnd(LABEL)}${cli.changedPushMs.toFixed(0)} ms (${cli.changedPushRequests} staging requests under 1 MB)   target ≤ 5000 ms: ${verdict(cli.changedPushMs <= 5000 && cli.changedPushRequests > 1)}`,
        `${`svc api rollback to the first ${FILES}-file release`.padEnd(LABEL)}${cli.rollbackMs.toFixed(0)} ms (median of ${cli.rollbackSamples.length}, each after a push of all ${FILES} changed: ${cli.rollbackSamples.map((ms) => ms.toFixed(0)).join(' ')} ms; ${cli.rollbackFiles} files restored${cli.rollbackRestoredFirst ? '' : '; NOT the first release'})   target ≤ 1000 ms: ${verdict(cli.rollbackMs <= 1000 && cli.rollbackFiles >= FILES && cli.rollbackRestoredFirst)}`,
        '',
      ].join('\n'),
    );
    const { cliStartReport } = await import('./bench/cli-start.js');
    process.stdout.write(`${cliStartReport(binary, LABEL, verdict).join('\n')}\n`);
    rmSync(scratch, { recursive: true, force: true });
  } finally {
    await Promise.all([one, many, most, coldOne, coldMost].map((site) => site.stop()));
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});
