import { describe, expect, it } from '@jest/globals';
import { slugFromArgument } from './slug-argument.js';

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
});
