import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SelectedProfile } from './config.js';
import {
	credentialsFromEnv,
	deletePassword,
	getPassword,
	keychainAvailable,
	keyutilsHolds,
	resolveCredentials,
	sessionBusConfigured,
	storePassword,
	systemKeychain,
	type KeychainBackend,
} from './credentials.js';
import { SvcError } from './errors.js';

const PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';

/** An in-memory keychain standing in for a working OS keychain. */
function workingKeychain(): KeychainBackend & { entries: Map<string, string> } {
	const entries = new Map<string, string>();
	return {
		entries,
		get: (account) => entries.get(account),
		set: (account, secret) => void entries.set(account, secret),
		delete: (account) => entries.delete(account),
	};
}

/** Behaves like @napi-rs/keyring without a Secret Service: writes throw, reads find nothing. */
function missingKeychain(): KeychainBackend {
	return {
		get: () => undefined,
		set: () => {
			throw new Error("Couldn't access platform storage");
		},
		delete: () => {
			throw new Error("Couldn't access platform storage");
		},
	};
}

let dir: string;
let filePath: string;

beforeEach(() => {
	dir = mkdtempSync(path.join(tmpdir(), 'svc-cred-'));
	filePath = path.join(dir, 'svc', 'credentials.json');
});

afterEach(() => {
	rmSync(dir, { recursive: true, force: true });
});

describe('keychainAvailable', () => {
	it('is true when a throwaway entry can be written, read back and deleted, and leaves nothing behind', () => {
		const keychain = workingKeychain();
		expect(keychainAvailable(keychain)).toBe(true);
		expect(keychain.entries.size).toBe(0);
	});

	it('is false when writing fails', () => {
		expect(keychainAvailable(missingKeychain())).toBe(false);
	});

	it('is false when a write is silently lost', () => {
		expect(keychainAvailable({ get: () => undefined, set: () => undefined, delete: () => false })).toBe(false);
	});

	it('is false without writing anything when the store is unreachable', () => {
		const keychain = { ...workingKeychain(), reachable: () => false };
		expect(keychainAvailable(keychain)).toBe(false);
		expect(keychain.entries.size).toBe(0);
		let wrote = false;
		keychainAvailable({ ...keychain, set: () => void (wrote = true) });
		expect(wrote).toBe(false);
	});

	it('is false when the probe landed in a store that forgets it at reboot, and still cleans up', () => {
		const keychain = { ...workingKeychain(), isEphemeral: () => true };
		expect(keychainAvailable(keychain)).toBe(false);
		expect(keychain.entries.size).toBe(0);
	});

	const linuxWithoutSessionBus =
		process.platform === 'linux' && !sessionBusConfigured(process.env, (file) => existsSync(file));
	(linuxWithoutSessionBus ? it : it.skip)('is false for the real OS keychain on Linux without a D-Bus session, touching nothing', () => {
		const before = existsSync('/proc/keys') ? readFileSync('/proc/keys', 'utf8') : '';
		expect(keychainAvailable(systemKeychain())).toBe(false);
		expect(keychainAvailable()).toBe(false);
		const after = existsSync('/proc/keys') ? readFileSync('/proc/keys', 'utf8') : '';
		const probes = (text: string) => text.split('\n').filter((line) => line.includes('svc-probe-')).length;
		expect(probes(after)).toBe(probes(before));
	});
});

describe('sessionBusConfigured', () => {
	const none = () => false;
	it.each<[string, Record<string, string>, (file: string) => boolean, boolean]>([
		['DBUS_SESSION_BUS_ADDRESS set', { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus' }, none, true],
		['the bus socket in XDG_RUNTIME_DIR', { XDG_RUNTIME_DIR: '/run/user/1000' }, (file) => file === '/run/user/1000/bus', true],
		['XDG_RUNTIME_DIR without a bus socket', { XDG_RUNTIME_DIR: '/run/user/1000' }, none, false],
		['an empty DBUS_SESSION_BUS_ADDRESS', { DBUS_SESSION_BUS_ADDRESS: '' }, none, false],
		['neither', {}, () => true, false],
	])('%s → %s', (_case, env, exists, expected) => {
		expect(sessionBusConfigured(env, exists)).toBe(expected);
	});
});

describe('keyutilsHolds', () => {
	const procKeys = [
		'1428f4ee I--Q---     1 perm 3f010000     0     0 user      keyring:svc-probe-1-ab@svc: 16',
		'236014c1 I--Q---     1 perm 3f010000     0     0 user      keyring:site@other: 1',
	].join('\n');
	it.each<[string, string, boolean]>([
		['svc', 'svc-probe-1-ab', true],
		['svc', 'svc-probe-1', false],
		['svc', 'site', false],
		['other', 'site', true],
	])('service %s, account %s → %s', (service, account, expected) => {
		expect(keyutilsHolds(procKeys, service, account)).toBe(expected);
	});
});

describe('storing with a working keychain', () => {
	it('keeps the password in the keychain under the profile name and writes no file', () => {
		const keychain = workingKeychain();
		expect(storePassword('example.com', PASSWORD, { keychain, filePath })).toEqual({ where: 'keychain' });
		expect(keychain.entries.get('example.com')).toBe(PASSWORD);
		expect(existsSync(filePath)).toBe(false);
		expect(getPassword('example.com', { keychain, filePath })).toBe(PASSWORD);
	});

	it('prefers the keychain even when the file store was allowed', () => {
		const keychain = workingKeychain();
		expect(storePassword('a', PASSWORD, { keychain, filePath, insecureStore: true })).toEqual({ where: 'keychain' });
		expect(existsSync(filePath)).toBe(false);
	});

	it('removes a stale copy from the file when the keychain takes over', () => {
		storePassword('a', 'old', { keychain: missingKeychain(), filePath, insecureStore: true });
		storePassword('b', 'other', { keychain: missingKeychain(), filePath, insecureStore: true });
		storePassword('a', PASSWORD, { keychain: workingKeychain(), filePath });
		expect(readFileSync(filePath, 'utf8')).not.toContain('old');
		expect(getPassword('b', { keychain: missingKeychain(), filePath })).toBe('other');
	});
});

describe('storing without a keychain', () => {
	it('refuses without consent, naming --insecure-store and the file, and writes nothing', () => {
		let caught: unknown;
		try {
			storePassword('a', PASSWORD, { keychain: missingKeychain(), filePath });
		} catch (error) {
			caught = error;
		}
		expect(caught).toBeInstanceOf(SvcError);
		expect(caught).toMatchObject({ code: 'keychain_unavailable', exitCode: 1 });
		expect((caught as SvcError).hint).toContain('--insecure-store');
		expect((caught as SvcError).hint).toContain(filePath);
		expect(JSON.stringify(caught)).not.toContain(PASSWORD);
		expect(existsSync(filePath)).toBe(false);
	});

	it.each([
		["Couldn't access platform secure storage: SS error: object locked", 'The OS keychain is locked'],
		// What @napi-rs/keyring says with gnome-keyring running and no login keyring (seen here under dbus-run-session).
		["Couldn't access platform storage: Secret Service: no result found\n\nCaused by:\n    Secret Service: no result found", 'The Secret Service has no default keyring'],
		["Couldn't access platform storage: Secret Service: object locked", 'The OS keychain is locked'],
		['Object does not exist at path “/org/freedesktop/secrets/aliases/default”', 'The Secret Service has no default keyring'],
		['org.freedesktop.DBus.Error.ServiceUnknown: The name org.freedesktop.secrets was not provided by any .service files', 'No Secret Service is running'],
		['Platform secure storage failure: something new', 'The OS keychain failed: Platform secure storage failure: something new.'],
	])('a keychain failing with %j says so: %s', (text, said) => {
		const failing: KeychainBackend = {
			...workingKeychain(),
			set: () => {
				throw new Error(text);
			},
		};
		expect(() => storePassword('a', PASSWORD, { keychain: failing, filePath })).toThrow(said);
	});

	it('without a session bus says that, not that no keychain exists in general', () => {
		const unreachable = { ...workingKeychain(), reachable: () => false };
		expect(() => storePassword('a', PASSWORD, { keychain: unreachable, filePath })).toThrow('there is no D-Bus session bus');
	});

	it('treats a keychain that forgets at reboot as no keychain', () => {
		const ephemeral = { ...workingKeychain(), isEphemeral: () => true };
		expect(() => storePassword('a', PASSWORD, { keychain: ephemeral, filePath })).toThrow(/No OS keychain/);
		expect(storePassword('a', PASSWORD, { keychain: ephemeral, filePath, insecureStore: true }).where).toBe('file');
		expect(ephemeral.entries.has('a')).toBe(false);
	});

	it('with consent, writes a file readable only by the user, in a private directory', () => {
		expect(storePassword('a', PASSWORD, { keychain: missingKeychain(), filePath, insecureStore: true })).toEqual({
			where: 'file',
			path: filePath,
		});
		if (process.platform !== 'win32') {
			expect(statSync(filePath).mode & 0o777).toBe(0o600);
			expect(statSync(path.dirname(filePath)).mode & 0o777).toBe(0o700);
		}
		expect(getPassword('a', { keychain: missingKeychain(), filePath })).toBe(PASSWORD);
	});

	it('keeps other profiles when adding or replacing one, and leaves no temporary file', () => {
		const options = { keychain: missingKeychain(), filePath, insecureStore: true };
		storePassword('a', 'one', options);
		storePassword('b', 'two', options);
		storePassword('a', 'three', options);
		expect(getPassword('a', options)).toBe('three');
		expect(getPassword('b', options)).toBe('two');
		expect(JSON.parse(readFileSync(filePath, 'utf8'))).toEqual({ version: 1, passwords: { a: 'three', b: 'two' } });
		expect(readdirSync(path.dirname(filePath))).toEqual(['credentials.json']);
	});

	it('tightens a file that was left world-readable', () => {
		storePassword('a', 'one', { keychain: missingKeychain(), filePath, insecureStore: true });
		if (process.platform === 'win32') return;
		writeFileSync(filePath, readFileSync(filePath), { mode: 0o644 });
		storePassword('b', 'two', { keychain: missingKeychain(), filePath, insecureStore: true });
		expect(statSync(filePath).mode & 0o777).toBe(0o600);
	});

	it('reports a corrupt file without quoting its content', () => {
		writeFileSync(path.join(dir, 'bad.json'), `{ "passwords": { "a": "${PASSWORD}" `);
		expect(() => getPassword('a', { keychain: missingKeychain(), filePath: path.join(dir, 'bad.json') })).toThrow(/is not valid JSON/);
		try {
			getPassword('a', { keychain: missingKeychain(), filePath: path.join(dir, 'bad.json') });
		} catch (error) {
			expect((error as Error).message).not.toContain(PASSWORD);
		}
	});
});

describe('getPassword and deletePassword', () => {
	it('is undefined when nothing is stored anywhere', () => {
		expect(getPassword('nobody', { keychain: workingKeychain(), filePath })).toBeUndefined();
	});

	it('falls back to the file when the keychain has no entry', () => {
		storePassword('a', PASSWORD, { keychain: missingKeychain(), filePath, insecureStore: true });
		expect(getPassword('a', { keychain: workingKeychain(), filePath })).toBe(PASSWORD);
	});

	it('a keychain that cannot be read names why, instead of "nothing stored"; the file still wins', () => {
		const locked: KeychainBackend = {
			...workingKeychain(),
			get: () => {
				throw new Error("Couldn't access platform secure storage: SS error: object locked");
			},
		};
		expect(() => getPassword('a', { keychain: locked, filePath })).toThrow('Cannot read the application password of site "a": The OS keychain is locked');
		storePassword('a', PASSWORD, { keychain: missingKeychain(), filePath, insecureStore: true });
		expect(getPassword('a', { keychain: locked, filePath })).toBe(PASSWORD);
	});

	it('deletes from both stores and removes the file once empty', () => {
		const keychain = workingKeychain();
		storePassword('a', PASSWORD, { keychain: missingKeychain(), filePath, insecureStore: true });
		keychain.entries.set('a', PASSWORD);

		expect(deletePassword('a', { keychain, filePath })).toEqual({ keychain: true, file: true });
		expect(keychain.entries.has('a')).toBe(false);
		expect(existsSync(filePath)).toBe(false);
		expect(deletePassword('a', { keychain, filePath })).toEqual({ keychain: false, file: false });
	});

	it('deletes from the file even when the keychain is missing', () => {
		storePassword('a', '1', { keychain: missingKeychain(), filePath, insecureStore: true });
		storePassword('b', '2', { keychain: missingKeychain(), filePath, insecureStore: true });
		expect(deletePassword('a', { keychain: missingKeychain(), filePath })).toEqual({ keychain: false, file: true });
		expect(getPassword('b', { keychain: missingKeychain(), filePath })).toBe('2');
	});
});

describe('credentialsFromEnv', () => {
	const full = { SVC_URL: 'https://ci.example/', SVC_USER: 'deploy', SVC_APP_PASSWORD: PASSWORD };

	it('uses all three variables, normalizing the URL', () => {
		expect(credentialsFromEnv(full)).toEqual({ url: 'https://ci.example', user: 'deploy', appPassword: PASSWORD, source: 'env' });
	});

	it.each([{}, { SVC_URL: '', SVC_USER: '', SVC_APP_PASSWORD: '' }, { OTHER: 'x' }])('is undefined when none is set: %j', (env) => {
		expect(credentialsFromEnv(env)).toBeUndefined();
	});

	it.each<[Record<string, string>, RegExp]>([
		[{ SVC_URL: 'https://x' }, /SVC_URL is set but SVC_USER and SVC_APP_PASSWORD are not/],
		[{ SVC_URL: 'https://x', SVC_USER: 'u' }, /SVC_URL and SVC_USER are set but SVC_APP_PASSWORD is not/],
		[{ SVC_APP_PASSWORD: PASSWORD }, /SVC_APP_PASSWORD is set but SVC_URL and SVC_USER are not/],
		[{ ...full, SVC_USER: '' }, /SVC_USER is not/],
	])('a partial set is a usage error naming what is missing: %j', (env, message) => {
		expect(() => credentialsFromEnv(env)).toThrow(message);
		try {
			credentialsFromEnv(env);
		} catch (error) {
			expect(error).toMatchObject({ exitCode: 2, code: 'usage' });
			expect(JSON.stringify(error) + (error as Error).message).not.toContain(PASSWORD);
		}
	});
});

describe('resolveCredentials', () => {
	const selected: SelectedProfile = { name: 'site', profile: { url: 'https://site.example', user: 'admin' }, source: 'flag' };

	it('the environment overrides a selected profile, without calling the selector', () => {
		let called = false;
		const result = resolveCredentials({
			env: { SVC_URL: 'https://ci.example', SVC_USER: 'ci', SVC_APP_PASSWORD: 'envpw' },
			profile: () => {
				called = true;
				return selected;
			},
			keychain: workingKeychain(),
			filePath,
		});
		expect(result).toEqual({ url: 'https://ci.example', user: 'ci', appPassword: 'envpw', source: 'env' });
		expect(called).toBe(false);
	});

	it('otherwise combines the profile with its stored password', () => {
		const keychain = workingKeychain();
		keychain.entries.set('site', PASSWORD);
		expect(resolveCredentials({ env: {}, profile: selected, keychain, filePath })).toEqual({
			url: 'https://site.example',
			user: 'admin',
			appPassword: PASSWORD,
			source: 'profile',
			profileName: 'site',
		});
	});

	it('a profile saved in the file reads the file, even when an older keychain entry exists', () => {
		const keychain = workingKeychain();
		keychain.entries.set('site', 'stale keychain password');
		storePassword('site', PASSWORD, { keychain: missingKeychain(), filePath, insecureStore: true });
		const inFile: SelectedProfile = { ...selected, profile: { ...selected.profile, insecureStore: true } };
		expect(resolveCredentials({ env: {}, profile: inFile, keychain, filePath }).appPassword).toBe(PASSWORD);
		expect(resolveCredentials({ env: {}, profile: selected, keychain, filePath }).appPassword).toBe('stale keychain password');
	});

	it('without env or profile, says how to set one up', () => {
		let caught: unknown;
		try {
			resolveCredentials({ env: {}, profile: () => undefined, keychain: workingKeychain(), filePath });
		} catch (error) {
			caught = error;
		}
		expect(caught).toMatchObject({ code: 'no_credentials', exitCode: 2, hint: expect.stringMatching(/svc login.*--site.*SVC_URL/) });
	});

	it('with a profile but no stored password, says to log in to that site again', () => {
		expect(() => resolveCredentials({ env: {}, profile: selected, keychain: workingKeychain(), filePath })).toThrow(
			/No application password is stored for site "site"/,
		);
	});
});
