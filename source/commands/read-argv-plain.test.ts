import { describe, expect, it } from '@jest/globals';
import type { FlagSpecs } from './declaration.js';
import { readPlainArgv } from './read-argv-plain.js';

const SPECS: FlagSpecs = { site: { type: 'string' }, json: { type: 'boolean' }, dryRun: { type: 'boolean' }, yes: { type: 'boolean', shortFlag: 'y' }, apiDir: { type: 'string' } };
const read = (args: readonly string[]) => readPlainArgv(args, SPECS);

describe('readPlainArgv', () => {
	it('splits words from declared long flags, camelCased, in the order typed', () => {
		const argv = read(['api', '--site', 'staging', 'push', '--dry-run', 'extra', '--api-dir=src/api', '--no-json']);
		expect(argv).toEqual({ input: ['api', 'push', 'extra'], flags: { site: 'staging', dryRun: true, apiDir: 'src/api', json: false } });
		expect(Object.keys(argv?.flags ?? {})).toEqual(['site', 'dryRun', 'apiDir', 'json']);
	});

	it('keeps words and values as typed: numbers, equals signs, spaces, dots', () => {
		expect(read(['api', 'rollback', '011', '--site=a=b'])).toEqual({ input: ['api', 'rollback', '011'], flags: { site: 'a=b' } });
		expect(read(['--site', 'two words', 'x.y'])).toEqual({ input: ['x.y'], flags: { site: 'two words' } });
	});

	it('reads nothing as nothing', () => {
		expect(read([])).toEqual({ input: [], flags: {} });
	});

	it.each([
		['a letter flag', ['-y']],
		['an unknown flag', ['--josn']],
		['--', ['api', '--', 'x']],
		['a lone dash', ['-']],
		['an empty word', ['']],
		['a flag given twice', ['--json', '--no-json']],
		['a value flag given twice', ['--site=a', '--site', 'b']],
		['a value flag at the end', ['--site']],
		['an empty value', ['--site=']],
		['a value led by a dash', ['--site', '-']],
		['a value flag before a flag', ['--site', '--json']],
		['a quoted value', ['--site="x"']],
		['a switch with a value', ['--json=false']],
		['a switch before true or false', ['--json', 'true']],
		['--no- before a value flag', ['--no-site']],
		['a name in capitals', ['--Json']],
		['a name with an underscore', ['--dry_run']],
		['a name with a dot', ['--site.x', 'a']],
		['an inherited name', ['--constructor']],
	])('leaves %s to meow', (_what, args) => {
		expect(read(args)).toBeUndefined();
	});
});
