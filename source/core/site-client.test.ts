/**
 * The client against a small WordPress stand-in on 127.0.0.1 (test/fakes/fake-site.ts): real HTTP,
 * real got, no mocks. The stand-in speaks the shapes of docs/management-api.md; tests swap its
 * handler to produce failures.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { requestBytes } from './blob-batches.js';
import { SvcError } from './errors.js';
import { pushRelease, type PushFile, type PushProgress } from './release-push.js';
import { sha256Hex } from './route-files.js';
import { createSiteClient, networkFailure, redactor, type SiteClient, type SiteStatus } from './site-client.js';
import type { RetryNotice } from './retry-policy.js';
import type { RestRoot } from './site-connection.js';
import type { RootMemory } from './site-root-memory.js';
import { redirectedElsewhere } from './site-redirects.js';
import { BASIC, FakeSite, PASSWORD, USER, wpError, type Handler, type Reply, type SeenRequest } from '../../test/fakes/fake-site.js';
import { useFakeSite } from '../../test/fakes/use-fake-site.js';
import { brotliBomb, flood, GB, gzipBomb, MB, type Flood } from '../../test/fakes/hostile-answers.js';

const site = useFakeSite();

function client(overrides: Partial<Parameters<typeof createSiteClient>[0]> = {}): SiteClient {
	return createSiteClient({ url: site.url, user: USER, appPassword: PASSWORD, timeoutMs: 2000, ...overrides });
}

async function failure(promise: Promise<unknown>): Promise<SvcError> {
	const caught = await promise.then(
		() => undefined,
		(error: unknown) => error,
	);
	expect(caught).toBeInstanceOf(SvcError);
	return caught as SvcError;
}

/** A RootMemory in a Map, with what each command asked of it. */
function mapMemory(initial: Record<string, RestRoot> = {}): RootMemory & { readonly roots: Map<string, RestRoot> } {
	const roots = new Map(Object.entries(initial));
	return {
		roots,
		recall: (siteUrl) => roots.get(siteUrl),
		remember: (siteUrl, root) => void roots.set(siteUrl, root),
		forget: (siteUrl) => void roots.delete(siteUrl),
	};
}

const probes = (): number => site.arrived.filter((request) => /\/svc\/v1\/?$|rest_route=%2Fsvc%2Fv1(&|$)/.test(request.url)).length;

describe('a REST root remembered between commands', () => {
	it('is remembered after discovery, and a later command sends no probe', async () => {
		const memory = mapMemory();
		await client({ rootMemory: memory }).listFiles({ content: false });
		expect(probes()).toBe(1);
		expect(memory.roots.get(site.url)?.url.toString()).toBe(`${site.url}/wp-json/`);
		site.arrived.length = 0;
		await client({ rootMemory: memory }).getStatus();
		expect(probes()).toBe(0);
		expect(site.arrived.map((request) => request.url)).toEqual(['/wp-json/svc/v1/status']);
	});

	it('is found again when the site no longer answers under it, and a write is sent once, to the new root', async () => {
		const memory = mapMemory({ [site.url]: { kind: 'path', url: new URL(`${site.url}/wp-json/`) } });
		site.permalinks = 'plain';
		const result = await client({ rootMemory: memory }).uploadFiles([{ slug: 'moved', content: 'x' }]);
		expect(result.written.map((file) => file.slug)).toEqual(['moved']);
		expect(site.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
		expect(memory.roots.get(site.url)?.kind).toBe('query');
		expect(site.arrived.map((request) => request.url.split('?')[0])).toEqual(['/wp-json/svc/v1/api-files', '/wp-json/svc/v1', '/', '/']);
	});

	it('does not send a request again when discovery finds the same root: the failure is the site’s', async () => {
		const memory = mapMemory({ [site.url]: { kind: 'path', url: new URL(`${site.url}/wp-json/`) } });
		site.handler = () => ({ status: 200, text: '<html>critical error</html>', headers: { 'content-type': 'text/html' } });
		const error = await failure(client({ rootMemory: memory }).commitRelease({ files: {}, prune: false, dryRun: false }));
		expect(error.code).not.toBe('no_rest_api');
		expect(site.requests.filter((request) => request.route === '/svc/v1/api-releases')).toHaveLength(1);
		expect(memory.roots.get(site.url)?.url.toString()).toBe(`${site.url}/wp-json/`);
	});

	it('is not doubted for a WordPress 404 (a route the plugin lacks): the root is right', async () => {
		const memory = mapMemory({ [site.url]: { kind: 'path', url: new URL(`${site.url}/wp-json/`) } });
		site.legacy = true;
		expect(await client({ rootMemory: memory }).getStatus()).toBeUndefined();
		expect(probes()).toBe(0);
	});
});

describe('REST root discovery', () => {
	it('uses /wp-json/ with pretty permalinks', async () => {
		const api = client();
		expect(await api.restRoot()).toBe(`${site.url}/wp-json/`);
		expect(await api.getNamespace()).toBe('svc-api/v1');
	});

	it('falls back to ?rest_route= when pretty permalinks are off', async () => {
		site.permalinks = 'plain';
		const api = client();
		expect(await api.restRoot()).toBe(`${site.url}/?rest_route=%2F`);
		const listing = await api.listFiles({ content: false });
		expect(listing.files.map((file) => file.slug)).toEqual(['hello']);
		expect(site.requests[0]?.route).toBe('/svc/v1/api-files');
		expect(site.requests[0]?.query.get('content')).toBe('false');
	});

	it('never downloads the REST root index, which lists every route of the site', async () => {
		await client().listFiles({ content: false });
		expect(site.indexRequests).toBe(0);
	});

	it('follows a redirect of the REST index and talks to the final address directly', async () => {
		site.redirects.set('/old/wp-json/svc/v1', '/wp-json/svc/v1');
		const api = client({ url: `${site.url}/old` });
		expect(await api.restRoot()).toBe(`${site.url}/wp-json/`);
		expect(await api.uploadFiles([{ slug: 'moved', content: 'x' }])).toMatchObject({ written: [{ slug: 'moved' }] });
		expect(site.files.get('moved')).toBe('x');
	});

	it('says so when no REST API answers at the URL', async () => {
		const error = await failure(client({ url: `${site.url}/not-wordpress` }).getNamespace());
		expect(error).toMatchObject({ code: 'no_rest_api', exitCode: 1 });
		expect(error.message).toContain(`${site.url}/not-wordpress`);
		expect(error.message).toMatch(/\/wp-json\/svc\/v1 gave HTTP 404 without JSON \(text\/html\); \/\?rest_route=\/svc\/v1 gave HTTP 404 without JSON \(text\/html\)/);
	});

	it('sends credentials only to the management routes, as HTTP Basic', async () => {
		await client().getNamespace();
		expect(site.requests).toHaveLength(1);
		expect(site.requests[0]?.authorization).toBe(BASIC);
	});

	it('reads the public REST index without credentials, for svc doctor', async () => {
		expect(await client().getRestIndex()).toEqual({ namespaces: ['wp/v2', 'svc/v1'], applicationPasswords: false });
		const index = site.arrived.find((request) => request.url.startsWith('/wp-json/?'));
		expect(index).toMatchObject({ url: '/wp-json/?_fields=namespaces%2Cauthentication', authorization: undefined });
	});

	it('ignores user:password written into the URL', async () => {
		const url = site.url.replace('http://', `http://intruder:${encodeURIComponent(PASSWORD)}@`);
		const api = client({ url });
		expect(api.siteUrl).toBe(site.url);
		await api.getNamespace();
		expect(site.requests[0]?.authorization).toBe(BASIC);
	});
});

describe('management endpoints', () => {
	it('lists files with content, and without it when asked', async () => {
		const api = client();
		const full = await api.listFiles({ content: true });
		expect(full.files).toEqual([
			{
				slug: 'hello',
				content: '<?php\n// hello\n',
				hash: sha256Hex('<?php\n// hello\n'),
				size: 15,
				route: '/svc-api/v1/hello',
				path: '/svc-api/v1/hello',
				methods: ['GET'],
				public: false,
			},
		]);
		expect(site.requests[0]?.query.get('content')).toBe('true');
		const light = await api.listFiles({ content: false });
		expect(light.files[0]).not.toHaveProperty('content');
	});

	it('reads cache, rate limits and schedules from the listing, and drops what is not well formed', async () => {
		const last = { started: '2026-11-25T15:00:00Z', finished: '2026-11-25T15:00:01Z', outcome: 'error', message: 'boom' };
		site.handler = () => ({
			json: [
				{
					filename: 'jobs',
					hash: 'h',
					path: '/svc-api/v1/jobs',
					methods: ['GET'],
					cache: { max_age: 300, stale_while_revalidate: null },
					rate_limits: { GET: { requests: 60, per: 60, shared: true }, POST: { requests: 'many', per: 60 } },
					schedules: [
						{ method: 'sync', recurrence: 'hourly', interval: 3600, next_run: '2026-11-25T16:00:00Z', last_run: last },
						{ method: 'tick', recurrence: 'every', interval: 300, next_run: null, last_run: null },
						{ method: 42, recurrence: 'hourly', interval: 3600 },
					],
				},
				{ filename: 'plain', hash: 'h2', path: '/svc-api/v1/plain', methods: ['GET'], cache: 'yes' },
			],
		});
		const listing = await client().listFiles({ content: false });
		expect(listing.files[0]).toMatchObject({
			cache: { maxAge: 300, staleWhileRevalidate: null },
			rateLimits: { GET: { requests: 60, per: 60, shared: true } },
			schedules: [
				{ method: 'sync', recurrence: 'hourly', interval: 3600, nextRun: '2026-11-25T16:00:00Z', lastRun: last },
				{ method: 'tick', recurrence: 'every', interval: 300, nextRun: null, lastRun: null },
			],
		});
		expect(listing.files[1]).not.toHaveProperty('cache');
		expect(listing.files[1]).not.toHaveProperty('schedules');
	});

	it('asks for the listing again while the site answers that a route file stopped PHP (it is skipped from then on)', async () => {
		let answers = 0;
		site.handler = () => {
			answers += 1;
			return answers <= 2 ? wpError(503, 'svc_boot_fatal', 'bad.php stopped PHP while it was loading') : { json: [] };
		};
		expect(await client().listFiles({ content: false })).toEqual({ files: [], skipped: 0 });
		expect(answers).toBe(3);
	});

	it('gives up on svc_boot_fatal after a bounded number of tries, and does not retry other server errors', async () => {
		let answers = 0;
		site.handler = () => {
			answers += 1;
			return wpError(503, 'svc_boot_fatal', 'bad.php stopped PHP while it was loading');
		};
		expect(await failure(client().listFiles({ content: false }))).toMatchObject({ code: 'server_error', serverCode: 'svc_boot_fatal' });
		expect(answers).toBe(25);
		answers = 0;
		site.handler = () => {
			answers += 1;
			return wpError(500, 'internal_server_error', 'critical error');
		};
		await failure(client().listFiles({ content: false }));
		expect(answers).toBe(1);
	});

	it('reports files the site skipped for size from X-Svc-Skipped, and their names from X-Svc-Skipped-Files', async () => {
		site.handler = () => ({ json: [], headers: { 'x-svc-skipped': '2' } });
		expect(await client().listFiles({ content: false })).toEqual({ files: [], skipped: 2 });
		site.handler = () => ({ json: [], headers: { 'x-svc-skipped': '2', 'x-svc-skipped-files': '["big","users/[id]"]' } });
		expect(await client().listFiles({ content: false })).toEqual({ files: [], skipped: 2, skippedFiles: ['big', 'users/[id]'] });
		site.handler = () => ({ json: [], headers: { 'x-svc-skipped': '1', 'x-svc-skipped-files': 'not json' } });
		expect(await client().listFiles({ content: false })).toEqual({ files: [], skipped: 1 });
	});

	it('accepts records with only filename and hash, as long as content was not asked for', async () => {
		site.handler = () => ({ json: [{ filename: 'a', hash: 'h', route: null }] });
		expect((await client().listFiles({ content: false })).files).toEqual([{ slug: 'a', hash: 'h', path: '', methods: [], public: false }]);
	});

	it('reads a written upload without a checked list', async () => {
		site.handler = () => ({ json: { written: [{ filename: 'a', hash: 'h' }], dry_run: false, syntax_check: 'skipped' } });
		const result = await client().uploadFiles([{ slug: 'a', content: 'x' }]);
		expect(result.checked).toEqual(result.written);
		expect(result).toMatchObject({ dryRun: false, syntaxCheck: 'skipped', written: [{ slug: 'a', hash: 'h' }] });
	});

	it('keeps public and error from the listing', async () => {
		site.handler = () => ({
			json: [{ filename: 'a', hash: 'h', size: 1, path: '/p/a', methods: [], public: true, error: 'Parse error on line 9' }],
		});
		const [file] = (await client().listFiles({ content: false })).files;
		expect(file).toMatchObject({ public: true, error: 'Parse error on line 9' });
	});

	it.each<[string, unknown]>([
		['not an array', { files: [] }],
		['an item without a filename', [{ hash: 'h', size: 1, path: '/p', methods: [] }]],
		['an item without a hash', [{ filename: 'a', content: 'x', size: 1, path: '/p', methods: [] }]],
		['an item without the content asked for', [{ filename: 'a', hash: 'h', size: 1, path: '/p', methods: [] }]],
	])('rejects a listing that is %s', async (_case, json) => {
		site.handler = () => ({ json });
		expect(await failure(client().listFiles({ content: true }))).toMatchObject({ code: 'bad_response' });
	});

	it('uploads one batch with dry_run and reports progress', async () => {
		const seen: number[] = [];
		const result = await client().uploadFiles(
			[{ slug: 'users/[id]', content: '<?php\n' }],
			{ dryRun: true, onProgress: (progress) => seen.push(progress.percent) },
		);
		expect(site.requests[0]?.body).toEqual({ files: [{ filename: 'users/[id]', content: '<?php\n' }], dry_run: true });
		expect(result).toEqual({
			written: [],
			checked: [{ slug: 'users/[id]', hash: sha256Hex('<?php\n'), size: 6, path: '/x/users/[id]', methods: ['GET'], public: true }],
			dryRun: true,
			syntaxCheck: 'php -l',
		});
		expect(seen.at(-1)).toBe(1);
		expect(site.files.has('users/[id]')).toBe(false);
	});

	it('deletes files, and reads the release the removal made when the site says', async () => {
		expect(await client().deleteFiles(['hello'])).toEqual({ deleted: ['hello'], release: expect.objectContaining({ id: 1, kind: 'rm', removed: 1 }) });
		expect(site.requests[0]?.body).toEqual({ filenames: ['hello'], commit_id: expect.stringMatching(/^[a-f0-9]{32}$/) });
		expect(site.files.size).toBe(0);
	});

	it('deletes files on a site without releases, whose answer names no release', async () => {
		site.legacy = true;
		expect(await client().deleteFiles(['hello'])).toEqual({ deleted: ['hello'] });
	});

	it('an unknown slug on delete is not_found with the missing slugs, and nothing is removed', async () => {
		const error = await failure(client().deleteFiles(['hello', 'nope', 'gone']));
		expect(error).toMatchObject({ code: 'not_found', status: 404, serverCode: 'svc_not_found', slugs: ['nope', 'gone'] });
		expect(error.message).toMatch(/Not deployed on .*: nope, gone\. Nothing was removed\./);
		expect(site.files.has('hello')).toBe(true);
	});
});

describe('HTTP failures map to errors that name the fix', () => {
	it.each<[string, Reply, Record<string, unknown>, RegExp, RegExp | undefined]>([
		[
			'401 wrong credentials',
			wpError(401, 'incorrect_password', 'The provided password is an invalid application password.'),
			{ code: 'unauthorized', status: 401, serverCode: 'incorrect_password' },
			/rejected the credentials of user "admin" \(401, incorrect_password\)\. The site said: The provided password/,
			/new application password.*svc login/,
		],
		[
			// WordPress names no wrong credential: it answered as to a visitor, so the header never reached it.
			'401 as to a visitor: the plugin saw no credentials, so the Authorization header was stripped',
			wpError(401, 'rest_forbidden', 'Sorry, you are not allowed to do that.', { svc_credentials: 'none' }),
			{ code: 'unauthorized', status: 401, serverCode: 'rest_forbidden' },
			/answered as to a visitor \(401\): the credentials of user "admin" did not reach WordPress/,
			/CGIPassAuth On.*X-Svc-Authorization/,
		],
		[
			'403 not an administrator',
			wpError(403, 'rest_forbidden', 'Sorry, you are not allowed to do that.'),
			{ code: 'forbidden', status: 403 },
			/User "admin" is not an administrator on http:\/\/127\.0\.0\.1:\d+ \(403\)/,
			/manage_options/,
		],
		[
			'403 from a firewall, not WordPress',
			{ status: 403, text: '<h1>Blocked</h1>' },
			{ code: 'forbidden', status: 403 },
			/refused GET svc\/v1\/api-namespace \(403\)/,
			/firewall or security plugin/,
		],
		[
			'404 rest_no_route: plugin not active',
			wpError(404, 'rest_no_route', 'No route was found matching the URL and request method.'),
			{ code: 'plugin_inactive', status: 404 },
			/^The svc plugin is not active on http:\/\/127\.0\.0\.1:\d+\.$/,
			/activate the svc plugin/,
		],
		[
			'400 invalid namespace, with the site\'s reason',
			wpError(400, 'svc_invalid_namespace', 'Namespace must look like name/v1.'),
			{ code: 'bad_request', status: 400, serverCode: 'svc_invalid_namespace' },
			/rejected GET svc\/v1\/api-namespace \(400\)\. The site said: Namespace must look like name\/v1\./,
			undefined,
		],
		[
			'500 critical error',
			wpError(500, 'internal_server_error', '<p>There has been a critical error on this website.</p>'),
			{ code: 'server_error', status: 500 },
			/failed with HTTP 500 on GET svc\/v1\/api-namespace\. The site said: There has been a critical error on this website\.$/,
			/error log/,
		],
		[
			'502 without JSON',
			{ status: 502, text: 'Bad Gateway' },
			{ code: 'proxy_error', status: 502 },
			/answered GET \S+ with HTTP 502 \(Bad Gateway\): WordPress did not answer it/,
			/PHP .* is down, restarting/,
		],
		[
			'a redirect to another origin',
			{ status: 301, text: '', headers: { location: 'https://example.com/wp-json/svc/v1/api-namespace' } },
			{ code: 'redirected', status: 301 },
			/redirected GET svc\/v1\/api-namespace to https:\/\/example\.com\/wp-json\/svc\/v1\/api-namespace: from http to https, another host \(example\.com\), another port \(443\)\. svc sends the application password only to the address you logged in with/,
			/svc login --url https:\/\/example\.com$/,
		],
		[
			'a redirect on the same origin, not followed with the password either',
			{ status: 308, text: '', headers: { location: '/blog/wp-json/svc/v1/api-namespace' } },
			{ code: 'redirected', status: 308 },
			/redirected GET svc\/v1\/api-namespace to http:\/\/127\.0\.0\.1:\d+\/blog\/wp-json\/svc\/v1\/api-namespace; svc does not follow a redirect with the password\.$/,
			/^If the site now lives at http:\/\/127\.0\.0\.1:\d+\/blog, log in with that address: svc login --url http:\/\/127\.0\.0\.1:\d+\/blog$/,
		],
		[
			'200 that is not JSON, with its status and content type',
			{ status: 200, text: '<html>maintenance</html>', headers: { 'content-type': 'text/html; charset=UTF-8' } },
			{ code: 'bad_response', status: 200 },
			/^The site's answer to GET svc\/v1\/api-namespace \(HTTP 200, text\/html; charset=UTF-8\) is not JSON\.$/,
			/plugin may be answering/,
		],
		[
			'an unexpected status',
			{ status: 418, text: 'teapot' },
			{ code: 'bad_response', status: 418 },
			/HTTP 418, which svc did not expect/,
			undefined,
		],
	])('%s', async (_case, reply, fields, message, hint) => {
		site.handler = () => reply;
		const error = await failure(client().getNamespace());
		expect(error).toMatchObject({ exitCode: 1, ...fields });
		expect(error.message).toMatch(message);
		if (hint === undefined) expect(error.hint).toBeUndefined();
		else expect(error.hint).toMatch(hint);
	});

	it('a rejected push carries every per-file error for the UI', async () => {
		site.handler = () =>
			wpError(422, 'svc_push_rejected', 'One or more files failed the push-time checks.', {
				errors: [
					{ filename: 'hello', code: 'svc_syntax_error', message: 'PHP Parse error: syntax error, unexpected "}" on line 9' },
					{ filename: 'users/[id]', code: 'svc_class_taken', message: 'Class WP_Query is declared by WordPress core.' },
					{ nonsense: true },
				],
			});
		const error = await failure(client().uploadFiles([{ slug: 'hello', content: 'x' }]));
		expect(error).toMatchObject({ code: 'push_rejected', status: 422, serverCode: 'svc_push_rejected' });
		expect(error.message).toBe('The site rejected the push; nothing was written.');
		expect(error.fileErrors).toEqual([
			{ slug: 'hello', file: 'hello.php', code: 'svc_syntax_error', message: 'PHP Parse error: syntax error, unexpected "}" on line 9' },
			{ slug: 'users/[id]', file: 'users/[id].php', code: 'svc_class_taken', message: 'Class WP_Query is declared by WordPress core.' },
		]);
	});

	it('a rejected push without per-file errors quotes the site\'s summary', async () => {
		site.handler = () => wpError(422, 'svc_push_rejected', 'The api/ directory would exceed 8 MB.');
		const error = await failure(client().uploadFiles([{ slug: 'hello', content: 'x' }]));
		expect(error.message).toBe('The site rejected the push; nothing was written. The site said: The api/ directory would exceed 8 MB.');
		expect(error.fileErrors).toEqual([]);
	});

	it('wrong credentials against the real contract are a 401 error', async () => {
		const error = await failure(client({ appPassword: 'wrong pass word here' }).getNamespace());
		expect(error.code).toBe('unauthorized');
	});
});

describe('network failures', () => {
	it('a closed port is unreachable', async () => {
		const closed = createHttpServer();
		await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
		const { port } = closed.address() as AddressInfo;
		await new Promise<void>((resolve) => closed.close(() => resolve()));

		const error = await failure(client({ url: `http://127.0.0.1:${port}` }).getNamespace());
		expect(error).toMatchObject({ code: 'unreachable', exitCode: 1 });
		expect(error.message).toMatch(/Cannot reach http:\/\/127\.0\.0\.1:\d+: the connection was refused/);
	});

	it('a connection cut after the request was sent is broken, not unreachable: the site was reached', async () => {
		const cutting = createHttpServer((request) => request.socket.destroy());
		await new Promise<void>((resolve) => cutting.listen(0, '127.0.0.1', resolve));
		const { port } = cutting.address() as AddressInfo;
		try {
			const error = await failure(client({ url: `http://127.0.0.1:${port}` }).getNamespace());
			expect(error).toMatchObject({ code: 'connection_broken', exitCode: 1 });
			expect(error.message).toMatch(/^The connection to http:\/\/127\.0\.0\.1:\d+ broke during GET \S+ \((ECONNRESET|ERR_STREAM_PREMATURE_CLOSE)\), before the site answered\.$/);
			expect(error.hint).toMatch(/the site URL is right/);
		} finally {
			await new Promise<void>((resolve) => cutting.close(() => resolve()));
		}
	});

	it('a site that never answers times out', async () => {
		site.handler = () => ({ hang: true });
		const error = await failure(client({ timeoutMs: 300 }).getNamespace());
		expect(error).toMatchObject({ code: 'timeout' });
		expect(error.message).toMatch(/did not answer within 300 ms\.$/);
	});

	it('https to a plain-http port is a TLS error', async () => {
		const error = await failure(client({ url: site.url.replace('http://', 'https://') }).getNamespace());
		expect(error).toMatchObject({ code: 'tls' });
		expect(error.hint).toMatch(/certificate/);
	});

	describe('with a self-signed certificate', () => {
		let dir: string;
		let server: ReturnType<typeof createHttpsServer> | undefined;
		let url = '';

		beforeAll(async () => {
			dir = mkdtempSync(path.join(tmpdir(), 'svc-tls-'));
			try {
				execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
					'-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
			} catch {
				return; // No openssl: the test below is skipped.
			}
			server = createHttpsServer({ key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) }, (_req, res) =>
				res.end('{}'),
			);
			await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
			url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
		});

		afterAll(async () => {
			if (server !== undefined) await new Promise<void>((resolve) => server?.close(() => resolve()));
			rmSync(dir, { recursive: true, force: true });
		});

		it('is a TLS error saying the certificate is self-signed', async () => {
			if (server === undefined) return;
			const error = await failure(client({ url }).getNamespace());
			expect(error).toMatchObject({ code: 'tls' });
			expect(error.message).toMatch(/the certificate is self-signed \(DEPTH_ZERO_SELF_SIGNED_CERT\)/);
			expect(error.hint).toMatch(/NODE_EXTRA_CA_CERTS/);
		});
	});

	it.each<[string, string, RegExp]>([
		['ENOTFOUND', 'unreachable', /host name does not resolve/],
		['EAI_AGAIN', 'unreachable', /could not be resolved right now/],
		['EHOSTUNREACH', 'unreachable', /host is unreachable/],
		['ECONNRESET', 'connection_broken', /connection to https:\/\/example\.com broke during the request \(ECONNRESET\)/],
		['EPIPE', 'connection_broken', /broke during the request \(EPIPE\), before the site answered/],
		['EWHATEVER', 'unreachable', /the request failed \(EWHATEVER\)/],
		['ETIMEDOUT', 'timeout', /did not answer within 30 s/],
		['CERT_HAS_EXPIRED', 'tls', /certificate has expired/],
		['ERR_TLS_CERT_ALTNAME_INVALID', 'tls', /certificate is for another host name/],
		['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'tls', /not signed by a trusted authority/],
		['SELF_SIGNED_CERT_IN_CHAIN', 'tls', /self-signed/],
		['ERR_SSL_WRONG_VERSION_NUMBER', 'tls', /TLS handshake failed/],
	])('%s → %s', (code, kind, message) => {
		const error = networkFailure(Object.assign(new Error('x'), { code }), 'https://example.com', 30_000);
		expect(error.code).toBe(kind);
		expect(error.message).toMatch(message);
		expect(error.message).toContain('https://example.com');
	});
});

describe('the password stays with the origin the user named', () => {
	const elsewhere = new FakeSite();

	beforeAll(async () => {
		await elsewhere.start();
	});

	afterAll(async () => {
		await elsewhere.stop();
	});

	beforeEach(() => {
		elsewhere.reset();
	});

	const port = (url: string): string => new URL(url).port;

	it.each<[string, () => string, RegExp]>([
		['another port', () => `${elsewhere.url}/wp-json/svc/v1`, /: another port \(\d+\)\./],
		['another host name for the same server', () => `http://localhost:${port(site.url)}/wp-json/svc/v1`, /: another host \(localhost\)\./],
		['another scheme', () => `https://127.0.0.1:${port(site.url)}/wp-json/svc/v1`, /: from http to https\./],
	])('discovery redirected to %s stops, names the address and how to log in there, and sends it nothing', async (_case, target, change) => {
		site.redirects.set('/wp-json/svc/v1', target());
		const api = client();
		const error = await failure(api.listFiles({ content: false }));
		expect(error).toMatchObject({ code: 'redirected', status: 301, exitCode: 1 });
		expect(error.message).toContain(`${site.url} redirected GET /wp-json/svc/v1 to ${target()}`);
		expect(error.message).toMatch(change);
		const address = target().replace('/wp-json/svc/v1', '');
		expect(error.hint).toBe(`If ${address} is the site's real address, log in with it: svc login --url ${address}`);
		// Nothing at all went to the other origin, and the password went nowhere.
		expect(elsewhere.arrived).toEqual([]);
		expect(site.arrived.map((request) => request.authorization)).toEqual([undefined]);
		expect(site.arrived.every((request) => request.host === `127.0.0.1:${port(site.url)}`)).toBe(true);
	});

	it('the ?rest_route= probe redirected elsewhere stops too', async () => {
		site.permalinks = 'plain';
		site.redirects.set('/', `${elsewhere.url}/blog/?rest_route=/svc/v1`);
		const error = await failure(client().getNamespace());
		expect(error).toMatchObject({ code: 'redirected' });
		expect(error.hint).toMatch(new RegExp(`svc login --url ${elsewhere.url}/blog$`));
		expect(elsewhere.arrived).toEqual([]);
	});

	it('from https to http: says the password would travel unencrypted', async () => {
		const error = await failure(
			(async () => {
				throw redirectedElsewhere((message, details) => new SvcError(message, details), {
					siteUrl: 'https://example.com',
					where: 'GET /wp-json/svc/v1',
					status: 301,
					to: new URL('http://example.com/wp-json/svc/v1'),
				});
			})(),
		);
		expect(error.message).toBe(
			'https://example.com redirected GET /wp-json/svc/v1 to http://example.com/wp-json/svc/v1: from https to http, another port (80). svc sends the application password only to the address you logged in with, so it stopped and sent nothing there.',
		);
		expect(error.hint).toMatch(/^Over http the password would travel unencrypted.*svc login --url http:\/\/example\.com$/);
	});

	it('a call redirected to another origin is not followed: the other site never gets the password', async () => {
		site.handler = (request) =>
			request.route === '/svc/v1/api-files' ? { status: 302, text: '', headers: { location: `${elsewhere.url}/wp-json/svc/v1/api-files` } } : site.answer(request);
		const api = client();
		expect(await api.getNamespace()).toBe('svc-api/v1');
		const error = await failure(api.uploadFiles([{ slug: 'a', content: 'x' }]));
		expect(error).toMatchObject({ code: 'redirected', status: 302 });
		expect(error.message).toContain(`redirected POST svc/v1/api-files to ${elsewhere.url}/wp-json/svc/v1/api-files: another port`);
		expect(error.hint).toContain(`svc login --url ${elsewhere.url}`);
		expect(elsewhere.arrived).toEqual([]);
	});

	it('a redirect loop on the same origin ends after a bounded number of hops', async () => {
		site.redirects.set('/wp-json/svc/v1', '/loop/wp-json/svc/v1');
		site.redirects.set('/loop/wp-json/svc/v1', '/wp-json/svc/v1');
		const error = await failure(client().getNamespace());
		expect(error).toMatchObject({ code: 'redirected' });
		expect(error.message).toMatch(/redirected GET \/wp-json\/svc\/v1 more than 10 times\.$/);
		expect(site.arrived).toHaveLength(11);
	});
});

describe('answers are bounded', () => {
	/** The client stopped reading: the connection closed long before the site ran out of body. */
	const stoppedEarly = async (flood: Flood, under: number): Promise<void> => {
		await flood.done;
		expect(flood.sent()).toBeLessThan(under);
	};

	it('a small answer without end stops at 1 MB, names the request, and closes the connection', async () => {
		const endless = flood({ chunk: Buffer.alloc(64 * 1024, 'x') });
		site.handler = () => ({ write: endless.write });
		const error = await failure(client().getNamespace());
		expect(error).toMatchObject({ code: 'answer_too_large', status: 200, exitCode: 1 });
		expect(error.message).toBe(
			"The site's answer to GET svc/v1/api-namespace (HTTP 200, application/json; charset=UTF-8) is over 1.0 MB; svc reads at most 1.0 MB of it, and stopped.",
		);
		await stoppedEarly(endless, 16 * MB);
	});

	it('an answer whose Content-Length is over the cap is not read at all', async () => {
		const big = flood({ chunk: Buffer.alloc(64 * 1024, 'x'), headers: { 'content-length': String(6 * GB) } });
		site.handler = () => ({ write: big.write });
		const error = await failure(client().getNamespace());
		expect(error).toMatchObject({ code: 'answer_too_large' });
		expect(error.message).toMatch(/is 6\.0 GB \(Content-Length\); svc reads at most 1\.0 MB of it, and stopped\.$/);
		await stoppedEarly(big, 16 * MB);
	});

	it.each<[string, () => Flood]>([
		['gzip', () => gzipBomb(GB)],
		['br', () => brotliBomb(256 * MB)],
	])('a %s bomb stops at the cap of the unpacked bytes', async (encoding, bomb) => {
		// Making a bomb is seconds of compression on a busy machine: this test is about bytes, not time.
		const answer = bomb();
		site.handler = () => ({ write: answer.write });
		const error = await failure(client({ timeoutMs: 60_000 }).getNamespace());
		expect(error).toMatchObject({ code: 'answer_too_large' });
		expect(error.message).toMatch(new RegExp(`unpacks \\(${encoding}\\) to over 1\\.0 MB from \\d+ (bytes|KB) sent; svc reads at most 1\\.0 MB of it, and stopped\\.$`));
	}, 120_000);

	it('a compressed answer within the cap is unpacked as it should be', async () => {
		const body = zlib.gzipSync(JSON.stringify({ namespace: 'packed/v1' }));
		site.handler = () => ({ write: flood({ headers: { 'content-encoding': 'gzip' }, chunk: body, bytes: body.length }).write });
		expect(await client().getNamespace()).toBe('packed/v1');
	});

	it('the listing may be as large as the site\'s own limits allow, asking for them only when it is larger than the defaults allow', async () => {
		const files = new Map(Array.from({ length: 700 }, (_unused, index) => [`file-${index}`, `<?php\n${'x'.repeat(32 * 1024)}\n`]));
		site.files = files;
		// 700 × 32 KB ≈ 22 MB of records: more than the default cap of records (20 MB), within twice the site's 16 MB.
		const records = (request: SeenRequest): Reply => {
			const answer = site.answer(request);
			if (request.route !== '/svc/v1/api-files') return answer;
			return { json: [...files].map(([filename, content]) => ({ filename, hash: sha256Hex(content), error: content, path: `/x/${filename}`, methods: ['GET'] })) };
		};
		const limits = (total: number) => (request: SeenRequest): Reply => {
			if (request.route !== '/svc/v1/status') return records(request);
			const status = site.answer(request).json as { limits: Record<string, number> };
			return { json: { ...status, limits: { ...status.limits, total_bytes: total } } };
		};
		site.handler = limits(16 * MB);
		// 22 MB built and read by one process: under load that takes seconds, and this test is about sizes.
		const patient = () => client({ timeoutMs: 60_000 });
		const listing = await patient().listFiles({ content: false });
		expect(listing.files).toHaveLength(700);
		expect(site.requests.map((request) => request.route)).toEqual(['/svc/v1/api-files', '/svc/v1/status']);

		site.requests.length = 0;
		site.handler = limits(8 * MB);
		const error = await failure(patient().listFiles({ content: false }));
		expect(error).toMatchObject({ code: 'answer_too_large' });
		expect(error.message).toMatch(/^The site's answer to GET svc\/v1\/api-files \(HTTP 200, application\/json; charset=UTF-8\) is over 20\.0 MB/);

		// A client that read the status already sizes the cap from it, without asking again.
		site.requests.length = 0;
		site.handler = limits(16 * MB);
		const api = patient();
		await api.getStatus();
		await api.listFiles({ content: false });
		expect(site.requests.map((request) => request.route)).toEqual(['/svc/v1/status', '/svc/v1/api-files']);
	}, 180_000);

	it('a usual listing costs no request for the limits', async () => {
		await client().listFiles({ content: true });
		expect(site.requests.map((request) => request.route)).toEqual(['/svc/v1/api-files']);
	});

	it('an answer that breaks off says so with its status and content type, not that the site cannot be reached', async () => {
		site.handler = () => ({
			write: (response) => {
				response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
				response.write('[{"filename":');
				setTimeout(() => response.destroy(), 20);
			},
		});
		const error = await failure(client().getNamespace());
		expect(error).toMatchObject({ code: 'bad_response', status: 200 });
		expect(error.message).toBe("The site's answer to GET svc/v1/api-namespace (HTTP 200, application/json) broke off after 13 bytes: the connection closed.");
	});

	it('an answer that does not end in time is a timeout of the answer', async () => {
		site.handler = () => ({
			write: (response) => {
				response.writeHead(200, { 'content-type': 'application/json' });
				response.write('{');
			},
		});
		const error = await failure(client({ timeoutMs: 300 }).getNamespace());
		expect(error).toMatchObject({ code: 'timeout', status: 200 });
		expect(error.message).toBe("The site's answer to GET svc/v1/api-namespace (HTTP 200, application/json) did not end within 300 ms (1 bytes read).");
	});

	it('a compressed answer that does not unpack says so', async () => {
		site.handler = () => ({ write: flood({ headers: { 'content-encoding': 'gzip' }, chunk: Buffer.from('not gzip at all'), bytes: 15 }).write });
		const error = await failure(client().getNamespace());
		expect(error).toMatchObject({ code: 'bad_response', status: 200 });
		expect(error.message).toMatch(/^The site's answer to GET svc\/v1\/api-namespace \(HTTP 200, application\/json; charset=UTF-8\) could not be unpacked \(gzip: incorrect header check\)\.$/);
	});

	it('an encoding svc did not ask for is refused by name', async () => {
		site.handler = () => ({ write: flood({ headers: { 'content-encoding': 'compress' }, chunk: Buffer.from('x'), bytes: 1 }).write });
		const error = await failure(client().getNamespace());
		expect(error).toMatchObject({ code: 'bad_response' });
		expect(error.message).toContain('is encoded as "compress", which svc did not ask for');
	});

	it('something that is not HTTP is said to be so, not unreachable', async () => {
		const sockets: Socket[] = [];
		const garbage = createNetServer((socket) => {
			sockets.push(socket);
			socket.end('SSH-2.0-OpenSSH_9.6\r\n\r\n');
		});
		await new Promise<void>((resolve) => garbage.listen(0, '127.0.0.1', resolve));
		try {
			const error = await failure(client({ url: `http://127.0.0.1:${(garbage.address() as AddressInfo).port}` }).getNamespace());
			expect(error).toMatchObject({ code: 'bad_response' });
			expect(error.message).toMatch(/^http:\/\/127\.0\.0\.1:\d+ answered with something that is not HTTP \(HPE_[A-Z_]+\)\.$/);
		} finally {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => garbage.close(() => resolve()));
		}
	});
});

describe('the application password never leaks into an error', () => {
	/** A hostile or careless server that echoes everything it received, credentials included. */
	const echo =
		(status: number, code: string): Handler =>
		(request) =>
			wpError(status, code, `auth=${request.authorization ?? ''} pw=${PASSWORD} bare=${PASSWORD.replace(/ /g, '')}`, {
				errors: [{ filename: 'a', code: 'x', message: `echo ${PASSWORD}` }],
			});

	const secrets = [PASSWORD, PASSWORD.replace(/ /g, ''), encodeURIComponent(PASSWORD), Buffer.from(`${USER}:${PASSWORD}`).toString('base64')];

	function expectClean(error: SvcError): void {
		const surfaces = [error.message, error.hint ?? '', JSON.stringify(error), JSON.stringify(error.toJSON()), JSON.stringify(error.fileErrors)];
		for (const surface of surfaces) {
			for (const secret of secrets) expect(surface).not.toContain(secret);
		}
	}

	const urlWithPassword = () => site.url.replace('http://', `http://${USER}:${encodeURIComponent(PASSWORD)}@`);

	it.each<[string, number, string, boolean]>([
		['401', 401, 'incorrect_password', true],
		['403', 403, 'rest_forbidden', false],
		['403 (other code)', 403, 'waf_blocked', true],
		['400', 400, 'svc_bad_request', true],
		['404', 404, 'svc_not_found', false],
		['422 (per-file errors, no summary)', 422, 'svc_push_rejected', false],
		['500', 500, 'internal_server_error', true],
	])('in a %s answer that echoes it', async (_case, status, code, quotesSite) => {
		site.handler = echo(status, code);
		const error = await failure(client({ url: urlWithPassword() }).uploadFiles([{ slug: 'a', content: 'x' }]));
		expect(error.status).toBe(status);
		// Where the site's own words are quoted, they are quoted with the secret masked.
		if (quotesSite) expect(error.message).toMatch(/The site said: auth=Basic \*\*\* pw=\*\*\* bare=\*\*\*/);
		expectClean(error);
	});

	it('when the site is unreachable, with the password in the URL', async () => {
		const closed = createHttpServer();
		await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
		const { port } = closed.address() as AddressInfo;
		await new Promise<void>((resolve) => closed.close(() => resolve()));
		const error = await failure(
			client({ url: `http://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}` }).getNamespace(),
		);
		expectClean(error);
	});

	it('when a redirect points at a URL with the password in it', async () => {
		site.handler = () => ({ status: 302, text: '', headers: { location: `https://${USER}:${encodeURIComponent(PASSWORD)}@example.com/` } });
		const error = await failure(client().getNamespace());
		expectClean(error);
	});

	it('redactor masks every form of the password', () => {
		const redact = redactor(USER, PASSWORD);
		for (const secret of secrets) expect(redact(`before ${secret} after`)).toBe('before *** after');
	});
});

describe('releases', () => {
	const local = (slug: string, content: string): PushFile => {
		const bytes = Buffer.from(content);
		return { slug, hash: sha256Hex(bytes), bytes };
	};
	/** A route file of about `size` bytes, distinct per slug. */
	const sized = (slug: string, size: number): PushFile => local(slug, `<?php\n// ${slug}\n${'x'.repeat(size)}\n`);
	const routes = (requests: readonly SeenRequest[]) => requests.map((request) => `${request.method} ${request.route.replace('/svc/v1/', '')}`);
	const status = async (api: SiteClient): Promise<SiteStatus> => {
		const answer = await api.getStatus();
		if (answer === undefined) throw new Error('no status');
		return answer;
	};

	describe('GET status', () => {
		it('reads deploy, the active release and the limits', async () => {
			site.requestBytes = 1_048_576;
			expect(await client().getStatus()).toEqual({ deploy: { allowed: true }, release: null, limits: { fileBytes: 524288, totalBytes: 8388608, requestBytes: 1_048_576 }, features: ['commit_ids', 'listing_filenames', 'status_listing'] });
			expect(site.requests.at(-1)?.query.has('listing')).toBe(false);
			await client().deleteFiles(['hello']);
			site.deploy = { allowed: false, reason: 'DISALLOW_FILE_MODS is true on this site.' };
			expect(await client().getStatus()).toMatchObject({
				deploy: { allowed: false, reason: 'DISALLOW_FILE_MODS is true on this site.' },
				release: { id: 1, created: '2026-11-22T21:04:05Z', user: { id: 1, login: 'admin' }, kind: 'rm', files: 0 },
			});
		});

		it('is undefined on a site whose plugin predates releases (404 rest_no_route)', async () => {
			site.legacy = true;
			expect(await client().getStatus()).toBeUndefined();
		});

		it('rejects an answer without deploy.allowed', async () => {
			site.handler = () => ({ json: { release: null } });
			expect(await failure(client().getStatus())).toMatchObject({ code: 'bad_response' });
		});
	});

	describe('the status and the listing a push plans from', () => {
		it('come in one request from a plugin that carries the listing in GET status', async () => {
			site.requestBytes = 1_048_576;
			const answer = await client().getStatusAndListing();
			expect(routes(site.requests)).toEqual(['GET status']);
			expect(site.requests[0]?.query.get('listing')).toBe('true');
			expect(answer.status).toMatchObject({ deploy: { allowed: true }, release: null, limits: { requestBytes: 1_048_576 } });
			expect(answer.listing).toEqual({ files: [expect.objectContaining({ slug: 'hello', hash: sha256Hex(site.files.get('hello') ?? '') })], skipped: 0, skippedFiles: [] });
			// The same files as GET api-files lists.
			expect(answer.listing.files).toEqual((await client().listFiles({ content: false })).files);
		});

		it('come in two requests, the status first, from a plugin that answers the status alone', async () => {
			site.statusListing = false;
			const answer = await client().getStatusAndListing();
			expect(routes(site.requests)).toEqual(['GET status', 'GET api-files']);
			expect(answer.status?.features).toEqual(['commit_ids', 'listing_filenames']);
			expect(answer.listing.files.map((file) => file.slug)).toEqual(['hello']);
		});

		it('give no status but the listing from a plugin that predates releases', async () => {
			site.legacy = true;
			const answer = await client().getStatusAndListing();
			expect(answer.status).toBeUndefined();
			expect(answer.listing.files.map((file) => file.slug)).toEqual(['hello']);
			expect(routes(site.requests)).toEqual(['GET status', 'GET api-files']);
		});

		it('reads the skipped files from the carried listing, and refuses a listing it cannot read', async () => {
			const carried = (listing: unknown): Handler => (request) => (request.route.endsWith('/status') ? { json: { deploy: { allowed: true }, release: null, limits: {}, features: ['status_listing'], listing } } : wpError(404, 'rest_no_route', 'No route.'));
			site.handler = carried({ files: [], skipped_files: ['huge'] });
			expect((await client().getStatusAndListing()).listing).toEqual({ files: [], skipped: 1, skippedFiles: ['huge'] });
			for (const listing of [null, [], { files: [{ filename: 7 }], skipped_files: [] }, { files: [], skipped_files: [3] }, { files: {}, skipped_files: [] }]) {
				site.handler = carried(listing);
				expect(await failure(client().getStatusAndListing())).toMatchObject({ code: 'bad_response' });
			}
		});

		it('are asked for again while the site answers that a route file stopped PHP', async () => {
			let answers = 0;
			const contract = site.handler;
			site.handler = (request) => {
				if (!request.route.endsWith('/status')) return contract(request);
				answers += 1;
				return answers <= 2 ? wpError(503, 'svc_boot_fatal', 'bad.php stopped PHP while it was loading') : contract(request);
			};
			expect((await client().getStatusAndListing()).listing.files.map((file) => file.slug)).toEqual(['hello']);
			expect(answers).toBe(3);
			expect(routes(site.requests)).toEqual(['GET status', 'GET status', 'GET status']);
		});
	});

	describe('push: stage, then commit', () => {
		it('stages only the given contents, in requests whose bodies stay under the site\'s request_bytes, then commits every file by hash', async () => {
			site.requestBytes = 4096;
			const files = ['a', 'b', 'c', 'd', 'e'].map((slug) => sized(slug, 1000));
			const kept = local('hello', '<?php\n// hello\n');
			const api = client();
			const seen: PushProgress[] = [];
			const result = await pushRelease(api, {
				files: [...files, kept],
				upload: files,
				prune: false,
				removed: [],
				dryRun: false,
				status: await status(api),
				onProgress: (progress) => seen.push(progress),
			});
			const stages = site.requests.filter((request) => request.route === '/svc/v1/api-blobs');
			expect(stages.length).toBeGreaterThan(1);
			for (const request of stages) {
				expect(request.bytes).toBeLessThanOrEqual(4096);
				// The body measured by core/blob-batches.ts is the body sent.
				const blobs = (request.body as { blobs: { hash: string }[] }).blobs;
				expect(request.bytes).toBe(requestBytes(blobs.map((blob) => ({ hash: blob.hash, size: files.find((file) => file.hash === blob.hash)?.bytes.length ?? 0 }))));
			}
			expect(stages.flatMap((request) => (request.body as { blobs: { hash: string }[] }).blobs.map((blob) => blob.hash))).toEqual(files.map((file) => file.hash));
			expect(routes(site.requests).slice(-1)).toEqual(['POST api-releases']);
			expect(site.requests.at(-1)?.body).toEqual({
				files: Object.fromEntries([...files, kept].map((file) => [file.slug, file.hash])),
				prune: false,
				remove: [],
				dry_run: false,
				commit_id: expect.stringMatching(/^[a-f0-9]{32}$/),
			});
			expect(result).toMatchObject({
				via: 'release',
				release: { id: 1, kind: 'push', added: 5, active: true },
				deleted: [],
				staged: { files: 5, requests: stages.length, bytes: stages.reduce((sum, request) => sum + request.bytes, 0) },
			});
			expect(site.files.get('c')).toBe(files[2]?.bytes.toString());
			// Progress counts bytes across every request, then the commit.
			const staging = seen.filter((progress) => progress.phase === 'staging');
			expect(staging.at(-1)).toMatchObject({ sent: result.staged.bytes, total: result.staged.bytes, request: stages.length, requests: stages.length });
			expect(seen.at(-1)).toEqual({ phase: 'committing', sent: result.staged.bytes, total: result.staged.bytes });
		});

		it('sends the active release as base, and a moved release is refused with "run the push again"', async () => {
			const api = client();
			await api.deleteFiles(['hello']);
			const planned = await status(api);
			expect(planned.release?.id).toBe(1);
			const file = local('a', '<?php\n');
			await pushRelease(api, { files: [file], upload: [file], prune: false, removed: [], dryRun: false, status: planned });
			expect(site.requests.at(-1)?.body).toMatchObject({ base: 1 });
			const later = local('b', '<?php\n// b\n');
			// Planned against release 1; release 2 is active now.
			const error = await failure(pushRelease(api, { files: [later], upload: [later], prune: false, removed: [], dryRun: false, status: planned }));
			expect(error).toMatchObject({ code: 'release_moved', status: 409, serverCode: 'svc_release_moved', exitCode: 1 });
			expect(error.message).toMatch(/^Another push landed on http:\/\/127\.0\.0\.1:\d+ since you planned \(release 2 is active now\); nothing was changed\.$/);
			expect(error.hint).toBe('Run the push again: it plans against what the site has now.');
			expect(site.files.has('b')).toBe(false);
		});

		it('stages what the commit names as missing and commits once more', async () => {
			const files = [local('a', '<?php\n// a\n'), local('b', '<?php\n// b\n')];
			let commits = 0;
			site.handler = (request) => {
				if (request.route === '/svc/v1/api-releases' && ++commits === 1) site.blobs.delete(files[1]?.hash ?? ''); // expired meanwhile
				return site.answer(request);
			};
			const api = client();
			const result = await pushRelease(api, { files, upload: files, prune: false, removed: [], dryRun: false, status: await status(api) });
			expect(routes(site.requests)).toEqual(['GET status', 'POST api-blobs', 'POST api-releases', 'POST api-blobs', 'POST api-releases']);
			expect((site.requests[3]?.body as { blobs: { hash: string }[] }).blobs.map((blob) => blob.hash)).toEqual([files[1]?.hash]);
			expect(result).toMatchObject({ release: { id: 1 }, staged: { files: 3, requests: 2 } });
			expect(site.files.get('b')).toBe('<?php\n// b\n');
		});

		it('gives up when the same contents are missing again, having changed nothing', async () => {
			const files = [local('a', '<?php\n// a\n')];
			site.handler = (request) => (request.route === '/svc/v1/api-releases' ? wpError(409, 'svc_missing_blobs', 'Stage these.', { hashes: [files[0]?.hash] }) : site.answer(request));
			const api = client();
			const error = await failure(pushRelease(api, { files, upload: files, prune: false, removed: [], dryRun: false, status: await status(api) }));
			expect(error).toMatchObject({ code: 'bad_response' });
			expect(error.message).toBe('The site lost a staged content twice; nothing was changed.');
			expect(routes(site.requests).filter((route) => route === 'POST api-releases')).toHaveLength(2);
		});

		it('with nothing new to send (--prune of one route), commits without staging', async () => {
			const api = client();
			const result = await pushRelease(api, { files: [], upload: [], prune: true, removed: ['hello'], dryRun: false, status: await status(api) });
			expect(routes(site.requests)).toEqual(['GET status', 'POST api-releases']);
			expect(site.requests.at(-1)?.body).toMatchObject({ files: {}, prune: true });
			expect(result).toMatchObject({ release: { kind: 'prune', removed: 1 }, deleted: ['hello'] });
			expect(site.files.size).toBe(0);
		});

		it('a dry run stages, lets the site check, and makes no release', async () => {
			const file = local('a', '<?php\n// a\n');
			const api = client();
			const result = await pushRelease(api, { files: [file], upload: [file], prune: false, removed: [], dryRun: true, status: await status(api) });
			expect(routes(site.requests)).toEqual(['GET status', 'POST api-blobs', 'POST api-releases']);
			expect(site.requests.at(-1)?.body).toMatchObject({ dry_run: true });
			expect(result).toMatchObject({ release: null, dryRun: true, written: [], checked: [{ slug: 'a' }], plan: { added: ['a'], changed: [], removed: [] } });
			expect(site.releases).toEqual([]);
			expect(site.files.has('a')).toBe(false);
		});

		it('reads an unchanged answer (the resulting set equals the active one)', async () => {
			const api = client();
			const result = await api.commitRelease({ files: { hello: sha256Hex('<?php\n// hello\n') } });
			expect(result).toMatchObject({ release: null, unchanged: true, written: [], plan: { added: [], changed: [], removed: [] } });
		});

		it('a rejection carries the per-file errors, as for api-files', async () => {
			site.handler = (request) =>
				request.route === '/svc/v1/api-releases'
					? wpError(422, 'svc_push_rejected', 'Rejected.', { errors: [{ filename: 'a', code: 'svc_syntax_error', message: 'PHP Parse error: …' }] })
					: site.answer(request);
			const file = local('a', '<?php\n');
			const api = client();
			const error = await failure(pushRelease(api, { files: [file], upload: [file], prune: false, removed: [], dryRun: false, status: await status(api) }));
			expect(error).toMatchObject({ code: 'push_rejected', fileErrors: [{ slug: 'a', file: 'a.php', code: 'svc_syntax_error', message: 'PHP Parse error: …' }] });
		});
	});

	describe('a plugin from before releases (404 rest_no_route)', () => {
		it('without GET status: the old single POST api-files batch, then DELETE api-files for --prune', async () => {
			site.legacy = true;
			const file = local('a', '<?php\n// a\n');
			const api = client();
			const known = await api.getStatus();
			const result = await pushRelease(api, { files: [file], upload: [file], prune: true, removed: ['hello'], dryRun: false, status: known });
			expect(routes(site.requests)).toEqual(['GET status', 'POST api-files', 'DELETE api-files']);
			expect(site.requests[1]?.body).toEqual({ files: [{ filename: 'a', content: '<?php\n// a\n' }], dry_run: false });
			expect(result).toMatchObject({ via: 'files', release: null, written: [{ slug: 'a' }], deleted: ['hello'], staged: { requests: 0 } });
			expect([...site.files.keys()]).toEqual(['a']);
		});

		it('with GET status but no api-blobs: falls back to the old batch, and a dry run deletes nothing', async () => {
			site.handler = (request) =>
				request.route === '/svc/v1/api-blobs' ? wpError(404, 'rest_no_route', 'No route was found matching the URL and request method.') : site.answer(request);
			const file = local('a', '<?php\n// a\n');
			const api = client();
			const result = await pushRelease(api, { files: [file], upload: [file], prune: true, removed: ['hello'], dryRun: true, status: await status(api) });
			expect(routes(site.requests)).toEqual(['GET status', 'POST api-blobs', 'POST api-files']);
			expect(result).toMatchObject({ via: 'files', dryRun: true, deleted: [], checked: [{ slug: 'a' }] });
			expect(site.files.has('a')).toBe(false);
		});

		it('the release commands say the plugin is too old', async () => {
			site.legacy = true;
			const error = await failure(client().listReleases());
			expect(error).toMatchObject({ code: 'plugin_outdated', status: 404 });
			expect(error.message).toMatch(/has no GET svc\/v1\/api-releases: its svc plugin predates releases, or is not active\.$/);
			expect(error.hint).toMatch(/Update the svc plugin/);
		});
	});

	describe('a flaky connection (retry-policy.ts)', () => {
		/** Cuts the connection of the first `cuts` requests that `matches`, after they arrived; passes the rest on. */
		function cutting(matches: (request: SeenRequest) => boolean, cuts: number): Handler {
			let left = cuts;
			return (request) => {
				if (matches(request) && left > 0) {
					left -= 1;
					return { write: (response) => response.socket?.destroy() };
				}
				return site.answer(request);
			};
		}
		const retries = (): { notices: RetryNotice[]; api: SiteClient } => {
			const notices: RetryNotice[] = [];
			return { notices, api: client({ onRetry: (notice) => notices.push(notice), wait: async () => undefined }) };
		};
		const staging = (request: SeenRequest): boolean => request.method === 'POST' && request.route === '/svc/v1/api-blobs';
		const committing = (request: SeenRequest): boolean => request.method === 'POST' && request.route === '/svc/v1/api-releases';

		it('stages again after the connection was cut, saying so, and the contents arrive once', async () => {
			site.handler = cutting(staging, 2);
			const { notices, api } = retries();
			const result = await api.stageBlobs([{ hash: sha256Hex('x'), content: Buffer.from('x') }]);
			expect(result.stored).toEqual([sha256Hex('x')]);
			expect(site.requests.filter(staging)).toHaveLength(3);
			expect(notices.map((notice) => [notice.where, notice.retry, notice.retries])).toEqual([
				['POST svc/v1/api-blobs', 1, 3],
				['POST svc/v1/api-blobs', 2, 3],
			]);
			expect(notices[0]?.reason).toMatch(/broke during POST svc\/v1\/api-blobs/);
		});

		it('gives up after three retries with the cause, not "cannot reach"', async () => {
			site.handler = cutting(staging, 10);
			const { notices, api } = retries();
			const error = await failure(api.stageBlobs([{ hash: sha256Hex('x'), content: Buffer.from('x') }]));
			expect(error.code).toBe('connection_broken');
			expect(site.requests.filter(staging)).toHaveLength(4);
			expect(notices).toHaveLength(3);
		});

		it('reads again after a proxy page (502), but never after the site refused', async () => {
			let proxied = 1;
			site.handler = (request) => (request.route === '/svc/v1/api-files' && proxied-- > 0 ? { status: 502, text: '<html>502 Bad Gateway</html>' } : site.answer(request));
			const { notices, api } = retries();
			expect((await api.listFiles({ content: false })).files.map((file) => file.slug)).toEqual(['hello']);
			expect(notices.map((notice) => notice.reason)).toEqual([expect.stringMatching(/HTTP 502 \(Bad Gateway\)/)]);

			site.handler = () => wpError(500, 'db_connect_fail', 'Error establishing a database connection');
			const down = retries();
			expect(await failure(down.api.listFiles({ content: false }))).toMatchObject({ code: 'database_down' });
			expect(down.notices).toEqual([]);
		});

		it('commits again with the same commit id after the answer was lost, and one release is made', async () => {
			site.handler = cutting(committing, 1);
			const { notices, api } = retries();
			const result = await api.commitRelease({ files: { hello: sha256Hex('<?php\n// hello\n'), more: sha256Hex('<?php\n// hello\n') } });
			expect(result).toMatchObject({ release: { id: 1 } });
			const ids = site.requests.filter(committing).map((request) => (request.body as { commit_id?: unknown }).commit_id);
			expect(ids).toHaveLength(2);
			expect(ids[0]).toMatch(/^[a-f0-9]{32}$/);
			expect(ids[1]).toBe(ids[0]);
			expect(site.releases).toHaveLength(1);
			expect(notices).toHaveLength(1);
			// Each change has its own id.
			await api.commitRelease({ files: { hello: sha256Hex('<?php\n// hello\n') }, prune: true });
			const next = site.requests.filter(committing).at(-1)?.body as { commit_id?: unknown };
			expect(next.commit_id).not.toBe(ids[0]);
		});

		it('sends no change again to a plugin whose status does not say it replays commit ids: it would make a second release', async () => {
			site.commitIds = false;
			site.handler = cutting(committing, 1);
			const { notices, api } = retries();
			expect(await failure(api.commitRelease({ files: { hello: sha256Hex('<?php\n// hello\n') } }))).toMatchObject({ code: 'connection_broken' });
			expect(site.requests.filter(committing)).toHaveLength(1);
			const removing = (request: SeenRequest): boolean => request.method === 'DELETE' && request.route === '/svc/v1/api-files';
			site.handler = cutting(removing, 1);
			expect(await failure(api.deleteFiles(['hello']))).toMatchObject({ code: 'connection_broken' });
			expect(site.requests.filter(removing)).toHaveLength(1);
			expect(notices).toEqual([]);
			// Reads are still read again.
			site.handler = cutting((request) => request.route === '/svc/v1/api-files' && request.method === 'GET', 1);
			expect((await api.listFiles({ content: false })).files.length).toBeGreaterThan(0);
			expect(notices).toHaveLength(1);
		});

		it('never sends again a write whose repetition is not known to be harmless', async () => {
			site.handler = cutting((request) => request.route === '/svc/v1/api-files' && request.method === 'POST', 1);
			const { notices, api } = retries();
			expect(await failure(api.uploadFiles([{ slug: 'a', content: '<?php\n' }]))).toMatchObject({ code: 'connection_broken' });
			expect(notices).toEqual([]);
		});

		it('rolls back and removes again with the same commit id after the answer was lost, one release each', async () => {
			const rollingBack = (request: SeenRequest): boolean => request.route === '/svc/v1/api-releases/rollback';
			const removing = (request: SeenRequest): boolean => request.method === 'DELETE' && request.route === '/svc/v1/api-files';
			const { notices, api } = retries();
			await api.commitRelease({ files: { more: sha256Hex('<?php\n// hello\n') } });
			await api.commitRelease({ files: { other: sha256Hex('<?php\n// hello\n') } });
			site.handler = cutting(rollingBack, 1);
			expect(await api.rollback({})).toMatchObject({ release: { id: 3, kind: 'rollback' } });
			const rollbacks = site.requests.filter(rollingBack).map((request) => (request.body as { commit_id?: unknown }).commit_id);
			expect(rollbacks).toHaveLength(2);
			expect(rollbacks[0]).toMatch(/^[a-f0-9]{32}$/);
			expect(rollbacks[1]).toBe(rollbacks[0]);
			site.handler = cutting(removing, 1);
			expect(await api.deleteFiles(['hello'])).toMatchObject({ deleted: ['hello'], release: { id: 4 } });
			const removals = site.requests.filter(removing).map((request) => (request.body as { commit_id?: unknown }).commit_id);
			expect(removals).toHaveLength(2);
			expect(removals[1]).toBe(removals[0]);
			expect(site.releases).toHaveLength(4);
			expect(notices.map((notice) => notice.where)).toEqual(['POST svc/v1/api-releases/rollback', 'DELETE svc/v1/api-files']);
			// A dry run changes nothing and carries no id.
			await api.rollback({ dryRun: true });
			expect(site.requests.filter(rollingBack).at(-1)?.body).not.toHaveProperty('commit_id');
		});

		it('a dry run carries no commit id', async () => {
			await client().commitRelease({ files: { hello: sha256Hex('<?php\n// hello\n') }, dryRun: true });
			expect(site.requests.filter(committing)[0]?.body).not.toHaveProperty('commit_id');
		});
	});

	describe('a hardened site (403 svc_deploy_disallowed)', () => {
		it.each<[string, (api: SiteClient) => Promise<unknown>]>([
			['staging', (api) => api.stageBlobs([{ hash: sha256Hex('x'), content: Buffer.from('x') }])],
			['committing', (api) => api.commitRelease({ files: {} })],
			['rolling back', (api) => api.rollback({ dryRun: true })],
			['removing', (api) => api.deleteFiles(['hello'])],
		])('refuses %s with the site\'s reason and how to allow it', async (_case, write) => {
			site.deploy = { allowed: false };
			const error = await failure(write(client()));
			expect(error).toMatchObject({ code: 'deploy_disallowed', status: 403, serverCode: 'svc_deploy_disallowed', exitCode: 1 });
			expect(error.message).toMatch(/^http:\/\/127\.0\.0\.1:\d+ does not allow deploying with svc: DISALLOW_FILE_MODS is true on this site; define\( 'SVC_ALLOW_DEPLOY', true \) in wp-config\.php to deploy with svc\.$/);
			expect(error.hint).toMatch(/^Nothing was changed\. .*SVC_ALLOW_DEPLOY/);
			expect(site.files.has('hello')).toBe(true);
		});
	});

	describe('previews and promote', () => {
		const preview = {
			id: 14,
			created: '2026-11-22T21:04:05Z',
			user: { id: 1, login: 'admin' },
			kind: 'preview',
			files: 1,
			added: 1,
			changed: 0,
			removed: 0,
			active: false,
			rollback_of: null,
			message: 'try v2',
			preview: { base: 12, expires: '2026-11-29T21:04:05Z', expired: false },
		};

		it('a preview commit sends its kind and message, and reads the token the site shows once', async () => {
			site.handler = (request) =>
				request.route === '/svc/v1/api-releases'
					? { json: { release: preview, written: [], checked: [], dry_run: false, syntax_check: 'php', plan: { added: ['a'], changed: [], removed: [] }, preview: { token: `svcp_${'a'.repeat(64)}`, header: 'X-Svc-Preview' } } }
					: site.answer(request);
			const result = await client().commitRelease({ files: { a: 'f'.repeat(64) }, kind: 'preview', message: 'try v2' });
			expect(site.requests.at(-1)?.body).toMatchObject({ kind: 'preview', message: 'try v2' });
			expect(result).toMatchObject({ previewToken: `svcp_${'a'.repeat(64)}`, release: { kind: 'preview', active: false, message: 'try v2', promotedFrom: null, preview: { base: 12, expires: '2026-11-29T21:04:05Z', expired: false } } });
		});

		it('promote sends the preview, the base, force and the message, and reads promoted_from', async () => {
			site.handler = (request) =>
				request.route === '/svc/v1/api-releases/promote'
					? { json: { release: { ...preview, id: 15, kind: 'promote', active: true, preview: undefined, promoted_from: 14 }, written: [], checked: [], dry_run: false, syntax_check: 'php', plan: { added: ['a'], changed: [], removed: [] } } }
					: site.answer(request);
			const done = await client().promote({ id: 14, base: 12, force: true, message: 'ship' });
			expect(site.requests.at(-1)?.body).toEqual({ id: 14, base: 12, dry_run: false, force: true, message: 'ship', commit_id: expect.stringMatching(/^[a-f0-9]{32}$/) });
			expect(done.release).toMatchObject({ id: 15, kind: 'promote', promotedFrom: 14, active: true });
			expect(done.release?.preview).toBeUndefined();
		});

		it.each([
			[409, 'svc_preview_outdated', 'preview_outdated', { release: 14, preview_base: 11, active: 12 }, /Release 12 became active .* against release 11/, /--force/],
			[410, 'svc_preview_expired', 'preview_expired', { release: 14 }, /has expired/, /--preview/],
			[409, 'svc_not_a_preview', 'not_a_preview', { release: 14 }, /not a preview/, /rollback/],
			[409, 'svc_release_is_preview', 'release_is_preview', { release: 14 }, /is a preview/, /svc api promote/],
		])('%d %s is the error %s with a hint', async (status, code, svcCode, data, message, hint) => {
			site.handler = (request) => (request.route === '/svc/v1/api-releases/promote' ? wpError(status, code, 'no', data) : site.answer(request));
			const error = await client().promote({ id: 14 }).catch((caught: unknown) => caught);
			expect(error).toBeInstanceOf(SvcError);
			expect(error).toMatchObject({ code: svcCode, status, serverCode: code });
			expect((error as SvcError).message).toMatch(message);
			expect((error as SvcError).hint).toMatch(hint);
		});
	});

	describe('list and roll back', () => {
		/** Three releases: hello edited, then a route added. */
		const history = async (api: SiteClient) => {
			const v2 = local('hello', '<?php\n// hello v2\n');
			await pushRelease(api, { files: [v2], upload: [v2], prune: false, removed: [], dryRun: false, status: await status(api) });
			const extra = local('extra', '<?php\n// extra\n');
			await pushRelease(api, { files: [v2, extra], upload: [extra], prune: false, removed: [], dryRun: false, status: await status(api) });
		};

		it('lists the kept releases newest first', async () => {
			const api = client();
			await history(api);
			expect(await api.listReleases()).toEqual([
				{ id: 2, created: '2026-11-22T21:04:05Z', user: { id: 1, login: 'admin' }, kind: 'push', files: 2, added: 1, changed: 0, removed: 0, active: true, rollbackOf: null, promotedFrom: null, message: null },
				{ id: 1, created: '2026-11-22T21:04:05Z', user: { id: 1, login: 'admin' }, kind: 'push', files: 1, added: 0, changed: 1, removed: 0, active: false, rollbackOf: null, promotedFrom: null, message: null },
			]);
		});

		it('a dry run answers the plan and changes nothing; the real one makes a rollback release', async () => {
			const api = client();
			await history(api);
			const plan = await api.rollback({ to: 1, dryRun: true });
			expect(site.requests.at(-1)?.body).toEqual({ to: 1, dry_run: true });
			expect(plan).toMatchObject({ release: null, dryRun: true, plan: { added: [], changed: [], removed: ['extra'] } });
			expect(site.files.has('extra')).toBe(true);
			const done = await api.rollback({ to: 1 });
			expect(done.release).toMatchObject({ id: 3, kind: 'rollback', rollbackOf: 1, removed: 1, active: true });
			expect([...site.files.keys()]).toEqual(['hello']);
		});

		it('sends the release it planned against as base, and a moved site refuses', async () => {
			const api = client();
			await history(api);
			const done = await api.rollback({ to: 1, base: 2 });
			expect(site.requests.at(-1)?.body).toEqual({ to: 1, base: 2, dry_run: false, commit_id: expect.stringMatching(/^[a-f0-9]{32}$/) });
			expect(done.release).toMatchObject({ kind: 'rollback', rollbackOf: 1 });
			const moved = await failure(api.rollback({ to: 1, base: 2 }));
			expect(moved).toMatchObject({ code: 'release_moved', status: 409 });
		});

		it('without `to` sends none (the site picks the previous release)', async () => {
			const api = client();
			await history(api);
			await api.rollback({ dryRun: true });
			expect(site.requests.at(-1)?.body).toEqual({ dry_run: true });
		});

		it('an unknown release and a first release are errors that say what to run', async () => {
			const api = client();
			const missing = await failure(api.rollback({ to: 9, dryRun: true }));
			expect(missing).toMatchObject({ code: 'release_not_found', status: 404 });
			expect(missing.message).toMatch(/^That release is not kept on http:\/\/127\.0\.0\.1:\d+\. The site said: Release 9 is not kept\.$/);
			const first = await failure(api.rollback({ dryRun: true }));
			expect(first).toMatchObject({ code: 'no_previous_release', status: 409 });
			expect(first.hint).toMatch(/svc api releases/);
		});

		it.each<[string, unknown]>([
			['not an array', { releases: [] }],
			['an item without an id', [{ kind: 'push' }]],
		])('rejects a release list that is %s', async (_case, json) => {
			site.handler = () => ({ json });
			expect(await failure(client().listReleases())).toMatchObject({ code: 'bad_response' });
		});

		it('rejects a commit answer without a release field', async () => {
			site.handler = () => ({ json: { written: [] } });
			expect(await failure(client().commitRelease({ files: {} }))).toMatchObject({ code: 'bad_response' });
		});
	});

	describe('413: a body over the web server\'s limit', () => {
		it('from the web server itself (nginx, no JSON) names client_max_body_size', async () => {
			site.handler = () => ({ status: 413, text: '<html><center>413 Request Entity Too Large</center></html>', headers: { 'content-type': 'text/html' } });
			const error = await failure(client().stageBlobs([{ hash: sha256Hex('x'), content: Buffer.from('x') }]));
			expect(error).toMatchObject({ code: 'too_large', status: 413 });
			expect(error.message).toMatch(/^The web server in front of .* refused POST svc\/v1\/api-blobs as too large \(413\) before WordPress saw it\.$/);
			expect(error.hint).toMatch(/client_max_body_size/);
		});

		it('from the site (svc_stage_full) quotes it', async () => {
			site.handler = () => wpError(413, 'svc_stage_full', 'Staged contents would exceed 8 MB.');
			const error = await failure(client().stageBlobs([{ hash: sha256Hex('x'), content: Buffer.from('x') }]));
			expect(error).toMatchObject({ code: 'too_large', serverCode: 'svc_stage_full' });
			expect(error.message).toBe('The site refused POST svc/v1/api-blobs as too large (413). The site said: Staged contents would exceed 8 MB.');
		});
	});
});

describe('the early cache', () => {
	it('lists each route\'s hits and misses where the site counts them', async () => {
		site.files.set('users/[id]', '<?php\n');
		site.cacheCounts.set('hello', { hits: 12, misses: 3 });
		const { files } = await client().listFiles({ content: false });
		expect(files.map((file) => [file.slug, file.earlyCache])).toEqual([
			['hello', { hits: 12, misses: 3 }],
			['users/[id]', undefined],
		]);
	});

	it('purges the named routes with { routes }, every route with {}; the site says which', async () => {
		site.files.set('users/[id]', '<?php\n');
		const api = client();
		expect(await api.purgeCache(['users/[id]', 'hello'])).toEqual({ purged: ['hello', 'users/[id]'] });
		expect(await api.purgeCache(undefined)).toEqual({ purged: 'all' });
		expect(site.requests.map((request) => [request.method, request.route, request.body])).toEqual([
			['POST', '/svc/v1/cache/purge', { routes: ['users/[id]', 'hello'] }],
			['POST', '/svc/v1/cache/purge', {}],
		]);
	});

	it('an unknown slug is not_found with the slugs the site named, and nothing is purged', async () => {
		const error = await failure(client().purgeCache(['hello', 'nope']));
		expect(error).toMatchObject({ code: 'not_found', status: 404, serverCode: 'svc_not_found', slugs: ['nope'] });
		expect(site.purges).toEqual([]);
	});

	it('a plugin from before the early cache (404 rest_no_route) is too old, and says to update it', async () => {
		site.earlyCache = false;
		const error = await failure(client().purgeCache(undefined));
		expect(error).toMatchObject({ code: 'plugin_outdated', status: 404, serverCode: 'rest_no_route' });
		expect(error.message).toMatch(/has no POST svc\/v1\/cache\/purge: its svc plugin predates the early cache, or is not active\.$/);
		expect(error.hint).toMatch(/^Update the svc plugin on the site/);
	});

	it('an answer svc cannot read is said as one', async () => {
		site.handler = (request) => (request.route === '/svc/v1/cache/purge' ? { json: { purged: 'everything' } } : site.answer(request));
		expect(await failure(client().purgeCache(undefined))).toMatchObject({ code: 'bad_response', message: expect.stringContaining('POST cache/purge') });
	});
});
