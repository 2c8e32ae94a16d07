/**
 * Runs the installed svc binary the way CI does: a child process with pipes (no terminal), a
 * private HOME and XDG_CONFIG_HOME, and no D-Bus session, so no keychain and nothing of the user's.
 * A run with --json fails unless its output matches the command's schema (json-contract.ts).
 */
import os from 'node:os';
import path from 'node:path';

import { runProcess } from '../../../source/local-site/process.js';
import { assertJsonContract } from './json-contract.js';
import { scratchDir } from './scratch.js';

export interface SvcResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr together, for messages that may go to either. */
  output: string;
}

export interface SvcRunner {
  (args: readonly string[], options?: { cwd?: string; env?: Record<string, string | undefined>; input?: string }): Promise<SvcResult>;
  /** The private home (HOME and XDG_CONFIG_HOME=home/.config). */
  readonly home: string;
}

/** Only what svc needs from the environment; the developer's own SVC_*, D-Bus and config stay out. */
export function baseEnv(binDir: string, home: string): Record<string, string> {
  return {
    PATH: `${binDir}${path.delimiter}${process.env['PATH'] ?? ''}`,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    LANG: 'C.UTF-8',
    TMPDIR: os.tmpdir(),
  };
}

export function svcRunner(bin: string, defaultCwd: string): SvcRunner {
  const home = scratchDir('svc-cli-home-');
  const run = async (
    args: readonly string[],
    options: { cwd?: string; env?: Record<string, string | undefined>; input?: string } = {},
  ): Promise<SvcResult> => {
    const env: Record<string, string> = { ...baseEnv(path.dirname(bin), home) };
    for (const [key, value] of Object.entries(options.env ?? {})) {
      if (value === undefined) delete env[key];
      else env[key] = value;
    }
    const result = await runProcess(bin, args, {
      cwd: options.cwd ?? defaultCwd,
      env,
      ...(options.input === undefined ? {} : { input: options.input }),
    });
    // Every --json run is also a test of the contract in docs/cli-json/.
    assertJsonContract(args, result.stdout);
    return { code: result.code, stdout: result.stdout, stderr: result.stderr, output: result.stdout + result.stderr };
  };
  return Object.assign(run, { home });
}
