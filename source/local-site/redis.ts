/**
 * A private Redis server for one throwaway site, as a host's persistent object cache: its own
 * directory, reachable only through a Unix socket, nothing saved to disk.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

import { requireExecutable } from './packages.js';
import { exitOf, settlesWithin, sleep, tailFile } from './process.js';

export interface Redis {
  /** Unix socket path; WordPress reaches it through WP_REDIS_PATH with WP_REDIS_SCHEME 'unix'. */
  socket: string;
  pid: number;
  log: string;
  /** SIGTERM, then SIGKILL if it has not shut down in time. Idempotent. */
  stop(): Promise<void>;
  /** Synchronous SIGKILL, for process 'exit'. */
  killNow(): void;
}

/** In the site's root, for the watchdog (site-steps.ts), which kills what a dead Node left running. */
export const REDIS_PID_FILE = 'redis.pid';

// sockaddr_un.sun_path is 108 bytes on Linux, including the terminating NUL.
const MAX_SOCKET_PATH = 107;
const START_TIMEOUT_MS = 10_000;
const STOP_GRACE_MS = 5_000;

function serverArgs(root: string, socket: string, log: string): string[] {
  return [
    // No TCP listener: two sites (or two test files) never share a server by accident.
    '--port', '0',
    '--unixsocket', socket,
    // The site's PHP may run as www-data (Apache), the server as root.
    '--unixsocketperm', '777',
    '--dir', root,
    '--logfile', log,
    // Throwaway data: never written to disk.
    '--save', '',
    '--appendonly', 'no',
    '--daemonize', 'no',
    // An object cache evicts rather than failing a write, as hosts configure it.
    '--maxmemory', '256mb',
    '--maxmemory-policy', 'allkeys-lru',
  ];
}

/** Resolves to true once the server answers PING with +PONG on the socket. */
export function pongs(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const connection = net.createConnection(socket);
    let answer = '';
    const finish = (ok: boolean): void => {
      connection.destroy();
      resolve(ok);
    };
    connection.setTimeout(1000, () => finish(false));
    connection.once('error', () => finish(false));
    connection.once('connect', () => connection.write('PING\r\n'));
    connection.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n')) finish(answer.startsWith('+PONG'));
    });
  });
}

async function waitUntilReady(child: ChildProcess, socket: string, log: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`redis-server exited during start-up:\n${tailFile(log)}`);
    }
    if (await pongs(socket)) return;
    await sleep(20);
  }
  throw new Error(`redis-server did not answer PING within ${START_TIMEOUT_MS} ms:\n${tailFile(log)}`);
}

/** Starts redis-server with its socket and log in `root`. */
export async function startRedis(root: string): Promise<Redis> {
  const socket = path.join(root, 'redis.sock');
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH) {
    throw new Error(`Socket path too long for a Unix socket (${socket}); use a shorter TMPDIR`);
  }
  const log = path.join(root, 'redis.log');
  // Own process group: a Ctrl-C in the terminal must not reach it before we have cleaned up.
  const child = spawn(requireExecutable('redis-server'), serverArgs(root, socket, log), { detached: true, stdio: 'ignore' });
  child.unref();
  const pid = child.pid;
  if (pid === undefined) throw new Error('Could not spawn redis-server');
  const exited = exitOf(child);
  writeFileSync(path.join(root, REDIS_PID_FILE), String(pid));

  let stopping: Promise<void> | undefined;
  const killNow = (): void => {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      if (!(await settlesWithin(exited, STOP_GRACE_MS))) {
        killNow();
        await exited;
      }
    })();
    return stopping;
  };

  try {
    await waitUntilReady(child, socket, log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { socket, pid, log, stop, killNow };
}
