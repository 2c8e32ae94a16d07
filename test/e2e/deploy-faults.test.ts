/**
 * svc api push on the real stack (nginx + PHP-FPM, opcache validate_timestamps=0 by default) when
 * something fails mid-deploy (issue 30): the command runs in-process against a proxy in front of
 * the site that cuts a connection or stops the site's MariaDB at a chosen moment. For each: the site
 * serves the old or the new release, never a mix; what svc says and its exit code match what
 * happened; a rerun completes without making a second release.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { startMariaDB } from '../../source/local-site/mariadb.js';
import type { ApiPushCommand } from '../../source/commands/registry.js';
import { fakeIo } from '../fakes/fake-io.js';
import { runCommand } from '../fakes/run-command.js';
import { stopDatabase } from './helpers/processes.js';
import { publicGet, uniqueClass } from './helpers/php-source.js';
import { useTempDir } from '../fakes/temp-dir.js';
import { startWordPress, type WordPressSite } from '../support/wordpress.js';

jest.setTimeout(600_000);

let site: WordPressSite;
const temp = useTempDir('svc-deploy-faults-');

/** What the proxy does to one request; undefined passes it on untouched. */
type Fault = (request: IncomingMessage) => 'cut-before' | 'cut-after' | 'stop-db-before' | 'stop-db-after' | undefined;
let fault: Fault = () => undefined;
let proxy: Server;
let proxyUrl = '';
let restartedDb: { stop(): Promise<void> } | undefined;

beforeAll(async () => {
	site = await startWordPress();
	proxy = createServer((request, response) => void forward(request, response));
	await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
	proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
	proxy?.closeAllConnections();
	await new Promise<void>((resolve) => (proxy === undefined ? resolve() : proxy.close(() => resolve())));
	await restartedDb?.stop();
	await site?.stop();
});

beforeEach(() => {
	fault = () => undefined;
});

/** Forwards to the site; a fault cuts the client's connection before or after the site did the request. */
async function forward(request: IncomingMessage, response: ServerResponse): Promise<void> {
	const chunks: Buffer[] = [];
	for await (const chunk of request) chunks.push(chunk as Buffer);
	const what = fault(request);
	if (what === 'cut-before') {
		response.socket?.destroy();
		return;
	}
	if (what === 'stop-db-before') await stopDatabase(site);
	const target = new URL(request.url ?? '/', site.url);
	const upstream = httpRequest(target, { method: request.method, headers: { ...request.headers, host: target.host } }, (answer) => {
		const body: Buffer[] = [];
		answer.on('data', (chunk: Buffer) => body.push(chunk));
		answer.on('end', () => {
			void (async () => {
				if (what === 'stop-db-after') await stopDatabase(site);
				if (what === 'cut-after') {
					response.socket?.destroy();
					return;
				}
				response.writeHead(answer.statusCode ?? 502, answer.headers);
				response.end(Buffer.concat(body));
			})();
		});
	});
	upstream.end(Buffer.concat(chunks));
}

/** The harness's MariaDB again, on the same data dir and socket (what a host's restart does). */
async function restartDatabase(): Promise<void> {
	restartedDb = await startMariaDB(site.root, path.join(site.root, 'db'));
}

const push = (extra: Partial<ApiPushCommand> = {}): ApiPushCommand => ({
	name: 'api push',
	json: false,
	site: undefined,
	yes: true,
	dryRun: false,
	prune: false,
	preview: false,
	message: undefined,
	...extra,
});

async function run(command: ApiPushCommand) {
	const { io, written } = fakeIo({ SVC_URL: proxyUrl, SVC_USER: 'admin', SVC_APP_PASSWORD: site.users.admin.appPassword }, temp.dir, '', temp.configDir);
	const { exitCode } = await runCommand(command, io);
	return { exitCode, ...written };
}

let classes = 0;
/** A route file anyone may GET, answering `{ route: says }`. */
/** A route file; `bytes` pads it with a comment to about that size. */
function writeRoute(slug: string, says: string, bytes = 0): void {
	const file = path.join(temp.dir, 'api', `${slug}.php`);
	mkdirSync(path.dirname(file), { recursive: true });
	classes += 1;
	const source = publicGet(uniqueClass(`Fault${classes}`), says);
	writeFileSync(file, bytes > source.length ? `${source}// ${'#'.repeat(bytes - source.length)}\n` : source);
}

/**
 * Two files of 450 KB: more than a commit carries with it (base64 makes them 1.2 MB), so the push
 * stages them with POST api-blobs first; a small push's contents go with its commit.
 */
function writeStagedRoutes(slug: string, says: string): void {
	writeRoute(slug, says, 450 * 1024);
	writeRoute(`${slug}-padding`, says, 450 * 1024);
}

async function releases(): Promise<{ id: number; active: boolean }[]> {
	const answer = await site.fetch('/svc/v1/api-releases', { as: 'admin' });
	return (await answer.json()) as { id: number; active: boolean }[];
}

async function served(slug: string): Promise<unknown> {
	const answer = await site.fetch(`${site.url}/wp-json/svc-api/v1/${slug}`, { as: 'anonymous' });
	return answer.status === 200 ? ((await answer.json()) as { route?: unknown }).route : answer.status;
}

const isCommit = (request: IncomingMessage): boolean => request.method === 'POST' && (request.url ?? '').includes('svc/v1/api-releases');
const isStaging = (request: IncomingMessage): boolean => request.method === 'POST' && (request.url ?? '').includes('svc/v1/api-blobs');

describe('svc api push through faults', () => {
	it('a connection cut in the middle of staging is retried, said on stderr, and one release is made', async () => {
		writeStagedRoutes('alpha', 'one');
		let cuts = 1;
		fault = (request) => (isStaging(request) && cuts-- > 0 ? 'cut-before' : undefined);
		const before = (await releases()).length;
		const result = await run(push());
		expect(result.stderr).toMatch(/↻ POST svc\/v1\/api-blobs failed \(The connection to http:\/\/127\.0\.0\.1:\d+ broke during POST svc\/v1\/api-blobs/);
		expect(result.exitCode).toBe(0);
		expect(await releases()).toHaveLength(before + 1);
		expect(await served('alpha')).toBe('one');
	});

	it('a commit whose answer is cut after the site made it is sent again with its id: the same release, not two', async () => {
		writeRoute('alpha', 'two');
		let cuts = 1;
		fault = (request) => (isCommit(request) && cuts-- > 0 ? 'cut-after' : undefined);
		const before = await releases();
		const result = await run(push({ json: true }));
		expect(result.exitCode).toBe(0);
		expect(result.stderr).toMatch(/↻ POST svc\/v1\/api-releases failed/);
		const after = await releases();
		expect(after).toHaveLength(before.length + 1);
		expect(JSON.parse(result.stdout)).toMatchObject({ release: { id: after[0]?.id, active: true } });
		expect(await served('alpha')).toBe('two');
	});

	it('the database stopped right after the commit: release N is active and svc says so (exit 3); a rerun has nothing to do', async () => {
		writeRoute('beta', 'three');
		let stops = 1;
		fault = (request) => (isCommit(request) && stops-- > 0 ? 'stop-db-after' : undefined);
		const result = await run(push());
		fault = () => undefined;
		expect(result.exitCode).toBe(3);
		expect(result.stderr).toMatch(/✖ Error: Release (\d+) is active on http:\/\/127\.0\.0\.1:\d+ \(pushed 1 file\), but svc could not check it afterwards: .*could not reach its database/);
		expect(result.stderr).not.toContain('PHP error log');
		const release = Number(/Release (\d+) is active/.exec(result.stderr)?.[1]);

		await restartDatabase();
		expect((await releases()).find((entry) => entry.active)?.id).toBe(release);
		expect(await served('beta')).toBe('three');
		expect(await served('alpha')).toBe('two');
		const rerun = await run(push());
		expect(rerun.exitCode).toBe(0);
		expect((await releases()).find((entry) => entry.active)?.id).toBe(release);
	});

	it('the database stopped while staging: nothing changed, the release the site still serves (exit 1); a rerun completes', async () => {
		writeStagedRoutes('gamma', 'four');
		const active = (await releases()).find((entry) => entry.active)?.id;
		let stops = 1;
		fault = (request) => (isStaging(request) && stops-- > 0 ? 'stop-db-before' : undefined);
		const result = await run(push({ json: true }));
		fault = () => undefined;
		expect(result.exitCode).toBe(1);
		const document = JSON.parse(result.stdout) as Record<string, unknown>;
		expect(document).toMatchObject({ code: 'database_down', committed: false, activeRelease: active, exitCode: 1 });
		expect(document.error).toMatch(new RegExp(`Nothing was changed: http://127\\.0\\.0\\.1:\\d+ still serves release ${String(active)}\\.$`));

		await restartDatabase();
		expect((await releases()).find((entry) => entry.active)?.id).toBe(active);
		expect(await served('gamma')).toBe(404);
		const rerun = await run(push());
		expect(rerun.exitCode).toBe(0);
		expect(await served('gamma')).toBe('four');
	});
});
