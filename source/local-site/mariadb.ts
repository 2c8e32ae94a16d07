/**
 * A private MariaDB server for one throwaway site: its own data dir, reachable only through a Unix socket.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

import { requireExecutable } from './packages.js';
import { exitOf, runChecked, settlesWithin, sleep, tailFile } from './process.js';

export interface MariaDB {
  /** Unix socket path; WordPress reaches it as DB_HOST 'localhost:<socket>'. */
  socket: string;
  pid: number;
  errorLog: string;
  pidFile: string;
  /** SIGTERM, then SIGKILL if it has not shut down in time. Idempotent. */
  stop(): Promise<void>;
  /** Synchronous SIGKILL, for process 'exit'. */
  killNow(): void;
}

/** As root, mariadbd and mariadb-install-db want --user to run as (root); as anyone else they run as that user. */
const asRoot = (): string[] => (process.getuid?.() === 0 ? ['--user=root'] : []);

// sockaddr_un.sun_path is 108 bytes on Linux, including the terminating NUL.
const MAX_SOCKET_PATH = 107;
const START_TIMEOUT_MS = 20_000;
const STOP_GRACE_MS = 5_000;

/**
 * Creates the system tables in a fresh data dir. Can run while other setup work proceeds.
 * --user=root when root: mariadb-install-db otherwise wants the mysql user to own the files.
 */
export async function initDataDir(dataDir: string): Promise<void> {
  await runChecked(
    requireExecutable('mariadb-install-db'),
    ['--no-defaults', `--datadir=${dataDir}`, ...asRoot(), '--auth-root-authentication-method=normal', '--skip-test-db', '--skip-name-resolve'],
    { env: { ...process.env, TMPDIR: privateTmp(dataDir) } },
  );
}

/**
 * A temp dir of this server's own. Servers started at once share /tmp otherwise, and their
 * temporary table files (`#sql-temptable-…`, named by process and thread ids) can collide: one
 * server deletes the other's ("Error on delete of '/tmp/#sql-temptable-….MAI'").
 */
function privateTmp(dataDir: string): string {
  const dir = path.join(path.dirname(dataDir), 'db-tmp');
  mkdirSync(dir, { recursive: true });
  return dir;
}

function serverArgs(dataDir: string, socket: string, pidFile: string, errorLog: string): string[] {
  return [
    '--no-defaults',
    `--datadir=${dataDir}`,
    `--socket=${socket}`,
    '--skip-networking',
    ...asRoot(),
    `--pid-file=${pidFile}`,
    `--log-error=${errorLog}`,
    `--tmpdir=${privateTmp(dataDir)}`,
    '--skip-name-resolve',
    // Throwaway data: trade durability for speed and memory.
    '--innodb-buffer-pool-size=64M',
    '--innodb-log-file-size=16M',
    '--innodb-flush-log-at-trx-commit=0',
    '--innodb-doublewrite=0',
    '--sync-binlog=0',
    '--character-set-server=utf8mb4',
    '--collation-server=utf8mb4_unicode_ci',
  ];
}

/**
 * Resolves once the server sends its handshake greeting on the socket. The first payload byte of a
 * greeting is the protocol version, 10; 0xff would be an error packet (e.g. too many connections).
 */
function greets(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const connection = net.createConnection(socket);
    const finish = (ok: boolean): void => {
      connection.destroy();
      resolve(ok);
    };
    connection.setTimeout(1000, () => finish(false));
    connection.once('error', () => finish(false));
    connection.once('data', (packet: Buffer) => finish(packet.length > 4 && packet[4] === 10));
  });
}

async function waitUntilReady(child: ChildProcess, socket: string, errorLog: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`mariadbd exited during start-up:\n${tailFile(errorLog)}`);
    }
    if (await greets(socket)) return;
    await sleep(25);
  }
  throw new Error(`mariadbd did not accept connections within ${START_TIMEOUT_MS} ms:\n${tailFile(errorLog)}`);
}

/** Starts mariadbd on an initialised data dir; files (socket, pid, log) go into `root`. */
export async function startMariaDB(root: string, dataDir: string): Promise<MariaDB> {
  const socket = path.join(root, 'mysql.sock');
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH) {
    throw new Error(`Socket path too long for a Unix socket (${socket}); use a shorter TMPDIR`);
  }
  const pidFile = path.join(root, 'mariadb.pid');
  const errorLog = path.join(root, 'mariadb.err');

  // Own process group: a Ctrl-C in the terminal must not reach it before we have cleaned up.
  const child = spawn(requireExecutable('mariadbd'), serverArgs(dataDir, socket, pidFile, errorLog), {
    detached: true,
    stdio: 'ignore',
  });
  child.unref();
  const pid = child.pid;
  if (pid === undefined) throw new Error('Could not spawn mariadbd');
  const exited = exitOf(child);

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
    await waitUntilReady(child, socket, errorLog);
  } catch (error) {
    await stop();
    throw error;
  }
  return { socket, pid, errorLog, pidFile, stop, killNow };
}

/** Creates a database over the socket with the mariadb client (root has an empty password). */
export async function createDatabase(socket: string, name: string): Promise<void> {
  if (!/^\w+$/.test(name)) throw new Error(`Unsafe database name: ${name}`);
  const args = ['--no-defaults', `--socket=${socket}`, '--user=root', '--execute', `CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`];
  // On a loaded machine the server can accept the socket a moment before it takes queries.
  for (let attempt = 1; ; attempt++) {
    try {
      await runChecked(requireExecutable('mariadb'), args);
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await sleep(200 * attempt);
    }
  }
}
