import { describe, expect, it } from '@jest/globals';
import { listingNames, MAX_LISTED_NAMES, MAX_NAMES_QUERY_BYTES } from './site-listing-names.js';

describe('listingNames', () => {
	const features = ['commit_ids', 'listing_filenames'];

	it('asks for the pushed files only from a plugin that lists some files', () => {
		expect(listingNames(['hello', 'users/[id]'], features)).toEqual(['hello', 'users/[id]']);
		expect(listingNames(['hello'], ['commit_ids'])).toBeUndefined();
		expect(listingNames(['hello'], undefined)).toBeUndefined();
		expect(listingNames([], features)).toBeUndefined();
	});

	it('asks for every file when the names would not fit one query string', () => {
		const many = Array.from({ length: MAX_LISTED_NAMES + 1 }, (_, index) => String(index));
		expect(listingNames(many, features)).toBeUndefined();
		expect(listingNames(many.slice(0, 100), features)).toHaveLength(100);
		const long = Array.from({ length: 40 }, (_, index) => `group-${index}/${'x'.repeat(90)}`);
		expect(encodeURIComponent(long.join(',')).length).toBeGreaterThan(MAX_NAMES_QUERY_BYTES);
		expect(listingNames(long, features)).toBeUndefined();
	});
});
