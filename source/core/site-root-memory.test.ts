import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RestRoot } from './site-connection.js';
import { fileRootMemory, MAX_SITES, recalledRoot, rememberedOf, withRoot } from './site-root-memory.js';

const SITE = 'https://example.com/blog';
const pathRoot: RestRoot = { kind: 'path', url: new URL('https://example.com/blog/wp-json/') };
const queryRoot: RestRoot = { kind: 'query', url: new URL('https://example.com/blog/?rest_route=%2F') };

describe('recalledRoot', () => {
	it('gives back a root of either form on the site’s own origin', () => {
		expect(recalledRoot(withRoot({}, SITE, pathRoot, 1), SITE)).toEqual(pathRoot);
		expect(recalledRoot(withRoot({}, SITE, queryRoot, 1), SITE)).toEqual(queryRoot);
		expect(recalledRoot(withRoot({}, SITE, pathRoot, 1), 'https://example.com/other')).toBeUndefined();
	});

	it('never recalls a root on another origin, with credentials, or not of discovery’s form', () => {
		const entry = (kind: string, url: string): unknown => ({ [SITE]: { kind, url, at: 1 } });
		for (const [kind, url] of <[string, string][]>[
			['path', 'https://evil.example/wp-json/'],
			['path', 'http://example.com/blog/wp-json/'],
			['path', 'https://example.com:8443/blog/wp-json/'],
			['path', 'https://user:pw@example.com/blog/wp-json/'],
			['path', 'https://example.com/blog/wp-json/?x=1'],
			['query', 'https://example.com/blog/?rest_route=/elsewhere'],
			['query', 'https://example.com/blog/'],
			['path', 'not a url'],
			['other', 'https://example.com/blog/wp-json/'],
		]) {
			expect(recalledRoot(rememberedOf(entry(kind, url)), SITE)).toBeUndefined();
		}
	});

	it('reads anything odd in the file as nothing remembered', () => {
		for (const data of [null, [], 'x', 3, { [SITE]: null }, { [SITE]: { kind: 'path', url: 'https://example.com/blog/wp-json/' } }, { [SITE]: { kind: 'path', url: 5, at: 1 } }]) {
			expect(recalledRoot(rememberedOf(data), SITE)).toBeUndefined();
		}
	});
});

describe('withRoot', () => {
	it('replaces or removes one site and keeps the newest MAX_SITES', () => {
		let remembered = {};
		for (let index = 0; index < MAX_SITES + 5; index++) remembered = withRoot(remembered, `https://site${index}.example`, { kind: 'path', url: new URL(`https://site${index}.example/wp-json/`) }, index);
		expect(Object.keys(remembered)).toHaveLength(MAX_SITES);
		expect(Object.keys(remembered)).not.toContain('https://site0.example');
		expect(Object.keys(remembered)).toContain(`https://site${MAX_SITES + 4}.example`);
		const without = withRoot(remembered, `https://site${MAX_SITES + 4}.example`, undefined, 99);
		expect(Object.keys(without)).toHaveLength(MAX_SITES - 1);
		expect(Object.keys(without)).not.toContain(`https://site${MAX_SITES + 4}.example`);
	});
});

describe('fileRootMemory', () => {
	it('remembers across instances in a 0600 file, forgets, and ignores a file it cannot read', () => {
		const dir = mkdtempSync(path.join(tmpdir(), 'svc-roots-'));
		try {
			const configDir = path.join(dir, 'svc');
			fileRootMemory(configDir).remember(SITE, pathRoot);
			expect(fileRootMemory(configDir).recall(SITE)).toEqual(pathRoot);
			const file = path.join(configDir, 'rest-roots.json');
			expect(statSync(file).mode & 0o777).toBe(0o600);
			expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ [SITE]: { kind: 'path', url: 'https://example.com/blog/wp-json/' } });
			fileRootMemory(configDir).forget(SITE);
			expect(fileRootMemory(configDir).recall(SITE)).toBeUndefined();
			writeFileSync(file, '{ not json');
			expect(fileRootMemory(configDir).recall(SITE)).toBeUndefined();
			fileRootMemory(configDir).remember(SITE, queryRoot);
			expect(fileRootMemory(configDir).recall(SITE)).toEqual(queryRoot);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});

	it('costs nothing but the probe when its directory cannot be written', () => {
		const dir = mkdtempSync(path.join(tmpdir(), 'svc-roots-'));
		try {
			const blocked = path.join(dir, 'file');
			writeFileSync(blocked, '');
			const memory = fileRootMemory(path.join(blocked, 'svc'));
			expect(() => memory.remember(SITE, pathRoot)).not.toThrow();
			expect(memory.recall(SITE)).toBeUndefined();
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
