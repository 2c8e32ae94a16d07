/**
 * What the installed svc loads before its first byte, for every command run where it ends at once
 * (no site saved, an empty project: the runs of `npm run bench -- cli`): svc's own modules for that
 * command, meow and no other package (Ink, React, got, conf, php-parser, the keyring addon and
 * fflate load only when a command gets to its work), and no other command's module. Needs no
 * WordPress.
 *
 * meow is allowed: the design card has it parse argv. A plain command line (words, declared long
 * flags) is read without it (source/commands/read-argv-plain.ts, held to meow's reading by
 * argv-parity.test.ts), so meow loads only for any other line and to render a help; the bench's
 * runs are plain lines. Its cost is in `npm run bench -- cli`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { START_COMMANDS } from '../../scripts/bench/cli-start.js';
import { moduleTracer, packagesOf, type TracedRun } from './helpers/module-trace.js';
import { packedCli, REPO_ROOT, type PackedCli } from './helpers/packed-cli.js';
import { readPlainArgv } from '../../source/commands/read-argv-plain.js';
import { COMMANDS, declarationTyped, FLAGS } from '../../source/commands/registry.js';

jest.setTimeout(120_000);

/** Loaded only by a command that needs them, once it does its work. */
const HEAVY = ['ink', 'react', 'react-reconciler', 'yoga-layout', 'got', 'conf', 'ajv', 'php-parser', '@napi-rs/keyring', 'fflate'];

/**
 * dist/commands/<folder>.cjs of each command (the entry point loads only the one that runs): the
 * folder of source/commands/ whose command.ts declares it (scripts/build.mjs bundles each folder).
 */
async function commandFolders(): Promise<Record<string, string>> {
  const commands = path.join(REPO_ROOT, 'source', 'commands');
  const folders: Record<string, string> = {};
  for (const entry of readdirSync(commands, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'shared') continue;
    for (const value of Object.values((await import(`../../source/commands/${entry.name}/command.js`)) as Record<string, unknown>)) {
      // A declaration (source/commands/declaration.ts), not a helper the module also exports.
      if (typeof value === 'object' && value !== null && 'runner' in value && 'name' in value && typeof value.name === 'string') folders[value.name] = entry.name;
    }
  }
  return folders;
}

let COMMAND_MODULE: Record<string, string | undefined>;
let cli: PackedCli;
let home: string;
let trace: ReturnType<typeof moduleTracer>;

beforeAll(async () => {
  COMMAND_MODULE = await commandFolders();
  expect(Object.keys(COMMAND_MODULE).sort()).toEqual(COMMANDS.map((command) => command.name as string).sort());
  cli = await packedCli();
  home = mkdtempSync(path.join(os.tmpdir(), 'svc-start-up-'));
  trace = moduleTracer();
}, 300_000);

afterAll(() => {
  rmSync(home, { recursive: true, force: true });
});

function run(args: readonly string[], env: NodeJS.ProcessEnv = {}): TracedRun {
  const project = mkdtempSync(path.join(home, 'project-'));
  return trace(path.join(cli.packageDir, 'dist', 'cli.cjs'), args, {
    cwd: project,
    env: { PATH: process.env['PATH'] ?? '', HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), NO_COLOR: '1', ...env },
  });
}

/** Whether a run loaded the argv parser: the plain reader and the declarations, dist/chunks/parse-argv-entry-<hash>.cjs. */
function parserLoaded(run: TracedRun): boolean {
  return run.loaded.some((url) => /\/dist\/chunks\/parse-argv-entry-[^/]+\.cjs$/.test(url));
}

/** Whether a run loaded meow: dist/chunks/read-argv-<hash>.cjs, meow bundled in. */
function meowLoaded(run: TracedRun): boolean {
  return run.loaded.some((url) => /\/dist\/chunks\/read-argv-[^/]+\.cjs$/.test(url));
}

/** The command lines that need no parser (cli.tsx): the version and the main help. */
const UNPARSED = ['--version', '--help', '-h', ''];

/** The packages a run loaded, svc itself (installed in node_modules/svc) left out, those bundled into dist/vendor/<name>.cjs in. */
function packagesLoaded(run: TracedRun): string[] {
  const vendored = run.loaded.flatMap((url) => /\/dist\/vendor\/(.+)\.cjs$/.exec(url)?.[1] ?? []);
  return [...packagesOf(run.loaded).filter((name) => name !== 'svc'), ...vendored].sort();
}

/** The commands (dist/commands/<command>.cjs) whose files a run loaded. */
function commandModules(loaded: readonly string[]): string[] {
  return [...new Set(loaded.flatMap((url) => /\/dist\/commands\/([^/]+)\.c?js$/.exec(url)?.[1] ?? []))];
}

describe('before the first byte', () => {
  it.each(START_COMMANDS.map((args) => [args.join(' '), args] as const))('svc %s loads its own module, the parser if it parses, and no package', (_name, args) => {
    const result = run(args);
    expect(result.stdout + result.stderr).not.toBe('');
    expect(packagesLoaded(result).filter((name) => HEAVY.includes(name))).toEqual([]);
    expect(packagesLoaded(result)).toEqual([]);
    expect(parserLoaded(result)).toBe(!UNPARSED.includes(args.join(' ')));
    // Every command the bench runs is a plain line: read without meow.
    expect(meowLoaded(result)).toBe(false);
    const own = args[0] === '--help' ? undefined : COMMAND_MODULE[declarationTyped(args)?.declaration.name ?? ''];
    expect(args[0] === '--help' || own !== undefined).toBe(true);
    expect(commandModules(result.loaded)).toEqual(own === undefined ? [] : [own]);
  });

  it('a plain-text error on a terminal-less stderr names the fix without Ink', () => {
    const result = run(['api', 'list']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('✖ Error: No site selected.');
    expect(result.stderr).toContain('→ Run "svc login"');
    expect(packagesLoaded(result)).toEqual([]);
  });

  it('--version and the main help need no parser; a --json error loads nothing heavy either', () => {
    const version = run(['--version']);
    expect(version.status).toBe(0);
    expect(packagesLoaded(version)).toEqual([]);
    expect(parserLoaded(version)).toBe(false);
    expect(meowLoaded(version)).toBe(false);
    for (const args of [[], ['-h']]) {
      const help = run(args);
      expect(help.status).toBe(0);
      expect(help.stdout).toBe(run(['--help']).stdout);
      expect(parserLoaded(help)).toBe(false);
      expect(meowLoaded(help)).toBe(false);
    }
    // The built help is the text meow renders at run time when it parses its way to the main help.
    const parsed = run(['--help', '--json']);
    expect(parserLoaded(parsed)).toBe(true);
    expect(meowLoaded(parsed)).toBe(true);
    expect(parsed.stdout).toBe(run(['--help']).stdout);
    const failed = run(['api', 'list', '--json']);
    expect(failed.status).toBe(2);
    expect(JSON.parse(failed.stdout)).toMatchObject({ code: 'no_credentials', exitCode: 2 });
    expect(packagesLoaded(failed)).toEqual([]);
    expect(parserLoaded(failed)).toBe(true);
    expect(meowLoaded(failed)).toBe(false);
  });

  it('meow reads a line the plain reader leaves, and renders every help', () => {
    const left = [['api', 'list', '-y'], ['api', 'push', '--site=', '--json'], ['api', 'push', '--', 'x']];
    expect(left.filter((args) => readPlainArgv(args, FLAGS) !== undefined)).toEqual([]);
    for (const args of [...left, ['api', '--help'], ['doctor', '--help']]) {
      const result = run(args);
      expect({ args, meow: meowLoaded(result), parser: parserLoaded(result) }).toEqual({ args, meow: true, parser: true });
    }
  });

  it('a usage error with --json is JSON, unknown flags with a suggestion, after meow parsed argv', () => {
    const result = run(['api', 'list', '--json', '--josn']);
    expect(result.status).toBe(2);
    expect(JSON.parse(result.stdout)).toMatchObject({ code: 'usage', exitCode: 2, error: 'Unknown flag --josn. Did you mean --json?' });
    expect(parserLoaded(result)).toBe(true);
    expect(meowLoaded(result)).toBe(true);
  });

  it('a compile cache that cannot be written (where Node has one) changes nothing a run prints', () => {
    const blocked = { NODE_COMPILE_CACHE: path.join(home, 'not-a-dir') };
    writeFileSync(blocked.NODE_COMPILE_CACHE, 'a file where the cache folder would be');
    for (const args of [['--help'], ['api', 'list', '--json']]) {
      const plain = run(args);
      const result = run(args, blocked);
      expect(result.status).toBe(plain.status);
      expect(result.stdout).toBe(plain.stdout);
      // The trace hook's own warnings (module.register() is deprecated on Node 26) carry each run's pid.
      const unpid = (text: string): string => text.replace(/\(node:\d+\)/g, '(node)');
      expect(unpid(result.stderr)).toBe(unpid(plain.stderr));
    }
  });

  it('a command that reaches its work loads what it needs (the trace sees CommonJS too)', () => {
    const zip = run(['plugin', 'zip']);
    expect(zip.status).toBe(0);
    expect(packagesLoaded(zip)).toEqual(['fflate']);
  });
});

describe('output that is not a terminal', () => {
  /**
   * The internal modules Node loaded in a run (process.moduleLoadList), written at exit straight to
   * a file (a write to stderr would create the stream this looks for); stdout and stderr are pipes.
   */
  function internalModules(command: readonly string[], cwd = home, extraEnv: Record<string, string> = {}): { status: number | null; stdout: string; modules: string[] } {
    const preload = path.join(home, 'module-list.cjs');
    writeFileSync(preload, "process.on('exit', () => require('node:fs').writeFileSync(process.env.MODULE_LIST_FILE, process.moduleLoadList.join('\\n')));\n");
    const list = path.join(mkdtempSync(path.join(home, 'modules-')), 'list.txt');
    const result = spawnSync(process.execPath, ['--require', preload, ...command], {
      cwd,
      env: { PATH: process.env['PATH'] ?? '', HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), NO_COLOR: '1', MODULE_LIST_FILE: list, ...extraEnv },
      encoding: 'utf8',
      timeout: 60_000,
    });
    return { status: result.status, stdout: result.stdout, modules: readFileSync(list, 'utf8').split('\n') };
  }

  /** What creating process.stdout or process.stderr on a pipe loads: about 4 ms (shared/direct-output.ts). */
  const STREAM_MODULES = ['NativeModule stream', 'NativeModule net'];

  it('loads Node\'s stream classes once process.stdout is touched (what the next test looks for)', () => {
    const touched = internalModules(['-e', 'process.stdout']);
    expect(touched.status).toBe(0);
    expect(STREAM_MODULES.filter((name) => touched.modules.includes(name))).toEqual(STREAM_MODULES);
  });

  /** What only talking to a site needs: got's transport (zlib, stream pipelines) and the commit ids (crypto). */
  const SITE_MODULES = ['NativeModule zlib', 'NativeModule stream/promises', 'NativeModule crypto'];

  // The site client (source/core/lazy-site-client.ts) and the transport's Node modules load with the
  // first request: the runs of the bench end before one (no site saved).
  it.each(START_COMMANDS.map((args) => [args.join(' '), args] as const))('svc %s loads neither the site client nor zlib, streams or crypto', (_name, args) => {
    const result = internalModules([path.join(cli.packageDir, 'dist', 'cli.cjs'), ...args], mkdtempSync(path.join(home, 'project-')));
    expect(result.modules.length).toBeGreaterThan(0);
    expect(SITE_MODULES.filter((name) => result.modules.includes(name))).toEqual([]);
    expect(run(args).loaded.filter((url) => /\/site-client-[^/]+\.cjs$/.test(url))).toEqual([]);
  });

  it('loads them once a command asks its site', () => {
    // Nothing listens on port 9 of this machine: the request is made, and fails.
    const env = { SVC_URL: 'http://127.0.0.1:9', SVC_USER: 'admin', SVC_APP_PASSWORD: 'abcd efgh ijkl mnop' };
    const traced = run(['api', 'list', '--json'], env);
    expect(JSON.parse(traced.stdout)).toMatchObject({ code: 'unreachable' });
    expect(traced.loaded.filter((url) => /\/site-client-[^/]+\.cjs$/.test(url))).toHaveLength(1);
    // got as one CommonJS file bundled with svc (scripts/build.mjs), not its seventy ES modules.
    expect(traced.loaded.filter((url) => /\/dist\/vendor\/got\.cjs$/.test(url))).toHaveLength(1);
    expect(traced.loaded.filter((url) => /\/node_modules\/(got|@sindresorhus\/is|http2-wrapper)\//.test(url))).toEqual([]);
  });

  it("loads none of got's parts for options svc never sets (HTTP/2, its response cache), which a request does not need", () => {
    const env = { SVC_URL: 'http://127.0.0.1:9', SVC_USER: 'admin', SVC_APP_PASSWORD: 'abcd efgh ijkl mnop' };
    const result = internalModules([path.join(cli.packageDir, 'dist', 'cli.cjs'), 'api', 'list', '--json'], home, env);
    expect(JSON.parse(result.stdout)).toMatchObject({ code: 'unreachable' });
    // The request's own modules are there (the transport ran), HTTP/2's are not.
    expect(result.modules).toEqual(expect.arrayContaining(['NativeModule http', 'NativeModule zlib']));
    expect(result.modules.filter((name) => /^NativeModule (http2|internal\/http2\/)/.test(name))).toEqual([]);
  });

  // The help and the version are written straight to the pipe (shared/direct-output.ts), and Node's
  // streams are created only on first use (cli.tsx: quietOnClosedPipes). Every other command line
  // creates them anyway: meow's bundled supports-color reads both as it loads.
  it.each(UNPARSED.map((line) => [line, line === '' ? [] : [line]] as const))('svc %j creates neither process.stdout nor process.stderr', (_line, args) => {
    const result = internalModules([path.join(cli.packageDir, 'dist', 'cli.cjs'), ...args]);
    expect(result.status).toBe(0);
    expect(result.stdout).not.toBe('');
    expect(STREAM_MODULES.filter((name) => result.modules.includes(name))).toEqual([]);
  });
});
