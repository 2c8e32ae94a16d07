import { describe, expect, it } from '@jest/globals';
import { filesToUpload, isPullNoop, isPushNoop, planPull, planPush } from './plan.js';
import { sha256Hex } from './route-files.js';

const local = (slug: string, content: string) => ({ slug, hash: sha256Hex(content) });
const remote = (slug: string, content: string) => ({ slug, hash: sha256Hex(content), content });
const slugs = (files: readonly { slug: string }[]) => files.map((file) => file.slug);
const names = (files: readonly { slug: string }[]) => files.map((file) => file.slug);

describe('planPush', () => {
	const locals = [local('users/[id]', 'v2'), local('hello', 'same'), local('new', 'n'), local('a-new', 'n')];
	const remotes = [remote('hello', 'same'), remote('users/[id]', 'v1'), remote('old', 'o'), remote('gone/[x]', 'g')];

	it('sorts local files into added, changed and unchanged by hash, each sorted by slug', () => {
		const plan = planPush(locals, remotes, { prune: false });
		expect(slugs(plan.added)).toEqual(['a-new', 'new']);
		expect(slugs(plan.changed)).toEqual(['users/[id]']);
		expect(slugs(plan.unchanged)).toEqual(['hello']);
	});

	it('without prune, reports site-only files as remoteOnly and removes nothing', () => {
		const plan = planPush(locals, remotes, { prune: false });
		expect(plan.removed).toEqual([]);
		expect(names(plan.remoteOnly)).toEqual(['gone/[x]', 'old']);
	});

	it('with prune, removes site-only files and reports no remoteOnly', () => {
		const plan = planPush(locals, remotes, { prune: true });
		expect(names(plan.removed)).toEqual(['gone/[x]', 'old']);
		expect(plan.remoteOnly).toEqual([]);
	});

	it('keeps the caller\'s objects, so extra fields reach the UI', () => {
		const withExtra = [{ ...local('x', '1'), relPath: 'x.php' }];
		expect(planPush(withExtra, [], { prune: false }).added[0]?.relPath).toBe('x.php');
	});

	it('compares hashes case-insensitively', () => {
		const plan = planPush([local('x', '1')], [{ slug: 'x', hash: sha256Hex('1').toUpperCase() }], { prune: false });
		expect(slugs(plan.unchanged)).toEqual(['x']);
	});

	it('uploads exactly the added and changed files, in slug order', () => {
		expect(slugs(filesToUpload(planPush(locals, remotes, { prune: true })))).toEqual(['a-new', 'new', 'users/[id]']);
	});

	it.each<[string, { slug: string; hash: string }[], { slug: string; hash: string }[], boolean, boolean]>([
		['everything unchanged', [local('a', '1')], [remote('a', '1')], true, true],
		['a change', [local('a', '2')], [remote('a', '1')], true, false],
		['an addition', [local('a', '1')], [], true, false],
		['a site-only file with prune', [], [remote('a', '1')], true, false],
		['a site-only file without prune', [], [remote('a', '1')], false, true],
	])('isPushNoop: %s', (_case, localFiles, remoteFiles, prune, noop) => {
		expect(isPushNoop(planPush(localFiles, remoteFiles, { prune }))).toBe(noop);
	});
});

describe('planPull', () => {
	it('creates, overwrites, removes and leaves alone by the hash of the bytes it would write', () => {
		const plan = planPull(
			[remote('same', 'héllo'), remote('changed', 'new'), remote('created/[id]', 'c'), remote('b-created', 'b')],
			[local('same', 'héllo'), local('changed', 'old'), local('stale', 's'), local('a-stale', 's')],
		);
		expect(names(plan.create)).toEqual(['b-created', 'created/[id]']);
		expect(names(plan.overwrite)).toEqual(['changed']);
		expect(names(plan.unchanged)).toEqual(['same']);
		expect(slugs(plan.remove)).toEqual(['a-stale', 'stale']);
		expect(plan.rejected).toEqual([]);
	});

	it('keeps local copies of files the site has but left out of its listing for size', () => {
		const plan = planPull([remote('small', 's')], [local('small', 's'), local('big', 'b'), local('gone', 'g')], { notListed: ['big'] });
		expect(slugs(plan.remove)).toEqual(['gone']);
		expect(slugs(plan.kept)).toEqual(['big']);
	});

	it('removes nothing when the site skipped files without naming them', () => {
		const plan = planPull([remote('small', 's')], [local('small', 's'), local('big', 'b'), local('gone', 'g')], { notListed: 'unknown' });
		expect(plan.remove).toEqual([]);
		expect(slugs(plan.kept)).toEqual(['big', 'gone']);
	});

	it('compares the UTF-8 bytes of the content, not a hash the site sent', () => {
		const plan = planPull([{ slug: 'x', content: 'new', hash: sha256Hex('old') }], [local('x', 'old')]);
		expect(names(plan.overwrite)).toEqual(['x']);
	});

	it.each(['../escape', '/etc/passwd', 'a\\b', 'Upper', 'x/index', 'a//b', ''])(
		'never plans to write an invalid site file name: %j',
		(slug) => {
			const plan = planPull([remote(slug, 'x')], []);
			expect(plan.create).toEqual([]);
			expect(plan.rejected).toEqual([{ slug, message: expect.stringMatching(/^the site sent an invalid file name: /) }]);
		},
	);

	it.each<[string, { slug: string; content: string }[], { slug: string; hash: string }[], boolean]>([
		['identical', [remote('a', '1')], [local('a', '1')], true],
		['a new site file', [remote('a', '1')], [], false],
		['a local-only file', [], [local('a', '1')], false],
		['a different file', [remote('a', '2')], [local('a', '1')], false],
		['only a rejected name', [remote('../a', '1')], [], true],
	])('isPullNoop: %s', (_case, remoteFiles, localFiles, noop) => {
		expect(isPullNoop(planPull(remoteFiles, localFiles))).toBe(noop);
	});
});
