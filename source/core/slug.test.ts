import { describe, expect, it } from '@jest/globals';
import {
	compareSlugs,
	findRouteConflicts,
	pathFromSlug,
	routeShape,
	slugFromPath,
	validateSlug,
} from './slug.js';

describe('slugFromPath', () => {
	it.each([
		['hello.php', 'hello'],
		['users/[id].php', 'users/[id]'],
		['a/b/c/d.php', 'a/b/c/d'],
		['shop.php.php', 'shop.php'],
	])('strips the .php extension: %s → %s', (relPath, slug) => {
		expect(slugFromPath(relPath)).toBe(slug);
	});

	it.each(['readme.md', 'hello.PHP', 'hello.php.bak', 'hello', 'users/'])(
		'is null for a non-.php path: %s',
		(relPath) => {
			expect(slugFromPath(relPath)).toBeNull();
		},
	);

	it('round-trips with pathFromSlug', () => {
		expect(slugFromPath(pathFromSlug('users/[id]/posts'))).toBe('users/[id]/posts');
	});
});

describe('validateSlug accepts', () => {
	it.each([
		'hello',
		'a',
		'0',
		'users/[id]',
		'users/[id]/posts/[post_id]',
		'v2/health-check',
		'a1-b2-c3',
		'[_]',
		'[Id]',
		'[camelCase9]',
		'index/list',
		'items/[index]',
		Array.from({ length: 16 }, () => 'a').join('/'),
		'a'.repeat(200),
	])('%s', (slug) => {
		expect(validateSlug(slug)).toEqual({ ok: true });
	});
});

describe('validateSlug rejects, naming the reason', () => {
	it.each<[string, string, RegExp, string | null]>([
		['empty slug', '', /is empty/, null],
		['NUL byte', 'a\0b', /NUL/, null],
		['backslash', 'users\\list', /backslash/, null],
		['absolute path', '/users', /absolute/, null],
		['trailing slash', 'users/', /trailing slash/, null],
		['.php given', 'hello.php', /\.php/, null],
		['over 200 characters', 'a'.repeat(201), /201 characters.*at most 200/, null],
		['over 16 segments', Array.from({ length: 17 }, () => 'a').join('/'), /17 segments.*at most 16/, null],
		['empty segment', 'users//list', /segment "" is empty/, ''],
		['parent directory', '../secrets', /segment "\.\." is a relative path component/, '..'],
		['parent directory inside', 'a/../b', /"\.\."/, '..'],
		['current directory', './a', /segment "\."/, '.'],
		['uppercase', 'Users/list', /segment "Users".*uppercase.*"users"/, 'Users'],
		['underscore', 'my_route', /segment "my_route".*"_" is not allowed/, 'my_route'],
		['dot', 'v1.2', /segment "v1\.2".*"\." is not allowed/, 'v1.2'],
		['space', 'my route', /a space is not allowed/, 'my route'],
		['leading hyphen', '-route', /starts or ends with a hyphen/, '-route'],
		['trailing hyphen', 'route-', /starts or ends with a hyphen/, 'route-'],
		['double hyphen', 'my--route', /two hyphens in a row/, 'my--route'],
		['non-ASCII letter', 'café', /"é" is not allowed/, 'café'],
		['control character', 'a\tb', /control character U\+0009/, 'a\tb'],
		['partial brackets', 'user-[id]', /dynamic segment must be the whole segment/, 'user-[id]'],
		['empty parameter', 'users/[]', /segment "\[\]" has no parameter name/, '[]'],
		['parameter starting with a digit', 'users/[1id]', /invalid parameter name "1id".*PHP identifier/, '[1id]'],
		['parameter with a hyphen', 'users/[user-id]', /invalid parameter name "user-id"/, '[user-id]'],
		['repeated parameter name', 'a/[id]/b/[id]', /repeats the parameter name "id"/, '[id]'],
		['last segment index', 'users/index', /"index" may not be last/, 'index'],
		['bare index', 'index', /"index" may not be last/, 'index'],
	])('%s: %j', (_rule, slug, message, segment) => {
		const result = validateSlug(slug);
		expect(result.ok).toBe(false);
		if (result.ok) return;
		expect(result.message).toMatch(message);
		expect(result.segment ?? null).toBe(segment);
	});
});

describe('route conflicts', () => {
	it.each<[string, string, boolean]>([
		['users/[id]', 'users/[uid]', true],
		['[a]/x/[b]', '[c]/x/[d]', true],
		['users/[id]', 'users/[id]', false],
		['users/[id]', 'users/me', false],
		['users/[id]', 'users/[id]/posts', false],
		['users', 'posts', false],
	])('%s vs %s conflict: %s', (a, b, conflict) => {
		expect(findRouteConflicts([a, b])).toEqual(conflict ? [[a, b].sort()] : []);
	});

	it('erases parameter names in the shape', () => {
		expect(routeShape('users/[id]/posts/[post]')).toBe('users/[]/posts/[]');
	});

	it('groups every slug that shares a pattern, sorted', () => {
		expect(findRouteConflicts(['users/[uid]', 'hello', 'users/[id]', 'x/[a]', 'x/[b]', 'x/[c]', 'x/y'])).toEqual([
			['users/[id]', 'users/[uid]'],
			['x/[a]', 'x/[b]', 'x/[c]'],
		]);
	});

	it('finds none when every pattern is distinct', () => {
		expect(findRouteConflicts(['a', 'b/[id]', 'b/me'])).toEqual([]);
	});
});

describe('compareSlugs', () => {
	it('orders by code unit, as the server sorts, not by locale', () => {
		expect(['b', 'a-b', 'a/b', 'A', '[id]', 'a'].sort(compareSlugs)).toEqual(['A', '[id]', 'a', 'a-b', 'a/b', 'b']);
	});
});
