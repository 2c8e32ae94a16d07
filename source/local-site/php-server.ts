/**
 * PHP's built-in web server (`php -S`) bound to 127.0.0.1, run as its own process group.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import net from 'node:net';

import { requireExecutable } from './packages.js';
import { exitOf, probeReady, runningMembers, signalGroup, sleep, stopGroup, tailFile } from './process.js';

export interface PhpServerOptions {
  docRoot: string;
  routerScript: string;
  port: number;
  /** PHP_CLI_SERVER_WORKERS: forked workers serving requests in parallel. */
  workers: number;
  opcache: boolean;
  /** PHP's error_log: where notices, warnings and fatals go. */
  errorLog: string;
  /** The server's own stdout/stderr (request log, "Failed to listen", crashes). */
  outputLog: string;
  /** GET this URL path until it answers 200 before resolving. */
  readyPath: string;
  readyTimeoutMs: number;
}

export interface PhpServer {
  readonly kind: 'php';
  url: string;
  port: number;
  /** Process group id (the master's pid): the master and its forked workers. */
  pgid: number;
  /** The forked workers that serve requests (the master itself when it runs without workers). */
  workerPids(): number[];
  /** Kills the whole process group (SIGTERM, SIGKILL after 2 s). Idempotent. */
  stop(): Promise<void>;
  /** Synchronous SIGKILL of the group, for process 'exit'. */
  killNow(): void;
}

const STOP_GRACE_MS = 2_000;

/** Asks the kernel for a free port on 127.0.0.1. Racy by nature; callers retry on "Failed to listen". */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address !== null && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not determine a free port'));
      });
    });
  });
}

/**
 * ini flags for the server. error_log is the WordPress debug log, so PHP's own messages
 * (including those before WordPress sets up WP_DEBUG_LOG) land in the same file.
 * With opcache on, revalidate_freq=0 stats files on every request, so edited route files are
 * picked up at once; file_update_protection (PHP's default, 2 s, set here to make it explicit) keeps
 * files younger than that out of the cache, so two writes within one mtime second cannot leave
 * the first version cached.
 */
export function iniFlags(opcache: boolean, errorLog: string): string[] {
  const ini: Record<string, string> = {
    display_errors: '0',
    log_errors: '1',
    error_log: errorLog,
    ...(opcache
      ? {
          'opcache.enable': '1',
          'opcache.enable_cli': '1',
          'opcache.validate_timestamps': '1',
          'opcache.revalidate_freq': '0',
          'opcache.file_update_protection': '2',
        }
      : { 'opcache.enable': '0', 'opcache.enable_cli': '0' }),
  };
  return Object.entries(ini).flatMap(([key, value]) => ['-d', `${key}=${value}`]);
}

/** Thrown when the port was taken between findFreePort() and php binding it. */
export class PortInUseError extends Error {}

async function waitUntilReady(
  options: PhpServerOptions,
  url: string,
  hasExited: () => boolean,
): Promise<void> {
  const deadline = Date.now() + options.readyTimeoutMs;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (hasExited()) {
      const output = tailFile(options.outputLog);
      if (/Failed to listen|Address already in use/i.test(output)) throw new PortInUseError(output);
      throw new Error(`php -S exited during start-up:\n${output}`);
    }
    const problem = await probeReady(url + options.readyPath);
    if (problem === null) return;
    lastProblem = problem;
    await sleep(50);
  }
  throw new Error(
    `php -S did not answer GET ${options.readyPath} with 200 within ${options.readyTimeoutMs} ms ` +
      `(last: ${lastProblem}).\nServer output:\n${tailFile(options.outputLog)}\n` +
      `PHP error log:\n${tailFile(options.errorLog)}`,
  );
}

/** Spawns `php -S 127.0.0.1:<port> <router>` and waits until readyPath answers 200. */
export async function startPhpServer(options: PhpServerOptions): Promise<PhpServer> {
  const url = `http://127.0.0.1:${options.port}`;
  const output = openSync(options.outputLog, 'a');
  const child = spawn(
    requireExecutable('php'),
    [...iniFlags(options.opcache, options.errorLog), '-S', `127.0.0.1:${options.port}`, '-t', options.docRoot, options.routerScript],
    {
      cwd: options.docRoot,
      env: { ...process.env, PHP_CLI_SERVER_WORKERS: String(options.workers) },
      // Own process group, so stop() can kill the master and its forked workers together.
      detached: true,
      stdio: ['ignore', output, output],
    },
  );
  closeSync(output);
  // Let a forgotten server not keep Node alive; the exit hooks kill it.
  child.unref();
  const pgid = child.pid;
  if (pgid === undefined) throw new Error('Could not spawn php -S');
  let exited = false;
  void exitOf(child).then(() => {
    exited = true;
  });

  let stopping: Promise<void> | undefined;
  const server: PhpServer = {
    kind: 'php',
    url,
    port: options.port,
    pgid,
    stop: () => (stopping ??= stopGroup(pgid, STOP_GRACE_MS)),
    workerPids: () => {
      const members = runningMembers(pgid);
      const workers = members.filter((pid) => pid !== pgid);
      return workers.length > 0 ? workers : members;
    },
    killNow: () => signalGroup(pgid, 'SIGKILL'),
  };
  try {
    await waitUntilReady(options, url, () => exited);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}
