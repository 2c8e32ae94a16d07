import { describe, expect, it } from '@jest/globals';
import { parseRouteArgument, resolveSlug } from './slug-argument.js';
import { examplePath, routeUrl } from './route-url.js';

describe('routeUrl', () => {
	it('puts an example value in each dynamic segment', () => {
		expect(examplePath('/svc-api/v1/users/[id]/posts/[post_id]')).toBe('/svc-api/v1/users/1/posts/1');
		expect(examplePath('/svc-api/v1/hello')).toBe('/svc-api/v1/hello');
	});

	it('under a pretty or a plain REST root', () => {
		expect(routeUrl('https://example.com/wp-json/', '/svc-api/v1/users/[id]')).toBe('https://example.com/wp-json/svc-api/v1/users/1');
		expect(routeUrl('https://example.com/?rest_route=/', '/svc-api/v1/users/[id]')).toBe('https://example.com/?rest_route=%2Fsvc-api%2Fv1%2Fusers%2F1');
	});

	it('names the same route again when given back to a command', () => {
		for (const root of ['https://example.com/blog/wp-json/', 'https://example.com/?rest_route=/']) {
			const url = routeUrl(root, '/svc-api/v1/users/[id]');
			expect(resolveSlug(parseRouteArgument(url, 'api'), ['users/[id]', 'users/me'])).toBe('users/[id]');
		}
	});
});
