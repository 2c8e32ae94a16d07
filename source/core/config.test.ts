import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
	findProjectFile,
	isInsecureRemote,
	isValidProfileName,
	normalizeSiteUrl,
	openUserConfig,
	readUserConfig,
	profileNameFromUrl,
	resolveApiDir,
	selectProfile,
	writeProjectFile,
	type ProjectFile,
} from './config.js';
import { SvcError } from './errors.js';

let root: string;

beforeEach(() => {
	root = mkdtempSync(path.join(tmpdir(), 'svc-config-'));
});

afterEach(() => {
	rmSync(root, { recursive: true, force: true });
});

describe('isInsecureRemote', () => {
	it.each<[string, boolean]>([
		['http://example.com', true],
		['http://192.168.1.10:8080', true],
		['http://10.0.0.1', true],
		['http://localhost.example.com', true],
		['http://[::2]', true],
		['https://example.com', false],
		['http://localhost', false],
		['http://localhost:8080/blog', false],
		['http://LOCALHOST', false],
		['http://wp.localhost', false],
		['http://127.0.0.1', false],
		['http://127.5.6.7:9000', false],
		['http://[::1]:8080', false],
		['not a url', false],
	])('%s → %s', (url, insecure) => {
		expect(isInsecureRemote(url)).toBe(insecure);
	});
});

describe('normalizeSiteUrl', () => {
	it.each<[string, string]>([
		['https://example.com', 'https://example.com'],
		['https://example.com/', 'https://example.com'],
		['example.com', 'https://example.com'],
		['  https://example.com/blog//  ', 'https://example.com/blog'],
		['http://localhost:8080', 'http://localhost:8080'],
		['https://Example.COM/Blog', 'https://example.com/Blog'],
		['https://example.com/wp-json/', 'https://example.com'],
		['https://example.com/blog/wp-json', 'https://example.com/blog'],
		['https://example.com/?x=1#top', 'https://example.com'],
	])('%j → %s', (input, url) => {
		expect(normalizeSiteUrl(input)).toBe(url);
	});

	it.each<[string, RegExp]>([
		['ftp://example.com', /https:\/\/ or http:\/\//],
		['https://', /not a valid site URL/],
	])('rejects %j as a usage error', (input, message) => {
		expect(() => normalizeSiteUrl(input)).toThrow(message);
		try {
			normalizeSiteUrl(input);
		} catch (error) {
			expect(error).toMatchObject({ exitCode: 2, code: 'usage' });
		}
	});

	it('rejects credentials in the URL without repeating them', () => {
		let caught: unknown;
		try {
			normalizeSiteUrl('https://admin:abcd%20efgh@example.com');
		} catch (error) {
			caught = error;
		}
		expect(caught).toBeInstanceOf(SvcError);
		const error = caught as SvcError;
		expect(error.message).toMatch(/must not contain a user name or password/);
		expect(`${error.message} ${error.hint ?? ''} ${JSON.stringify(error)}`).not.toMatch(/abcd|admin/);
	});
});

describe('profileNameFromUrl', () => {
	it.each<[string, string]>([
		['https://example.com/blog', 'example.com'],
		['http://localhost:8080', 'localhost-8080'],
		['http://[::1]:8080', '--1-8080'],
	])('%s → %s', (url, name) => {
		expect(profileNameFromUrl(url)).toBe(name);
	});

	it('gives a valid profile name for ordinary hosts', () => {
		expect(isValidProfileName(profileNameFromUrl('https://my-site.example.org:8443'))).toBe(true);
	});
});

describe('user config', () => {
	it('stores profiles whose names contain dots, and reads them back after reopening', async () => {
		const config = await openUserConfig(root);
		config.setProfile('example.com', { url: 'https://example.com/', user: 'admin' });
		config.setProfile('local', { url: 'http://localhost:8080', user: 'dev', insecureStore: true });
		config.setDefaultProfile('local');

		const reopened = await openUserConfig(root);
		expect(reopened.profileNames()).toEqual(['example.com', 'local']);
		expect(reopened.getProfile('example.com')).toEqual({ url: 'https://example.com', user: 'admin' });
		expect(reopened.getProfile('local')).toEqual({ url: 'http://localhost:8080', user: 'dev', insecureStore: true });
		expect(reopened.defaultProfile()).toBe('local');
		expect(JSON.parse(readFileSync(reopened.path, 'utf8')).profiles['example.com'].user).toBe('admin');
	});

	it('is read without conf as conf wrote it, and is empty before the first login', async () => {
		expect(readUserConfig(root).profileNames()).toEqual([]);
		const config = await openUserConfig(root);
		config.setProfile('example.com', { url: 'https://example.com/', user: 'admin' });
		config.setDefaultProfile('example.com');
		const read = readUserConfig(root);
		expect(read.path).toBe(config.path);
		expect(read.profileNames()).toEqual(['example.com']);
		expect(read.getProfile('example.com')).toEqual({ url: 'https://example.com', user: 'admin' });
		expect(read.getProfile('constructor')).toBeUndefined();
		expect(read.defaultProfile()).toBe('example.com');
	});

	it('keeps the config file readable only by the user', async () => {
		const config = await openUserConfig(root);
		config.setProfile('a', { url: 'https://a.example', user: 'u' });
		expect(statSync(config.path).mode & 0o777).toBe(0o600);
	});

	it('never stores anything but url, user and insecureStore', async () => {
		const config = await openUserConfig(root);
		config.setProfile('a', { url: 'https://a.example', user: 'u' });
		expect(readFileSync(config.path, 'utf8')).not.toMatch(/password/i);
	});

	it('removes a profile and clears the default that named it', async () => {
		const config = await openUserConfig(root);
		config.setProfile('a', { url: 'https://a.example', user: 'u' });
		config.setProfile('b', { url: 'https://b.example', user: 'u' });
		config.setDefaultProfile('a');

		expect(config.removeProfile('a')).toBe(true);
		expect(config.removeProfile('a')).toBe(false);
		expect(config.profileNames()).toEqual(['b']);
		expect(config.defaultProfile()).toBeUndefined();
	});

	it('does not treat inherited object keys as profiles', async () => {
		const config = await openUserConfig(root);
		expect(config.getProfile('constructor')).toBeUndefined();
		expect(config.removeProfile('toString')).toBe(false);
	});

	it.each(['', 'has space', '../x', 'a/b', '-lead', 'x'.repeat(65)])('rejects the profile name %j', async (name) => {
		const config = await openUserConfig(root);
		expect(() => config.setProfile(name, { url: 'https://a.example', user: 'u' })).toThrow(/Invalid site name/);
	});

	it('fails with a typed error naming the fix when the config file is corrupt', async () => {
		writeFileSync(path.join(root, 'config.json'), '{ nope');
		await expect(openUserConfig(root)).rejects.toThrow(SvcError);
		await expect(openUserConfig(root)).rejects.toThrow(/not valid JSON/);
		expect(() => readUserConfig(root)).toThrow(SvcError);
		expect(() => readUserConfig(root)).toThrow(/not valid JSON/);
	});
});

describe('project file', () => {
	it('is found by walking up from a nested directory', () => {
		writeProjectFile(root, { site: 'example.com', apiDir: 'routes' });
		const nested = path.join(root, 'a', 'b');
		mkdirSync(nested, { recursive: true });

		const project = findProjectFile(nested);

		expect(project).toEqual({ path: path.join(root, 'svc.json'), dir: root, config: { site: 'example.com', apiDir: 'routes' } });
		expect(resolveApiDir(nested, project)).toBe(path.join(root, 'routes'));
	});

	it('the nearest one wins', () => {
		writeProjectFile(root, { site: 'outer' });
		const inner = path.join(root, 'inner');
		mkdirSync(inner);
		writeProjectFile(inner, { site: 'inner' });
		expect(findProjectFile(inner)?.config.site).toBe('inner');
	});

	it('without one, api/ is in the current directory', () => {
		expect(resolveApiDir(path.join(root, 'x'), undefined)).toBe(path.join(root, 'x', 'api'));
	});

	it('accepts an apiDir nested inside the project, and one whose name starts with two dots', () => {
		writeFileSync(path.join(root, 'svc.json'), '{ "apiDir": "src/./routes/../api" }');
		expect(findProjectFile(root)?.config.apiDir).toBe('src/./routes/../api');
		writeFileSync(path.join(root, 'svc.json'), '{ "apiDir": "..api" }');
		expect(resolveApiDir(root, findProjectFile(root))).toBe(path.join(root, '..api'));
	});

	it('defaults apiDir to api next to svc.json', () => {
		writeProjectFile(root, {});
		expect(resolveApiDir(path.join(root, 'x'), findProjectFile(root))).toBe(path.join(root, 'api'));
	});

	it.each<[string, string, RegExp]>([
		['malformed JSON', '{ site: x }', /not valid JSON/],
		['an array', '[]', /must be a JSON object/],
		['a non-string site', '{ "site": 3 }', /"site" must be a non-empty string/],
		['a url that is no http(s) address', '{ "url": "ftp://x" }', /"url" must be the site's http\(s\) address/],
		['an empty apiDir', '{ "apiDir": "" }', /"apiDir" must be a non-empty string/],
		// pull deletes files in the api folder: it must never be the project root or lie outside it.
		['an apiDir leaving the project', '{ "apiDir": ".." }', /"apiDir" ".." must name a folder inside the project/],
		['an apiDir deeper outside', '{ "apiDir": "api/../../elsewhere" }', /must name a folder inside the project/],
		['an absolute apiDir', '{ "apiDir": "/etc" }', /must name a folder inside the project/],
		['the project root as apiDir', '{ "apiDir": "." }', /must name a folder inside the project/],
	])('rejects %s naming the file', (_case, text, message) => {
		writeFileSync(path.join(root, 'svc.json'), text);
		expect(() => findProjectFile(root)).toThrow(message);
		expect(() => findProjectFile(root)).toThrow(path.join(root, 'svc.json'));
	});
});

describe('selectProfile', () => {
	const project = (site?: string): ProjectFile => ({ path: '/p/svc.json', dir: '/p', config: site === undefined ? {} : { site } });

	/** Written through conf, read as every command reads it (readUserConfig). */
	async function configWith(names: string[], defaultName?: string) {
		const config = await openUserConfig(root);
		for (const name of names) config.setProfile(name, { url: `https://${name}.example`, user: 'u' });
		config.setDefaultProfile(defaultName);
		return readUserConfig(root);
	}

	it.each<[string, string | undefined, string | undefined, string | undefined, string[], string | undefined, string | undefined]>([
		['--site wins over everything', 'a', 'b', 'c', ['a', 'b', 'c'], 'a', 'flag'],
		['svc.json wins over the default', undefined, 'b', 'c', ['a', 'b', 'c'], 'b', 'project'],
		['the default applies without flag or project', undefined, undefined, 'c', ['a', 'b', 'c'], 'c', 'default'],
		['a single profile is used', undefined, undefined, undefined, ['a'], 'a', 'only'],
		['several profiles and no choice select none', undefined, undefined, undefined, ['a', 'b'], undefined, undefined],
		['no profiles select none', undefined, undefined, undefined, [], undefined, undefined],
	])('%s', async (_rule, flag, site, defaultName, names, expected, source) => {
		const selected = selectProfile({ flag, project: project(site), config: await configWith(names, defaultName) });
		expect(selected?.name).toBe(expected);
		expect(selected?.source).toBe(source);
		if (expected !== undefined) expect(selected?.profile.url).toBe(`https://${expected}.example`);
	});

	it('an unknown --site is a usage error listing the known sites', async () => {
		const config = await configWith(['a', 'b']);
		expect(() => selectProfile({ flag: 'zz', config })).toThrow(/No site named "zz"/);
		try {
			selectProfile({ flag: 'zz', config });
		} catch (error) {
			expect(error).toMatchObject({ exitCode: 2, hint: expect.stringMatching(/Known sites: a, b/) });
		}
	});

	it("svc.json's url finds the user's own login to that site, whatever they named it (a teammate's svc.json)", async () => {
		const config = await configWith(['mine', 'other']);
		const teammates: ProjectFile = { path: '/p/svc.json', dir: '/p', config: { site: 'their-name', url: 'HTTPS://Mine.example/' } };
		expect(selectProfile({ project: teammates, config })).toMatchObject({ name: 'mine', source: 'project' });
		// --site still wins.
		expect(selectProfile({ flag: 'other', project: teammates, config })).toMatchObject({ name: 'other', source: 'flag' });
	});

	it('a url in svc.json that no saved site has is a usage error saying how to log in to it', async () => {
		const config = await configWith(['a']);
		const project: ProjectFile = { path: '/p/svc.json', dir: '/p', config: { url: 'https://elsewhere.example' } };
		expect(() => selectProfile({ project, config })).toThrow('/p/svc.json deploys to https://elsewhere.example, and no saved site has that address.');
		try {
			selectProfile({ project, config });
		} catch (error) {
			expect(error).toMatchObject({ exitCode: 2, hint: expect.stringContaining('svc login --url https://elsewhere.example') });
		}
	});

	it('an unknown site in svc.json names the file', async () => {
		const config = await configWith(['a']);
		expect(() => selectProfile({ project: project('gone'), config })).toThrow(/"gone" \(named in \/p\/svc.json\)/);
	});
});
