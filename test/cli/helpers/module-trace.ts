/**
 * Which modules a run of the installed svc loads: a `--import` preload registers a resolve hook
 * that names every ES module, and at exit names every CommonJS module in require's cache (php-parser
 * and the keyring addon are required, not imported). Each line on stderr starts with LOADED.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { scratchDir } from './scratch.js';

export interface TracedRun {
  readonly status: number | null;
  readonly stdout: string;
  /** stderr without the LOADED lines. */
  readonly stderr: string;
  /** Every module's URL (file:// for CommonJS), in load order, without duplicates. */
  readonly loaded: readonly string[];
}

export function moduleTracer(): (cliJs: string, args: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv }) => TracedRun {
  const dir = scratchDir('svc-module-trace-');
  const hooks = path.join(dir, 'hooks.mjs');
  const register = path.join(dir, 'register.mjs');
  writeFileSync(hooks, 'export async function resolve(s, c, next) { const r = await next(s, c); process.stderr.write(`LOADED ${r.url}\\n`); return r; }\n');
  writeFileSync(
    register,
    [
      "import { createRequire, register } from 'node:module';",
      `register(${JSON.stringify(pathToFileURL(hooks).href)});`,
      "const Module = createRequire(import.meta.url)('node:module');",
      "process.on('exit', () => { for (const file of Object.keys(Module._cache)) process.stderr.write(`LOADED file://${file}\\n`); });",
      '',
    ].join('\n'),
  );
  return (cliJs, args, options) => {
    const result = spawnSync(process.execPath, ['--import', register, cliJs, ...args], { encoding: 'utf8', cwd: options.cwd, env: options.env, timeout: 120_000 });
    const lines = result.stderr.split('\n');
    return {
      status: result.status,
      stdout: result.stdout,
      stderr: lines.filter((line) => !line.startsWith('LOADED ')).join('\n'),
      loaded: [...new Set(lines.filter((line) => line.startsWith('LOADED ')).map((line) => line.slice('LOADED '.length)))],
    };
  };
}

/** The npm packages among the loaded URLs (`@scope/name` or `name`, the innermost node_modules), sorted. */
export function packagesOf(loaded: readonly string[]): string[] {
  const names = loaded.flatMap((url) => {
    const match = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
    return match?.[1] === undefined ? [] : [match[1]];
  });
  return [...new Set(names)].sort();
}
