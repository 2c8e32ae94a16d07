/**
 * The early cache from the CLI, in-process against the WordPress stand-in (test/fakes/), piped like
 * CI: `svc api cache purge` (what it sends, prints and exits with, on a site that purges, refuses a
 * slug or predates the early cache) and the CACHE HITS column of `svc api list`. The real plugin is
 * exercised by test/e2e/.
 */
import { beforeEach, describe, expect, it } from '@jest/globals';
import { PASSWORD, USER } from '../../test/fakes/fake-site.js';
import { useFakeSite } from '../../test/fakes/use-fake-site.js';
import { useTempDir } from '../../test/fakes/temp-dir.js';
import { fakeIo } from '../../test/fakes/fake-io.js';
import { runCommand } from '../../test/fakes/run-command.js';
import type { ApiCachePurgeCommand, ApiListCommand } from './registry.js';

const site = useFakeSite();
const temp = useTempDir('svc-early-cache-commands-');

beforeEach(() => {
	site.files.set('users/[id]', '<?php\n// users\n');
	site.cacheCounts.set('hello', { hits: 12, misses: 3 });
});

async function run(command: ApiCachePurgeCommand | ApiListCommand) {
	const { io, written } = fakeIo({ SVC_URL: site.url, SVC_USER: USER, SVC_APP_PASSWORD: PASSWORD }, temp.dir, '', temp.configDir);
	return { ...(await runCommand(command, io)), ...written };
}

const purge = (slugs: string[], json = false): ApiCachePurgeCommand => ({ name: 'api cache purge', json, site: undefined, slugs });

/** What reached the purge endpoint, as sent. */
const purgeBodies = () => site.requests.filter((request) => request.route === '/svc/v1/cache/purge').map((request) => request.body);

describe('svc api cache purge', () => {
	it('purges the routes named any way rm takes them, as slugs, and says which the site purged', async () => {
		const result = await run(purge(['hello', 'api/users/[id].php', `${site.url}/wp-json/svc-api/v1/users/42`]));
		expect(result).toMatchObject({ exitCode: 0, stderr: '' });
		expect(result.stdout).toBe('✔ Purged the cached answers of 2 routes: hello, users/[id]\n');
		// The URL named a called route: the listing matched it to users/[id].
		expect(purgeBodies()).toEqual([{ routes: ['hello', 'users/[id]'] }]);
		expect(site.purges).toEqual([['hello', 'users/[id]']]);
	});

	it('asks the site nothing else when every route is named by its slug or file', async () => {
		expect((await run(purge(['users/{id}']))).stdout).toBe('✔ Purged the cached answers of 1 route: users/[id]\n');
		expect(site.requests.map((request) => `${request.method} ${request.route}`)).toEqual(['POST /svc/v1/cache/purge']);
	});

	it('without a route purges every cached answer; --json says which, or "all"', async () => {
		const all = await run(purge([]));
		expect(all).toMatchObject({ exitCode: 0, stdout: '✔ Purged every cached answer\n', stderr: '' });
		expect(purgeBodies()).toEqual([{}]);
		expect(JSON.parse((await run(purge([], true))).stdout)).toEqual({ site: site.url, purged: 'all' });
		expect(JSON.parse((await run(purge(['users/[id]', 'hello'], true))).stdout)).toEqual({ site: site.url, purged: ['hello', 'users/[id]'] });
	});

	it('a route the site does not deploy: 404 svc_not_found, said as a purge, and nothing is purged', async () => {
		const text = await run(purge(['hello', 'nope']));
		expect(text.exitCode).toBe(1);
		expect(text.stdout).toBe('');
		expect(text.stderr).toContain(`Not deployed on ${site.url}: nope. Nothing was purged.`);
		expect(text.stderr).toContain('svc api list');
		const json = await run(purge(['nope'], true));
		expect(JSON.parse(json.stdout)).toMatchObject({ code: 'not_found', status: 404, serverCode: 'svc_not_found', slugs: ['nope'], exitCode: 1 });
		expect(site.purges).toEqual([]);
	});

	it('a plugin from before the early cache (404 rest_no_route): says the plugin must be updated', async () => {
		site.earlyCache = false;
		const result = await run(purge([]));
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toContain('has no POST svc/v1/cache/purge: its svc plugin predates the early cache, or is not active.');
		expect(result.stderr).toContain('Update the svc plugin on the site to the one that ships with this CLI');
		expect(JSON.parse((await run(purge(['hello'], true))).stdout)).toMatchObject({ code: 'plugin_outdated', serverCode: 'rest_no_route' });
	});

	it('a name that cannot be a file under api/ is a usage error before the site is asked anything', async () => {
		const result = await run(purge(['../wp-config']));
		expect(result.exitCode).toBe(2);
		expect(result.stderr).toContain('is not a file name under api/');
		expect(site.requests).toEqual([]);
	});
});

describe('svc api list and the early cache', () => {
	it('piped: CACHE HITS shows hits / misses, blank on a route not cached early; --json passes them as earlyCache', async () => {
		const text = await run({ name: 'api list', json: false, site: undefined });
		expect(text.exitCode).toBe(0);
		expect(text.stdout.split('\n')).toEqual([
			'ROUTE                   FILE            METHODS  CACHE HITS',
			'/svc-api/v1/hello       hello.php       GET      12 / 3',
			'/svc-api/v1/users/[id]  users/[id].php  GET',
			'',
		]);
		const json = JSON.parse((await run({ name: 'api list', json: true, site: undefined })).stdout) as { slug: string; earlyCache: unknown }[];
		expect(json.map((record) => [record.slug, record.earlyCache])).toEqual([
			['hello', { hits: 12, misses: 3 }],
			['users/[id]', null],
		]);
	});

	it('leaves CACHE HITS out for a site that counts no route (an older plugin)', async () => {
		site.cacheCounts.clear();
		expect((await run({ name: 'api list', json: false, site: undefined })).stdout.split('\n')[0]).toBe('ROUTE                   FILE            METHODS');
	});
});
