/**
 * svc login: checks the URL, user and application password against the site's management API,
 * then saves the site as a named profile (user config) and the password in the OS keychain; in a
 * 0600 file only with consent (--insecure-store, or "yes" when asked). Nothing is saved unless
 * the site accepted the credentials.
 */
import { isValidProfileName, normalizeSiteUrl, openUserConfig, profileNameFromUrl } from '../core/config.js';
import { defaultCredentialsPath, storePassword, type StoredIn } from '../core/credentials.js';
import { isSvcError, SvcError } from '../core/errors.js';
import { createSiteClient } from '../core/site-client.js';
import type { LoginValues } from '../components/login-form.js';
import type { LoginCommand } from './parse-argv.js';
import { declined } from './shared/confirm.js';
import { warnIfInsecure } from './shared/context.js';
import { isInteractive, printJson, type Io } from './shared/io.js';
import { readAll } from './shared/stdin.js';
import { loadViews, type Views } from './shared/load-views.js';

export async function run(command: LoginCommand, io: Io): Promise<number> {
	const interactive = isInteractive(io, command.json);
	const views = command.json ? undefined : loadViews();
	let values = await gather(command, io, interactive, views);
	for (;;) {
		if (values === undefined) {
			return declined(io, 'not logged in');
		}
		const refused = await refusal(io, values);
		if (refused === undefined) break;
		if (!interactive || command.passwordStdin || views === undefined) throw refused;
		// A wrong password is asked for again, the URL and user kept.
		values = await askForm(io, views, { url: values.url, user: values.user }, refused.message);
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
	const config = openUserConfig();
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
			user: values.user,
			default: isDefault,
			stored: stored.where,
			credentialsFile: stored.where === 'file' ? stored.path : null,
		});
		return 0;
	}
	const { print, Text } = await views;
	print(
		io.stdout,
		<Text>
			<Text color="green">✔</Text> Logged in to {url} as {values.user}. Saved as site "{name}"
			{isDefault ? ' (the default)' : `; use it with --site ${name}`}.{'\n'}
			{'  '}
			{stored.where === 'keychain'
				? 'The application password is in the OS keychain.'
				: `The application password is in ${stored.path} (readable only by you).`}
		</Text>,
	);
	return 0;
}

/**
 * Checks the credentials against the site: the namespace endpoint needs the same rights as every
 * svc command, so it proves the login. Returns why the site refused the user and password (to ask
 * again); any other failure is thrown.
 */
async function refusal(io: Io, values: LoginValues): Promise<SvcError | undefined> {
	const url = normalizeSiteUrl(values.url);
	warnIfInsecure(io, url);
	const client = createSiteClient({ url, user: values.user, appPassword: values.password, userAgent: `svc/${io.version}` });
	try {
		await client.getNamespace();
		return undefined;
	} catch (error) {
		if (isSvcError(error) && error.code === 'unauthorized') return error;
		throw error;
	}
}

function askForm(io: Io, views: Promise<Views>, initial: Partial<LoginValues>, message?: string): Promise<LoginValues | undefined> {
	return views.then(({ ask, LoginForm }) =>
		ask<LoginValues | undefined>(io, (done) => <LoginForm initial={initial} message={message} onSubmit={done} onCancel={() => done(undefined)} />),
	);
}

/** The three values from flags and stdin; a form asks for what is missing, in a terminal only. */
async function gather(
	command: LoginCommand,
	io: Io,
	interactive: boolean,
	views: Promise<Views> | undefined,
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
	views: Promise<Views> | undefined,
): Promise<StoredIn> {
	try {
		return storePassword(name, password, { insecureStore });
	} catch (error) {
		if (!isSvcError(error) || error.code !== 'keychain_unavailable' || !interactive || views === undefined) {
			throw error;
		}
		const { ask, Confirm } = await views;
		const agreed = await ask<boolean>(io, (done) => (
			<Confirm
				message={`${error.message} Keep the application password in ${defaultCredentialsPath()}, readable only by you?`}
				onSubmit={done}
			/>
		));
		if (!agreed) {
			throw error;
		}
		return storePassword(name, password, { insecureStore: true });
	}
}
