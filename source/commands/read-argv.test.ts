import { describe, expect, it } from '@jest/globals';
import { SvcError } from '../core/errors.js';
import { readArgv, renderHelp } from './read-argv.js';

const context = { description: 'Does things', version: '1.2.3' };
const read = (args: readonly string[]) => readArgv(args, context);

describe('readArgv (meow, with svc flag declarations)', () => {
	it('splits words from flags and camelCases the flags', () => {
		const argv = read(['api', 'push', '--dry-run', '--site', 'staging', '-y']);
		expect({ input: argv.input, flags: argv.flags }).toEqual({ input: ['api', 'push'], flags: { dryRun: true, site: 'staging', yes: true } });
	});

	it('takes =value, =false and --no- for booleans', () => {
		expect(read(['--site=x', '--json=false']).flags).toEqual({ site: 'x', json: false });
		expect(read(['--json', '--no-json']).flags).toEqual({ json: false });
	});

	it('gives a value flag followed by another flag an empty value, and takes "-" as a value', () => {
		expect(read(['api', 'list', '--site', '--json']).flags).toEqual({ site: '', json: true });
		expect(read(['--site']).flags).toEqual({ site: '' });
		const zip = read(['plugin', 'zip', '--out', '-']);
		expect({ input: zip.input, flags: zip.flags }).toEqual({ input: ['plugin', 'zip'], flags: { out: '-' } });
	});

	it('keeps unknown flags as typed, camelCased, a short one as its letter', () => {
		expect(read(['-v', '--dry-runn', '-x']).flags).toEqual({ v: true, dryRunn: true, x: true });
	});

	it('takes everything after -- as words', () => {
		const argv = read(['api', 'push', '--', '--json']);
		expect({ input: argv.input, flags: argv.flags }).toEqual({ input: ['api', 'push', '--json'], flags: {} });
	});

	it('keeps words as typed (no numbers inferred), -h is --help', () => {
		expect(read(['api', 'rollback', '011']).input).toEqual(['api', 'rollback', '011']);
		expect(read(['-h']).flags).toEqual({ help: true });
	});

	it('makes meow\'s refusal of a flag given twice a usage error (exit 2)', () => {
		let error: unknown;
		try {
			read(['--site', 'a', '--site', 'b']);
		} catch (caught) {
			error = caught;
		}
		expect(error).toBeInstanceOf(SvcError);
		expect(error).toMatchObject({ code: 'usage', exitCode: 2, message: 'The flag --site can only be set once.' });
	});
});

describe('help', () => {
	it('is meow\'s rendering of the topic\'s template: the description on top, reindented by two spaces', () => {
		const help = (topic: Parameters<typeof renderHelp>[0]): string => renderHelp(topic, context);
		expect(help('main')).toMatch(/^\n {2}Does things\n\n {2}Usage\n {4}\$ svc <command> \[options\]\n\n {2}Commands\n/);
		expect(help('login')).toMatch(/^\n {2}Does things\n\n {2}Usage\n {4}\$ svc login \[--url URL\]/);
		expect(help('plugin')).toMatch(/--force\.\n$/);
		expect(help('main')).not.toMatch(/\t/);
	});
});
