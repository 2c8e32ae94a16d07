/**
 * What a person sees: the installed svc run in a tmux pane of a given size, and the pane's screen
 * as text (`capture-pane`), after live output has been redrawn and erased as it would be. Each run
 * has a tmux server of its own (its own socket), stopped afterwards.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

import { baseEnv } from './run-svc.js';

const run = promisify(execFile);

export interface Screen {
  /** The pane's text, trailing blank lines dropped. */
  readonly text: string;
  /** The pane's lines without trailing spaces. */
  readonly lines: readonly string[];
}

export interface TmuxOptions {
  readonly cwd: string;
  readonly env: Record<string, string>;
  readonly home: string;
  readonly columns: number;
  readonly rows?: number;
  /** The screen to wait for before capturing. */
  readonly until: RegExp;
  /** Keys sent (tmux send-keys names, e.g. "q", "Enter") once captured, to end svc. */
  readonly then?: readonly string[];
  /** Once `until` shows, resize the window to this many columns and capture when `afterResize` shows. */
  readonly resizeTo?: number;
  readonly afterResize?: RegExp;
}

const quote = (arg: string): string => `'${arg.replace(/'/g, `'\\''`)}'`;

export async function screenOf(bin: string, args: readonly string[], options: TmuxOptions): Promise<Screen> {
  const socket = `svc-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const tmux = (...tmuxArgs: string[]) => run('tmux', ['-L', socket, '-f', '/dev/null', ...tmuxArgs], { env: serverEnv });
  const serverEnv = { ...baseEnv(path.dirname(bin), options.home), TERM: 'xterm-256color', ...options.env };
  // The shell stays after svc ends, so its last screen (and exit code) can be read.
  const command = `cd ${quote(options.cwd)} && ${[bin, ...args].map(quote).join(' ')}; printf '[exit %s]' $?; sleep 60`;
  await tmux('new-session', '-d', '-s', 'svc', '-x', String(options.columns), '-y', String(options.rows ?? 24), command);
  const waitFor = async (pattern: RegExp): Promise<string> => {
    const started = Date.now();
    for (;;) {
      const { stdout } = await tmux('capture-pane', '-p', '-t', 'svc');
      if (pattern.test(stdout)) return stdout;
      if (Date.now() - started > 20_000) throw new Error(`Timed out waiting for ${pattern} on the tmux screen:\n${stdout}`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  };
  try {
    let stdout = await waitFor(options.until);
    if (options.resizeTo !== undefined) {
      await tmux('resize-window', '-t', 'svc', '-x', String(options.resizeTo));
      stdout = await waitFor(options.afterResize ?? options.until);
    }
    for (const key of options.then ?? []) await tmux('send-keys', '-t', 'svc', key);
    const lines = stdout.split('\n').map((line) => line.trimEnd());
    while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
    return { text: lines.join('\n'), lines };
  } finally {
    await tmux('kill-server').catch(() => undefined);
  }
}
