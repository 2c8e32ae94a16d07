import { describe, expect, it } from '@jest/globals';
import { addWindow, coreShare, coreTicks, formatShare, NO_TICKS, part, processTicks, ratioPerAvailableCore } from '../../scripts/bench/core-time.js';

const STAT = 'cpu  200 0 100 700 10 0 0 0 0 0\ncpu0 120 5 60 300 10 3 2 0 0 0\ncpu1 80 0 40 400 0 0 0 0 0 0\nintr 1 2\n';

describe('core time', () => {
  it("reads one core's busy and total ticks, idle and iowait not busy", () => {
    expect(coreTicks(STAT, 0)).toEqual({ busy: 190, total: 500 });
    expect(coreTicks(STAT, 1)).toEqual({ busy: 120, total: 520 });
    expect(() => coreTicks(STAT, 2)).toThrow('/proc/stat has no line for core 2');
  });

  it('reads every core at once from the first line', () => {
    // user 200 + system 100 busy; idle 700 and iowait 10 not.
    expect(coreTicks(STAT, 'all')).toEqual({ busy: 300, total: 1010 });
  });

  it("reads a process's name and ticks, its reaped children's only when asked, a name with spaces and parentheses whole", () => {
    const stat = '42 (php-fpm: pool (www)) S 1 42 42 0 -1 4194560 100 0 0 0 30 12 7 3 20 0 1 0 100 0 0';
    expect(processTicks(stat, false)).toEqual({ command: 'php-fpm: pool (www)', ticks: 42 });
    expect(processTicks(stat, true)).toEqual({ command: 'php-fpm: pool (www)', ticks: 52 });
  });

  it('names the parts of the site by command, anything else other', () => {
    expect(['php-fpm: master process (/x.conf)', 'mariadbd', 'mysqld', 'nginx', 'node'].map(part)).toEqual(['php-fpm', 'MariaDB', 'MariaDB', 'nginx', 'other']);
  });

  it("shares a phase's core time among the parts, the unexplained busy time as others", () => {
    const share = coreShare({ core: { busy: 100, total: 1000 }, parts: { 'php-fpm': 50, MariaDB: 10 } }, { core: { busy: 190, total: 1100 }, parts: { 'php-fpm': 100, MariaDB: 20, readers: 10 } });
    expect(share.busy).toBeCloseTo(0.9);
    expect(share.parts['php-fpm']).toBeCloseTo(0.5);
    expect(share.parts.MariaDB).toBeCloseTo(0.1);
    expect(share.parts.readers).toBeCloseTo(0.1);
    expect(share.parts.others).toBeCloseTo(0.2);
    expect(formatShare(share)).toBe('busy 90% (php-fpm 50%, MariaDB 10%, readers 10%, others 20%)');
  });

  it('never counts others below zero, and has no share over no time', () => {
    expect(coreShare({ core: { busy: 0, total: 0 }, parts: {} }, { core: { busy: 10, total: 100 }, parts: { 'php-fpm': 20 } }).parts.others).toBe(0);
    expect(Number.isNaN(coreShare({ core: { busy: 0, total: 100 }, parts: {} }, { core: { busy: 0, total: 100 }, parts: {} }).busy)).toBe(true);
  });

  it("takes each phase's throughput per share of the core left to the bench's processes", () => {
    const share = (others: number): { busy: number; parts: Record<string, number> } => ({ busy: 1, parts: { 'php-fpm': 1 - others, others } });
    // 60/s with 10% taken by others, 45/s with 25% taken: 66.7 and 60 per whole core.
    expect(ratioPerAvailableCore(60, share(0.1), 45, share(0.25))).toBeCloseTo(0.9);
    expect(ratioPerAvailableCore(60, share(0), 54, share(0))).toBeCloseTo(0.9);
    expect(Number.isNaN(ratioPerAvailableCore(60, share(0), 54, share(1)))).toBe(true);
  });

  it('adds up the ticks of several windows, a process gone meanwhile counting nothing below zero', () => {
    const first = addWindow(NO_TICKS, { core: { busy: 10, total: 100 }, parts: { 'php-fpm': 5 } }, { core: { busy: 60, total: 200 }, parts: { 'php-fpm': 45, readers: 5 } });
    const both = addWindow(first, { core: { busy: 500, total: 1000 }, parts: { 'php-fpm': 300 } }, { core: { busy: 550, total: 1100 }, parts: { 'php-fpm': 290, readers: 10 } });
    expect(both).toEqual({ core: { busy: 100, total: 200 }, parts: { 'php-fpm': 40, readers: 15 } });
    expect(coreShare(NO_TICKS, both).parts).toEqual({ 'php-fpm': 0.2, readers: 0.075, others: 0.5 - 0.275 });
  });
});
