/**
 * The application password: kept in the OS keychain (service "svc", account = profile name), or,
 * only with the user's explicit consent, in a file readable by the user alone. Never in the user
 * config, never in the project. CI passes everything in the environment instead.
 */
import type { Entry as KeyringEntry } from '@napi-rs/keyring';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { normalizeSiteUrl, type SelectedProfile } from './config.js';
import { SvcError } from './errors.js';
import { describe as describeKeychain, keychainFailure, type KeychainFailure } from './keychain-failure.js';
import { nodeCrypto } from './node-crypto.js';
import { requireCjs } from './require-cjs.js';

export const KEYCHAIN_SERVICE = 'svc';

/** The keychain operations svc needs; the real one wraps @napi-rs/keyring. */
export interface KeychainBackend {
	get(account: string): string | undefined;
	set(account: string, secret: string): void;
	/** True when something was deleted. */
	delete(account: string): boolean;
	/** False when the store cannot work at all, decided without writing anything. */
	reachable?(): boolean;
	/** True when an entry just written landed in a store that does not survive a reboot. */
	isEphemeral?(account: string): boolean;
}

/**
 * The OS keychain. On Linux, @napi-rs/keyring silently falls back from the Secret Service to the
 * kernel keyutils store, which forgets everything at logout or reboot (and its first write in a
 * process fails after leaving an orphan key behind). svc wants a keychain that keeps the password,
 * so on Linux the Secret Service's session bus must be reachable and a probe entry must not show
 * up in /proc/keys.
 */
export function systemKeychain(service: string = KEYCHAIN_SERVICE): KeychainBackend {
	const linux = process.platform === 'linux';
	const entry = (account: string): KeyringEntry => new (keyringEntry())(service, account);
	return {
		get: (account) => entry(account).getPassword() ?? undefined,
		set: (account, secret) => entry(account).setPassword(secret),
		delete: (account) => entry(account).deletePassword(),
		reachable: () => !linux || sessionBusConfigured(process.env, existsSync),
		isEphemeral: (account) => linux && keyutilsHolds(readProcKeys(), service, account),
	};
}

/**
 * @napi-rs/keyring's native addon, loaded when a command first touches the keychain: a command that
 * ends before (no site selected, SVC_* credentials) does not pay for it. It is CommonJS, so a
 * synchronous require keeps the keychain functions synchronous.
 */
function keyringEntry(): typeof KeyringEntry {
	const keyring = requireCjs<{ Entry: typeof KeyringEntry }>('@napi-rs/keyring');
	return keyring.Entry;
}

/** The Secret Service lives on the D-Bus session bus; libdbus finds it by these two means. */
export function sessionBusConfigured(
	env: Readonly<Record<string, string | undefined>>,
	exists: (file: string) => boolean,
): boolean {
	if ((env['DBUS_SESSION_BUS_ADDRESS'] ?? '') !== '') {
		return true;
	}
	const runtimeDir = env['XDG_RUNTIME_DIR'] ?? '';
	return runtimeDir !== '' && exists(path.join(runtimeDir, 'bus'));
}

/** Whether /proc/keys lists the keyutils entry keyring-rs creates: `keyring:<account>@<service>`. */
export function keyutilsHolds(procKeys: string, service: string, account: string): boolean {
	return procKeys.includes(`keyring:${account}@${service}:`);
}

function readProcKeys(): string {
	try {
		return readFileSync('/proc/keys', 'utf8');
	} catch {
		return '';
	}
}

/**
 * Whether a lasting keychain really works here: writes, reads back and deletes a throwaway entry.
 * Merely reading is not enough: without a keychain a read returns "nothing stored" instead of failing.
 */
export function keychainAvailable(keychain: KeychainBackend = systemKeychain()): boolean {
	return probeKeychain(keychain) === undefined;
}

/** As keychainAvailable: undefined when the keychain works, else why it does not. */
export function probeKeychain(keychain: KeychainBackend = systemKeychain()): KeychainFailure | undefined {
	if (keychain.reachable?.() === false) {
		return describeKeychain('no_session_bus');
	}
	const account = `svc-probe-${process.pid}-${nodeCrypto().randomBytes(4).toString('hex')}`;
	const secret = nodeCrypto().randomBytes(8).toString('hex');
	try {
		keychain.set(account, secret);
		if (keychain.get(account) !== secret) return describeKeychain('other', 'an entry written to it could not be read back');
		return keychain.isEphemeral?.(account) === true ? describeKeychain('forgets') : undefined;
	} catch (error) {
		return keychainFailure(error);
	} finally {
		try {
			keychain.delete(account);
		} catch {
			// The write failed, so there is nothing to delete.
		}
	}
}

export interface CredentialStoreOptions {
	readonly keychain?: KeychainBackend;
	/** The fallback file: credentials.json in the user config directory (credentialsPath). */
	readonly filePath: string;
}

export interface StoreOptions extends CredentialStoreOptions {
	/** The user agreed (or passed --insecure-store) to a 0600 file when no keychain works. */
	readonly insecureStore?: boolean;
}

export type StoredIn = { readonly where: 'keychain' } | { readonly where: 'file'; readonly path: string };

/** Where the password is kept when no keychain works: beside config.json (e.g. ~/.config/svc). */
export function credentialsPath(configDir: string): string {
	return path.join(configDir, 'credentials.json');
}

/**
 * Saves the password in the keychain; when none works, in the file only if `insecureStore`,
 * otherwise fails with `keychain_unavailable` so the UI can ask for consent.
 */
export function storePassword(profile: string, password: string, options: StoreOptions): StoredIn {
	const keychain = options.keychain ?? systemKeychain();
	const failure = probeKeychain(keychain) ?? tryKeychainSet(keychain, profile, password);
	if (failure === undefined) {
		// A copy left in the file by an earlier --insecure-store would outlive the keychain entry.
		removeFromFile(profile, options.filePath);
		return { where: 'keychain' };
	}
	const filePath = options.filePath;
	if (options.insecureStore !== true) {
		throw new SvcError(failure.message, {
			code: 'keychain_unavailable',
			hint: `${failure.fix} Or re-run with --insecure-store to keep it in ${filePath}, readable only by you, or set SVC_URL, SVC_USER and SVC_APP_PASSWORD instead.`,
		});
	}
	const passwords = readFile(filePath);
	passwords[profile] = password;
	writeFile(filePath, passwords);
	return { where: 'file', path: filePath };
}

function tryKeychainSet(keychain: KeychainBackend, account: string, secret: string): KeychainFailure | undefined {
	try {
		keychain.set(account, secret);
		return keychain.get(account) === secret ? undefined : describeKeychain('other', 'the password written to it could not be read back');
	} catch (error) {
		return keychainFailure(error);
	}
}

export function getPassword(profile: string, options: CredentialStoreOptions & { readonly inFile?: boolean }): string | undefined {
	if (options.inFile === true) {
		// Saved in the file at the last login: a keychain entry from an older login must not win.
		const fromFile = readFile(options.filePath)[profile];
		return fromFile === '' ? undefined : fromFile;
	}
	const keychain = options.keychain ?? systemKeychain();
	let fromKeychain: string | undefined;
	let failure: KeychainFailure | undefined;
	try {
		fromKeychain = keychain.reachable?.() === false ? undefined : keychain.get(profile);
	} catch (error) {
		failure = keychainFailure(error);
	}
	if (fromKeychain !== undefined && fromKeychain !== '') {
		return fromKeychain;
	}
	const fromFile = readFile(options.filePath)[profile];
	if (fromFile !== undefined && fromFile !== '') {
		return fromFile;
	}
	if (failure !== undefined) {
		// A keychain that could not be read (locked…) is not one with nothing stored: say which.
		throw new SvcError(`Cannot read the application password of site "${profile}": ${failure.message}`, {
			code: 'keychain_unavailable',
			hint: failure.fix,
		});
	}
	return undefined;
}

/** Removes the password from both stores (logout). */
export function deletePassword(profile: string, options: CredentialStoreOptions): { keychain: boolean; file: boolean } {
	const keychain = options.keychain ?? systemKeychain();
	let fromKeychain = false;
	try {
		fromKeychain = keychain.reachable?.() === false ? false : keychain.delete(profile);
	} catch {
		fromKeychain = false;
	}
	return { keychain: fromKeychain, file: removeFromFile(profile, options.filePath) };
}

interface CredentialsFile {
	readonly version: 1;
	readonly passwords: Record<string, string>;
}

function readFile(filePath: string): Record<string, string> {
	let text: string;
	try {
		text = readFileSync(filePath, 'utf8');
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
			return {};
		}
		throw storeError(`Cannot read ${filePath} (${(error as NodeJS.ErrnoException).code ?? 'error'}).`);
	}
	let data: Partial<CredentialsFile>;
	try {
		data = JSON.parse(text) as Partial<CredentialsFile>;
	} catch {
		// Never quote the content: it holds secrets.
		throw storeError(`${filePath} is not valid JSON.`);
	}
	const result: Record<string, string> = Object.create(null) as Record<string, string>;
	for (const [name, value] of Object.entries(data.passwords ?? {})) {
		if (typeof value === 'string') result[name] = value;
	}
	return result;
}

/** Written to a 0600 temporary file and renamed, so the secret is never world-readable. */
function writeFile(filePath: string, passwords: Record<string, string>): void {
	mkdirSync(path.dirname(filePath), { recursive: true, mode: 0o700 });
	const temporary = `${filePath}.${nodeCrypto().randomBytes(6).toString('hex')}.tmp`;
	const content: CredentialsFile = { version: 1, passwords: { ...passwords } };
	try {
		writeFileSync(temporary, `${JSON.stringify(content, null, '\t')}\n`, { mode: 0o600 });
		chmodSync(temporary, 0o600); // In case the umask narrowed nothing or the file pre-existed.
		renameSync(temporary, filePath);
	} catch (error) {
		try {
			unlinkSync(temporary);
		} catch {
			// Nothing was written.
		}
		throw storeError(`Cannot write ${filePath} (${(error as NodeJS.ErrnoException).code ?? 'error'}).`);
	}
}

function removeFromFile(profile: string, file: string): boolean {
	const passwords = readFile(file);
	if (!Object.hasOwn(passwords, profile)) {
		return false;
	}
	delete passwords[profile];
	if (Object.keys(passwords).length === 0) {
		unlinkSync(file);
	} else {
		writeFile(file, passwords);
	}
	return true;
}

function storeError(message: string): SvcError {
	return new SvcError(message, { code: 'credential_store_failed' });
}

export interface ResolvedCredentials {
	readonly url: string;
	readonly user: string;
	readonly appPassword: string;
	readonly source: 'env' | 'profile';
	/** The profile used; undefined when the environment supplied everything. */
	readonly profileName?: string;
}

export const ENV_URL = 'SVC_URL';
export const ENV_USER = 'SVC_USER';
export const ENV_APP_PASSWORD = 'SVC_APP_PASSWORD';

/**
 * SVC_URL, SVC_USER and SVC_APP_PASSWORD together override everything (CI); a partial set is a
 * usage error rather than a silent mix with a stored profile.
 */
export function credentialsFromEnv(env: Readonly<Record<string, string | undefined>>): ResolvedCredentials | undefined {
	const values = { url: env[ENV_URL], user: env[ENV_USER], appPassword: env[ENV_APP_PASSWORD] };
	const names = { url: ENV_URL, user: ENV_USER, appPassword: ENV_APP_PASSWORD };
	const set = (Object.keys(values) as (keyof typeof values)[]).filter((key) => (values[key] ?? '') !== '');
	if (set.length === 0) {
		return undefined;
	}
	if (set.length < 3) {
		const missing = (Object.keys(values) as (keyof typeof values)[]).filter((key) => !set.includes(key)).map((key) => names[key]);
		throw new SvcError(`${set.map((key) => names[key]).join(' and ')} ${set.length === 1 ? 'is' : 'are'} set but ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not.`, {
			code: 'usage',
			exitCode: 2,
			hint: `Set all of ${ENV_URL}, ${ENV_USER} and ${ENV_APP_PASSWORD}, or none of them to use a saved site.`,
		});
	}
	return {
		url: normalizeSiteUrl(values.url ?? ''),
		user: values.user ?? '',
		appPassword: values.appPassword ?? '',
		source: 'env',
	};
}

export interface ResolveOptions extends CredentialStoreOptions {
	readonly env: Readonly<Record<string, string | undefined>>;
	/** The selected profile, or a function selecting it: only called when the environment does not decide. */
	readonly profile?: SelectedProfile | (() => SelectedProfile | undefined) | undefined;
}

export function resolveCredentials(options: ResolveOptions): ResolvedCredentials {
	const fromEnv = credentialsFromEnv(options.env);
	if (fromEnv !== undefined) {
		return fromEnv;
	}
	const selected = typeof options.profile === 'function' ? options.profile() : options.profile;
	if (selected === undefined) {
		// Like "No site named X": the command line (or its setup) does not say which site: exit 2.
		throw new SvcError('No site selected.', {
			code: 'no_credentials',
			exitCode: 2,
			hint: `Run "svc login" to add one, pass --site NAME to pick one, or set ${ENV_URL}, ${ENV_USER} and ${ENV_APP_PASSWORD}.`,
		});
	}
	const appPassword = getPassword(selected.name, { ...options, inFile: selected.profile.insecureStore === true });
	if (appPassword === undefined) {
		throw new SvcError(`No application password is stored for site "${selected.name}".`, {
			code: 'no_credentials',
			hint: `Run "svc login --site ${selected.name}" again.`,
		});
	}
	return {
		url: selected.profile.url,
		user: selected.profile.user,
		appPassword,
		source: 'profile',
		profileName: selected.name,
	};
}
