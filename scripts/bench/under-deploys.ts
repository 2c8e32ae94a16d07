/**
 * The site under deploys (issue 30), on nginx + php-fpm with opcache, single node and two nodes behind
 * the round-robin front (test/support/multinode.ts):
 *
 *  16 readers GET a route that answers its version, in idle windows alternating with windows in which
 *  the real packed CLI does the next of 8 pushes and 2 rollbacks (`svc api push --yes --json`,
 *  `svc api rollback --yes --json`; 5 rounds of each, PHASE_MS in all for each kind), pinned to
 *  core 1 with taskset, the site (php-fpm, nginx, MariaDB, the front) and the readers pinned to core 0,
 *  so the CLI's own CPU is not billed to the site. Both phases run on core 0 alike; other work on the
 *  machine is not fenced off (2 cores, shared).
 *
 *  failed requests (non-2xx, network error, no version)                     target 0
 *  answers older than a deploy that had finished before the request         target 0
 *  p99 during deploys ÷ idle                                                target ≤ 1.5
 *  throughput during deploys ÷ idle                                         target ≥ 0.9
 *  the site's CPU time (its FPM pool: master and children, reaped ones too) per push of 1 changed file
 *  and of 1,000 changed files, idle otherwise                               recorded
 *  throughput while the CLI's core only runs a CPU loop (no deploys) ÷ idle: what a busy neighbour
 *  core costs the site's core on this machine (two vCPUs may share one physical core)  recorded
 *  throughput while the same CLI does the same deploys to another WordPress whose PHP, nginx and
 *  MariaDB run on the CLI's core ÷ idle (one node): what the deploys cost the site's core when the
 *  site does none of their work, the machine's share of the row above               recorded
 *  who used the site's core in each phase (php-fpm, MariaDB, nginx, the readers, and others: processes
 *  the bench did not start and the kernel's own work), so that a fall in throughput can be put down
 *  to the site's own cost or to the machine (scripts/bench/core-time.ts)    recorded
 *
 * Run alone with `npm run bench -- deploys` (or SVC_BENCH=deploys).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import { runningChildren } from '../../source/local-site/process.js';
import { startMultiNode } from '../../test/support/multinode.js';
import { startWordPress, type WordPressSite } from '../../test/support/wordpress.js';
import { phaseFigures, type Answer, type Deploy, type PhaseFigures } from './answer-freshness.js';
import { addWindow, coreShare, coreTicks, formatShare, NO_TICKS, part, processTicks, ratioPerAvailableCore, type CoreShare, type CoreSnapshot } from './core-time.js';
import { fillerRoute, helloRoute } from './routes.js';

export const READERS = 16;
const PHASE_MS = Number(process.env.SVC_BENCH_DEPLOY_PHASE_MS ?? 20_000);
/** A bound on each reader's requests per phase, whatever the machine's speed. */
const MAX_REQUESTS_PER_READER = 2_000;
const REQUEST_TIMEOUT_MS = 10_000;
/** push 1..4, rollback (to 3), push 5..8, rollback (to 7): what each step makes the site serve. */
const STEPS: readonly ({ push: number } | { rollbackTo: number })[] = [
  { push: 1 },
  { push: 2 },
  { push: 3 },
  { push: 4 },
  { rollbackTo: 3 },
  { push: 5 },
  { push: 6 },
  { push: 7 },
  { push: 8 },
  { rollbackTo: 7 },
];
const CLI_CORE = '1';
const SITE_CORE = '0';
const CLK_TCK = 100;

export interface UnderDeploysFigures {
  title: string;
  idle: PhaseFigures;
  busy: PhaseFigures;
  /** Readers while the CLI's core only burns CPU (no deploys): what a busy neighbour core costs them on this machine. */
  sibling?: PhaseFigures;
  /**
   * Readers while the same CLI does the same deploys to another WordPress whose PHP, web server and
   * database run on the CLI's core: what the deploys cost this core without this site doing any of them.
   */
  elsewhere?: PhaseFigures;
  deploys: number;
  /** How the processes were placed on cores, as done. */
  pinning: string;
  /** The site's FPM CPU time over each phase (deploys' own requests included in the second). */
  idleCpuMs: number;
  busyCpuMs: number;
  /** Who used the site's core in each phase (undefined with one core: nothing is pinned). */
  idleCore?: CoreShare;
  busyCore?: CoreShare;
}

export interface SiteCpuFigures {
  /** The pool's CPU over 1.5 s with no push: the measure's floor. */
  idleMs: number;
  onePushMs: number;
  onePushes: number;
  manyPushMs: number;
  manyPushes: number;
  files: number;
}

function versionRoute(version: number): string {
  return helloRoute(`BenchDeployV${version}`).replace("'time' => 1", `'time' => 1, 'version' => ${version}`);
}

/** One GET on a fresh connection: its answered version, or undefined for non-2xx, a network error, a timeout or no version. */
function read(url: string): Promise<Answer> {
  const sentMs = performance.now();
  return new Promise((resolve) => {
    const done = (version: number | undefined): void => resolve({ sentMs, receivedMs: performance.now(), version });
    const request = http.get(url, { agent: false, timeout: REQUEST_TIMEOUT_MS }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', () => done(undefined));
      response.on('end', () => {
        if ((response.statusCode ?? 0) < 200 || (response.statusCode ?? 0) >= 300) return done(undefined);
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { version?: unknown };
          done(typeof body.version === 'number' ? body.version : undefined);
        } catch {
          done(undefined);
        }
      });
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => done(undefined));
  });
}

/** READERS loops of GETs until `until()` says stop, each bounded in count. */
async function readers(url: string, until: () => boolean): Promise<Answer[]> {
  const answers: Answer[] = [];
  await Promise.all(
    Array.from({ length: READERS }, async () => {
      for (let i = 0; i < MAX_REQUESTS_PER_READER && !until(); i++) answers.push(await read(url));
    }),
  );
  return answers;
}

interface Cli {
  binary: string;
  project: string;
  env: NodeJS.ProcessEnv;
}

function cliFor(binary: string, project: string, site: WordPressSite, url: string): Cli {
  mkdirSync(path.join(project, 'api'), { recursive: true });
  return { binary, project, env: { ...process.env, SVC_URL: url, SVC_USER: site.users.admin.login, SVC_APP_PASSWORD: site.users.admin.appPassword, NO_COLOR: '1' } };
}

/** Runs the CLI pinned to CLI_CORE, asynchronously (the readers share this event loop). */
function runCli(cli: Cli, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('taskset', ['-c', CLI_CORE, cli.binary, ...args], { cwd: cli.project, env: cli.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`svc ${args.join(' ')} exited ${String(code)}: ${output.slice(-2000)}`));
    });
  });
}

/** A CPU loop on CLI_CORE for `ms`, touching nothing of the site's. */
function burn(ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const loop = `const end = Date.now() + ${Math.round(ms)}; let x = 0; while (Date.now() < end) { for (let i = 0; i < 1e5; i++) x += Math.sqrt(i + x % 7); }`;
    const child = spawn('taskset', ['-c', CLI_CORE, process.execPath, '-e', loop], { stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', () => resolve());
  });
}

const push = (cli: Cli): Promise<void> => runCli(cli, ['api', 'push', '--yes', '--json']);

function writeRoute(cli: Cli, filename: string, content: string): void {
  const target = path.join(cli.project, 'api', `${filename}.php`);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, content);
}

/**
 * Pins this process (the readers) and every process under it (MariaDB, php-fpm and its pool, nginx,
 * the front) to SITE_CORE, each with all its threads; children started later inherit it, and the CLI
 * is started through taskset on CLI_CORE. Resolves to how many processes were pinned, 0 with one core.
 */
function pinSiteSide(): number {
  return os.cpus().length < 2 ? 0 : pinTrees([process.pid], SITE_CORE);
}

/** Pins processes, their threads and their children to `core`; how many were pinned. */
function pinTrees(pids: readonly number[], core: string): number {
  let pinned = 0;
  const visit = (pid: number): void => {
    if (spawnSync('taskset', ['-a', '-p', '-c', core, String(pid)], { stdio: 'ignore' }).status === 0) pinned++;
    for (const child of runningChildren(pid)) visit(child);
  };
  for (const pid of pids) visit(pid);
  return pinned;
}

/** Gives this process every core back once the part is done. */
function unpin(): void {
  spawnSync('taskset', ['-a', '-p', '-c', `0-${os.cpus().length - 1}`, String(process.pid)], { stdio: 'ignore' });
}

function pinning(pinned: number): string {
  return pinned === 0 ? 'one core: nothing pinned' : `CLI on core ${CLI_CORE}; the site (php-fpm, nginx, MariaDB) and the readers, ${pinned} processes, on core ${SITE_CORE}`;
}

/** The site's core's ticks, and each part's (the site's processes under this one, and the readers: this process). */
function coreSnapshot(): CoreSnapshot {
  const parts: Record<string, number> = {};
  const visit = (pid: number): void => {
    for (const child of runningChildren(pid)) {
      try {
        const { command, ticks } = processTicks(readFileSync(`/proc/${child}/stat`, 'utf8'), true);
        const name = part(command);
        // The CLI and taskset run on the other core; their children's time is theirs.
        if (name === 'other') continue;
        parts[name] = (parts[name] ?? 0) + ticks;
      } catch {
        // Gone meanwhile.
      }
      visit(child);
    }
  };
  visit(process.pid);
  const own = process.cpuUsage();
  parts.readers = (own.user + own.system) / (1_000_000 / CLK_TCK);
  return { core: coreTicks(readFileSync('/proc/stat', 'utf8'), Number(SITE_CORE)), parts };
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Idle and deploy windows alternate, ROUNDS of each, rather than one idle phase before one deploy
 * phase: the machine is shared, and a slower minute or other work on the site's core then falls on
 * both phases alike instead of on one (runs of the two-phase bench put the idle phase's CPU per
 * answer anywhere from 10 to 19 ms).
 */
const ROUNDS = 5;

interface Phase {
  answers: Answer[];
  ms: number;
  cpuMs: number;
  ticks: CoreSnapshot;
}

/** Runs `work` with the readers going until it has ended, and adds that window's figures to `phase`. */
async function measureWindow(phase: Phase, url: string, sitesCpuMs: () => number, work: () => Promise<void>): Promise<void> {
  const cpu = sitesCpuMs();
  const ticks = coreSnapshot();
  const startMs = performance.now();
  let done = false;
  const working = work().finally(() => {
    done = true;
  });
  phase.answers.push(...(await readers(url, () => done)));
  await working;
  phase.ms += performance.now() - startMs;
  phase.cpuMs += sitesCpuMs() - cpu;
  phase.ticks = addWindow(phase.ticks, ticks, coreSnapshot());
}

/**
 * ROUNDS rounds of an idle window (PHASE_MS ÷ ROUNDS) and a deploy window: the round's share of the
 * steps spread over at least PHASE_MS ÷ ROUNDS (one starts no earlier than its share of it, and never
 * before the previous one ended), the readers running until its last step has finished. Every answer,
 * idle windows' too, is judged against the deploys that had finished before it was sent.
 */
async function underDeploys(
  cli: Cli,
  url: string,
  masters: readonly number[],
  pinned: boolean,
  elsewhereCli?: Cli,
): Promise<{ idle: PhaseFigures; busy: PhaseFigures; sibling?: PhaseFigures; elsewhere?: PhaseFigures; idleCpuMs: number; busyCpuMs: number; idleCore?: CoreShare; busyCore?: CoreShare }> {
  const sitesCpuMs = (): number => masters.reduce((sum, master) => sum + poolCpuMs(master), 0);
  for (const each of elsewhereCli === undefined ? [cli] : [cli, elsewhereCli]) {
    writeRoute(each, 'hello', versionRoute(0));
    await push(each);
  }
  // opcache does not cache a file in the first 2 s after it changed (file_update_protection).
  await pause(2500);
  const warmStart = performance.now();
  await readers(url, () => performance.now() - warmStart >= 1000);

  const deploys: Deploy[] = [];
  const idle: Phase = { answers: [], ms: 0, cpuMs: 0, ticks: NO_TICKS };
  const busy: Phase = { answers: [], ms: 0, cpuMs: 0, ticks: NO_TICKS };
  const sibling: Phase = { answers: [], ms: 0, cpuMs: 0, ticks: NO_TICKS };
  const elsewhere: Phase = { answers: [], ms: 0, cpuMs: 0, ticks: NO_TICKS };
  const windowMs = PHASE_MS / ROUNDS;
  const perRound = Math.ceil(STEPS.length / ROUNDS);
  /** The round's steps by `target`'s CLI, spread over windowMs; each finished one recorded in `done`. */
  const deployWindow = async (target: Cli, round: number, done: Deploy[]): Promise<void> => {
    const start = performance.now();
    for (const [index, step] of STEPS.slice(round * perRound, (round + 1) * perRound).entries()) {
      const due = start + (index * windowMs) / perRound;
      if (performance.now() < due) await pause(due - performance.now());
      const startedMs = performance.now();
      if ('push' in step) {
        writeRoute(target, 'hello', versionRoute(step.push));
        await push(target);
      } else {
        await runCli(target, ['api', 'rollback', '--yes', '--json']);
      }
      done.push({ startedMs, finishedMs: performance.now(), serves: 'push' in step ? step.push : step.rollbackTo });
    }
    const rest = start + windowMs - performance.now();
    if (rest > 0) await pause(rest);
  };
  for (let round = 0; round < ROUNDS; round++) {
    await measureWindow(idle, url, sitesCpuMs, () => pause(windowMs));
    // The controls: core CLI_CORE kept busy by a plain CPU loop, or by the same deploys to another
    // site that runs there; this site left alone in both.
    if (pinned) await measureWindow(sibling, url, sitesCpuMs, () => burn(windowMs));
    if (elsewhereCli !== undefined) await measureWindow(elsewhere, url, sitesCpuMs, () => deployWindow(elsewhereCli, round, []));
    await measureWindow(busy, url, sitesCpuMs, () => deployWindow(cli, round, deploys));
  }
  const shares = pinned ? { idleCore: coreShare(NO_TICKS, idle.ticks), busyCore: coreShare(NO_TICKS, busy.ticks) } : {};
  return {
    idle: phaseFigures(idle.answers, deploys, 0, idle.ms / 1000),
    busy: phaseFigures(busy.answers, deploys, 0, busy.ms / 1000),
    ...(pinned ? { sibling: phaseFigures(sibling.answers, deploys, 0, sibling.ms / 1000) } : {}),
    ...(elsewhereCli !== undefined ? { elsewhere: phaseFigures(elsewhere.answers, deploys, 0, elsewhere.ms / 1000) } : {}),
    idleCpuMs: idle.cpuMs,
    busyCpuMs: busy.cpuMs,
    ...shares,
  };
}

/** CPU time (ms) the FPM pool has used so far: the master, its live children, and the children each of them reaped. */
function poolCpuMs(masterPid: number): number {
  const fields = (pid: number): number[] => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // After the command name in parentheses: state is field 3, utime 14, stime 15, cutime 16, cstime 17.
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
    } catch {
      return [];
    }
  };
  const master = fields(masterPid);
  let ticks = (master[11] ?? 0) + (master[12] ?? 0) + (master[13] ?? 0) + (master[14] ?? 0);
  // A worker's own reaped children count too: the syntax check runs php -l in a child process.
  for (const child of runningChildren(masterPid)) {
    const each = fields(child);
    ticks += (each[11] ?? 0) + (each[12] ?? 0) + (each[13] ?? 0) + (each[14] ?? 0);
  }
  return (ticks * 1000) / CLK_TCK;
}

/** The pool's CPU time over `pushes` pushes, each after `change` rewrote the project; ms per push. */
async function cpuPerPush(cli: Cli, masterPid: number, pushes: number, change: (round: number) => void): Promise<number> {
  let total = 0;
  for (let round = 0; round < pushes; round++) {
    change(round);
    await pause(500); // what the readers or the last push left running ends first
    const before = poolCpuMs(masterPid);
    await push(cli);
    await pause(500);
    total += poolCpuMs(masterPid) - before;
  }
  return total / pushes;
}

const ONE_FILE_PUSHES = 5;
const MANY_FILE_PUSHES = 2;

/** Single node: readers idle then under deploys, then the site's CPU time per push of 1 and of `files` changed files. */
export async function measureUnderDeploysSingle(binary: string, scratch: string, files: number): Promise<{ figures: UnderDeploysFigures; cpu: SiteCpuFigures }> {
  const site = await startWordPress({ server: 'fpm', opcache: true });
  // The control site, started after the site under test so that its processes are told apart.
  const before = new Set(runningChildren(process.pid));
  const other = os.cpus().length < 2 ? undefined : await startWordPress({ server: 'fpm', opcache: true });
  try {
    const fpm = site.fpm;
    if (fpm?.masterPid === undefined) throw new Error('the bench site is not running nginx + php-fpm');
    const pinned = pinSiteSide();
    // The other site's processes, which pinSiteSide() took with every child, go to the CLI's core.
    if (other !== undefined) pinTrees(runningChildren(process.pid).filter((pid) => !before.has(pid)), CLI_CORE);
    const cli = cliFor(binary, path.join(scratch, 'deploys-single'), site, site.url);
    const elsewhere = other === undefined ? undefined : cliFor(binary, path.join(scratch, 'deploys-elsewhere'), other, other.url);
    const phases = await underDeploys(cli, `${site.restRoot}/svc-api/v1/hello`, [fpm.masterPid], pinned > 0, elsewhere);

    const fillers = Array.from({ length: files - 1 }, (_, index) => fillerRoute(index + 1));
    const writeAll = (tag: string): void => {
      writeRoute(cli, 'hello', `${versionRoute(9)}${tag}`);
      for (const filler of fillers) writeRoute(cli, filler.filename, `${filler.content}${tag}`);
    };
    writeAll('');
    await push(cli);
    await pause(500);
    // Control: the pool's CPU over a push's wait with no push, what the figures below carry as noise.
    const idleBefore = poolCpuMs(fpm.masterPid);
    await pause(1500);
    const idleMs = poolCpuMs(fpm.masterPid) - idleBefore;
    const onePushMs = await cpuPerPush(cli, fpm.masterPid, ONE_FILE_PUSHES, (round) => writeRoute(cli, 'hello', `${versionRoute(9)}// one file, round ${round}\n`));
    const manyPushMs = await cpuPerPush(cli, fpm.masterPid, MANY_FILE_PUSHES, (round) => writeAll(`// every file, round ${round}\n`));
    return {
      figures: { title: 'one node', ...phases, deploys: STEPS.length, pinning: pinning(pinned) },
      cpu: { idleMs, onePushMs, onePushes: ONE_FILE_PUSHES, manyPushMs, manyPushes: MANY_FILE_PUSHES, files },
    };
  } finally {
    unpin();
    await Promise.all([site.stop(), other?.stop()]);
    rmSync(path.join(scratch, 'deploys-single'), { recursive: true, force: true });
    rmSync(path.join(scratch, 'deploys-elsewhere'), { recursive: true, force: true });
  }
}

/** Two nodes: the same readers and deploys through the round-robin front. */
export async function measureUnderDeploysTwoNodes(binary: string, scratch: string): Promise<UnderDeploysFigures> {
  const site = await startMultiNode({ workers: 4 });
  try {
    const pinned = pinSiteSide();
    const cli = cliFor(binary, path.join(scratch, 'deploys-two-nodes'), site.front.site, site.front.url);
    const masters = [site.nodes.a.fpm.masterPid, site.nodes.b.fpm.masterPid].filter((pid): pid is number => pid !== undefined);
    const phases = await underDeploys(cli, `${site.front.restRoot}/svc-api/v1/hello`, masters, pinned > 0);
    return { title: 'two nodes behind the balancer', ...phases, deploys: STEPS.length, pinning: pinning(pinned) };
  } finally {
    unpin();
    await site.stop();
    rmSync(path.join(scratch, 'deploys-two-nodes'), { recursive: true, force: true });
  }
}

/** The printed lines, each figure with its target and verdict. */
export function formatUnderDeploys(figures: UnderDeploysFigures, label: number, verdict: (ok: boolean) => string): string[] {
  const { idle, busy } = figures;
  const p99 = busy.p99Ms / idle.p99Ms;
  const throughput = busy.perSecond / idle.perSecond;
  return [
    `svc bench, the site under deploys, ${figures.title}: ${READERS} readers, ${figures.deploys} deploys (8 pushes, 2 rollbacks); ${figures.pinning}`,
    `${'failed requests (idle / during deploys)'.padEnd(label)}${idle.failed} / ${busy.failed}   (of ${idle.answers} / ${busy.answers})   target 0: ${verdict(idle.failed === 0 && busy.failed === 0)}`,
    `${'answers older than a finished deploy'.padEnd(label)}${busy.stale}   target 0: ${verdict(busy.stale === 0)}`,
    `${'p99 during deploys ÷ idle'.padEnd(label)}${p99.toFixed(2)}   (${busy.p99Ms.toFixed(0)} ms vs ${idle.p99Ms.toFixed(0)} ms)   target ≤ 1.5: ${verdict(p99 <= 1.5)}`,
    `${'throughput during deploys ÷ idle'.padEnd(label)}${throughput.toFixed(2)}   (${busy.perSecond.toFixed(1)} vs ${idle.perSecond.toFixed(1)} answers/s)   target ≥ 0.9: ${verdict(throughput >= 0.9)}`,
    ...(figures.idleCore === undefined || figures.busyCore === undefined
      ? []
      : [
          `${`core ${SITE_CORE} (the site, the readers), idle`.padEnd(label)}${formatShare(figures.idleCore)}`,
          `${`core ${SITE_CORE}, during deploys`.padEnd(label)}${formatShare(figures.busyCore)}`,
          `${'throughput ÷ idle, per core share left to it'.padEnd(label)}${ratioPerAvailableCore(idle.perSecond, figures.idleCore, busy.perSecond, figures.busyCore).toFixed(2)}   (others' share taken out of each phase: the site's own, not the machine's)   target: recorded`,
        ]),
    ...(figures.sibling === undefined
      ? []
      : [
          `${`throughput with core ${CLI_CORE} busy, no deploys ÷ idle`.padEnd(label)}${(figures.sibling.perSecond / idle.perSecond).toFixed(2)}   (${figures.sibling.perSecond.toFixed(1)} answers/s; a CPU loop where the CLI runs: what a busy neighbour core costs the site's core on this machine, which the deploys' windows pay while the CLI works)   target: recorded`,
        ]),
    ...(figures.elsewhere === undefined
      ? []
      : [
          `${`throughput, deploys to another site ÷ idle`.padEnd(label)}${(figures.elsewhere.perSecond / idle.perSecond).toFixed(2)}   (${figures.elsewhere.perSecond.toFixed(1)} answers/s; the same CLI and deploys to a WordPress whose PHP and database run on core ${CLI_CORE}: what the deploys cost this core without this site doing any of their work)   target: recorded`,
        ]),
    `${'site CPU per answer, during deploys ÷ idle'.padEnd(label)}${(busy.answers === 0 || idle.answers === 0 ? Number.NaN : figures.busyCpuMs / busy.answers / (figures.idleCpuMs / idle.answers)).toFixed(2)}   (${(figures.busyCpuMs / Math.max(1, busy.answers)).toFixed(1)} ms vs ${(figures.idleCpuMs / Math.max(1, idle.answers)).toFixed(1)} ms; the deploys' own requests counted in)   target: recorded`,
  ];
}

export function formatSiteCpu(cpu: SiteCpuFigures, label: number): string[] {
  return [
    `${'site CPU per push, 1 changed file'.padEnd(label)}${cpu.onePushMs.toFixed(0)} ms (FPM pool, mean of ${cpu.onePushes} pushes, 10 ms ticks; ${cpu.idleMs.toFixed(0)} ms over 1.5 s with no push)   target: recorded`,
    `${`site CPU per push, ${cpu.files.toLocaleString('en')} changed files`.padEnd(label)}${cpu.manyPushMs.toFixed(0)} ms (FPM pool, mean of ${cpu.manyPushes} pushes)   target: recorded`,
  ];
}
