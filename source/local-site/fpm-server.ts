/**
 * The production stack for the throwaway WordPress: Debian's nginx in front of php8.2-fpm, as
 * WordPress sites are commonly run. nginx listens on 127.0.0.1:PORT only and hands `.php` files to
 * FPM over a Unix socket in the site's temp root; every other existing file is served as is, and
 * anything else goes to /index.php (pretty permalinks, /wp-json/), as WordPress's nginx recipe does.
 *
 * FPM runs a static pool with opcache on and, as on a production site, opcache.validate_timestamps=0:
 * a cached script is not looked at again until something invalidates it. nginx keeps its default
 * client_max_body_size (1 MB).
 *
 * Both run as root (nginx's `user root`, php-fpm's -R), each in its own process group. php-fpm would
 * make a session of its own (setsid) and respawns the pool's children, so it is stopped through its
 * master (the spawned pid, and the pid file it writes, which the watchdog reads) and its children are
 * killed too. Every file (configs, socket, pid files, logs, nginx's temp dirs) lives in `root`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { opcacheFlags, pathsIn, renderFpmConf, renderNginxConf } from './fpm-config.js';
import { requireExecutable } from './packages.js';
import { PortInUseError } from './php-server.js';
import { exitOf, isRunning, probeReady, runningChildren, settlesWithin, signalGroup, signalProcess, sleep, stopGroup, tailFile } from './process.js';

export interface FpmServerOptions {
  /** The site's temp root: configs, the FPM socket, pid files, logs and nginx's temp dirs go here. */
  root: string;
  docRoot: string;
  port: number;
  /** pm.max_children of the static pool. */
  workers: number;
  /** opcache on (production), or off as on hosts without it. */
  opcache: boolean;
  /** opcache.validate_timestamps (with revalidate_freq=0 when on). Production-like default: false. */
  validateTimestamps: boolean;
  /** PHP's error_log: notices, warnings and fatals of the requests. */
  errorLog: string;
  /** GET this URL path until it answers 200 before resolving. */
  readyPath: string;
  /** WordPress's directory under the web root, e.g. '/blog' (nothing else is served); default '' (the root). */
  sitePath?: string;
  /** A subdirectory multisite network: the sites' /<site>/wp-… and /<site>/….php paths are WordPress's own files. */
  multisite?: boolean;
  readyTimeoutMs: number;
}

export interface FpmServer {
  readonly kind: 'fpm';
  /** http://127.0.0.1:PORT */
  readonly url: string;
  readonly port: number;
  /** php-fpm's master; undefined while the PHP tier is down (after killAll(), before start()). */
  readonly masterPid: number | undefined;
  /** nginx's master. */
  readonly nginxPid: number | undefined;
  /** The pool's children: the processes that run PHP for requests. */
  workerPids(): number[];
  /**
   * Sends `signal` (default SIGKILL) to every child of the pool; the master stays and respawns them.
   * Unless `wait` is false (needed for a signal that does not end them), waits until they are gone
   * and the pool is full again. Resolves to the pids that were signalled.
   */
  killWorkers(signal?: NodeJS.Signals, options?: { wait?: boolean }): Promise<number[]>;
  /** SIGKILL to the master and its children: the whole PHP tier dies, nginx stays (and answers 502). */
  killAll(): Promise<void>;
  /** Starts what is not running (FPM after killAll(); nginx too if it died), same port and config. */
  start(): Promise<void>;
  /** Stops nginx and FPM (SIGQUIT / SIGTERM, SIGKILL after a grace period). Idempotent, final. */
  stop(): Promise<void>;
  /** Synchronous SIGKILL of everything, for process 'exit'. */
  killNow(): void;
}

// The names of the files in root that the watchdog reads (see wordpress.ts), written in fpm-config.ts.
export { FPM_PID_FILE, NGINX_PID_FILE } from './fpm-config.js';

const FPM_BINARY = 'php-fpm8.2';
const ADDRESS_IN_USE = /Address already in use/i;
const STOP_GRACE_MS = 2_000;
const KILL_WAIT_MS = 5_000;
const RESPAWN_WAIT_MS = 10_000;

interface Running {
  child: ChildProcess;
  pid: number;
  exited: Promise<void>;
  hasExited: () => boolean;
}

function spawnLogged(command: string, args: string[], log: string): Running {
  const output = openSync(log, 'a');
  const child = spawn(command, args, {
    // Own process group, so a Ctrl-C in the terminal does not reach it before we clean up.
    detached: true,
    stdio: ['ignore', output, output],
  });
  closeSync(output);
  child.unref();
  if (child.pid === undefined) throw new Error(`Could not spawn ${command}`);
  let exited = false;
  const exitedPromise = exitOf(child).then(() => {
    exited = true;
  });
  return { child, pid: child.pid, exited: exitedPromise, hasExited: () => exited };
}

/** Signals a php-fpm master and its children; the children are looked up first (they are reparented once it dies). */
function signalFpm(masterPid: number, signal: NodeJS.Signals): number[] {
  const children = runningChildren(masterPid);
  signalProcess(masterPid, signal);
  if (signal === 'SIGKILL') signalGroup(masterPid, signal);
  for (const pid of children) signalProcess(pid, signal);
  return children;
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** A file's text from a byte offset on ('' when it does not exist). */
function readFrom(file: string, offset: number): string {
  try {
    return readFileSync(file).subarray(offset).toString('utf8');
  } catch {
    return '';
  }
}

async function waitUntil(condition: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() >= deadline) return false;
    await sleep(20);
  }
  return true;
}

/** Writes both configs, starts php-fpm, then nginx, and waits until readyPath answers 200. */
export async function startFpmServer(options: FpmServerOptions): Promise<FpmServer> {
  const url = `http://127.0.0.1:${options.port}`;
  const paths = pathsIn(options.root);
  for (const name of ['client_body', 'fastcgi', 'proxy', 'uwsgi', 'scgi']) mkdirSync(path.join(paths.nginxTemp, name), { recursive: true });
  writeFileSync(paths.nginxConf, renderNginxConf(options, paths));
  writeFileSync(paths.fpmConf, renderFpmConf(options, paths));

  let fpm: Running | undefined;
  // Every FPM master's process group (its pid: spawned detached, it leads one); its children share it.
  const fpmGroups = new Set<number>();
  let nginx: Running | undefined;
  let stopping: Promise<void> | undefined;

  const fpmAlive = (): boolean => fpm !== undefined && !fpm.hasExited();
  const nginxAlive = (): boolean => nginx !== undefined && !nginx.hasExited();

  const logsForError = (): string =>
    `nginx error log:\n${tailFile(paths.nginxErrorLog, 10)}\nphp-fpm log:\n${tailFile(paths.fpmLog)}\nPHP error log:\n${tailFile(options.errorLog)}`;

  const startFpm = async (): Promise<void> => {
    // A fresh PHP tier: children left by an earlier master (one killed alone, say) go first.
    for (const group of fpmGroups) signalGroup(group, 'SIGKILL');
    rmSync(paths.socket, { force: true });
    rmSync(paths.fpmPid, { force: true });
    const started = spawnLogged(requireExecutable(FPM_BINARY), [...(process.getuid?.() === 0 ? ['-R'] : []), '-F', '-y', paths.fpmConf, ...opcacheFlags(options.opcache, options.validateTimestamps)], paths.fpmLog);
    fpm = started;
    fpmGroups.add(started.pid);
    const deadline = Date.now() + options.readyTimeoutMs;
    while (!(existsSync(paths.socket) && existsSync(paths.fpmPid))) {
      if (started.hasExited()) throw new Error(`php-fpm exited during start-up:\n${tailFile(paths.fpmLog)}`);
      if (Date.now() >= deadline) throw new Error(`php-fpm did not create its socket within ${options.readyTimeoutMs} ms:\n${tailFile(paths.fpmLog)}`);
      await sleep(20);
    }
  };

  // Where this start's lines begin in nginx's error log (appended to across starts and port attempts).
  let nginxLogStart = 0;
  const nginxStartLog = (): string => readFrom(paths.nginxErrorLog, nginxLogStart);

  const startNginx = (): void => {
    rmSync(paths.nginxPid, { force: true });
    nginxLogStart = sizeOf(paths.nginxErrorLog);
    nginx = spawnLogged(requireExecutable('nginx'), ['-p', `${options.root}/`, '-e', paths.nginxErrorLog, '-c', paths.nginxConf], paths.nginxErrorLog);
  };

  const waitUntilReady = async (): Promise<void> => {
    const deadline = Date.now() + options.readyTimeoutMs;
    let lastProblem = 'no answer yet';
    while (Date.now() < deadline) {
      // nginx retries a busy port for a few seconds before it gives up: the first failure is enough.
      const log = nginxStartLog();
      if (ADDRESS_IN_USE.test(log)) {
        if (nginx !== undefined) signalGroup(nginx.pid, 'SIGKILL');
        throw new PortInUseError(log);
      }
      if (!nginxAlive()) throw new Error(`nginx exited during start-up:\n${logsForError()}`);
      if (!fpmAlive()) throw new Error(`php-fpm exited during start-up:\n${logsForError()}`);
      // nginx writes its pid file once it has bound the port: before that, whoever else holds the
      // port would answer the probe.
      if (!existsSync(paths.nginxPid)) {
        await sleep(20);
        continue;
      }
      const problem = await probeReady(url + options.readyPath);
      if (problem === null) return;
      lastProblem = problem;
      await sleep(50);
    }
    throw new Error(`nginx + php-fpm did not answer GET ${options.readyPath} with 200 within ${options.readyTimeoutMs} ms (last: ${lastProblem}).\n${logsForError()}`);
  };

  const stopFpm = async (): Promise<void> => {
    const current = fpm;
    if (current !== undefined) {
      const children = runningChildren(current.pid);
      // SIGQUIT: graceful, the master lets its children finish their request.
      signalFpm(current.pid, 'SIGQUIT');
      const gone = (): boolean => current.hasExited() && !children.some(isRunning);
      if (!(await waitUntil(gone, STOP_GRACE_MS))) {
        signalFpm(current.pid, 'SIGKILL');
        for (const pid of children) signalProcess(pid, 'SIGKILL');
        await waitUntil(gone, KILL_WAIT_MS);
      }
    }
    // Whatever an earlier master left (children orphaned when it was killed alone).
    for (const group of fpmGroups) signalGroup(group, 'SIGKILL');
    fpm = undefined;
    rmSync(paths.fpmPid, { force: true });
  };

  const stopNginx = async (): Promise<void> => {
    const current = nginx;
    if (current === undefined) return;
    await stopGroup(current.pid, STOP_GRACE_MS);
    await settlesWithin(current.exited, KILL_WAIT_MS);
    nginx = undefined;
    rmSync(paths.nginxPid, { force: true });
  };

  const workerPids = (): number[] => (fpmAlive() && fpm !== undefined ? runningChildren(fpm.pid) : []);

  const server: FpmServer = {
    kind: 'fpm',
    url,
    port: options.port,
    get masterPid() {
      return fpmAlive() ? fpm?.pid : undefined;
    },
    get nginxPid() {
      return nginxAlive() ? nginx?.pid : undefined;
    },
    workerPids,
    killWorkers: async (signal = 'SIGKILL', { wait = true } = {}) => {
      const victims = workerPids();
      for (const pid of victims) signalProcess(pid, signal);
      if (!wait) return victims;
      const replaced = (): boolean => !victims.some(isRunning) && workerPids().filter((pid) => !victims.includes(pid)).length >= options.workers;
      if (!(await waitUntil(replaced, RESPAWN_WAIT_MS))) {
        throw new Error(`php-fpm's pool is not back to ${options.workers} children ${RESPAWN_WAIT_MS} ms after ${signal}:\n${tailFile(paths.fpmLog)}`);
      }
      return victims;
    },
    killAll: async () => {
      const current = fpm;
      if (current === undefined) return;
      const children = signalFpm(current.pid, 'SIGKILL');
      await waitUntil(() => current.hasExited() && !children.some(isRunning), KILL_WAIT_MS);
      fpm = undefined;
      rmSync(paths.fpmPid, { force: true });
    },
    start: async () => {
      if (stopping !== undefined) throw new Error('start(): the server has been stopped');
      if (!fpmAlive()) await startFpm();
      if (!nginxAlive()) startNginx();
      await waitUntilReady();
    },
    stop: () => (stopping ??= Promise.all([stopNginx(), stopFpm()]).then(() => undefined)),
    killNow: () => {
      if (fpm !== undefined) signalFpm(fpm.pid, 'SIGKILL');
      for (const group of fpmGroups) signalGroup(group, 'SIGKILL');
      if (nginx !== undefined) signalGroup(nginx.pid, 'SIGKILL');
    },
  };

  try {
    await startFpm();
    startNginx();
    await waitUntilReady();
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}
