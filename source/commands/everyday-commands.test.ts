/** argv → command for svc api new, api logs, doctor and dev. */
import { describe, expect, it } from '@jest/globals';
import { SvcError } from '../core/errors.js';
import { durationSeconds } from './api-logs/command.js';
import { toCommand, type Flags } from './parse-argv.js';

const parse = (line: string, flags: Flags = {}) => toCommand(line.split(' '), flags);
const usageError = (fn: () => unknown): SvcError => {
	try {
		fn();
	} catch (error) {
		if (error instanceof SvcError && error.exitCode === 2) return error;
		throw error;
	}
	throw new Error('no usage error');
};

describe('everyday commands', () => {
	it('api new takes one slug and its options', () => {
		expect(parse('api new users/[id]', { verbs: 'get,post', capability: 'edit_posts' })).toEqual({
			name: 'api new',
			json: false,
			site: undefined,
			slug: 'users/[id]',
			verbs: 'get,post',
			isPublic: false,
			capability: 'edit_posts',
		});
		expect(usageError(() => parse('api new')).message).toMatch(/needs one slug/);
		expect(usageError(() => parse('api new a b')).message).toMatch(/needs one slug/);
		expect(usageError(() => parse('api new a', { follow: true })).message).toBe('--follow does not apply to "svc api new".');
	});

	it('api new takes --cache, --rate-limit and --schedule as written (the command checks them)', () => {
		expect(parse('api new feed', { cache: '300', rateLimit: '60/60', schedule: 'every:300' })).toMatchObject({
			name: 'api new',
			cache: '300',
			rateLimit: '60/60',
			schedule: 'every:300',
		});
		expect(usageError(() => parse('api new feed', { cache: '' })).message).toMatch(/--cache/);
		expect(usageError(() => parse('api logs', { schedule: 'hourly' })).message).toBe('--schedule does not apply to "svc api logs".');
	});

	it('api logs reads --follow and --since', () => {
		expect(parse('api logs', { follow: true, since: '1h', json: true })).toEqual({
			name: 'api logs',
			json: true,
			site: undefined,
			follow: true,
			sinceSeconds: 3600,
			route: undefined,
			level: undefined,
		});
		expect(usageError(() => parse('api logs', { since: 'yesterday' })).message).toMatch(/--since "yesterday" is not a duration/);
	});

	it('api logs filters by --route and --level, with --follow too', () => {
		expect(parse('api logs', { follow: true, route: '/svc-api/v1/users/{id}', level: 'error' })).toMatchObject({
			follow: true,
			route: '/svc-api/v1/users/{id}',
			level: 'error',
		});
		expect(parse('api logs', { level: 'WARNING' })).toMatchObject({ level: 'warn' });
		expect(usageError(() => parse('api logs', { level: 'loud' })).message).toBe('--level "loud" is not a level: error, warn, info (each shows its level and the graver ones).');
		expect(usageError(() => parse('api logs', { route: ' ' })).message).toBe('--route needs a value.');
		expect(usageError(() => parse('api list', { level: 'error' })).message).toBe('--level does not apply to "svc api list".');
	});

	it('doctor and dev take no arguments', () => {
		expect(parse('doctor', { json: true })).toEqual({ name: 'doctor', json: true, site: undefined });
		expect(parse('dev', { site: 'local' })).toEqual({ name: 'dev', json: false, site: 'local', yes: false });
		expect(parse('dev', { yes: true })).toMatchObject({ name: 'dev', yes: true });
		expect(usageError(() => parse('doctor now')).message).toMatch(/takes no arguments/);
		expect(parse('dev', { help: true })).toEqual({ name: 'help', topic: 'dev' });
	});

	it.each([
		['90', 90],
		['90s', 90],
		['15m', 900],
		['2d', 172_800],
	])('--since %s is %d seconds', (text, seconds) => {
		expect(durationSeconds(text)).toBe(seconds);
	});

	it.each(['0', '1w', '-1h', '1.5h'])('--since %s is refused', (text) => {
		expect(() => durationSeconds(text)).toThrow(SvcError);
	});
});
