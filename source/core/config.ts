/**
 * Where svc's settings live: the user config (named site profiles: read as plain JSON, written through conf) and the project file
 * svc.json (the project's default site and api folder). Secrets are never kept here; see
 * credentials.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SvcError } from './errors.js';

export interface Profile {
	readonly url: string;
	readonly user: string;
	/** The application password is in the 0600 credentials file rather than the keychain. */
	readonly insecureStore?: boolean;
}

interface UserConfigData extends Record<string, unknown> {
	profiles: Record<string, Profile>;
	defaultProfile?: string;
}

/** What every command reads of the user config: the saved sites and the default one. */
export interface UserConfigReader {
	/** The config file's path; its directory is the user's svc config directory. */
	readonly path: string;
	profileNames(): string[];
	getProfile(name: string): Profile | undefined;
	defaultProfile(): string | undefined;
}

/** What login, logout and link also change. */
export interface UserConfig extends UserConfigReader {
	setProfile(name: string, profile: Profile): void;
	/** Removes the profile (and the default if it named it); false when there was none. */
	removeProfile(name: string): boolean;
	setDefaultProfile(name: string | undefined): void;
}

const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const CONFIG_FILE = 'config.json';

/**
 * The saved sites as the file holds them, read with JSON.parse: a command that only needs to know
 * which site to use does not load conf (and its JSON Schema validator) before its first byte.
 * conf writes the same file (openUserConfig), so both read the same data.
 */
export function readUserConfig(configDir: string): UserConfigReader {
	const file = path.join(configDir, CONFIG_FILE);
	const text = readIfPresent(file);
	let data: unknown = {};
	if (text !== undefined) {
		try {
			data = JSON.parse(text);
		} catch (error) {
			throw invalidConfig(configDir, error);
		}
	}
	return configReader(file, (key) => (typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined));
}

/** The user config to change (login, logout, link), through conf: atomic writes, mode 0600. */
export async function openUserConfig(configDir: string): Promise<UserConfig> {
	const { default: Conf } = await import('conf');
	let store: InstanceType<typeof Conf<UserConfigData>>;
	try {
		store = new Conf<UserConfigData>({
			projectName: 'svc',
			projectSuffix: '',
			cwd: configDir,
			// Profile names are host names like example.com: dots must not mean nesting.
			accessPropertiesByDotNotation: false,
			configFileMode: 0o600,
			defaults: { profiles: {} },
		});
	} catch (error) {
		throw invalidConfig(configDir, error);
	}
	const reader = configReader(store.path, (key) => store.get(key));
	const profiles = (): Record<string, Profile> => {
		const value = store.get('profiles');
		return typeof value === 'object' && value !== null ? value : {};
	};
	return {
		...reader,
		setProfile: (name, profile) => {
			assertProfileName(name);
			store.set('profiles', { ...profiles(), [name]: { ...profile, url: normalizeSiteUrl(profile.url) } });
		},
		removeProfile: (name) => {
			const current = profiles();
			if (!Object.hasOwn(current, name)) {
				return false;
			}
			const { [name]: _removed, ...rest } = current;
			store.set('profiles', rest);
			if (store.get('defaultProfile') === name) {
				store.delete('defaultProfile');
			}
			return true;
		},
		setDefaultProfile: (name) => {
			if (name === undefined) {
				store.delete('defaultProfile');
			} else {
				assertProfileName(name);
				store.set('defaultProfile', name);
			}
		},
	};
}

function invalidConfig(configDir: string, error: unknown): SvcError {
	return new SvcError(`The svc config file is not valid JSON: ${(error as Error).message}.`, {
		code: 'config_invalid',
		hint: `Fix or delete ${path.join(configDir, CONFIG_FILE)}, then run "svc login" again.`,
	});
}

/** Reads profiles from a value source (the parsed file, or conf's store) the same way. */
function configReader(file: string, get: (key: string) => unknown): UserConfigReader {
	const profiles = (): Record<string, unknown> => {
		const value = get('profiles');
		return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
	};
	return {
		path: file,
		profileNames: () => Object.keys(profiles()).sort(),
		getProfile: (name) => {
			const profile = Object.hasOwn(profiles(), name) ? profiles()[name] : undefined;
			return isProfile(profile) ? profile : undefined;
		},
		defaultProfile: () => {
			const value = get('defaultProfile');
			return typeof value === 'string' ? value : undefined;
		},
	};
}

function isProfile(value: unknown): value is Profile {
	const candidate = value as Partial<Profile> | undefined;
	return typeof candidate?.url === 'string' && typeof candidate.user === 'string';
}

export function isValidProfileName(name: string): boolean {
	return PROFILE_NAME.test(name);
}

function assertProfileName(name: string): void {
	if (!isValidProfileName(name)) {
		throw new SvcError(
			`Invalid site name ${JSON.stringify(name)}: use letters, digits, dots, hyphens and underscores (at most 64), starting with a letter or digit.`,
			{ code: 'usage', exitCode: 2 },
		);
	}
}

/** A profile name for a site URL: its host, with the port joined by a hyphen. */
export function profileNameFromUrl(url: string): string {
	const parsed = new URL(normalizeSiteUrl(url));
	const host = parsed.hostname.replace(/^\[|\]$/g, '').replace(/:/g, '-');
	return parsed.port === '' ? host : `${host}-${parsed.port}`;
}

/**
 * The site's base URL as svc stores it: http(s) only, no credentials, query or fragment, no
 * trailing slash; a bare host gets https://. A pasted REST root (…/wp-json) is reduced to the site.
 */
export function normalizeSiteUrl(input: string): string {
	const trimmed = input.trim();
	const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
	let url: URL;
	try {
		url = new URL(withScheme);
	} catch {
		throw new SvcError(`${JSON.stringify(trimmed)} is not a valid site URL.`, {
			code: 'usage',
			exitCode: 2,
			hint: 'Give the site address, e.g. https://example.com',
		});
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		throw new SvcError(`The site URL must start with https:// or http://, not ${url.protocol}//.`, { code: 'usage', exitCode: 2 });
	}
	if (url.username !== '' || url.password !== '') {
		// Never echo the URL here: it carries a secret.
		throw new SvcError('The site URL must not contain a user name or password.', {
			code: 'usage',
			exitCode: 2,
			hint: 'Pass the user with --user and the application password when asked (or with --password-stdin).',
		});
	}
	const pathname = url.pathname.replace(/\/+$/, '').replace(/\/wp-json$/, '');
	return `${url.protocol}//${url.host}${pathname}`;
}

/**
 * Plain http to anything but this machine: the application password would cross the network in
 * clear text, so the UI warns.
 */
export function isInsecureRemote(url: string): boolean {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return false;
	}
	if (parsed.protocol !== 'http:') {
		return false;
	}
	const host = parsed.hostname.toLowerCase();
	const isLoopback =
		host === 'localhost' || host.endsWith('.localhost') || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) || host === '[::1]';
	return !isLoopback;
}

export const PROJECT_FILE = 'svc.json';
export const DEFAULT_API_DIR = 'api';

export interface ProjectConfig {
	/** The profile this project deploys to by default (the name of whoever linked it). */
	readonly site?: string;
	/**
	 * The site's address: what a teammate's own login is found by, whatever they named it. Wins
	 * over `site` when both are there.
	 */
	readonly url?: string;
	/** The route folder, relative to svc.json; default "api". */
	readonly apiDir?: string;
}

export interface ProjectFile {
	readonly path: string;
	readonly dir: string;
	readonly config: ProjectConfig;
}

/** The nearest svc.json from cwd upwards, or undefined when there is none. */
export function findProjectFile(cwd: string): ProjectFile | undefined {
	let dir = path.resolve(cwd);
	for (;;) {
		const candidate = path.join(dir, PROJECT_FILE);
		const text = readIfPresent(candidate);
		if (text !== undefined) {
			return { path: candidate, dir, config: parseProjectConfig(text, candidate) };
		}
		const parent = path.dirname(dir);
		if (parent === dir) {
			return undefined;
		}
		dir = parent;
	}
}

function readIfPresent(file: string): string | undefined {
	try {
		return readFileSync(file, 'utf8');
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') {
			return undefined;
		}
		throw error;
	}
}

function parseProjectConfig(text: string, file: string): ProjectConfig {
	const invalid = (why: string) =>
		new SvcError(`${file} is invalid: ${why}.`, {
			code: 'config_invalid',
			hint: 'svc.json holds an object like { "url": "https://example.com", "site": "example.com", "apiDir": "api" }; every key is optional.',
		});
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch (error) {
		throw invalid(`not valid JSON (${(error as Error).message})`);
	}
	if (typeof data !== 'object' || data === null || Array.isArray(data)) {
		throw invalid('it must be a JSON object');
	}
	const { site, url, apiDir } = data as Record<string, unknown>;
	if (site !== undefined && (typeof site !== 'string' || site === '')) {
		throw invalid('"site" must be a non-empty string naming a site profile');
	}
	if (url !== undefined && (typeof url !== 'string' || siteKey(url) === undefined)) {
		throw invalid('"url" must be the site\'s http(s) address');
	}
	if (apiDir !== undefined && (typeof apiDir !== 'string' || apiDir === '')) {
		throw invalid('"apiDir" must be a non-empty string (a folder relative to svc.json)');
	}
	if (apiDir !== undefined && apiDirInside(path.dirname(file), apiDir) === undefined) {
		// pull writes and deletes in this folder: it must never be the project itself or outside it.
		throw invalid(`"apiDir" ${JSON.stringify(apiDir)} must name a folder inside the project`);
	}
	return { ...(site === undefined ? {} : { site }), ...(url === undefined ? {} : { url: url as string }), ...(apiDir === undefined ? {} : { apiDir }) };
}

/** A site address compared as the same site: scheme and host in lower case, no trailing slash. */
export function siteKey(url: string): string | undefined {
	try {
		const parsed = new URL(url);
		if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
		return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/+$/, '')}`.toLowerCase();
	} catch {
		return undefined;
	}
}

/**
 * The api folder as svc.json stores it (relative, "/"-separated), or undefined when `given` is not a
 * folder strictly inside `projectDir`.
 */
export function apiDirInside(projectDir: string, given: string): string | undefined {
	const relative = path.relative(projectDir, path.resolve(projectDir, given));
	if (relative === '' || relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) {
		return undefined;
	}
	return relative.split(path.sep).join('/');
}

/** Writes svc.json into dir (a project's root) and returns its path. */
export function writeProjectFile(dir: string, config: ProjectConfig): string {
	const file = path.join(dir, PROJECT_FILE);
	writeFileSync(file, `${JSON.stringify(config, null, '\t')}\n`);
	return file;
}

/** The api folder: apiDir of svc.json relative to it, else api/ in the project root or cwd. */
export function resolveApiDir(cwd: string, project: ProjectFile | undefined): string {
	if (project === undefined) {
		return path.resolve(cwd, DEFAULT_API_DIR);
	}
	return path.resolve(project.dir, project.config.apiDir ?? DEFAULT_API_DIR);
}

export interface SelectedProfile {
	readonly name: string;
	readonly profile: Profile;
	/** What chose it, for messages like "using example.com (from svc.json)". */
	readonly source: 'flag' | 'project' | 'default' | 'only';
}

/**
 * Which site profile a command uses: --site, then svc.json's site, then the user's default, then
 * the only profile there is. Undefined when none applies; a name that does not exist is an error.
 */
export function selectProfile(options: {
	readonly flag?: string | undefined;
	readonly project?: ProjectFile | undefined;
	readonly config: UserConfigReader;
}): SelectedProfile | undefined {
	const { flag, project, config } = options;
	const url = flag === undefined ? project?.config.url : undefined;
	if (url !== undefined) {
		return byUrl(url, project, config);
	}
	const candidates: [string | undefined, SelectedProfile['source']][] = [
		[flag, 'flag'],
		[project?.config.site, 'project'],
		[config.defaultProfile(), 'default'],
	];
	for (const [name, source] of candidates) {
		if (name === undefined) continue;
		const profile = config.getProfile(name);
		if (profile === undefined) {
			throw unknownProfile(name, source, config, project);
		}
		return { name, profile, source };
	}
	const names = config.profileNames();
	const only = names.length === 1 ? names[0] : undefined;
	const profile = only === undefined ? undefined : config.getProfile(only);
	return only === undefined || profile === undefined ? undefined : { name: only, profile, source: 'only' };
}

/** The user's own login for the address svc.json names (their name for it, whatever it is). */
function byUrl(url: string, project: ProjectFile | undefined, config: UserConfigReader): SelectedProfile {
	const key = siteKey(url);
	const names = config.profileNames().filter((name) => siteKey(config.getProfile(name)?.url ?? '') === key);
	// Several logins to one site: the one svc.json also names, else the first.
	const name = names.find((candidate) => candidate === project?.config.site) ?? names[0];
	const profile = name === undefined ? undefined : config.getProfile(name);
	if (name === undefined || profile === undefined) {
		throw new SvcError(`${project?.path ?? PROJECT_FILE} deploys to ${url}, and no saved site has that address.`, {
			code: 'usage',
			exitCode: 2,
			hint: `Run "svc login --url ${url}" to log in to it with your own application password.`,
		});
	}
	return { name, profile, source: 'project' };
}

/**
 * selectProfile for commands that need a saved site (link, logout): when none can be chosen, a usage
 * error that says how to get one, naming the saved sites.
 *
 * @param purpose Ends "No site is saved yet, so there is nothing to …".
 */
export function requireProfile(options: Parameters<typeof selectProfile>[0], purpose: string): SelectedProfile {
	const selected = selectProfile(options);
	if (selected !== undefined) {
		return selected;
	}
	const known = options.config.profileNames();
	throw new SvcError(known.length === 0 ? `No site is saved yet, so there is nothing to ${purpose}.` : 'Which site? Several are saved and none is the default.', {
		code: 'usage',
		exitCode: 2,
		hint: known.length === 0 ? 'Run "svc login" first.' : `Pass --site NAME; saved sites: ${known.join(', ')}.`,
	});
}

function unknownProfile(name: string, source: SelectedProfile['source'], config: UserConfigReader, project: ProjectFile | undefined): SvcError {
	const known = config.profileNames();
	const origin = source === 'project' ? ` (named in ${project?.path ?? PROJECT_FILE})` : source === 'default' ? ' (the default site)' : '';
	return new SvcError(`No site named ${JSON.stringify(name)}${origin}.`, {
		code: 'usage',
		exitCode: 2,
		hint: `${known.length === 0 ? 'No sites are set up yet.' : `Known sites: ${known.join(', ')}.`} Run "svc login --site ${name} --url <site URL>" to add it.`,
	});
}
