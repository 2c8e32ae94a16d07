import { describe, expect, it, jest } from '@jest/globals';
import { PassThrough } from 'node:stream';

import { SvcError } from '../../core/errors.js';
import type { LocalSite } from '../../local-site/local-site.js';
import type { DevCommand } from './command.js';
import { startLocalDevSite, type LocalSiteDeps } from './local-site.js';
import type { Io } from '../shared/io.js';

const command = (flags: Partial<DevCommand> = {}): DevCommand => ({ name: 'dev', json: false, site: undefined, yes: false, ...flags });

function testIo(tty: boolean): Io & { err: () => string } {
	const stdout = Object.assign(new PassThrough(), { isTTY: tty }) as unknown as NodeJS.WriteStream;
	const stderr = new PassThrough();
	let err = '';
	stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
	const stdin = Object.assign(new PassThrough(), { isTTY: tty }) as unknown as NodeJS.ReadStream;
	return { stdin, stdout, stderr: stderr as unknown as NodeJS.WriteStream, env: {}, cwd: '/tmp', configDir: '/nonexistent/svc-config', version: '0.0.0', err: () => err };
}

const site: LocalSite = { url: 'http://127.0.0.1:9400', runtime: 'x', admin: { login: 'admin', password: 'password' }, appPassword: 'app', stop: async () => undefined };

function deps(facts: { missing: string[]; npx: boolean; fpm?: string[] }, answer = true) {
	const confirm = jest.fn(async (_io: Io, options: { yes: boolean; question: string }) => options.yes || answer);
	const startNative = jest.fn(async () => site);
	const startPlayground = jest.fn(async () => site);
	const value: LocalSiteDeps = {
		facts: () => ({ missingForAnySite: facts.missing, missingForFpm: facts.fpm ?? [], npx: facts.npx, npxPath: facts.npx ? '/usr/bin/npx' : undefined }),
		confirm: confirm as unknown as LocalSiteDeps['confirm'],
		startNative,
		startPlayground,
	};
	return { value, confirm, startNative, startPlayground };
}

describe('startLocalDevSite', () => {
	it("starts a native site with php -S when nginx + php-fpm are missing, and logs in as its administrator", async () => {
		const machine = deps({ missing: [], fpm: ['nginx'], npx: true });
		const started = await startLocalDevSite(testIo(false), command(), machine.value);
		expect(machine.startNative).toHaveBeenCalledWith({ server: 'php', label: expect.stringMatching(/php -S/) });
		expect(machine.confirm).not.toHaveBeenCalled();
		expect(started?.site.url).toBe(site.url);
	});

	it('without PHP and without a terminal refuses to fetch Playground, naming what is missing and --yes', async () => {
		const machine = deps({ missing: ['php with the mysqli extension', 'mariadb'], npx: true });
		const refusal = startLocalDevSite(testIo(false), command({ json: true }), machine.value);
		await expect(refusal).rejects.toBeInstanceOf(SvcError);
		await expect(refusal).rejects.toMatchObject({
			code: 'confirmation_required',
			exitCode: 2,
			message: expect.stringContaining('lacks php with the mysqli extension, mariadb'),
			hint: expect.stringContaining('--yes'),
		});
		await expect(refusal).rejects.toMatchObject({ message: expect.stringContaining('npx @wp-playground/cli@3 server') });
		expect(machine.startPlayground).not.toHaveBeenCalled();
	});

	it('in a terminal asks first; no starts nothing, yes runs Playground and says so', async () => {
		const declined = deps({ missing: ['mariadbd'], npx: true }, false);
		expect(await startLocalDevSite(testIo(true), command(), declined.value)).toBeUndefined();
		expect(declined.confirm).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ question: expect.stringContaining('npx @wp-playground/cli@3 server') }));
		expect(declined.startPlayground).not.toHaveBeenCalled();

		const io = testIo(true);
		const accepted = deps({ missing: ['mariadbd'], npx: true }, true);
		expect(await startLocalDevSite(io, command(), accepted.value)).toBeDefined();
		expect(accepted.startPlayground).toHaveBeenCalledWith({ label: expect.stringMatching(/^WordPress Playground/), npx: '/usr/bin/npx' });
		expect(io.err()).toMatch(/Starting a throwaway WordPress on WordPress Playground/);
	});

	it('--yes is the consent without a terminal', async () => {
		const machine = deps({ missing: ['mariadbd'], npx: true }, false);
		await startLocalDevSite(testIo(false), command({ yes: true, json: true }), machine.value);
		expect(machine.startPlayground).toHaveBeenCalled();
	});

	it('without npx says what to install', async () => {
		const machine = deps({ missing: ['mariadbd'], npx: false });
		await expect(startLocalDevSite(testIo(false), command(), machine.value)).rejects.toMatchObject({
			code: 'no_local_runtime',
			exitCode: 1,
			message: expect.stringContaining('needs mariadbd, which this machine lacks'),
			hint: expect.stringContaining('apt-get install'),
		});
	});
});
