/**
 * `svc dev --json` as a child process: its JSON lines as they come, waiting for one, and its exit.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

export type DevLine = { type: string; [key: string]: unknown };

export interface DevProcess {
  readonly child: ChildProcessWithoutNullStreams;
  readonly lines: DevLine[];
  stderr(): string;
  /** The first line from index `from` on that matches, within timeoutMs. */
  waitFor(predicate: (line: DevLine) => boolean, from?: number, timeoutMs?: number): Promise<DevLine>;
  /** Exit code, or 'SIGNAL' when killed by one. */
  readonly exited: Promise<number | string>;
}

export function startDev(bin: string, args: readonly string[], options: { cwd: string; env: Record<string, string> }): DevProcess {
  const child = spawn(bin, ['dev', '--json', ...args], { cwd: options.cwd, env: options.env });
  const lines: DevLine[] = [];
  let buffered = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const complete = buffered.split('\n');
    buffered = complete.pop() ?? '';
    lines.push(...complete.filter((line) => line !== '').map((line) => JSON.parse(line) as DevLine));
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  const waitFor = async (predicate: (line: DevLine) => boolean, from = 0, timeoutMs = 15_000): Promise<DevLine> => {
    const started = Date.now();
    for (;;) {
      const found = lines.slice(from).find(predicate);
      if (found !== undefined) return found;
      if (child.exitCode !== null || Date.now() - started > timeoutMs) {
        throw new Error(`no matching line (exit ${String(child.exitCode)}); lines: ${JSON.stringify(lines)} stderr: ${stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return { child, lines, stderr: () => stderr, waitFor, exited };
}
