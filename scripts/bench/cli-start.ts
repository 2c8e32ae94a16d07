/**
 * cli-start: what each command costs before it does anything, as a ratio to a bare `node -e 0` on
 * the same machine at the same moment. Each command runs where it ends at once (no site saved, an
 * empty project of its own for every run: "no site selected", "no api/ folder"…), so its wall time
 * is Node's start plus what svc loads before its first byte (the entry point, the command's bundle:
 * scripts/build.mjs). Runs are paired (node, svc, node, svc…) so that a busy machine slows both
 * sides alike, and the ratio is the median of the pairs' ratios: the medians of each side taken
 * apart let the machine's load in one half of the rounds move the ratio by 0.3 or more (runs
 * on a shared machine gave svc --help, unchanged, anything from 1.08 to 1.49).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { COMMANDS, type CommandName } from '../../source/commands/registry.js';
import { nodeRun } from '../node-runs.js';
import { median } from './measure.js';

/**
 * What each command of the registry is given to end at once without a site, or why it cannot be
 * measured that way. A Record of every CommandName, so a command added to the registry does not
 * compile here until its start is measured (or the reason it is not is written).
 */
const START_ARGUMENTS: Readonly<Record<CommandName, readonly string[] | { readonly notMeasured: string }>> = {
  'api push': [],
  'api pull': ['--yes'],
  'api list': [],
  'api diff': [],
  'api rm': ['x', '--yes'],
  'api cache purge': [],
  'api releases': [],
  'api rollback': ['--yes'],
  'api promote': ['1', '--yes'],
  'api new': ['bench/[id]', '--json'],
  'api logs': [],
  // Without a saved site svc dev would start a throwaway WordPress (seconds of MariaDB, not start-up).
  dev: ['--site', 'none'],
  doctor: ['--json'],
  'api openapi': [],
  'api client': [],
  login: [],
  logout: [],
  link: [],
  // The project itself is there already: refused before anything is zipped.
  'plugin zip': ['--out', '.'],
  'secrets set': ['BENCH_KEY'],
  'secrets list': [],
  'secrets rm': ['BENCH_KEY', '--yes'],
};

/** The main help, then every command of the registry that ends at once, with its arguments. */
export const START_COMMANDS: readonly (readonly string[])[] = [
  ['--help'],
  ...COMMANDS.flatMap((command) => {
    const given = START_ARGUMENTS[command.name];
    return 'notMeasured' in given ? [] : [[...command.name.split(' '), ...given]];
  }),
];

/** The commands whose start is not measured, each with why (the bench prints them). */
export const NOT_MEASURED: readonly string[] = COMMANDS.flatMap((command) => {
  const given = START_ARGUMENTS[command.name];
  return 'notMeasured' in given ? [`svc ${command.name}: not measured, ${given.notMeasured}`] : [];
});

export interface StartFigure {
  readonly command: string;
  readonly svcMs: number;
  readonly nodeMs: number;
  /** The median of svc ÷ node over the paired runs (each svc run against the node run just before it). */
  readonly ratio: number;
}

function wall(file: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): number {
  const started = process.hrtime.bigint();
  // A command that does not end at once is a broken measurement, not a wait.
  const result = spawnSync(file, args, { cwd, env, stdio: 'ignore', timeout: 30_000, killSignal: 'SIGINT' });
  if (result.error) throw result.error;
  if (result.signal !== null) throw new Error(`svc ${args.join(' ')} did not end within 30 s`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

export interface StartOptions {
  /** The node to run svc and `node -e 0` on; default: the binary as installed (its #! line) against this node. */
  readonly node?: string;
  /** Default: START_COMMANDS. */
  readonly commands?: readonly (readonly string[])[];
  /** Added to both sides' environment (e.g. NODE_DISABLE_COMPILE_CACHE=1). */
  readonly env?: NodeJS.ProcessEnv;
  /** Named after the command in each figure, e.g. "Node 24". */
  readonly label?: string;
  readonly rounds?: number;
}

export function measureCliStart(binary: string, options: StartOptions = {}): StartFigure[] {
  const { node, commands = START_COMMANDS, rounds = 11, label } = options;
  const home = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-start-'));
  // No saved site and no SVC_* variables: every command that needs a site stops at "no site".
  const env: NodeJS.ProcessEnv = { PATH: process.env['PATH'], HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), NO_COLOR: '1', ...options.env };
  const svcRun = (args: readonly string[]): [string, readonly string[]] => (node === undefined ? [binary, args] : [node, [binary, ...args]]);
  // A fresh empty project per run: what one run writes (svc api new's file) must not give the next
  // run work to do (svc doctor would parse that file: its work, not its start).
  const inProject = (file: string, args: readonly string[]): number => {
    const project = mkdtempSync(path.join(home, 'project-'));
    try {
      return wall(file, args, project, env);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  };
  try {
    return commands.map((args) => {
      const bare: number[] = [];
      const svc: number[] = [];
      // Warms the file cache (and Node's compile cache, which a user's second run finds filled).
      inProject(...svcRun(args));
      for (let round = 0; round < rounds; round++) {
        bare.push(inProject(node ?? process.execPath, ['-e', '0']));
        svc.push(inProject(...svcRun(args)));
      }
      const ratio = median(svc.map((ms, round) => ms / (bare[round] ?? ms)));
      return { command: `svc ${args.join(' ')}${label === undefined ? '' : ` (${label})`}`, svcMs: median(svc), nodeMs: median(bare), ratio };
    });
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/** One line per command, the worst first, against the 1.5 × target. */
export function formatCliStart(figures: readonly StartFigure[], label: number, verdict: (ok: boolean) => string): string[] {
  return [...figures]
    .sort((a, b) => b.ratio - a.ratio)
    .map(
      (figure) =>
        `${`cli-start ${figure.command}`.padEnd(label)}${figure.ratio.toFixed(2)} × node -e 0   (${figure.svcMs.toFixed(0)} ms vs ${figure.nodeMs.toFixed(0)} ms)   target ≤ 1.5: ${verdict(figure.ratio <= 1.5)}`,
    );
}

/** The Node the target is for (the current LTS), and the oldest the CLI supports, printed beside it. */
export const TARGET_NODE = '24';
export const OLDEST_NODE = '20';

/**
 * Every command's start on the current LTS against the 1.5 × target, the worst first, with the
 * oldest supported Node's ratio beside it (it has no compile cache: source/core/compile-cache.ts),
 * then the commands not measured and why. Both Nodes come from scripts/node-versions/; a Node that
 * cannot be had there is named instead of its figures.
 */
export function cliStartReport(binary: string, label: number, verdict: (ok: boolean) => string): string[] {
  const target = nodeRun(TARGET_NODE);
  const oldest = nodeRun(OLDEST_NODE);
  const lines: string[] = [];
  if (target instanceof Error) {
    lines.push(`cli-start: not measured on Node ${TARGET_NODE}, ${target.message}`);
  } else {
    const beside = oldest instanceof Error ? undefined : new Map(measureCliStart(binary, { node: oldest.node }).map((figure) => [figure.command, figure]));
    for (const figure of [...measureCliStart(binary, { node: target.node })].sort((a, b) => b.ratio - a.ratio)) {
      const old = beside?.get(figure.command);
      lines.push(
        `${`cli-start ${figure.command}`.padEnd(label)}${figure.ratio.toFixed(2)} × node -e 0 on Node ${TARGET_NODE} (${figure.svcMs.toFixed(0)} ms vs ${figure.nodeMs.toFixed(0)} ms)   target ≤ 1.5: ${verdict(figure.ratio <= 1.5)}` +
          (old === undefined ? '' : `   Node ${OLDEST_NODE}: ${old.ratio.toFixed(2)} × (${old.svcMs.toFixed(0)} vs ${old.nodeMs.toFixed(0)} ms)`),
      );
    }
    if (oldest instanceof Error) lines.push(`cli-start: not measured on Node ${OLDEST_NODE}, ${oldest.message}`);
  }
  return [...lines, ...NOT_MEASURED.map((line) => `cli-start ${line}`)];
}
