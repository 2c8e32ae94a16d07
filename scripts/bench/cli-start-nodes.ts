/**
 * `svc --help` and `svc api list` started on Node 24 (scripts/node-versions/) with Node's compile
 * cache turned off, against `node -e 0` of the same Node: beside the figures with it (every command
 * on Node 24 and Node 20, cli-start.ts), what the cache (source/core/compile-cache.ts) buys.
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
  const runs: { major: string; title: string; env?: NodeJS.ProcessEnv }[] = [{ major: '24', title: 'Node 24, compile cache off', env: { NODE_DISABLE_COMPILE_CACHE: '1' } }];
  return runs.map(({ major, title, env }) => {
    const run = nodeRun(major);
    if (run instanceof Error) return { title, missing: run.message, figures: [] };
    return { title, missing: undefined, figures: measureCliStart(binary, { node: run.node, commands: COMMANDS, env, label: title }) };
  });
}
