/**
 * svc dev's figures, through the packed CLI with no linked site (so it starts its own throwaway
 * WordPress, nginx + php-fpm with opcache as in production):
 *
 * - save → the route answers the new code: a route file rewritten, then GET the route every 5 ms
 *   until its body is the new one; one file, on loopback;
 * - idle CPU: the svc dev process's CPU time (utime + stime from /proc/<pid>/stat) over a quiet
 *   stretch, when it only waits on the file watcher and polls the site's events (backing off to 8 s).
 *   The stretch starts once the poll has backed off (2 + 4 + 8 s after the last save's events), and
 *   is long: /proc counts 10 ms ticks, and the seconds after a burst of saves hold V8's idle-time
 *   heap reduction (one full GC, 30 to 80 ms; seen with --trace-gc), which is the saves' cost, not
 *   idling's. That wind-down is measured and printed on its own.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { startDev } from '../../test/cli/helpers/dev-process.js';

export interface DevFigures {
  /** Until svc dev printed the throwaway site's URL (start-up of the site included). */
  startMs: number;
  runtime: string;
  /** Save → the route answers the new code, each round. */
  saveMs: number[];
  /** The quiet seconds after the last save before idle is measured, and the CPU time spent in them. */
  windDownSeconds: number;
  windDownCpuMs: number;
  idleSeconds: number;
  /** CPU time the process used over idleSeconds. */
  idleCpuMs: number;
}

/** Until the event poll has backed off to its longest interval: 2 + 4 + 8 s after the last events, and a margin. */
const WIND_DOWN_SECONDS = 16;

/** Linux's USER_HZ: /proc's times are in these ticks, 100 a second on every mainstream architecture. */
const TICKS_PER_SECOND = 100;

function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of stat (utime, stime) are the 12th and 13th after "pid (comm) ".
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

function route(version: number): string {
  return [
    '<?php',
    'declare(strict_types=1);',
    '',
    '#[\\Svc\\Api\\Attribute\\Permission(public: true)]',
    'final class BenchDevRoute {',
    `\tpublic function get(): array { return array( 'version' => ${version} ); }`,
    '}',
    '',
  ].join('\n');
}

export async function measureDev(binary: string, scratch: string, options: { saves: number; idleSeconds: number }): Promise<DevFigures> {
  const project = path.join(scratch, 'dev-project');
  const apiDir = path.join(project, 'api');
  mkdirSync(apiDir, { recursive: true });
  const file = path.join(apiDir, 'bench-dev.php');
  writeFileSync(file, route(0));
  const home = path.join(scratch, 'dev-home');
  mkdirSync(home, { recursive: true });
  const env = { PATH: process.env.PATH ?? '', HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), LANG: 'C.UTF-8' };
  const started = Date.now();
  const dev = startDev(binary, [], { cwd: project, env });
  const { child, exited } = dev;
  const waitFor = (type: string, from: number, ms: number) => dev.waitFor((line) => line.type === type, from, ms);
  try {
    const local = await waitFor('local-site', 0, 120_000);
    const startMs = Date.now() - started;
    const url = `${String(local['url'])}/wp-json/svc-api/v1/bench-dev`;
    await waitFor('pushed', 0, 30_000);

    const saveMs: number[] = [];
    for (let version = 1; version <= options.saves; version++) {
      const saved = process.hrtime.bigint();
      writeFileSync(file, route(version));
      for (;;) {
        const body = await (await fetch(url)).text();
        if (body === JSON.stringify({ version })) break;
        if (Number(process.hrtime.bigint() - saved) / 1e6 > 10_000) throw new Error(`the route did not answer version ${version} within 10 s (last: ${body})\n${dev.stderr()}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      saveMs.push(Number(process.hrtime.bigint() - saved) / 1e6);
      // Saves a person makes are seconds apart; this also lets the push's event poll settle.
      await new Promise((resolve) => setTimeout(resolve, 300));
    }

    const pid = child.pid;
    if (pid === undefined) throw new Error('svc dev has no pid');
    const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const saved = cpuMs(pid);
    await sleep(WIND_DOWN_SECONDS);
    const before = cpuMs(pid);
    await sleep(options.idleSeconds);
    const idleCpuMs = cpuMs(pid) - before;
    return { startMs, runtime: String(local['runtime']), saveMs, windDownSeconds: WIND_DOWN_SECONDS, windDownCpuMs: before - saved, idleSeconds: options.idleSeconds, idleCpuMs };
  } finally {
    child.kill('SIGINT');
    const code = await exited;
    if (code !== 130) process.stderr.write(`svc dev exited ${String(code)} on SIGINT (expected 130)\n${dev.stderr()}\n`);
  }
}


