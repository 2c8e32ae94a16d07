/**
 * Small child-process helpers shared by the MariaDB, PHP server and WordPress modules.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

export { sleep };

export interface ProcessResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to completion without blocking the event loop (servers may be starting meanwhile). */
export function runProcess(
  command: string,
  args: readonly string[],
  options: Omit<SpawnOptions, 'stdio'> & { input?: string } = {},
): Promise<ProcessResult> {
  const { input, ...spawnOptions } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...spawnOptions, stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      resolve({
        code,
        signal,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
      });
    });
    // A command that exits before reading its input (e.g. on an error) makes the write fail with
    // EPIPE; its exit code and output tell what happened, so the write error itself is ignored.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(input ?? '');
  });
}

/** runProcess, but a non-zero exit is an error carrying the command's output. */
export async function runChecked(
  command: string,
  args: readonly string[],
  options: Parameters<typeof runProcess>[2] = {},
): Promise<ProcessResult> {
  const result = await runProcess(command, args, options);
  if (result.code !== 0) {
    const how = result.signal === null ? `exit ${String(result.code)}` : `signal ${result.signal}`;
    throw new Error(`${command} ${args.join(' ')} failed (${how})\n${(result.stdout + result.stderr).trim()}`);
  }
  return result;
}

/** Last lines of a log file, for error messages; empty when the file does not exist yet. */
export function tailFile(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/**
 * Waits for a promise for at most ms; true if it settled in time. The timer is cleared as soon as the
 * promise settles, so it does not hold the event loop open (jest reports such timers as open handles).
 */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true, () => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves once the child has exited (at once if it already has). */
export function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

interface ProcStat {
  pid: number;
  state: string;
  ppid: number;
  pgrp: number;
}

/** Every process's state, parent and group, from /proc (empty where there is no /proc). */
function processTable(): ProcStat[] {
  const table: ProcStat[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return table;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // Exited while we were looking.
    }
    // "pid (comm) state ppid pgrp ..."; comm may contain spaces and parentheses, so split after the last ')'.
    const [state = '', ppid, pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    table.push({ pid: Number(entry), state, ppid: Number(ppid), pgrp: Number(pgrp) });
  }
  return table;
}

/** Zombies (exited, not yet reaped) and dead processes do not count as running. */
const running = (entry: ProcStat): boolean => entry.state !== 'Z' && entry.state !== 'X';

/**
 * Pids in a process group that are still running, from /proc. Zombies do not count: forked workers
 * whose master is gone are reparented to pid 1, and a slow init (as in some VMs and containers) can
 * leave them unreaped for a second or more although they are dead.
 */
export function runningMembers(pgid: number): number[] {
  return processTable()
    .filter((entry) => entry.pgrp === pgid && running(entry))
    .map((entry) => entry.pid);
}

/** Running children of a process (e.g. php-fpm's pool workers), from /proc. */
export function runningChildren(ppid: number): number[] {
  return processTable()
    .filter((entry) => entry.ppid === ppid && running(entry))
    .map((entry) => entry.pid);
}

/** True while the process exists and is not a zombie. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return !existsSync('/proc/self/stat');
  }
}

/** Sends a signal to one process, ignoring one that is already gone. */
export function signalProcess(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

/** True while any process of the group is running (the leader may be gone while forked workers linger). */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch {
    return false;
  }
  return existsSync('/proc/self/stat') ? runningMembers(pgid).length > 0 : true;
}

/** Sends a signal to a whole process group, ignoring a group that is already gone. */
export function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // Already gone: nothing to stop.
  }
}

/**
 * Stops a process group politely, then forcefully: SIGTERM, and SIGKILL for whatever is left after
 * graceMs. Resolves once no process of the group remains.
 */
export async function stopGroup(pgid: number, graceMs: number): Promise<void> {
  signalGroup(pgid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (groupAlive(pgid) && Date.now() < deadline) await sleep(20);
  if (!groupAlive(pgid)) return;
  signalGroup(pgid, 'SIGKILL');
  const killDeadline = Date.now() + 5000;
  while (groupAlive(pgid) && Date.now() < killDeadline) await sleep(20);
}

/** GETs a URL once: null when it answers 200, else what went wrong (status or error), for a message. */
export async function probeReady(url: string): Promise<string | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    await response.arrayBuffer();
    return response.status === 200 ? null : `HTTP ${response.status}`;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
