/**
 * `svc --help` and `svc api list` started on the oldest and a current Node the CLI supports (20 and
 * 24, from scripts/node-versions/), each against `node -e 0` of the same Node. On Node 24 also with
 * Node's compile cache turned off, to show what the cache (source/core/compile-cache.ts) buys:
 * Node 20 has none.
 */
import { nodeRun } from '../node-runs.js';
import { measureCliStart, type StartFigure } from './cli-start.js';

const COMMANDS = [['--help'], ['api', 'list']] as const;

export interface NodeStartFigures {
  readonly title: string;
  /** Why there are no figures (that Node could not be installed), else undefined. */
  readonly missing: string | undefined;
  readonly figures: readonly StartFigure[];
}

export function measureCliStartOnNodes(binary: string): NodeStartFigures[] {
  const runs: { major: string; title: string; env?: NodeJS.ProcessEnv }[] = [
    { major: '20', title: 'Node 20' },
    { major: '24', title: 'Node 24' },
    { major: '24', title: 'Node 24, compile cache off', env: { NODE_DISABLE_COMPILE_CACHE: '1' } },
  ];
  return runs.map(({ major, title, env }) => {
    const run = nodeRun(major);
    if (run instanceof Error) return { title, missing: run.message, figures: [] };
    return { title, missing: undefined, figures: measureCliStart(binary, { node: run.node, commands: COMMANDS, env, label: title }) };
  });
}
