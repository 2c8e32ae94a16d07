import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { planPull } from './plan.js';
import { applyPullPlan, type PullProgress } from './pull-writer.js';
import { scanApiDir, sha256Hex } from './route-files.js';

let project: string;
let api: string;

beforeEach(async () => {
	project = await mkdtemp(path.join(tmpdir(), 'svc-pull-'));
	api = path.join(project, 'api');
});

afterEach(async () => {
	await rm(project, { recursive: true, force: true });
});

const exists = (target: string) =>
	stat(target).then(
		() => true,
		() => false,
	);

describe('applyPullPlan', () => {
	it('creates api/ and nested directories, writing the exact UTF-8 bytes of the content', async () => {
		const content = '<?php\r\ndeclare(strict_types=1);\n// héllo ✓\n';
		const plan = planPull([{ slug: 'users/[id]/posts', content }], []);

		const result = await applyPullPlan(api, plan);

		expect(result).toEqual({ written: ['users/[id]/posts'], removed: [] });
		const bytes = await readFile(path.join(api, 'users', '[id]', 'posts.php'));
		expect(bytes.equals(Buffer.from(content, 'utf8'))).toBe(true);
	});

	it('mirrors the site: overwrites, removes, and then the scan equals the site', async () => {
		await mkdir(path.join(api, 'old', 'deep'), { recursive: true });
		await writeFile(path.join(api, 'keep.php'), 'keep');
		await writeFile(path.join(api, 'change.php'), 'before');
		await writeFile(path.join(api, 'old', 'deep', 'gone.php'), 'gone');
		const site = [
			{ slug: 'keep', content: 'keep' },
			{ slug: 'change', content: 'after' },
			{ slug: 'added', content: 'new' },
		];
		const plan = planPull(site, (await scanApiDir(api, { lexical: false })).files);

		const result = await applyPullPlan(api, plan);

		expect(result).toEqual({ written: ['added', 'change'], removed: ['old/deep/gone'] });
		const after = await scanApiDir(api, { lexical: false });
		expect(after.files.map((file) => [file.slug, file.hash])).toEqual(
			[...site].sort((a, b) => (a.slug < b.slug ? -1 : 1)).map((file) => [file.slug, sha256Hex(file.content)]),
		);
		// Directories emptied by the removal are gone too, but api/ itself stays.
		expect(await exists(path.join(api, 'old'))).toBe(false);
		expect(await exists(api)).toBe(true);
	});

	it('keeps a directory that still holds other files', async () => {
		await mkdir(path.join(api, 'dir'), { recursive: true });
		await writeFile(path.join(api, 'dir', 'a.php'), 'a');
		await writeFile(path.join(api, 'dir', 'notes.md'), 'mine');
		const plan = planPull([], (await scanApiDir(api, { lexical: false })).files);

		await applyPullPlan(api, plan);

		expect(await readdir(path.join(api, 'dir'))).toEqual(['notes.md']);
	});

	it('leaves no temporary files behind', async () => {
		await applyPullPlan(api, planPull([{ slug: 'a', content: 'x' }], []));
		expect(await readdir(api)).toEqual(['a.php']);
	});

	it('reports progress for every write and removal', async () => {
		await mkdir(api);
		await writeFile(path.join(api, 'stale.php'), 's');
		const plan = planPull([{ slug: 'a', content: '1' }, { slug: 'b', content: '2' }], (await scanApiDir(api, { lexical: false })).files);
		const seen: PullProgress[] = [];

		await applyPullPlan(api, plan, (progress) => seen.push(progress));

		expect(seen).toEqual([
			{ done: 1, total: 3, slug: 'a' },
			{ done: 2, total: 3, slug: 'b' },
			{ done: 3, total: 3, slug: 'stale' },
		]);
	});

	it('refuses a plan entry that would escape api/, even if built by hand', async () => {
		const plan = { create: [{ slug: '../evil', content: 'x' }], overwrite: [], remove: [], unchanged: [], rejected: [], kept: [] };
		await expect(applyPullPlan(api, plan)).rejects.toMatchObject({ message: expect.stringMatching(/Refusing to write "\.\.\/evil"/) });
		expect(await exists(path.join(project, 'evil.php'))).toBe(false);
	});

	it('neither writes nor deletes through a folder link that leads out of api/', async () => {
		const elsewhere = path.join(project, 'elsewhere');
		await mkdir(elsewhere, { recursive: true });
		await writeFile(path.join(elsewhere, 'keep.php'), 'not a route of this project');
		await mkdir(api, { recursive: true });
		await symlink(elsewhere, path.join(api, 'shared'));

		const scanned = await scanApiDir(api, { lexical: false });
		const removal = planPull([], scanned.files);
		expect(removal.remove.map((file) => file.slug)).toEqual(['shared/keep']);
		await expect(applyPullPlan(api, removal)).rejects.toMatchObject({ code: 'local_check_failed', message: expect.stringContaining('leads out of the api folder') });
		expect(await readFile(path.join(elsewhere, 'keep.php'), 'utf8')).toBe('not a route of this project');

		const write = planPull([{ slug: 'shared/new', content: '<?php' }], []);
		await expect(applyPullPlan(api, write)).rejects.toMatchObject({ code: 'local_check_failed' });
		expect(await exists(path.join(elsewhere, 'new.php'))).toBe(false);
	});

	it('writes through a folder link that stays inside api/', async () => {
		await mkdir(path.join(api, 'real'), { recursive: true });
		await symlink(path.join(api, 'real'), path.join(api, 'alias'));
		await applyPullPlan(api, planPull([{ slug: 'alias/x', content: 'x' }], []));
		expect(await readFile(path.join(api, 'real', 'x.php'), 'utf8')).toBe('x');
	});
});
