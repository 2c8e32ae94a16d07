/**
 * The installed svc reads a command line exactly as meow itself does: the build gives meow the
 * packages it bundles for itself, without the package.json reader and normalizer svc never needs
 * (scripts/lib/meow-dependencies.mjs), so the packed CLI's parser chunk is compared with
 * source/commands/read-argv.ts on the real meow, line by line: words, flags, errors and every help.
 * Needs no WordPress.
 */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { beforeAll, describe, expect, it, jest } from '@jest/globals';

import { readArgv, renderHelp } from '../../source/commands/read-argv.js';
import type { FlagSpecs } from '../../source/commands/declaration.js';
import { COMMANDS, FLAGS, TOPICS } from '../../source/commands/registry.js';
import { packedCli } from './helpers/packed-cli.js';

jest.setTimeout(300_000);

type ReadArgv = typeof readArgv;
type RenderHelp = typeof renderHelp;

const context = { description: 'Deploys things', version: '9.8.7' };

let built: { readArgv: ReadArgv; renderHelp: RenderHelp };

beforeAll(async () => {
  const cli = await packedCli();
  const chunks = path.join(cli.packageDir, 'dist', 'chunks');
  const file = readdirSync(chunks).find((name) => name.startsWith('read-argv-') && name.endsWith('.cjs'));
  if (file === undefined) throw new Error(`no read-argv chunk in ${chunks}`);
  built = createRequire(import.meta.url)(path.join(chunks, file)) as typeof built;
});

/** What a read gives, or the error it throws, in one comparable shape. */
function outcome(read: ReadArgv, args: readonly string[]): unknown {
  try {
    const argv = read(args, context);
    return { input: argv.input, flags: argv.flags, help: argv.help('main') };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** Every declared flag given every way it can be, with each command's words, and the odd shapes. */
function commandLines(): string[][] {
  const lines: string[][] = [[], ['--help'], ['-h'], ['--version'], ['--', '--json'], ['-v', '--dry-runn', '-x'], ['--json', '--json']];
  for (const command of COMMANDS) {
    const words = command.name.split(' ');
    lines.push(words, [...words, 'extra', '011']);
    for (const [name, spec] of Object.entries(command.flags as FlagSpecs)) {
      const flag = `--${name}`;
      if (spec.type === 'boolean') lines.push([...words, flag], [...words, `--no-${name}`], [...words, `${flag}=false`]);
      else lines.push([...words, flag, 'value'], [...words, `${flag}=a=b`], [...words, flag, '-'], [...words, flag], [...words, flag, '--json']);
      if (spec.shortFlag !== undefined) lines.push([...words, `-${spec.shortFlag}`]);
    }
  }
  return lines;
}

describe('the packed parser and meow', () => {
  it('knows every declared flag', () => {
    expect(Object.keys(FLAGS).length).toBeGreaterThan(10);
  });

  it('read every command line alike', () => {
    const lines = commandLines();
    expect(lines.length).toBeGreaterThan(100);
    for (const args of lines) expect({ args, read: outcome(built.readArgv, args) }).toEqual({ args, read: outcome(readArgv, args) });
  });

  it('render every help alike', () => {
    for (const topic of ['main', ...TOPICS] as const) expect({ topic, help: built.renderHelp(topic, context) }).toEqual({ topic, help: renderHelp(topic, context) });
  });
});
