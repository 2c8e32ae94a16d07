/** svc login: declared for the registry (../declaration.ts); runs in index.ts. */
import { noArgs, nonEmpty } from '../argv-checks.js';
import { declareCommand, JSON_OUTPUT, SITE } from '../declaration.js';

export interface LoginCommand {
	readonly name: 'login';
	readonly json: boolean;
	/** The profile name; defaults to one derived from the URL. */
	readonly site: string | undefined;
	readonly url: string | undefined;
	readonly user: string | undefined;
	readonly passwordStdin: boolean;
	readonly insecureStore: boolean;
}

export const login = declareCommand({
	name: 'login',
	flags: { site: SITE, json: JSON_OUTPUT, url: { type: 'string' }, user: { type: 'string' }, passwordStdin: { type: 'boolean' }, insecureStore: { type: 'boolean' } },
	help: {
		listed: ['login', 'Save a site and its application password'],
		usage: 'login [--url URL] [--user NAME] [--password-stdin] [--site NAME] [--insecure-store]',
		text: `
			Checks the credentials against the site, then saves the site as a named profile and the
			application password in the OS keychain (create one under Users → Profile → Application
			Passwords). In a terminal, svc asks for what the flags do not give.

			Options
			  --url URL           The WordPress address (Settings → General)
			  --user NAME         The administrator's user name
			  --password-stdin    Read the application password from standard input
			  --site NAME         Name of the saved site (default: the host name, e.g. example.com)
			  --insecure-store    Without an OS keychain, keep the password in a file only you can read
			  --json              Print only JSON on stdout

			Examples
			  $ svc login
			  $ printf %s "$APP_PASSWORD" | svc login --url https://example.com --user admin --password-stdin
		`,
	},
	parse: ({ args, flags, json, site }): LoginCommand => {
		noArgs('login', args);
		return {
			name: 'login',
			json,
			site,
			url: nonEmpty(flags.url, '--url'),
			user: nonEmpty(flags.user, '--user'),
			passwordStdin: flags.passwordStdin === true,
			insecureStore: flags.insecureStore === true,
		};
	},
	runner: () => import('./index.js'),
});
