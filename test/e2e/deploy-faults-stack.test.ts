/**
 * More faults mid-deploy on the real stack (nginx + PHP-FPM, opcache not revalidating), through the
 * packed CLI as users run it (issue 30; deploy-faults.test.ts has the database's and the proxy's):
 *
 * - the PHP worker killed (SIGKILL) while it activates a release, before the database's commit and
 *   after it (held there by a test mu-plugin, svc-e2e-hold.php, from outside): the release and its
 *   event are kept together or not at all;
 * - the disk of wp-content/svc full (a small tmpfs mounted over it; needs root, else skipped) while
 *   staging and while activating;
 * - the connection cut mid-commit (a TCP proxy that drops it once the request's body is sent), for
 *   push, rollback, promote and rm, which all carry a commit id the site answers again.
 *
 * For each: the site serves the old or the new release, never a mix and never a 500 outside the
 * fault; nothing kept is lost; svc's words and exit code match what happened; a rerun completes.
 * The tests run in order and build on each other's state.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import path from 'node:path';

import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';

import { startMariaDB } from '../../source/local-site/mariadb.js';
import type { WordPressSite } from '../support/wordpress.js';
import { startCliBench, type CliBench } from '../cli/helpers/cli-bench.js';
import type { SvcResult } from '../cli/helpers/run-svc.js';
import { publicGet, uniqueClass } from './helpers/php-source.js';
import { killWorker, stopDatabase } from './helpers/processes.js';
import { canMountTmpfs, fillDisk as fillSmallDisk, mountSmallDisk } from './helpers/small-disk.js';

jest.setTimeout(180_000);

const HOLD_MU_PLUGIN = path.join(path.dirname(new URL(import.meta.url).pathname), 'helpers', 'mu-plugins', 'svc-e2e-hold.php');

/** Mounting a tmpfs needs root; without it the disk-full cases are skipped (said in their names). */
const CAN_MOUNT = canMountTmpfs();
const diskIt = CAN_MOUNT ? it : it.skip;

let bench: CliBench;
let site: WordPressSite;
let proxy: TcpProxy;
let env: Record<string, string>;
let disk: { unmount(): void } | undefined;
let restartedDb: { stop(): Promise<void> } | undefined;

beforeAll(async () => {
	bench = await startCliBench('deploy-faults-stack', { site: { muPlugins: [HOLD_MU_PLUGIN] } });
	site = bench.site;
	mkdirSync(holdDir(), { recursive: true });
	proxy = await startTcpProxy(new URL(site.url));
	env = { ...bench.env, SVC_URL: proxy.url };
	// wp-content/svc on a 24 MB disk of its own, with what the plugin put there already.
	if (CAN_MOUNT) disk = mountSmallDisk(site.svcDir, 24);
}, 300_000);

afterAll(async () => {
	disk?.unmount();
	await proxy?.stop();
	await restartedDb?.stop();
	await bench?.stop();
});

beforeEach(() => {
	if (proxy !== undefined) proxy.cut = undefined;
});

const svc = (...args: string[]): Promise<SvcResult> => bench.svc(args, { env });

const FILLER = (): string => path.join(site.svcDir, '.filler');

/** Fills the disk of wp-content/svc to its last byte. */
function fillDisk(): void {
	fillSmallDisk(FILLER());
}

function freeDisk(): void {
	rmSync(FILLER(), { force: true });
}

const holdDir = (): string => path.join(site.wpDir, '.svc-hold');

/** Arms a hold point of svc-e2e-hold.php: the next request to reach it waits there. */
function arm(point: 'commit' | 'recorded'): void {
	for (const name of [`held-${point}`, `go-${point}`, `claimed-${point}`]) rmSync(path.join(holdDir(), name), { force: true });
	writeFileSync(path.join(holdDir(), `arm-${point}`), '');
}

/** The pid of the worker waiting at `point`, once one is. */
async function held(point: 'commit' | 'recorded'): Promise<number> {
	const file = path.join(holdDir(), `held-${point}`);
	for (let tries = 0; tries < 1200; tries++) {
		if (existsSync(file)) {
			const pid = Number(readFileSync(file, 'utf8'));
			if (Number.isInteger(pid) && pid > 0) return pid;
		}
		await new Promise((resolve) => setTimeout(resolve, 25));
	}
	throw new Error(`no worker reached ${point} within 30 s`);
}

function release(point: 'commit' | 'recorded'): void {
	writeFileSync(path.join(holdDir(), `go-${point}`), '');
}

let classes = 0;
/** A public GET answering `{ route: says }`, padded with a comment to about `bytes`. */
function writeRoute(slug: string, says: string, bytes = 0): void {
	const file = path.join(bench.apiDir, `${slug}.php`);
	mkdirSync(path.dirname(file), { recursive: true });
	classes += 1;
	const source = publicGet(uniqueClass(`Stack${classes}`), says);
	writeFileSync(file, bytes > source.length ? `${source}// ${'#'.repeat(bytes - source.length)}\n` : source);
}

interface ReleaseRecord {
	id: number;
	kind: string;
	active: boolean;
}

async function releases(): Promise<ReleaseRecord[]> {
	const answer = await site.fetch('/svc/v1/api-releases', { as: 'admin' });
	expect(answer.status).toBe(200);
	return (await answer.json()) as ReleaseRecord[];
}

const activeId = async (): Promise<number | undefined> => (await releases()).find((entry) => entry.active)?.id;

/** What a route answers anyone: its `route` field, or the status when it is not 200. */
async function served(slug: string): Promise<unknown> {
	const answer = await site.fetch(`${site.url}/wp-json/svc-api/v1/${slug}`, { as: 'anonymous' });
	return answer.status === 200 ? ((await answer.json()) as { route?: unknown }).route : answer.status;
}

/** Every route the project pushed so far, as the site serves them now. */
async function servedAll(slugs: readonly string[]): Promise<Record<string, unknown>> {
	return Object.fromEntries(await Promise.all(slugs.map(async (slug) => [slug, await served(slug)] as const)));
}

/** The ids of the events the site kept (svc api logs reads them). */
async function events(): Promise<number[]> {
	const answer = await site.fetch('/svc/v1/events?per_page=200', { as: 'admin' });
	expect(answer.status).toBe(200);
	return ((await answer.json()) as { events: { id: number }[] }).events.map((event) => event.id);
}

/** The releases the site's `release` events tell of (svc api logs shows them), oldest first. */
async function releaseEvents(): Promise<number[]> {
	const answer = await site.fetch('/svc/v1/events?per_page=200', { as: 'admin' });
	expect(answer.status).toBe(200);
	const kept = ((await answer.json()) as { events: { type: string; data: { release?: unknown } }[] }).events;
	return kept.filter((event) => event.type === 'release').map((event) => Number(event.data.release)).reverse();
}

/** Build folders a write left behind (removed by the next write). */
function leftovers(): string[] {
	const trees = path.join(site.svcDir, 'trees');
	return existsSync(trees) ? readdirSync(trees).filter((name) => name.startsWith('.build-')) : [];
}

const isWrite = (head: RequestHead, route: string, method = 'POST'): boolean => head.method === method && head.path.includes(`svc/v1/${route}`) && !head.path.includes(`svc/v1/${route}/`);

describe('deploy faults on nginx + PHP-FPM, through the packed CLI', () => {
	it('a first push makes the release the faults start from', async () => {
		writeRoute('alpha', 'a1');
		writeRoute('keep', 'k1');
		const result = await svc('api', 'push', '--yes');
		expect(result).toMatchObject({ code: 0 });
		expect(await servedAll(['alpha', 'keep'])).toEqual({ alpha: 'a1', keep: 'k1' });
	});

	it('the worker killed before the database commit: the old release stays; svc sends the commit again with its id and one release is made', async () => {
		writeRoute('alpha', 'a2');
		const before = await releases();
		arm('commit');
		const push = svc('api', 'push', '--yes', '--json');
		const pid = await held('commit');
		// The transaction is open: readers see the old release.
		expect(await servedAll(['alpha', 'keep'])).toEqual({ alpha: 'a1', keep: 'k1' });
		await killWorker(pid);
		const result = await push;
		expect(result.stderr).toMatch(/↻ POST svc\/v1\/api-releases failed \(.*502.*\); sending it again/);
		expect(result.code).toBe(0);
		const after = await releases();
		expect(after).toHaveLength(before.length + 1);
		expect(after.slice(1).map((entry) => entry.id)).toEqual(before.map((entry) => entry.id));
		expect(JSON.parse(result.stdout)).toMatchObject({ release: { id: after[0]?.id, active: true } });
		expect(await servedAll(['alpha', 'keep'])).toEqual({ alpha: 'a2', keep: 'k1' });
		// The killed transaction took its event with it: one event, for the one release made.
		expect((await releaseEvents()).filter((id) => id > (before[0]?.id ?? 0))).toEqual([after[0]?.id]);
		// The killed worker's build folder went with the write that followed.
		expect(leftovers()).toEqual([]);
	});

	it('the worker killed after the commit, before it served the new tree: the next request serves it and the event of the release is kept; svc is answered the release its id made', async () => {
		writeRoute('alpha', 'a3');
		const before = await releases();
		const kept = await events();
		arm('recorded');
		const push = svc('api', 'push', '--yes', '--json');
		const pid = await held('recorded');
		// A reader now waits for the write lock the held worker has, then serves one release whole.
		const reading = servedAll(['alpha', 'keep']);
		await killWorker(pid);
		expect([{ alpha: 'a2', keep: 'k1' }, { alpha: 'a3', keep: 'k1' }]).toContainEqual(await reading);
		const result = await push;
		expect(result.stderr).toMatch(/↻ POST svc\/v1\/api-releases failed \(.*502.*\)/);
		expect(result.code).toBe(0);
		const after = await releases();
		expect(after).toHaveLength(before.length + 1);
		expect(JSON.parse(result.stdout)).toMatchObject({ release: { id: after[0]?.id, active: true } });
		expect(await servedAll(['alpha', 'keep'])).toEqual({ alpha: 'a3', keep: 'k1' });
		expect(await events()).toEqual(expect.arrayContaining(kept));
		// The worker died before it would have told of the release: its event was committed with it.
		expect((await releaseEvents()).filter((id) => id > (before[0]?.id ?? 0))).toEqual([after[0]?.id]);
		// A rerun has nothing to do.
		const rerun = await svc('api', 'push', '--yes');
		expect(rerun).toMatchObject({ code: 0 });
		expect(await releases()).toHaveLength(after.length);
	});

	it('PHP failing after the commit (a fatal error): svc cannot tell and says so, the next request serves the release, a rerun has nothing to do', async () => {
		writeRoute('alpha', 'a4');
		const before = await releases();
		writeFileSync(path.join(holdDir(), 'crash-recorded'), '');
		const result = await svc('api', 'push', '--yes', '--json');
		expect(result.code).toBe(1);
		const document = JSON.parse(result.stdout) as Record<string, unknown>;
		expect(document).toMatchObject({ code: 'server_error', status: 500 });
		expect(document).not.toHaveProperty('committed');
		expect(document.error).toMatch(/HTTP 500 on POST svc\/v1\/api-releases.* svc cannot tell whether http:\/\/127\.0\.0\.1:\d+ made the release\.$/);
		// It did: the release is active, and the next request serves it whole.
		const after = await releases();
		expect(after.filter((entry) => entry.id > (before[0]?.id ?? 0))).toEqual([expect.objectContaining({ active: true })]);
		expect(await servedAll(['alpha', 'keep'])).toEqual({ alpha: 'a4', keep: 'k1' });
		expect((await releaseEvents()).filter((id) => id > (before[0]?.id ?? 0))).toEqual([after[0]?.id]);
		const rerun = await svc('api', 'push', '--yes');
		expect(rerun).toMatchObject({ code: 0 });
		expect(await releases()).toEqual(after);
	});

	it('the database lost once the release is recorded: svc cannot tell and says so; with it back the release is served and a rerun has nothing to do', async () => {
		writeRoute('alpha', 'a5');
		const before = await releases();
		arm('recorded');
		const push = svc('api', 'push', '--yes', '--json');
		await held('recorded');
		await stopDatabase(site);
		release('recorded');
		const result = await push;
		expect(result.code).toBe(1);
		const document = JSON.parse(result.stdout) as Record<string, unknown>;
		expect(document).toMatchObject({ code: 'database_down' });
		expect(document).not.toHaveProperty('committed');
		expect(document.error).toMatch(/svc cannot tell whether http:\/\/127\.0\.0\.1:\d+ made the release\.$/);
		restartedDb = await startMariaDB(site.root, path.join(site.root, 'db'));
		const after = await releases();
		expect(after.filter((entry) => entry.id > (before[0]?.id ?? 0))).toEqual([expect.objectContaining({ active: true })]);
		expect(await servedAll(['alpha', 'keep'])).toEqual({ alpha: 'a5', keep: 'k1' });
		expect((await releaseEvents()).filter((id) => id > (before[0]?.id ?? 0))).toEqual([after[0]?.id]);
		const rerun = await svc('api', 'push', '--yes');
		expect(rerun).toMatchObject({ code: 0 });
		expect(await releases()).toEqual(after);
	});

	it('the connection cut once the commit was sent: svc sends it again with its id, and the site answers the release it made', async () => {
		writeRoute('beta', 'b1');
		const before = await releases();
		let cuts = 1;
		proxy.cut = (head) => isWrite(head, 'api-releases') && cuts-- > 0;
		const result = await svc('api', 'push', '--yes', '--json');
		expect(proxy.cutRequests).toContain('POST /wp-json/svc/v1/api-releases');
		expect(result.stderr).toMatch(/↻ POST svc\/v1\/api-releases failed \(The connection to .* broke/);
		expect(result.code).toBe(0);
		const after = await releases();
		expect(after).toHaveLength(before.length + 1);
		expect(JSON.parse(result.stdout)).toMatchObject({ release: { id: after[0]?.id, active: true } });
		expect(await servedAll(['alpha', 'beta', 'keep'])).toEqual({ alpha: 'a5', beta: 'b1', keep: 'k1' });
	});

	it('a rollback whose connection is cut once sent is sent again with its id: one rollback release', async () => {
		const before = await releases();
		let cuts = 1;
		proxy.cut = (head) => isWrite(head, 'api-releases/rollback') && cuts-- > 0;
		const result = await svc('api', 'rollback', '--yes', '--json');
		expect(result.stderr).toMatch(/↻ POST svc\/v1\/api-releases\/rollback failed \(The connection to .* broke/);
		expect(result.code).toBe(0);
		const after = await releases();
		expect(after).toHaveLength(before.length + 1);
		expect(after[0]).toMatchObject({ kind: 'rollback', active: true });
		expect(JSON.parse(result.stdout)).toMatchObject({ release: { id: after[0]?.id, active: true }, removed: ['beta'] });
		expect(await servedAll(['alpha', 'beta', 'keep'])).toEqual({ alpha: 'a5', beta: 404, keep: 'k1' });
	});

	it('a rollback cut on every send: svc cannot tell and says so, yet the four sends made one release', async () => {
		const before = await releases();
		const target = before.find((entry) => !entry.active && entry.kind !== 'preview')?.id ?? 0;
		const cutBefore = proxy.cutRequests.length;
		proxy.cut = (head) => isWrite(head, 'api-releases/rollback');
		const result = await svc('api', 'rollback', String(target), '--yes');
		proxy.cut = undefined;
		// The first send and three retries, each cut once sent.
		expect(proxy.cutRequests.slice(cutBefore)).toHaveLength(4);
		expect(result.code).toBe(1);
		expect(result.stderr).toMatch(/svc cannot tell whether http:\/\/127\.0\.0\.1:\d+ made the release/);
		expect(result.stderr).toContain('"svc api releases" shows which release is active');
		const after = await releases();
		expect(after).toHaveLength(before.length + 1);
		expect(after[0]).toMatchObject({ kind: 'rollback', active: true });
	});

	it('a promote cut once sent is answered the release it made, though the preview is gone by then', async () => {
		writeRoute('gamma', 'g1');
		const preview = await svc('api', 'push', '--preview', '--yes', '--json');
		expect(preview).toMatchObject({ code: 0 });
		const previewId = (JSON.parse(preview.stdout) as { release: { id: number } }).release.id;
		const before = await releases();
		let cuts = 1;
		proxy.cut = (head) => isWrite(head, 'api-releases/promote') && cuts-- > 0;
		const result = await svc('api', 'promote', String(previewId), '--yes', '--json');
		expect(result.stderr).toMatch(/↻ POST svc\/v1\/api-releases\/promote failed/);
		expect(result.code).toBe(0);
		const after = await releases();
		// One promote made, the preview removed.
		expect(after.filter((entry) => entry.kind === 'promote')).toHaveLength(1);
		expect(after.find((entry) => entry.id === previewId)).toBeUndefined();
		expect(after).toHaveLength(before.length);
		expect(JSON.parse(result.stdout)).toMatchObject({ preview: previewId, release: { id: after[0]?.id, active: true } });
		expect(await served('gamma')).toBe('g1');
	});

	it('an rm cut once sent is answered the release it made', async () => {
		const before = await releases();
		let cuts = 1;
		proxy.cut = (head) => isWrite(head, 'api-files', 'DELETE') && cuts-- > 0;
		const result = await svc('api', 'rm', 'gamma', '--yes', '--json');
		expect(result.stderr).toMatch(/↻ DELETE svc\/v1\/api-files failed \(The connection to .* broke/);
		expect(result.code).toBe(0);
		const after = await releases();
		expect(after).toHaveLength(before.length + 1);
		expect(after[0]).toMatchObject({ kind: 'rm', active: true });
		expect(JSON.parse(result.stdout)).toMatchObject({ removed: ['gamma'], release: { id: after[0]?.id } });
		expect(await served('gamma')).toBe(404);
	});

	it('a push cut part way through staging for good: nothing changed, and the rerun sends only the contents the site lacks', async () => {
		// Three contents of about 400 KB: one staging request each (1 MB apiece at most).
		for (const slug of ['big1', 'big2', 'big3']) writeRoute(slug, slug, 400 * 1024);
		const active = await activeId();
		let staging = 0;
		// Cut before the site has it: the second request and each of its three retries.
		proxy.cut = (head) => (isWrite(head, 'api-blobs') && ++staging >= 2 ? 'early' : false);
		const first = await svc('api', 'push', '--yes', '--json');
		proxy.cut = undefined;
		expect(first.code).toBe(1);
		const document = JSON.parse(first.stdout) as Record<string, unknown>;
		expect(document).toMatchObject({ code: 'connection_broken', committed: false, activeRelease: active });
		expect(document.error).toMatch(new RegExp(`Nothing was changed: http://127\\.0\\.0\\.1:\\d+ still serves release ${String(active)}\\.$`));
		expect(await activeId()).toBe(active);
		expect(await served('big1')).toBe(404);

		const seen = proxy.requests.length;
		const rerun = await svc('api', 'push', '--yes', '--json');
		expect(rerun.code).toBe(0);
		const stages = proxy.requests.slice(seen).filter((head) => isWrite(head, 'api-blobs'));
		// The first run's one staged content is not sent again.
		expect(stages).toHaveLength(2);
		expect(stages.reduce((sum, head) => sum + head.bytes, 0)).toBeLessThan(2 * 600 * 1024);
		expect(JSON.parse(rerun.stdout)).toMatchObject({ staged: { files: 2, requests: 2 }, release: { active: true } });
		expect(await servedAll(['big1', 'big2', 'big3'])).toEqual({ big1: 'big1', big2: 'big2', big3: 'big3' });
	});

	diskIt(`the disk full while staging${CAN_MOUNT ? '' : ' (skipped: mounting a tmpfs needs root)'}: the contents are kept, the commit is refused, nothing changed; a rerun completes once there is room`, async () => {
		// Two files of 450 KB: more than a commit carries with it (1.2 MB in base64), so they are staged
		// with POST api-blobs first (a small push's contents go with its commit).
		writeRoute('delta', 'd1', 450 * 1024);
		writeRoute('delta-padding', 'd1', 450 * 1024);
		const active = await activeId();
		const before = await servedAll(['alpha', 'keep']);
		let fills = 1;
		proxy.onRequest = (head) => {
			if (isWrite(head, 'api-blobs') && fills-- > 0) fillDisk();
		};
		try {
			const result = await svc('api', 'push', '--yes', '--json');
			expect(result.code).toBe(1);
			const document = JSON.parse(result.stdout) as Record<string, unknown>;
			expect(document).toMatchObject({ committed: false, activeRelease: active, exitCode: 1 });
			expect(document.error).toMatch(new RegExp(`nothing was changed\\. http://127\\.0\\.0\\.1:\\d+ still serves release ${String(active)}\\.$`));
			// Served all the while, as before.
			expect(await servedAll(['alpha', 'keep'])).toEqual(before);
			expect(await served('delta')).toBe(404);
			expect(await activeId()).toBe(active);
			// The staged content is kept for the rerun.
			const hash = (await import('node:crypto')).createHash('sha256').update(readFileSync(path.join(bench.apiDir, 'delta.php'))).digest('hex');
			expect(await site.php(`echo implode( ',', ( new \\Svc\\Release\\BlobStore() )->present( array( '${hash}' ) ) );`)).toBe(hash);
			// An rm meanwhile needs no room: the files its release keeps are the served ones, taken as
			// second names (hard links), not copied. It is made and served; the rerun brings keep back.
			const rm = await svc('api', 'rm', 'keep', '--yes');
			expect(rm.code).toBe(0);
			expect(await activeId()).toBeGreaterThan(active ?? 0);
			expect(await servedAll(['alpha', 'keep'])).toEqual({ ...before, keep: 404 });
		} finally {
			proxy.onRequest = undefined;
			freeDisk();
		}
		const rerun = await svc('api', 'push', '--yes');
		expect(rerun).toMatchObject({ code: 0 });
		expect(await servedAll(['alpha', 'delta', 'keep'])).toEqual({ ...before, delta: 'd1' });
		expect(leftovers()).toEqual([]);
	});

	diskIt(`the disk full as the commit arrives${CAN_MOUNT ? '' : ' (skipped: mounting a tmpfs needs root)'}: the new tree cannot be built, the commit is refused and svc says nothing changed; a rerun completes once there is room`, async () => {
		writeRoute('delta', 'd2');
		const before = await releases();
		const active = before.find((entry) => entry.active)?.id;
		let fills = 1;
		proxy.onRequest = (head) => {
			if (isWrite(head, 'api-releases') && fills-- > 0) fillDisk();
		};
		try {
			const result = await svc('api', 'push', '--yes', '--json');
			expect(result.code).toBe(1);
			const document = JSON.parse(result.stdout) as Record<string, unknown>;
			expect(document).toMatchObject({ committed: false, activeRelease: active, exitCode: 1 });
			expect(document.error).toMatch(/could not write .*nothing was changed/i);
			expect(await activeId()).toBe(active);
			expect(await servedAll(['alpha', 'delta', 'keep'])).toEqual({ alpha: 'a5', delta: 'd1', keep: 'k1' });
			// The releases kept before are all still there, and no other was made.
			expect((await releases()).map((entry) => entry.id)).toEqual(before.map((entry) => entry.id));
		} finally {
			proxy.onRequest = undefined;
			freeDisk();
		}
		const rerun = await svc('api', 'push', '--yes');
		expect(rerun).toMatchObject({ code: 0 });
		expect(await servedAll(['alpha', 'delta', 'keep'])).toEqual({ alpha: 'a5', delta: 'd2', keep: 'k1' });
		expect(leftovers()).toEqual([]);
	});

	diskIt(`the disk full once the release is recorded${CAN_MOUNT ? '' : ' (skipped: mounting a tmpfs needs root)'}: its tree was built already and the swap needs no room, so it is served and svc says so`, async () => {
		writeRoute('delta', 'd3');
		const before = await releases();
		arm('recorded');
		const push = svc('api', 'push', '--yes', '--json');
		await held('recorded');
		fillDisk();
		release('recorded');
		try {
			const result = await push;
			expect(result.code).toBe(0);
			const after = await releases();
			expect(after.filter((entry) => entry.id > (before[0]?.id ?? 0))).toHaveLength(1);
			expect(JSON.parse(result.stdout)).toMatchObject({ release: { id: after[0]?.id, active: true } });
			// Served from the new tree while the disk is still full, and by requests that boot afresh.
			expect(await servedAll(['alpha', 'delta', 'keep'])).toEqual({ alpha: 'a5', delta: 'd3', keep: 'k1' });
			await site.fpm?.killWorkers();
			expect(await servedAll(['alpha', 'delta', 'keep'])).toEqual({ alpha: 'a5', delta: 'd3', keep: 'k1' });
		} finally {
			freeDisk();
		}
		const rerun = await svc('api', 'push', '--yes');
		expect(rerun).toMatchObject({ code: 0 });
		expect((await releases()).filter((entry) => entry.id > (before[0]?.id ?? 0))).toHaveLength(1);
	});

	it('the site logged no PHP fatal error but the one the test made', () => {
		const fatals = site.readLog().split('\n').filter((line) => /PHP Fatal error/.test(line));
		expect(fatals.filter((line) => !line.includes('svc-e2e-hold: a fatal error once the release is recorded'))).toEqual([]);
	});
});

interface RequestHead {
	readonly method: string;
	readonly path: string;
}

interface TcpProxy {
	readonly url: string;
	/**
	 * Cuts the connection once this request's body has been sent on (the site has it; svc gets no
	 * answer), or with 'early' as its head arrives, before any of it reaches the site.
	 */
	cut: ((head: RequestHead) => boolean | 'early') | undefined;
	/** Called as each request's head arrives, before it is sent on. */
	onRequest: ((head: RequestHead) => void) | undefined;
	/** `METHOD path` of each request cut. */
	readonly cutRequests: string[];
	/** Every request that came through: its head and body length. */
	readonly requests: (RequestHead & { readonly bytes: number })[];
	stop(): Promise<void>;
}

/**
 * A TCP proxy in front of the site that reads each request's head (Host rewritten to the site's)
 * and body length as they pass, so that it can drop the connection at the moment the body is
 * through: the client's side at once, the site's side a moment later (nginx then sees its client
 * leave while PHP works).
 */
async function startTcpProxy(target: URL): Promise<TcpProxy> {
	const sockets = new Set<Socket>();
	const state: TcpProxy = {
		url: '',
		cut: undefined,
		onRequest: undefined,
		cutRequests: [],
		requests: [],
		stop: async () => {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
	const server: Server = createServer((client) => {
		const upstream = connect(Number(target.port), target.hostname);
		sockets.add(client);
		sockets.add(upstream);
		client.on('close', () => sockets.delete(client));
		upstream.on('close', () => sockets.delete(upstream));
		client.on('error', () => upstream.destroy());
		upstream.on('error', () => client.destroy());
		upstream.pipe(client);
		let pending = Buffer.alloc(0);
		let remaining = 0;
		let current: { head: RequestHead; cut: boolean } | undefined;
		const finish = (): void => {
			if (current?.cut === true) {
				state.cutRequests.push(`${current.head.method} ${current.head.path}`);
				upstream.unpipe(client);
				client.destroy();
				setTimeout(() => upstream.destroy(), 200);
			}
			current = undefined;
		};
		client.on('data', (chunk: Buffer) => {
			pending = Buffer.concat([pending, chunk]);
			for (;;) {
				if (current === undefined) {
					const end = pending.indexOf('\r\n\r\n');
					if (end < 0) return;
					const lines = pending.subarray(0, end).toString('latin1').split('\r\n');
					const [method = '', requestPath = ''] = (lines[0] ?? '').split(' ');
					const head = { method, path: requestPath };
					const length = Number(/^content-length:\s*(\d+)/im.exec(lines.join('\n'))?.[1] ?? 0);
					const rewritten = lines.map((line) => (/^host:/i.test(line) ? `Host: ${target.host}` : line)).join('\r\n') + '\r\n\r\n';
					pending = pending.subarray(end + 4);
					state.requests.push({ ...head, bytes: length });
					state.onRequest?.(head);
					const cut = state.cut?.(head);
					if (cut === 'early') {
						state.cutRequests.push(`${head.method} ${head.path}`);
						client.destroy();
						upstream.destroy();
						return;
					}
					current = { head, cut: cut === true };
					remaining = length;
					upstream.write(rewritten);
				}
				const body = pending.subarray(0, remaining);
				pending = pending.subarray(body.length);
				remaining -= body.length;
				if (remaining > 0) {
					upstream.write(body);
					return;
				}
				if (current.cut) {
					upstream.write(body, finish);
					return;
				}
				upstream.write(body);
				finish();
			}
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return Object.assign(state, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
}
