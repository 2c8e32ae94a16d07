/**
 * The installed svc in a real pseudo-terminal, as a person runs it: util-linux `script` gives the
 * child a pty of the requested size and passes our bytes through as keys (the terminal in raw
 * mode gets Ctrl-C as a key, in cooked mode as SIGINT, as in a real terminal). Output is what the
 * terminal would show, escape codes included; `screenText` strips them for assertions.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

import { baseEnv } from './run-svc.js';

export interface TerminalRun {
  /** Everything written to the terminal so far. */
  readonly output: () => string;
  write(keys: string): void;
  /** Resolves once the output (escape codes stripped) matches. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** The exit code; rejects with what the terminal shows if the command has not ended by EXIT_MS. */
  readonly exit: Promise<number | null>;
}

/** Longer than any interactive test takes on a busy machine: a command still running is stuck. */
const EXIT_MS = 90_000;

const running = new Set<ChildProcess>();

/** Ends every terminal still open (a test that failed half-way), so jest can exit. */
export function closeTerminals(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

const quote = (arg: string): string => `'${arg.replace(/'/g, `'\\''`)}'`;

/** Escape sequences (colours, cursor moves, erases) out, so assertions read the text. */
export function screenText(raw: string): string {
  // eslint-disable-next-line no-control-regex
  return raw.replace(/\u001B\[[0-9;?]*[ -/]*[@-~]/g, '').replace(/\u001B[()][A-Z0-9]/g, '').replace(/\r/g, '');
}

export function inTerminal(
  bin: string,
  args: readonly string[],
  options: { cwd: string; env: Record<string, string>; home: string; columns?: number; rows?: number },
): TerminalRun {
  const { columns = 80, rows = 24 } = options;
  const command = `stty cols ${columns} rows ${rows}; exec ${[bin, ...args].map(quote).join(' ')}`;
  const env = { ...baseEnv(path.dirname(bin), options.home), TERM: 'xterm-256color', ...options.env };
  const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd: options.cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  const waiters = new Set<() => void>();
  const collect = (chunk: Buffer): void => {
    output += chunk.toString('utf8');
    for (const wake of waiters) wake();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  running.add(child);
  const exit = new Promise<number | null>((resolve, reject) => {
    // A command waiting for a key that never came would otherwise hold the test until jest's own
    // timeout, which says nothing of the screen it was stuck on.
    const stuck = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The command had not ended after ${EXIT_MS} ms; the terminal shows:\n${screenText(output)}`));
    }, EXIT_MS);
    child.on('close', (code) => {
      clearTimeout(stuck);
      running.delete(child);
      resolve(code);
    });
  });
  // Handled here too: a test that never awaits the exit must not fail on an unhandled rejection.
  exit.catch(() => undefined);
  return {
    output: () => output,
    write: (keys) => {
      child.stdin.write(keys);
    },
    waitFor: (pattern, timeoutMs = 20_000) =>
      new Promise<void>((resolve, reject) => {
        const check = (): void => {
          if (pattern.test(screenText(output))) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`Timed out waiting for ${pattern} in the terminal:\n${screenText(output)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    exit,
  };
}
