import { describe, expect, it } from '@jest/globals';
import { parseRouteArgument, slugFromArgument } from './slug-argument.js';

describe('slugFromArgument', () => {
	it.each([
		['hello', 'hello'],
		['hello.php', 'hello'],
		['api/hello.php', 'hello'],
		['./api/hello.php', 'hello'],
		['api/hello', 'hello'],
		['/svc-api/v1/hello', 'hello'],
		['/shop/v2/users/[id]', 'users/[id]'],
		['users/[id].php', 'users/[id]'],
		['Bad_Name', 'Bad_Name'],
	])('%s means the slug %s', (arg, slug) => {
		expect(slugFromArgument(arg, 'api')).toBe(slug);
	});

	it('strips the project\'s own route folder, not the word api', () => {
		expect(slugFromArgument('routes/hello.php', 'routes')).toBe('hello');
		expect(slugFromArgument('api/hello', 'routes')).toBe('api/hello');
	});

	// Issue 17, "One way to write a route".
	it.each([
		'users/[id]',
		'users/{id}',
		'api/users/[id].php',
		'api/users/{id}.php',
		'./api/users/[id].php',
		'/svc-api/v1/users/{id}',
		'/svc-api/v1/users/[id]',
		'/svc-api/v1/users/{id}/',
		'https://example.com/wp-json/svc-api/v1/users/{id}',
		'https://example.com/wp-json/svc-api/v1/users/%7Bid%7D',
		'https://example.com/blog/wp-json/svc-api/v1/users/1',
		'https://example.com/?rest_route=/svc-api/v1/users/1',
		'http://localhost:8080/index.php?rest_route=%2Fsvc-api%2Fv1%2Fusers%2F42&x=1',
		'/svc-api/v1/users/42',
	])('%s is the route users/[id]', (arg) => {
		expect(slugFromArgument(arg, 'api', ['users/[id]', 'users/me', 'hello'])).toBe('users/[id]');
	});

	it('matches a called route as WordPress does: static segments first, an exact slug before any pattern', () => {
		const known = ['users/[id]', 'users/me', 'users/[id]/posts/[post]', 'users/[id]/posts/latest'];
		expect(slugFromArgument('/svc-api/v1/users/me', 'api', known)).toBe('users/me');
		expect(slugFromArgument('https://example.com/wp-json/svc-api/v1/users/7/posts/latest', 'api', known)).toBe('users/[id]/posts/latest');
		expect(slugFromArgument('https://example.com/wp-json/svc-api/v1/users/7/posts/3', 'api', known)).toBe('users/[id]/posts/[post]');
	});

	it('matches values only for a route named as a client calls it: a bare slug is a file name', () => {
		expect(slugFromArgument('users/42', 'api', ['users/[id]'])).toBe('users/42');
		expect(slugFromArgument('/svc-api/v1/nothing/here', 'api', ['users/[id]'])).toBe('nothing/here');
	});

	it('says which forms are called routes', () => {
		expect(parseRouteArgument('users/{id}', 'api')).toEqual({ slug: 'users/[id]', called: false });
		expect(parseRouteArgument('/svc-api/v1/users/{id}', 'api')).toEqual({ slug: 'users/[id]', called: true });
		expect(parseRouteArgument('https://example.com/wp-json/svc-api/v1/users/1', 'api')).toEqual({ slug: 'users/1', called: true });
	});
});
