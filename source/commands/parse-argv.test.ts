import { describe, expect, it } from '@jest/globals';
import { SvcError } from '../core/errors.js';
import { toCommand, type Flags } from './parse-argv.js';

const parse = (line: string, flags: Flags = {}) => toCommand(line === '' ? [] : line.split(' '), flags);

function usageError(run: () => unknown): SvcError {
	try {
		run();
	} catch (error) {
		expect(error).toBeInstanceOf(SvcError);
		expect((error as SvcError).exitCode).toBe(2);
		expect((error as SvcError).code).toBe('usage');
		return error as SvcError;
	}
	throw new Error('expected a usage error');
}

describe('toCommand', () => {
	it('builds api push with its flags, defaults off', () => {
		expect(parse('api push')).toEqual({ name: 'api push', json: false, site: undefined, yes: false, dryRun: false, prune: false, preview: false, message: undefined });
		expect(parse('api push', { prune: true, yes: true, dryRun: true, json: true, site: 'staging' })).toEqual({
			name: 'api push',
			json: true,
			site: 'staging',
			yes: true,
			dryRun: true,
			prune: true,
			preview: false,
			message: undefined,
		});
	});

	it('builds api pull, api list (also "api ls") and api rm with its slugs', () => {
		expect(parse('api pull', { yes: true })).toMatchObject({ name: 'api pull', yes: true, dryRun: false });
		expect(parse('api list', { json: true })).toEqual({ name: 'api list', json: true, site: undefined });
		expect(parse('api ls')).toMatchObject({ name: 'api list' });
		expect(parse('api rm users/[id] hello', { yes: true })).toMatchObject({ name: 'api rm', slugs: ['users/[id]', 'hello'], yes: true });
	});

	it('builds api releases, and api rollback with or without a release id', () => {
		expect(parse('api releases', { json: true })).toEqual({ name: 'api releases', json: true, site: undefined });
		expect(parse('api rollback')).toEqual({ name: 'api rollback', json: false, site: undefined, yes: false, dryRun: false, to: undefined, message: undefined });
		expect(parse('api rollback 11', { yes: true, dryRun: true, site: 'staging' })).toEqual({
			name: 'api rollback',
			json: false,
			site: 'staging',
			yes: true,
			dryRun: true,
			to: 11,
			message: undefined,
		});
	});

	it('builds api promote with its preview id, and push with --preview and --message', () => {
		expect(parse('api promote 14', { yes: true, force: true, message: ' ship it ' })).toEqual({
			name: 'api promote',
			json: false,
			site: undefined,
			yes: true,
			dryRun: false,
			force: true,
			id: 14,
			message: 'ship it',
		});
		expect(parse('api push', { preview: true, message: 'try v2' })).toMatchObject({ name: 'api push', preview: true, message: 'try v2' });
		expect(parse('api push')).toMatchObject({ preview: false, message: undefined });
		expect(parse('api rollback 3', { message: 'back' })).toMatchObject({ to: 3, message: 'back' });
		expect(parse('api promote 1', { message: 'é'.repeat(500) })).toMatchObject({ message: 'é'.repeat(500) });
	});

	it('refuses api promote without an id, a message too long or empty, and flags promote and push do not take', () => {
		expect(usageError(() => parse('api promote')).message).toBe('svc api promote needs the id of the preview to make active, e.g. "svc api promote 14" ("svc api releases" lists the previews).');
		expect(usageError(() => parse('api promote x')).message).toBe('"x" is not a release id: "svc api releases" lists them (e.g. "svc api promote 11").');
		expect(usageError(() => parse('api promote 1 2')).message).toBe('svc api promote takes one release id at most; got "1" "2".');
		expect(usageError(() => parse('api push', { message: 'x'.repeat(501) })).message).toBe("--message is 501 characters long; a release's message may have 500 at most.");
		expect(usageError(() => parse('api push', { message: '  ' })).message).toBe('--message needs a value.');
		expect(usageError(() => parse('api promote 1', { prune: true })).message).toBe('--prune does not apply to "svc api promote".');
		expect(usageError(() => parse('api rollback', { force: true })).message).toBe('--force does not apply to "svc api rollback".');
		expect(usageError(() => parse('api rm x', { preview: true })).message).toBe('--preview does not apply to "svc api rm".');
	});

	it.each([['0'], ['-1'], ['11.5'], ['eleven'], ['#11'], ['1e3']])('refuses the release id %j with exit 2', (id) => {
		expect(usageError(() => parse(`api rollback ${id}`)).message).toBe(`${JSON.stringify(id)} is not a release id: "svc api releases" lists them (e.g. "svc api rollback 11").`);
	});

	it('refuses two release ids, arguments to api releases, and flags that do not apply', () => {
		expect(usageError(() => parse('api rollback 11 12')).message).toBe('svc api rollback takes one release id at most; got "11" "12".');
		expect(usageError(() => parse('api releases 11')).message).toBe('"svc api releases" takes no arguments; got "11".');
		expect(usageError(() => parse('api releases', { yes: true })).message).toBe('--yes does not apply to "svc api releases".');
		expect(usageError(() => parse('api rollback', { prune: true })).message).toBe('--prune does not apply to "svc api rollback".');
	});

	it('builds login, logout and plugin zip', () => {
		expect(parse('login', { url: 'https://example.com', user: 'admin', passwordStdin: true, insecureStore: true })).toEqual({
			name: 'login',
			json: false,
			site: undefined,
			url: 'https://example.com',
			user: 'admin',
			passwordStdin: true,
			insecureStore: true,
		});
		expect(parse('logout', { site: 'x' })).toEqual({ name: 'logout', json: false, site: 'x' });
		expect(parse('link', { site: 'x', apiDir: 'src/api' })).toEqual({ name: 'link', json: false, site: 'x', apiDir: 'src/api' });
		expect(parse('plugin zip', { out: 'a.zip' })).toEqual({ name: 'plugin zip', json: false, out: 'a.zip', force: false });
		expect(parse('plugin zip', { force: true })).toMatchObject({ name: 'plugin zip', force: true });
	});

	it.each<[string, Flags, string]>([
		['', {}, 'main'],
		['', { help: true }, 'main'],
		['api', {}, 'api'],
		['api', { help: true }, 'api'],
		['api push', { help: true }, 'api'],
		['api rm', { help: true }, 'api'],
		['api releases', { help: true }, 'api'],
		['api rollback', { help: true }, 'api'],
		['login', { help: true }, 'login'],
		['logout', { help: true }, 'logout'],
		['link', { help: true }, 'link'],
		['plugin', {}, 'plugin'],
		['plugin zip', { help: true }, 'plugin'],
	])('"svc %s" %j shows the %s help', (line, flags, topic) => {
		expect(parse(line, flags)).toEqual({ name: 'help', topic });
	});

	it('rejects an unknown command with the help to read', () => {
		expect(usageError(() => parse('deploy')).message).toBe('Unknown command "svc deploy".');
		const api = usageError(() => parse('api publish'));
		expect(api.message).toBe('Unknown command "svc api publish".');
		expect(api.hint).toBe('Run "svc api --help" for usage.');
		expect(usageError(() => parse('constructor')).message).toContain('Unknown command');
	});

	it.each<[string, Flags, string]>([
		['api list', { prune: true }, '--prune does not apply to "svc api list".'],
		['api pull', { prune: true, out: 'x' }, '--prune, --out do not apply to "svc api pull".'],
		['plugin zip', { site: 'x' }, '--site does not apply to "svc plugin zip".'],
		['logout', { yes: true }, '--yes does not apply to "svc logout".'],
		['link', { prune: true }, '--prune does not apply to "svc link".'],
		['api push', { apiDir: 'x' }, '--api-dir does not apply to "svc api push".'],
	])('refuses flags that do not apply: svc %s %j', (line, flags, message) => {
		expect(usageError(() => parse(line, flags)).message).toBe(message);
	});

	it.each<[string, Flags, string]>([
		['api list', { bogus: true } as Flags, 'Unknown flag --bogus.'],
		['api push', { dryrun: true, apiDirectory: 'x' } as Flags, 'Unknown flags --dryrun, --api-directory. Did you mean --dry-run?'],
		['', { bogus: true } as Flags, 'Unknown flag --bogus.'],
	])('rejects unknown flags: svc %s %j', (line, flags, message) => {
		expect(usageError(() => parse(line, flags)).message).toBe(message);
	});

	it('ignores flags that are present but false, as read-argv reports --no-json', () => {
		expect(parse('api list', { prune: false })).toMatchObject({ name: 'api list' });
	});

	it('refuses extra arguments, rm without a slug, and empty values', () => {
		expect(usageError(() => parse('api push now')).message).toBe('"svc api push" takes no arguments; got "now".');
		expect(usageError(() => parse('api rm')).message).toContain('needs the slug');
		expect(usageError(() => parse('api list', { site: ' ' })).message).toBe('--site needs a value.');
	});

	it('builds api cache purge, a command of three words, with the routes named (none: every route)', () => {
		expect(parse('api cache purge')).toEqual({ name: 'api cache purge', json: false, site: undefined, slugs: [] });
		expect(parse('api cache purge hello users/{id}', { json: true, site: 'staging' })).toEqual({
			name: 'api cache purge',
			json: true,
			site: 'staging',
			slugs: ['hello', 'users/{id}'],
		});
		// Its words are the command's, never its first route.
		expect(parse('api cache purge cache')).toMatchObject({ slugs: ['cache'] });
		expect(parse('api cache purge', { help: true })).toEqual({ name: 'help', topic: 'api' });
		expect(usageError(() => parse('api cache purge', { yes: true })).message).toBe('--yes does not apply to "svc api cache purge".');
		expect(usageError(() => parse('api cache purge x', { dryRun: true })).message).toBe('--dry-run does not apply to "svc api cache purge".');
	});

	it('names a command of three words typed short or mistyped', () => {
		expect(usageError(() => parse('api cache')).message).toBe('Unknown command "svc api cache". Did you mean "svc api cache purge"?');
		expect(usageError(() => parse('api cache purj')).message).toBe('Unknown command "svc api cache purj". Did you mean "svc api cache purge"?');
		expect(usageError(() => parse('api cach purge hello')).message).toContain('Did you mean "svc api cache purge"?');
		expect(usageError(() => parse('api cache flush')).message).not.toContain('Did you mean');
	});

	it('suggests the command a typo meant, and names a short flag as typed', () => {
		expect(usageError(() => parse('api pusj')).message).toBe('Unknown command "svc api pusj". Did you mean "svc api push"?');
		// A command of the api group typed without it.
		expect(usageError(() => parse('push')).message).toBe('Unknown command "svc push". Did you mean "svc api push"?');
		expect(usageError(() => parse('lsit')).message).toBe('Unknown command "svc lsit". Did you mean "svc api list"?');
		expect(usageError(() => toCommand(['api', 'list'], { josn: true } as Flags)).message).toBe('Unknown flag --josn. Did you mean --json?');
		expect(usageError(() => parse('api lsit')).message).toContain('Did you mean "svc api list"?');
		expect(usageError(() => parse('apu push')).message).toContain('Did you mean "svc api push"?');
		expect(usageError(() => parse('lgoin')).message).toContain('Did you mean "svc login"?');
		expect(usageError(() => parse('api deploy')).message).not.toContain('Did you mean');
		expect(usageError(() => toCommand([], { v: true } as Flags)).message).toBe('Unknown flag -v.');
	});

	// Between two flags equally close to a typo, the one first in the registry's FLAGS wins (a tie
	// with a short flag, whose threshold the typo misses, means no suggestion): the order the flags
	// had as one table, kept by registry.ts.
	it.each([
		['oute', ' Did you mean --out?'],
		['rout', ' Did you mean --out?'],
		['forlo', ' Did you mean --follow?'],
		['sice', ' Did you mean --site?'],
		['publ', ''],
		['leview', ''],
	])('breaks a tie between two close flags as it always did: --%s', (flag, meant) => {
		expect(usageError(() => toCommand(['api', 'list'], { [flag]: true } as Flags)).message).toBe(`Unknown flag --${flag}.${meant}`);
	});

	it('builds api diff with the routes named', () => {
		expect(parse('api diff hello api/users/[id].php', { json: true })).toEqual({ name: 'api diff', json: true, site: undefined, slugs: ['hello', 'api/users/[id].php'] });
	});
});
