import { describe, expect, it } from '@jest/globals';
import { readArgv } from './read-argv.js';
import { formatHelp } from './help-format.js';

describe('readArgv (what meow gave svc, without meow)', () => {
	it('splits words from flags and camelCases the flags', () => {
		expect(readArgv(['api', 'push', '--dry-run', '--site', 'staging', '-y'])).toEqual({ input: ['api', 'push'], flags: { dryRun: true, site: 'staging', yes: true } });
	});

	it('takes =value, =false and --no- for booleans', () => {
		expect(readArgv(['--site=x', '--json=false']).flags).toEqual({ site: 'x', json: false });
		expect(readArgv(['--json', '--no-json']).flags).toEqual({ json: false });
	});

	it('gives a value flag followed by another flag an empty value, as yargs did', () => {
		expect(readArgv(['api', 'list', '--site', '--json']).flags).toEqual({ site: '', json: true });
		expect(readArgv(['--site']).flags).toEqual({ site: '' });
		expect(readArgv(['plugin', 'zip', '--out', '-']).flags).toEqual({ out: '-' });
	});

	it('keeps unknown flags as typed, camelCased, a short one as its letter', () => {
		expect(readArgv(['-v', '--dry-runn', '-x']).flags).toEqual({ v: true, dryRunn: true, x: true });
	});

	it('takes everything after -- as words', () => {
		expect(readArgv(['api', 'push', '--', '--json'])).toEqual({ input: ['api', 'push', '--json'], flags: {} });
	});
});

describe('formatHelp', () => {
	it('puts the description on top and reindents the text by two spaces, as meow did', () => {
		expect(formatHelp('\n\tUsage\n\t  $ svc x\n\n\tMore\n\t', 'Does things')).toBe('\n  Does things\n\n  Usage\n    $ svc x\n\n  More\n');
	});
});
