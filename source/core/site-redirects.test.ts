import { describe, expect, it } from '@jest/globals';
import { originChange, redirectedCall, redirectedElsewhere, redirectTarget, sameOrigin, shownAddress, siteAddressOf } from './site-redirects.js';
import { SvcError } from './errors.js';
import type { Fail } from './site-transport.js';

describe('redirectTarget', () => {
	it('resolves a relative Location against the address asked', () => {
		expect(redirectTarget(301, '/blog/wp-json/svc/v1', new URL('https://example.com/wp-json/svc/v1'))?.toString()).toBe('https://example.com/blog/wp-json/svc/v1');
	});

	it('is undefined for an answer that is not a redirect, or one without a usable Location', () => {
		const asked = new URL('https://example.com/');
		expect(redirectTarget(200, '/elsewhere', asked)).toBeUndefined();
		expect(redirectTarget(302, undefined, asked)).toBeUndefined();
		expect(redirectTarget(302, 'http://[broken', asked)).toBeUndefined();
	});
});

describe('sameOrigin', () => {
	it.each([
		['https://example.com/a', 'https://example.com:443/b', true],
		['https://example.com/', 'http://example.com/', false],
		['http://127.0.0.1:8080/', 'http://localhost:8080/', false],
		['http://127.0.0.1:8080/', 'http://127.0.0.1:8081/', false],
		['https://EXAMPLE.com/', 'https://example.com/x', true],
	])('%s and %s: %s', (a, b, same) => {
		expect(sameOrigin(new URL(a), new URL(b))).toBe(same);
	});
});

describe('siteAddressOf', () => {
	it.each([
		['https://example.com/wp-json/svc/v1', 'https://example.com'],
		['https://example.com/blog/wp-json/svc/v1/api-files?content=false', 'https://example.com/blog'],
		['http://example.com:8080/blog/?rest_route=/svc/v1', 'http://example.com:8080/blog'],
		['http://user:secret@example.com/somewhere', 'http://example.com'],
	])('%s → %s', (target, address) => {
		expect(siteAddressOf(new URL(target))).toBe(address);
	});
});

describe('originChange', () => {
	it.each([
		['https://example.com/', 'http://example.com/', 'from https to http, another port (80)'],
		['https://example.com/', 'https://evil.example/', 'another host (evil.example)'],
		['http://127.0.0.1:8080/', 'http://127.0.0.1:9090/', 'another port (9090)'],
	])('%s → %s: %s', (from, to, change) => {
		expect(originChange(new URL(from), new URL(to))).toBe(change);
	});
});

it('shownAddress drops credentials, query and fragment', () => {
	expect(shownAddress(new URL('https://u:p@example.com/a?b=c#d'))).toBe('https://example.com/a');
});

describe('the svc login line a redirect suggests', () => {
	const fail: Fail = (message, options) => new SvcError(message, options);

	it('quotes the address the site chose, so pasting it runs nothing', () => {
		const to = new URL("http://127.0.0.1:9/it's$(id)/wp-json/svc/v1/api-files");
		const elsewhere = redirectedElsewhere(fail, { siteUrl: 'http://127.0.0.1:8', where: 'GET svc/v1/api-files', to });
		expect(elsewhere.hint).toMatch(/svc login --url 'http:\/\/127\.0\.0\.1:9\/it'\\''s\$\(id\)'$/);
		const call = redirectedCall(fail, { where: 'GET svc/v1/api-files', status: 302, to });
		expect(call.hint).toMatch(/svc login --url 'http:\/\/127\.0\.0\.1:9\/it'\\''s\$\(id\)'$/);
	});

	it('leaves a plain address as it is', () => {
		const to = new URL('https://example.test/blog/wp-json/');
		expect(redirectedCall(fail, { where: 'GET svc/v1/api-files', status: 301, to }).hint).toBe('If the site now lives at https://example.test/blog, log in with that address: svc login --url https://example.test/blog');
	});
});
