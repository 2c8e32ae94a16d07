/**
 * Two web nodes on one database (each its own wp-content, nginx + PHP-FPM, opcache not
 * revalidating), and node b's disk full while node a activates a release (issue 30): node a makes
 * and serves it; node b cannot build its copy, so it keeps serving the release before it whole
 * (never a mix, never a 500) and says why in its log; once there is room its next request serves the
 * new one. A push that node b takes meanwhile is refused with nothing changed. Through the packed
 * CLI. wp-content/svc of node b is a small tmpfs, which needs root: without it the suite is skipped.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { startMultiNode, type MultiNodeSite, type WebNode } from '../support/multinode.js';
import { packedCli } from '../cli/helpers/packed-cli.js';
import { svcRunner, type SvcResult, type SvcRunner } from '../cli/helpers/run-svc.js';
import { publicGet, uniqueClass } from './helpers/php-source.js';
import { canMountTmpfs, fillDisk as fillSmallDisk, mountSmallDisk } from './helpers/small-disk.js';

jest.setTimeout(180_000);

const CAN_MOUNT = canMountTmpfs();
const suite = CAN_MOUNT ? describe : describe.skip;

let site: MultiNodeSite;
let a: WebNode;
let b: WebNode;
let svc: SvcRunner;
let project: string;
let disk: { unmount(): void } | undefined;

beforeAll(async () => {
	if (!CAN_MOUNT) return;
	const [cli, started] = await Promise.all([packedCli(), startMultiNode({ workers: 2 })]);
	site = started;
	({ a, b } = site.nodes);
	project = mkdtempSync(path.join(os.tmpdir(), 'svc-faults-multinode-'));
	svc = svcRunner(cli.bin, project);
	// Node b's wp-content/svc on a 16 MB disk of its own, with what is there already.
	disk = mountSmallDisk(b.svcDir, 16);
}, 300_000);

afterAll(async () => {
	disk?.unmount();
	await site?.stop();
	if (project !== undefined) rmSync(project, { recursive: true, force: true });
	if (svc !== undefined) rmSync(svc.home, { recursive: true, force: true });
});

/** svc against one node (the CLI's site URL is that node's). */
const on = (node: WebNode, ...args: string[]): Promise<SvcResult> =>
	svc(args, { env: { SVC_URL: node.url, SVC_USER: 'admin', SVC_APP_PASSWORD: node.users.admin.appPassword } });

let classes = 0;
function writeRoute(slug: string, says: string): void {
	const file = path.join(project, 'api', `${slug}.php`);
	mkdirSync(path.dirname(file), { recursive: true });
	classes += 1;
	writeFileSync(file, publicGet(uniqueClass(`Nodes${classes}`), says));
}

/** What each route answers anyone on `node`; every answer must be a 200. */
async function served(node: WebNode, slugs: readonly string[]): Promise<Record<string, unknown>> {
	const answers: Record<string, unknown> = {};
	for (const slug of slugs) {
		const response = await node.fetch(`${node.url}/wp-json/svc-api/v1/${slug}`, { as: 'anonymous' });
		answers[slug] = response.status === 200 ? ((await response.json()) as { route?: unknown }).route : response.status;
	}
	return answers;
}

async function activeId(node: WebNode): Promise<number | undefined> {
	const response = await node.fetch('/svc/v1/api-releases', { as: 'admin' });
	return ((await response.json()) as { id: number; active: boolean }[]).find((entry) => entry.active)?.id;
}

const FILLER = (): string => path.join(b.svcDir, '.filler');

function fillDisk(): void {
	fillSmallDisk(FILLER());
}

suite(`node b's disk full while node a activates${CAN_MOUNT ? '' : ' (skipped: mounting a tmpfs needs root)'}`, () => {
	it('both nodes serve the first release', async () => {
		writeRoute('alpha', 'a1');
		writeRoute('keep', 'k1');
		expect(await on(a, 'api', 'push', '--yes')).toMatchObject({ code: 0 });
		expect(await served(a, ['alpha', 'keep'])).toEqual({ alpha: 'a1', keep: 'k1' });
		expect(await served(b, ['alpha', 'keep'])).toEqual({ alpha: 'a1', keep: 'k1' });
	});

	it('node a makes and serves the new release; node b keeps the one before it whole, says why, and catches up once there is room', async () => {
		const before = await activeId(a);
		fillDisk();
		try {
			writeRoute('alpha', 'a2');
			writeRoute('beta', 'b1');
			const push = await on(a, 'api', 'push', '--yes', '--json');
			expect(push.code).toBe(0);
			const made = (JSON.parse(push.stdout) as { release: { id: number; active: boolean } }).release;
			expect(made).toMatchObject({ active: true });
			expect(made.id).toBeGreaterThan(before ?? 0);
			expect(await served(a, ['alpha', 'beta', 'keep'])).toEqual({ alpha: 'a2', beta: 'b1', keep: 'k1' });
			// Node b: the release before, whole, on every request (each tries again and cannot).
			for (let round = 0; round < 3; round++) {
				expect(await served(b, ['alpha', 'beta', 'keep'])).toEqual({ alpha: 'a1', beta: 404, keep: 'k1' });
			}
			expect(b.readLog()).toMatch(new RegExp(`could not serve release ${made.id} on this node: .*; the files on disk stay served`));
			expect(b.readLog()).not.toMatch(/PHP Fatal error/);

			// A push node b takes meanwhile changes nothing, and svc says so.
			writeRoute('gamma', 'g1');
			const refused = await on(b, 'api', 'push', '--yes', '--json');
			expect(refused.code).toBe(1);
			expect(JSON.parse(refused.stdout)).toMatchObject({ committed: false, activeRelease: made.id, exitCode: 1 });
			expect(await activeId(a)).toBe(made.id);
			expect(await served(a, ['gamma'])).toEqual({ gamma: 404 });
		} finally {
			rmSync(FILLER(), { force: true });
		}
		// Room again: node b's next request serves the active release.
		expect(await served(b, ['alpha', 'beta', 'keep'])).toEqual({ alpha: 'a2', beta: 'b1', keep: 'k1' });
		// And a rerun of the refused push completes, through either node.
		expect(await on(b, 'api', 'push', '--yes')).toMatchObject({ code: 0 });
		expect(await served(a, ['gamma'])).toEqual({ gamma: 'g1' });
		expect(await served(b, ['gamma'])).toEqual({ gamma: 'g1' });
	});
});
