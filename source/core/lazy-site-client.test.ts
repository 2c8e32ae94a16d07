/**
 * The lazy client against the real one: the same site URL at once, nothing loaded before the first
 * request, and every request answered by the real client (a small WordPress stand-in on 127.0.0.1,
 * test/fakes/fake-site.ts), its failures included.
 */
import { describe, expect, it } from '@jest/globals';
import { SvcError } from './errors.js';
import { lazySiteClient, type SiteClientModule } from './lazy-site-client.js';
import * as realModule from './site-client.js';
import type { SiteClientOptions } from './site-types.js';
import { PASSWORD, USER } from '../../test/fakes/fake-site.js';
import { useFakeSite } from '../../test/fakes/use-fake-site.js';

const site = useFakeSite();

/** The real module, counting how often the lazy client loads it. */
function countingLoad(): { load: () => Promise<SiteClientModule>; loads: () => number } {
	let loads = 0;
	return {
		load: () => {
			loads++;
			return Promise.resolve(realModule);
		},
		loads: () => loads,
	};
}

function options(overrides: Partial<SiteClientOptions> = {}): SiteClientOptions {
	return { url: site.url, user: USER, appPassword: PASSWORD, timeoutMs: 2000, ...overrides };
}

describe('lazySiteClient', () => {
	it.each(['https://example.com/', 'https://admin:secret@example.com/blog/?x=1#top', 'http://127.0.0.1:8080//', 'not a url/', 'ftp://user:pw@host/path/'])(
		'names the site %s as the real client does, without loading it',
		(url) => {
			const counted = countingLoad();
			const lazy = lazySiteClient(options({ url }), counted.load);
			expect(lazy.siteUrl).toBe(realModule.createSiteClient(options({ url })).siteUrl);
			expect(counted.loads()).toBe(0);
		},
	);

	it('has every method the real client has', () => {
		const lazy = lazySiteClient(options(), countingLoad().load);
		const real = realModule.createSiteClient(options());
		expect(Object.keys(lazy).sort()).toEqual(Object.keys(real).sort());
		for (const name of Object.keys(real)) {
			expect(typeof lazy[name as keyof typeof lazy]).toBe(typeof real[name as keyof typeof real]);
		}
	});

	it('loads the client once, at the first request, and its answers are the site’s', async () => {
		const counted = countingLoad();
		const lazy = lazySiteClient(options(), counted.load);
		expect(site.arrived).toHaveLength(0);
		expect(await lazy.restRoot()).toBe(`${site.url}/wp-json/`);
		expect(await lazy.getNamespace()).toBe('svc-api/v1');
		const listing = await lazy.listFiles({ content: true });
		expect(listing.files.map((file) => [file.slug, file.content])).toEqual([['hello', '<?php\n// hello\n']]);
		expect(counted.loads()).toBe(1);
	});

	it('passes the arguments through: an uploaded file is the one the site stores', async () => {
		const lazy = lazySiteClient(options(), countingLoad().load);
		expect(await lazy.uploadFiles([{ slug: 'lazy', content: 'x' }])).toMatchObject({ written: [{ slug: 'lazy' }] });
		expect(site.files.get('lazy')).toBe('x');
	});

	it('fails as the real client fails', async () => {
		const lazy = lazySiteClient(options({ url: `${site.url}/not-wordpress` }), countingLoad().load);
		const real = realModule.createSiteClient(options({ url: `${site.url}/not-wordpress` }));
		const caught = await lazy.getNamespace().catch((error: unknown) => error);
		const expected = await real.getNamespace().catch((error: unknown) => error);
		expect(caught).toBeInstanceOf(SvcError);
		expect(caught).toMatchObject({ code: 'no_rest_api', message: (expected as SvcError).message });
	});

	it('loads the real site-client module by default', async () => {
		const lazy = lazySiteClient(options());
		expect(await lazy.getNamespace()).toBe('svc-api/v1');
	});
});
