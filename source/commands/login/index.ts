/**
 * svc login: checks the URL, user and application password against the site's management API,
 * then saves the site as a named profile (user config) and the password in the OS keychain; in a
 * 0600 file only with consent (--insecure-store, or "yes" when asked). Nothing is saved unless
 * the site accepted the credentials.
 */
import { isValidProfileName, normalizeSiteUrl, openUserConfig, profileNameFromUrl } from '../../core/config.js';
import { credentialsPath, storePassword, type StoredIn } from '../../core/credentials.js';
import { isSvcError, SvcError } from '../../core/errors.js';
import { lazySiteClient } from '../../core/lazy-site-client.js';
import type { LoginValues } from '../../components/login-form.js';
import type { LoginCommand } from './command.js';
import { declined } from '../shared/confirm.js';
import { warnIfInsecure } from '../shared/context.js';
import { isInteractive, printJson, type Io } from '../shared/io.js';
import { readAll } from './stdin.js';
import type * as LoginScreens from './screens.js';
import { commandMain } from '../shared/command-main.js';

type Screens = typeof LoginScreens;

/** What the entry point runs (command-main.ts: Ctrl-C, failures). */
export const main = commandMain(run);

export async function run(command: LoginCommand, io: Io): Promise<number> {
	const interactive = isInteractive(io, command.json);
	// The form needs Ink at once; otherwise only the closing line does, once the flags are complete
	// (a login that stops at "needs --url" never loads it).
	let views = interactive ? loadScreens() : undefined;
	let values = await gather(command, io, interactive, views);
	if (!command.json) {
		views ??= loadScreens();
	}
	let restRoot: string;
	for (;;) {
		if (values === undefined) {
			return declined(io, 'not logged in');
		}
		const checked = await check(io, values);
		if (typeof checked === 'string') {
			restRoot = checked;
			break;
		}
		if (!interactive || command.passwordStdin || views === undefined) throw checked;
		// A wrong password is asked for again, the URL and user kept.
		values = await askForm(io, views, { url: values.url, user: values.user }, checked.message);
	}
	const url = normalizeSiteUrl(values.url);
	const name = command.site ?? profileNameFromUrl(url);
	if (!isValidProfileName(name)) {
		throw new SvcError(`${JSON.stringify(name)} cannot name a site: use letters, digits, dots, hyphens and underscores.`, {
			code: 'usage',
			exitCode: 2,
			hint: 'Pick a name with --site, e.g. --site staging.',
		});
	}

	const stored = await store(io, name, values.password, command.insecureStore, interactive, views);
	const config = await openUserConfig(io.configDir);
	config.setProfile(name, { url, user: values.user, ...(stored.where === 'file' ? { insecureStore: true } : {}) });
	const previous = config.defaultProfile();
	// A second login does not silently move deploys elsewhere: the first site stays the default.
	const isDefault = previous === undefined || previous === name || config.getProfile(previous) === undefined;
	if (isDefault) {
		config.setDefaultProfile(name);
	}

	if (views === undefined) {
		printJson(io, {
			site: name,
			url,
			restRoot,
			user: values.user,
			default: isDefault,
			stored: stored.where,
			credentialsFile: stored.where === 'file' ? stored.path : null,
		});
		return 0;
	}
	(await views).printLoggedIn(io, { url, user: values.user, name, isDefault, stored });
	// Where the password goes from now on: the REST API on the origin of that address, which
	// discovery found (the site client never lets it move to another origin).
	io.stdout.write(`  Its REST API is at ${restRoot}; the password goes to no other address.\n`);
	return 0;
}

/**
 * Checks the credentials against the site: the namespace endpoint needs the same rights as every
 * svc command, so it proves the login. Returns the REST root it was checked at, or why the site
 * refused the user and password (to ask again); any other failure is thrown.
 */
async function check(io: Io, values: LoginValues): Promise<string | SvcError> {
	const url = normalizeSiteUrl(values.url);
	warnIfInsecure(io, url);
	const client = lazySiteClient({ url, user: values.user, appPassword: values.password, userAgent: `svc/${io.version}` });
	try {
		await client.getNamespace();
		return await client.restRoot();
	} catch (error) {
		if (isSvcError(error) && error.code === 'unauthorized') return error;
		throw error;
	}
}

function askForm(io: Io, views: Promise<Screens>, initial: Partial<LoginValues>, message?: string): Promise<LoginValues | undefined> {
	return views.then((ui) => ui.askLogin(io, initial, message));
}

/** The form and the closing line (and with them Ink and React). */
function loadScreens(): Promise<Screens> {
	const loading = import('./screens.js');
	// Awaited later; until then a failure must not surface as an unhandled rejection.
	loading.catch(() => undefined);
	return loading;
}

/** The three values from flags and stdin; a form asks for what is missing, in a terminal only. */
async function gather(
	command: LoginCommand,
	io: Io,
	interactive: boolean,
	views: Promise<Screens> | undefined,
): Promise<LoginValues | undefined> {
	let password: string | undefined;
	if (command.passwordStdin) {
		// Only the line end a shell or `echo` adds is dropped; WordPress ignores the inner spaces.
		password = (await readAll(io.stdin)).replace(/\r?\n$/, '');
		if (password.trim() === '') {
			throw new SvcError('--password-stdin read no application password from standard input.', {
				code: 'usage',
				exitCode: 2,
				hint: 'Pipe it in, e.g. printf %s "$SVC_APP_PASSWORD" | svc login --url https://example.com --user admin --password-stdin',
			});
		}
	}
	if (command.url !== undefined && command.user !== undefined && password !== undefined) {
		return { url: command.url, user: command.user, password };
	}
	const missing = [
		command.url === undefined ? '--url' : '',
		command.user === undefined ? '--user' : '',
		password === undefined ? '--password-stdin' : '',
	].filter((flag) => flag !== '');
	// With --password-stdin, stdin carried the password and cannot also answer a form.
	if (!interactive || command.passwordStdin || views === undefined) {
		throw new SvcError(`svc login needs ${missing.join(', ')} when it cannot ask in a terminal.`, {
			code: 'usage',
			exitCode: 2,
			hint: 'e.g. printf %s "$APP_PASSWORD" | svc login --url https://example.com --user admin --password-stdin',
		});
	}
	return askForm(io, views, { ...(command.url === undefined ? {} : { url: command.url }), ...(command.user === undefined ? {} : { user: command.user }) });
}

/** Keychain first; the 0600 file with --insecure-store, or when the person at the terminal agrees. */
async function store(
	io: Io,
	name: string,
	password: string,
	insecureStore: boolean,
	interactive: boolean,
	views: Promise<Screens> | undefined,
): Promise<StoredIn> {
	try {
		return storePassword(name, password, { insecureStore, filePath: credentialsPath(io.configDir) });
	} catch (error) {
		if (!isSvcError(error) || error.code !== 'keychain_unavailable' || !interactive || views === undefined) {
			throw error;
		}
		const agreed = await (await views).askConfirm(io, {
			question: `${error.message} Keep the application password in ${credentialsPath(io.configDir)}, readable only by you?`,
			defaultYes: false,
		});
		if (!agreed) {
			throw error;
		}
		return storePassword(name, password, { insecureStore: true, filePath: credentialsPath(io.configDir) });
	}
}
