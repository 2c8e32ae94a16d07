/**
 * Who used the site's core during a phase of the under-deploys bench (scripts/bench/under-deploys.ts):
 * the core's busy time from /proc/stat, and the site's processes' own time from /proc/<pid>/stat,
 * so that a throughput that falls while the FPM pool's time does not rise can be put down to its
 * cause (MariaDB, nginx, the readers, or processes the bench did not start). Pure: texts in, ticks out.
 */

/** Ticks a core (or 'all' of them) spent busy (everything but idle and iowait) and in all, from the text of /proc/stat. */
export function coreTicks(procStat: string, core: number | 'all'): { busy: number; total: number } {
  const line = procStat.split('\n').find((entry) => entry.startsWith(core === 'all' ? 'cpu ' : `cpu${core} `));
  if (line === undefined) throw new Error(`/proc/stat has no line for core ${core}`);
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.slice(0, 8).reduce((sum, value) => sum + value, 0);
  // user nice system idle iowait irq softirq steal: idle and iowait are not busy.
  return { busy: total - (ticks[3] ?? 0) - (ticks[4] ?? 0), total };
}

/** A process's command name and its ticks (its own, and its reaped children's when `reaped`), from the text of /proc/<pid>/stat. */
export function processTicks(stat: string, reaped: boolean): { command: string; ticks: number } {
  const open = stat.indexOf('(');
  const close = stat.lastIndexOf(')');
  const command = stat.slice(open + 1, close);
  // After the name: state is field 3, utime 14, stime 15, cutime 16, cstime 17.
  const fields = stat.slice(close + 2).split(' ').map(Number);
  const own = (fields[11] ?? 0) + (fields[12] ?? 0);
  return { command, ticks: reaped ? own + (fields[13] ?? 0) + (fields[14] ?? 0) : own };
}

/** What a process is, for the bench's lines: the site's parts by command name, anything else `other`. */
export function part(command: string): 'php-fpm' | 'MariaDB' | 'nginx' | 'other' {
  if (command.startsWith('php-fpm')) return 'php-fpm';
  if (command === 'mariadbd' || command === 'mysqld') return 'MariaDB';
  if (command === 'nginx') return 'nginx';
  return 'other';
}

export interface CoreShare {
  /** Share of the core's time it was busy, 0..1. */
  busy: number;
  /** Share of the core's time each part used, 0..1; `readers` is the bench's own process, `others` the rest of the busy time. */
  parts: Record<string, number>;
}

/**
 * The shares of a phase from two snapshots: the core's ticks and each part's ticks (summed by part)
 * at the start and at the end. A part's share is its ticks over the core's; `others` is what is left
 * of the busy time (processes the bench did not start, the kernel's own work), never below 0.
 */
export function coreShare(
  start: { core: { busy: number; total: number }; parts: Record<string, number> },
  end: { core: { busy: number; total: number }; parts: Record<string, number> },
): CoreShare {
  const total = end.core.total - start.core.total;
  if (total <= 0) return { busy: Number.NaN, parts: {} };
  const parts: Record<string, number> = {};
  let ours = 0;
  for (const [name, ticks] of Object.entries(end.parts)) {
    const used = Math.max(0, ticks - (start.parts[name] ?? 0));
    parts[name] = used / total;
    ours += used;
  }
  const busy = (end.core.busy - start.core.busy) / total;
  parts.others = Math.max(0, busy - ours / total);
  return { busy, parts };
}

/** "busy 92% (php-fpm 61%, MariaDB 9%, nginx 4%, readers 12%, others 6%)". */
export function formatShare(share: CoreShare): string {
  const percent = (value: number): string => `${Math.round(value * 100)}%`;
  const parts = Object.entries(share.parts).map(([name, value]) => `${name} ${percent(value)}`);
  return `busy ${percent(share.busy)} (${parts.join(', ')})`;
}

/**
 * The throughput ratio (during ÷ idle) with each phase's answers per second taken per share of the
 * core the bench's own processes could have (all but `others`): what the site did with the core it
 * got, apart from what other work on the machine took of it in one phase more than in the other.
 * NaN when a phase had no share left.
 */
export function ratioPerAvailableCore(idlePerSecond: number, idle: CoreShare, busyPerSecond: number, busy: CoreShare): number {
  const available = (share: CoreShare): number => 1 - (share.parts.others ?? 0);
  if (available(idle) <= 0 || available(busy) <= 0) return Number.NaN;
  return busyPerSecond / available(busy) / (idlePerSecond / available(idle));
}

export interface CoreSnapshot {
  core: { busy: number; total: number };
  parts: Record<string, number>;
}

/** `total` plus what changed from `start` to `end`: the ticks of several windows added up, for coreShare() from a zero start. */
export function addWindow(total: CoreSnapshot, start: CoreSnapshot, end: CoreSnapshot): CoreSnapshot {
  const parts = { ...total.parts };
  for (const [name, ticks] of Object.entries(end.parts)) parts[name] = (parts[name] ?? 0) + Math.max(0, ticks - (start.parts[name] ?? 0));
  return {
    core: { busy: total.core.busy + end.core.busy - start.core.busy, total: total.core.total + end.core.total - start.core.total },
    parts,
  };
}

export const NO_TICKS: CoreSnapshot = { core: { busy: 0, total: 0 }, parts: {} };
