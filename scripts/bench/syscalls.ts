/**
 * Counts the file system calls a running PHP server makes on paths under a directory, by attaching
 * strace to the processes that run PHP for requests (php-fpm's pool children, or php -S's workers):
 * the honest way to say "opens no route file".
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function ensureStrace(): void {
  if (spawnSync('sh', ['-c', 'command -v strace'], { stdio: 'ignore' }).status === 0) return;
  const install = spawnSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq strace'], { stdio: 'inherit' });
  if (install.status !== 0) throw new Error('strace is needed for benchmark (c) and could not be installed');
}

export interface Trace {
  /** Stops tracing; returns the traced calls whose path lies under `directory`. */
  stop(): Promise<string[]>;
}

/** Attaches to `pids` (and whatever they fork, -f) until stop(). */
export async function traceProcesses(pids: readonly number[], directory: string): Promise<Trace> {
  if (pids.length === 0) throw new Error('No PHP worker to trace');
  const output = path.join(os.tmpdir(), `svc-bench-strace-${process.pid}-${Date.now()}.txt`);
  const child: ChildProcess = spawn(
    'strace',
    ['-f', '-qq', '-e', 'trace=open,openat,openat2,stat,lstat,newfstatat,statx,access,faccessat2', '-o', output, ...pids.flatMap((pid) => ['-p', String(pid)])],
    { stdio: 'ignore' },
  );
  // strace needs a moment to attach to every process before the measured requests start.
  await new Promise((resolve) => setTimeout(resolve, 500));
  return {
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
      const lines = readFileSync(output, 'utf8').split('\n').filter((line) => line.includes(directory));
      rmSync(output, { force: true });
      return lines;
    },
  };
}
