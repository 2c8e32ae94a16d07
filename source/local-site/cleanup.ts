/**
 * Leaves nothing running when a test fails, a script is interrupted or the test runner is killed.
 *
 * Three layers, because each covers a case the others miss:
 * - stop() on every live resource at SIGINT / SIGTERM / SIGHUP (async, graceful);
 * - killNow() at process 'exit' (synchronous: Node runs no async work there), which also covers
 *   uncaught exceptions and an explicit process.exit();
 * - a detached shell watchdog per resource that cleans up if this process dies without running any
 *   handler (SIGKILL, e.g. a test runner killing its workers).
 */
import { spawn } from 'node:child_process';

export interface Stoppable {
  /** Graceful, asynchronous stop. Must be idempotent. */
  stop(): Promise<void>;
  /** Best-effort synchronous kill for the 'exit' event. Must be idempotent. */
  killNow(): void;
}

const live = new Set<Stoppable>();
/** The live resources that asked for the signal handlers (a CLI that stops them itself does not). */
const onSignals = new Set<Stoppable>();

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

function onExit(): void {
  for (const resource of live) {
    try {
      resource.killNow();
    } catch {
      // Keep going: the other resources still need killing.
    }
  }
  live.clear();
}

async function onSignal(signal: NodeJS.Signals): Promise<void> {
  await Promise.allSettled([...onSignals].map((resource) => resource.stop()));
  for (const resource of onSignals) live.delete(resource);
  onSignals.clear();
  // Re-raise with our handlers removed, so the process ends the way the signal intended
  // (or whoever else listens for it decides).
  removeHandlers();
  process.kill(process.pid, signal);
}

function signalListener(signal: NodeJS.Signals): void {
  void onSignal(signal);
}

// Handlers are present only while something is live: a test runner that loads this module afresh
// for every test file would otherwise pile up listeners (and MaxListenersExceeded warnings).
function installSignalHandlers(): void {
  for (const signal of SIGNALS) process.on(signal, signalListener);
}

function removeHandlers(): void {
  for (const signal of SIGNALS) process.removeListener(signal, signalListener);
  if (live.size === 0) process.removeListener('exit', onExit);
}

/**
 * Registers a resource for cleanup at exit; returns the function that unregisters it. With
 * `signals: false` the caller handles SIGINT/SIGTERM/SIGHUP itself (svc dev stops its site and exits
 * 130): only the 'exit' kill and the watchdog stay as safety nets.
 */
export function trackForCleanup(resource: Stoppable, { signals = true }: { signals?: boolean } = {}): () => void {
  if (live.size === 0) process.on('exit', onExit);
  live.add(resource);
  if (signals) {
    if (onSignals.size === 0) installSignalHandlers();
    onSignals.add(resource);
  }
  return () => {
    live.delete(resource);
    if (onSignals.delete(resource) && onSignals.size === 0) {
      for (const signal of SIGNALS) process.removeListener(signal, signalListener);
    }
    if (live.size === 0) process.removeListener('exit', onExit);
  };
}

/**
 * Starts a detached `sh` that polls this process once a second and, once it is gone, runs
 * `cleanupScript` (positional parameters $1… are `args`). Returns the watchdog's pid, which is also
 * its process group, so the caller can end it (and its `sleep`) with a group kill.
 */
export function startWatchdog(cleanupScript: string, args: readonly string[]): number {
  const script = `parent=$1; shift; while kill -0 "$parent" 2>/dev/null; do sleep 1; done; ${cleanupScript}`;
  const child = spawn('sh', ['-c', script, 'svc-wp-watchdog', String(process.pid), ...args], {
    detached: true,
    stdio: 'ignore',
  });
  child.unref();
  if (child.pid === undefined) throw new Error('Could not start the cleanup watchdog');
  return child.pid;
}
