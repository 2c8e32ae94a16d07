/**
 * Waits for the machine to go quiet before a figure measured in wall time (`svc --help`, a push):
 * a site the bench just loaded may still be finishing work (a staged push's clean-up, opcache
 * compiling), and the CLI would be timed against it. Returns how long it waited, printed beside
 * the figure, so a wait is seen rather than hidden.
 */
import { readFileSync } from 'node:fs';

import { coreTicks } from './core-time.js';

/** Busy below this share of all cores, over one window, counts as quiet. */
const QUIET_SHARE = 0.15;
const WINDOW_MS = 500;

export async function waitForQuiet(maxMs = 20_000): Promise<{ waitedMs: number; busy: number }> {
  const started = performance.now();
  for (;;) {
    const before = coreTicks(readFileSync('/proc/stat', 'utf8'), 'all');
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    const after = coreTicks(readFileSync('/proc/stat', 'utf8'), 'all');
    const total = after.total - before.total;
    const busy = total > 0 ? (after.busy - before.busy) / total : 0;
    const waitedMs = performance.now() - started;
    if (busy < QUIET_SHARE || waitedMs >= maxMs) return { waitedMs, busy };
  }
}
