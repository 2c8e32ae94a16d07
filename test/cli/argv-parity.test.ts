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
import { readPlainArgv } from '../../source/commands/read-argv-plain.js';
import { flagName, type FlagSpecs } from '../../source/commands/declaration.js';
import { COMMANDS, FLAGS, TOPICS } from '../../source/commands/registry.js';
import { packedCli } from './helpers/packed-cli.js';

jest.setTimeout(300_000);

type ReadArgv = typeof readArgv;
type RenderHelp = typeof renderHelp;

const context = { description: 'Deploys things', version: '9.8.7' };

let built: { readArgv: ReadArgv; renderHelp: RenderHelp };


/** What a read gives, or the error it throws, in one comparable shape. */
function outcome(read: ReadArgv, args: readonly string[]): unknown {
  try {
    const argv = read(args, context);
    return { input: argv.input, flags: argv.flags };
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

/**
 * commandLines() and more of what a user types: flags before, between and after the words, two
 * flags, values that look like numbers, switches or flags, quoted, empty, with an equals sign.
 */
function plainCorpus(): string[][] {
  const lines = commandLines();
  const shapes = [['1'], ['011'], ['1e3'], ['a b'], [''], ['"x"'], ["'x'"], ['x"'], ['true'], ['false'], ['--'], ['-'], ['-1'], ['-y'], ['-h'], ['--no-site'], ['--Json'], ['--dry_run'], ['--dry--run'], ['--json.x'], ['--json=true'], ['--site='], ['--site=""'], ['--site', ''], ['--site', 'true'], ['--json', 'true'], ['--json', 'false'], ['--json', 'x'], ['--yes', '--no-yes'], ['--site=a', '--site', 'b'], ['--help'], ['--no-help'], ['--version'], ['--site', 'a.b'], ['--message', 'two words'], ['--site', '__proto__'], ['--constructor']];
  for (const command of COMMANDS) {
    const words = command.name.split(' ');
    const [first, ...rest] = words;
    for (const shape of shapes) lines.push([...words, ...shape], [...shape, ...words]);
    for (const [key, spec] of Object.entries(command.flags as FlagSpecs)) {
      const given = spec.type === 'string' ? [flagName(key), 'v1'] : [flagName(key)];
      lines.push([...given, ...words], [first ?? '', ...given, ...rest], [...words, ...given, '--json'], [...words, '--site', 's', ...given, 'word']);
    }
  }
  return lines;
}

/** The reading toCommand sees: the words, and each flag with its value in meow's order (a key without a value too). */
function reading(argv: { readonly input: readonly string[]; readonly flags: object }): unknown {
  return { input: argv.input, flags: Object.entries(argv.flags) };
}

describe('the plain reader and meow', () => {
  it('read every plain line alike, and leave meow the rest', () => {
    const lines = plainCorpus();
    let plain = 0;
    for (const args of lines) {
      const read = readPlainArgv(args, FLAGS);
      if (read === undefined) continue;
      plain++;
      expect({ args, read: reading(read) }).toEqual({ args, read: reading(readArgv(args, context)) });
    }
    // Both kinds are in the corpus: lines the reader takes and lines it leaves to meow.
    expect(plain).toBeGreaterThan(lines.length / 3);
    expect(plain).toBeLessThan(lines.length);
  });

  it('reads every command typed bare or with each of its flags', () => {
    for (const command of COMMANDS) {
      const words = command.name.split(' ');
      expect(readPlainArgv(words, FLAGS)).toEqual({ input: words, flags: {} });
      for (const [key, spec] of Object.entries(command.flags as FlagSpecs)) {
        const given = spec.type === 'string' ? [flagName(key), 'v'] : [flagName(key)];
        expect(readPlainArgv([...words, ...given], FLAGS)).toEqual({ input: words, flags: { [key]: spec.type === 'string' ? 'v' : true } });
      }
    }
  });
});

describe('the packed parser and meow', () => {
  beforeAll(async () => {
    const cli = await packedCli();
    const chunks = path.join(cli.packageDir, 'dist', 'chunks');
    const file = readdirSync(chunks).find((name) => name.startsWith('read-argv-') && name.endsWith('.cjs'));
    if (file === undefined) throw new Error(`no read-argv chunk in ${chunks}`);
    built = createRequire(import.meta.url)(path.join(chunks, file)) as typeof built;
  });

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
