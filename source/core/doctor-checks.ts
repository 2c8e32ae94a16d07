/**
 * svc doctor's judgement: from facts gathered about the site and the project (commands/doctor.ts
 * gathers them), one check per line with ✔ / ⚠ / ✖, the reason and the fix. Pure, so every
 * verdict is tested without a site.
 */
import { shownLine, shownLines } from './terminal-text.js';
import { shellWord } from './shell-word.js';
import { STRIPPED_HEADER_FIX, strippedHeaderFix, WRONG_CREDENTIALS, WRONG_PASSWORD_HINT } from './auth-hints.js';
import { base64Length } from './blob-batches.js';
import { KEY_EXPOSURE, parseKeySource, type KeySource } from './secrets-key.js';
import { earlyCacheCheck, parseEarlyCacheStatus } from './doctor-early-cache.js';
import type { EarlyCacheStatus } from './site-types.js';

export type CheckStatus = 'ok' | 'warn' | 'fail' | 'skip';

export interface Check {
	readonly id: string;
	readonly status: CheckStatus;
	readonly title: string;
	/** What was found. */
	readonly reason: string;
	/** What to do; absent when all is well. */
	readonly fix?: string;
}

/** What a request found: the answer, or the error's code and text. */
export type Probe<T> =
	| { readonly ok: true; readonly value: T }
	| { readonly ok: false; readonly code: string; readonly serverCode?: string; readonly status?: number; readonly message: string; readonly hint?: string };

export interface DoctorFacts {
	readonly siteUrl: string | undefined;
	/** Why no site could be used (no login); the site checks are skipped. */
	readonly noSite?: string;
	readonly cliVersion: string;
	readonly restRoot?: Probe<string>;
	/** The public REST index (`?_fields=namespaces,authentication`). */
	readonly index?: Probe<{ readonly namespaces: readonly string[]; readonly applicationPasswords: boolean }>;
	/** `GET status` as the site's administrator: also whether the credentials got through. */
	readonly status?: Probe<
		| {
				readonly deployAllowed: boolean;
				readonly deployReason?: string;
				readonly requestBytes?: number;
				readonly fileBytes?: number;
				/** Several web nodes (multi-node sites only): how many, and those whose files drifted. */
				readonly nodeCount?: number;
				readonly driftedNodes?: readonly string[];
		  }
		| undefined
	>;
	readonly diagnostics?: Probe<Diagnostics | undefined>;
	/** Route files the site lists with an `error`. */
	readonly skipped?: Probe<readonly { readonly slug: string; readonly error: string }[]>;
	readonly project: {
		readonly file: string | undefined;
		readonly apiLabel: string;
		readonly apiExists: boolean;
		readonly files: number;
		readonly problems: readonly string[];
	};
}

export interface Diagnostics {
	readonly pluginVersion: string | undefined;
	readonly environmentType: string | undefined;
	readonly https: boolean | undefined;
	readonly syntaxBinary: string | null | undefined;
	/** True when the site compiles a push's files in the push request (opcache); undefined from older plugins. */
	readonly syntaxInProcess: boolean | undefined;
	readonly storagePath: string | undefined;
	readonly storageWritable: boolean | undefined;
	readonly postMaxSize: number | undefined;
	readonly opcacheEnabled: boolean | undefined;
	readonly validateTimestamps: boolean | undefined;
	/** Which of Authorization and svc's X-Svc-Authorization reached PHP on the diagnostics request. */
	readonly authorizationArrived: boolean | undefined;
	readonly fallbackArrived: boolean | undefined;
	readonly fallbackEnabled: boolean | undefined;
	/** `Apache`, `nginx`, … (no version). */
	readonly serverSoftware: string | undefined;
	/** Secret names the site's key no longer opens (names only: the site never sends a value). */
	readonly unreadableSecrets: readonly string[] | undefined;
	/** False when SVC_SECRETS_KEY is defined but too short to use. */
	readonly secretsKeyUsable: boolean | undefined;
	/** Where the secrets' key is kept; 'database-salts': a dump opens the secrets. */
	readonly secretsKeySource: KeySource | undefined;
	/** Whether cached answers are served before WordPress loads, and why not; undefined from older plugins. */
	readonly earlyCache: EarlyCacheStatus | undefined;
}

/** The diagnostics document, read leniently: a field the plugin lacks is undefined. */
export function readDiagnostics(body: Readonly<Record<string, unknown>>): Diagnostics {
	const part = (key: string) => (typeof body[key] === 'object' && body[key] !== null ? (body[key] as Record<string, unknown>) : {});
	const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
	const bool = (value: unknown) => (typeof value === 'boolean' ? value : undefined);
	const num = (value: unknown) => (typeof value === 'number' ? value : undefined);
	const php = part('php');
	return {
		pluginVersion: str(part('plugin')['version']),
		environmentType: str(part('wordpress')['environment_type']),
		https: bool(part('wordpress')['https']),
		syntaxBinary: php['syntax_binary'] === null ? null : str(php['syntax_binary']),
		syntaxInProcess: bool(php['syntax_in_process']),
		storagePath: str(part('storage')['path']),
		storageWritable: bool(part('storage')['writable']),
		postMaxSize: num(part('limits')['post_max_size']),
		opcacheEnabled: bool(part('opcache')['enabled']),
		validateTimestamps: bool(part('opcache')['validate_timestamps']),
		authorizationArrived: bool(part('auth')['authorization']),
		fallbackArrived: bool(part('auth')['fallback']),
		fallbackEnabled: bool(part('auth')['fallback_enabled']),
		serverSoftware: str(part('server')['software']),
		unreadableSecrets: Array.isArray(part('secrets')['unreadable']) ? (part('secrets')['unreadable'] as unknown[]).filter((name): name is string => typeof name === 'string') : undefined,
		secretsKeyUsable: bool(part('secrets')['key_usable']),
		secretsKeySource: parseKeySource(part('secrets')['key_source']),
		earlyCache: parseEarlyCacheStatus(body['early_cache']),
	};
}

export function diagnose(facts: DoctorFacts): Check[] {
	const checks: Check[] = [];
	if (facts.siteUrl === undefined) {
		checks.push({ id: 'site', status: 'fail', title: 'Site', reason: facts.noSite ?? 'No site selected.', fix: 'Run "svc login" (or set SVC_URL, SVC_USER, SVC_APP_PASSWORD), then "svc link".' });
	} else {
		checks.push(...siteChecks(facts, facts.siteUrl));
	}
	checks.push(...projectChecks(facts));
	return checks;
}

function skip(id: string, title: string, reason: string): Check {
	return { id, status: 'skip', title, reason };
}

function siteChecks(facts: DoctorFacts, siteUrl: string): Check[] {
	const checks: Check[] = [];
	const root = facts.restRoot;
	if (root === undefined || !root.ok) {
		checks.push({
			id: 'rest',
			status: 'fail',
			title: 'REST API',
			reason: root?.ok === false ? root.message : `No REST API found at ${siteUrl}.`,
			// Sent to another origin: the one fix is to log in with that address, if it is the site's.
			fix:
				root?.ok === false && root.code === 'redirected' && root.hint !== undefined
					? root.hint
					: 'Use the WordPress address of Settings → General (with its subdirectory, if any); check that no security plugin disables the REST API.',
		});
		const why = 'needs the REST API';
		return [...checks, ...['https', 'auth', 'plugin', 'deploy', 'storage', 'syntax', 'limits', 'opcache', 'skipped'].map((id) => skip(id, TITLES[id] ?? id, why))];
	}
	const plain = root.value.includes('rest_route=');
	checks.push({
		id: 'rest',
		status: 'ok',
		title: 'REST API',
		reason: `${root.value}${plain ? ' (plain permalinks: /?rest_route=)' : ''}`,
	});

	const index = facts.index?.ok === true ? facts.index.value : undefined;
	const diagnostics = facts.diagnostics?.ok === true ? facts.diagnostics.value : undefined;
	checks.push(httpsCheck(siteUrl, index, diagnostics));
	checks.push(authCheck(facts, index, diagnostics));

	const pluginActive = index === undefined ? facts.status?.ok === true : index.namespaces.includes('svc/v1');
	checks.push(pluginCheck(facts, pluginActive, diagnostics));
	const status = facts.status?.ok === true ? facts.status.value : undefined;
	if (status === undefined || !pluginActive) {
		const why = !pluginActive ? 'needs the svc plugin active' : 'needs an authenticated answer from the site';
		return [...checks, ...['deploy', 'storage', 'syntax', 'limits', 'opcache', 'skipped'].map((id) => skip(id, TITLES[id] ?? id, why))];
	}
	checks.push(
		status.deployAllowed
			? { id: 'deploy', status: 'ok', title: TITLES['deploy']!, reason: 'svc may deploy (DISALLOW_FILE_MODS is not set, or SVC_ALLOW_DEPLOY is).' }
			: {
					id: 'deploy',
					status: 'fail',
					title: TITLES['deploy']!,
					reason: status.deployReason ?? 'The site refuses deploys.',
					fix: "The site's administrator decides: define( 'SVC_ALLOW_DEPLOY', true ); in wp-config.php allows svc despite DISALLOW_FILE_MODS.",
				},
	);
	checks.push(...diagnosticsChecks(diagnostics, status));
	const nodes = nodesCheck(status);
	if (nodes !== undefined) checks.push(nodes);
	if (diagnostics?.earlyCache !== undefined) checks.push(earlyCacheCheck(diagnostics.earlyCache));
	const secrets = secretsCheck(diagnostics);
	if (secrets !== undefined) checks.push(secrets);
	if (diagnostics?.secretsKeySource === 'database-salts') {
		checks.push({ id: 'secrets-key', status: 'warn', title: 'Secrets key', reason: KEY_EXPOSURE.reason, fix: KEY_EXPOSURE.fix });
	}
	const skipped = facts.skipped;
	if (skipped === undefined || !skipped.ok) {
		checks.push(skip('skipped', TITLES['skipped']!, skipped?.ok === false ? skipped.message : 'not checked'));
	} else if (skipped.value.length === 0) {
		checks.push({ id: 'skipped', status: 'ok', title: TITLES['skipped']!, reason: 'The site loads every deployed route file.' });
	} else {
		checks.push({
			id: 'skipped',
			status: 'fail',
			title: TITLES['skipped']!,
			reason: `The site skips ${skipped.value.length === 1 ? 'a file' : `${skipped.value.length} files`}: ${skipped.value.map((file) => `${file.slug}.php (${file.error})`).join('; ')}`,
			fix: 'Fix the file and push again ("svc api logs" shows when it failed); "svc api rm <slug>" removes it.',
		});
	}
	return checks;
}

/** Only when something is wrong with the site's secrets: which names need setting again. */
function secretsCheck(diagnostics: Diagnostics | undefined): Check | undefined {
	if (diagnostics?.secretsKeyUsable === false) {
		return {
			id: 'secrets',
			status: 'fail',
			title: 'Secrets',
			reason: 'SVC_SECRETS_KEY in wp-config.php is shorter than 32 characters: no secret can be read or set.',
			fix: "Give it e.g. the output of \"openssl rand -hex 32\", then set every secret again (svc secrets set NAME).",
		};
	}
	const names = diagnostics?.unreadableSecrets ?? [];
	if (names.length === 0) return undefined;
	return {
		id: 'secrets',
		status: 'warn',
		title: 'Secrets',
		reason: `The site can no longer read ${names.map(shownLine).join(', ')} (SVC_SECRETS_KEY or its salts changed since they were set); route code gets null for ${names.length === 1 ? 'it' : 'them'}.`,
		fix: `Set ${names.length === 1 ? 'it' : 'each'} again: svc secrets set ${shownLine(shellWord(names[0] ?? 'NAME'))}`,
	};
}

/** Only on a site run by several web nodes: whether every node serves the active release as is. */
function nodesCheck(status: { readonly nodeCount?: number; readonly driftedNodes?: readonly string[] }): Check | undefined {
	if (status.nodeCount === undefined) return undefined;
	const drifted = status.driftedNodes ?? [];
	return drifted.length === 0
		? { id: 'nodes', status: 'ok', title: 'Web nodes', reason: `${status.nodeCount} web nodes report; every one serves the active release's files.` }
		: {
				id: 'nodes',
				status: 'warn',
				title: 'Web nodes',
				reason: `Files on ${drifted.length === 1 ? 'node' : 'nodes'} ${drifted.join(', ')} differ from the active release (edited on that node only); "svc api list --json" shows which ("drift").`,
				fix: 'Run "svc api push": every node then serves the same files again.',
			};
}

const TITLES: Readonly<Record<string, string>> = {
	https: 'HTTPS',
	auth: 'Authorization header',
	plugin: 'svc plugin',
	deploy: 'Deploying',
	storage: 'Storage',
	syntax: 'Syntax check',
	limits: 'Body limits',
	opcache: 'opcache',
	skipped: 'Skipped files',
};

function httpsCheck(siteUrl: string, index: { readonly applicationPasswords: boolean } | undefined, diagnostics: Diagnostics | undefined): Check {
	const title = TITLES['https']!;
	if (siteUrl.startsWith('https://')) return { id: 'https', status: 'ok', title, reason: 'The site is served over HTTPS.' };
	if (diagnostics?.environmentType === 'local' || (index?.applicationPasswords === true && diagnostics === undefined)) {
		return { id: 'https', status: 'ok', title, reason: 'Plain http, but WP_ENVIRONMENT_TYPE is local, so application passwords work.' };
	}
	if (index?.applicationPasswords === false) {
		return {
			id: 'https',
			status: 'fail',
			title,
			reason: 'Plain http and not a local environment: WordPress turns application passwords off.',
			fix: "Serve the site over https:// and log in with that address; on a development machine define( 'WP_ENVIRONMENT_TYPE', 'local' ); in wp-config.php.",
		};
	}
	return { id: 'https', status: 'warn', title, reason: 'Plain http: the application password travels in clear text.', fix: 'Serve the site over https:// and run "svc login" with that address.' };
}

function authCheck(facts: DoctorFacts, index: { readonly applicationPasswords: boolean } | undefined, diagnostics: Diagnostics | undefined): Check {
	const title = TITLES['auth']!;
	const status = facts.status;
	if (status === undefined) return skip('auth', title, 'not checked');
	if (status.ok && status.value === undefined) return skip('auth', title, 'needs the svc plugin active');
	if (status.ok) {
		if (diagnostics?.authorizationArrived === false && diagnostics.fallbackArrived === true) {
			return {
				id: 'auth',
				status: 'warn',
				title,
				reason: `The password reaches WordPress only in svc's X-Svc-Authorization: ${diagnostics.serverSoftware ?? 'the web server'} strips Authorization, so svc works but other REST clients do not.`,
				fix: strippedHeaderFix(diagnostics.serverSoftware),
			};
		}
		const via = diagnostics?.authorizationArrived === true ? ' in the Authorization header' : '';
		return { id: 'auth', status: 'ok', title, reason: `The application password reaches WordPress${via} and is accepted.` };
	}
	if (status.code === 'unauthorized' && status.serverCode !== undefined && WRONG_CREDENTIALS.has(status.serverCode)) {
		return { id: 'auth', status: 'fail', title, reason: `The credentials arrive, but WordPress rejects them (${status.serverCode}).`, fix: WRONG_PASSWORD_HINT };
	}
	if (status.status === 401 && index?.applicationPasswords !== false) {
		// The plugin says when nothing came with the request (the client's hint is then the header's fix).
		const stripped = status.hint === STRIPPED_HEADER_FIX;
		return {
			id: 'auth',
			status: 'fail',
			title,
			reason: stripped
				? 'The credentials were sent, but WordPress answered as to a visitor: neither Authorization nor X-Svc-Authorization reaches PHP.'
				: 'The credentials were sent, but WordPress answered as to a visitor.',
			fix: stripped ? STRIPPED_HEADER_FIX : `${WRONG_PASSWORD_HINT} If they are right: ${STRIPPED_HEADER_FIX}`,
		};
	}
	if (status.status === 401) return skip('auth', title, 'application passwords are off (see HTTPS)');
	if (status.status === 403) {
		return { id: 'auth', status: 'fail', title, reason: 'The user is logged in but is no administrator (manage_options).', fix: 'Log in with an administrator\'s application password.' };
	}
	return skip('auth', title, status.message);
}

function pluginCheck(facts: DoctorFacts, active: boolean, diagnostics: Diagnostics | undefined): Check {
	const title = TITLES['plugin']!;
	if (!active) {
		return { id: 'plugin', status: 'fail', title, reason: 'The svc plugin is not active on the site (no svc/v1 in the REST index).', fix: 'Run "svc plugin zip", upload svc.zip under Plugins → Add New → Upload Plugin, and activate it.' };
	}
	const version = diagnostics?.pluginVersion;
	if (version === undefined) {
		return { id: 'plugin', status: 'warn', title, reason: 'Active, but older than this CLI: it cannot say its version.', fix: 'Update the plugin: "svc plugin zip" writes the one that matches this CLI.' };
	}
	const order = compareVersions(version, facts.cliVersion);
	if (order === 0) return { id: 'plugin', status: 'ok', title, reason: `Active, version ${version}, the same as this CLI.` };
	return order < 0
		? { id: 'plugin', status: 'warn', title, reason: `Active, version ${version}; this CLI is ${facts.cliVersion}.`, fix: 'Update the plugin on the site: "svc plugin zip" writes the one that matches this CLI.' }
		: { id: 'plugin', status: 'warn', title, reason: `Active, version ${version}; this CLI is older (${facts.cliVersion}).`, fix: `Update the CLI: npm install -g svc@${version}.` };
}

function diagnosticsChecks(diagnostics: Diagnostics | undefined, status: { readonly requestBytes?: number; readonly fileBytes?: number }): Check[] {
	if (diagnostics === undefined) {
		const why = 'the plugin is too old to report it';
		return ['storage', 'syntax', 'opcache'].map((id) => skip(id, TITLES[id]!, why)).concat(limitsCheck(undefined, status));
	}
	const storage: Check =
		diagnostics.storageWritable === false
			? { id: 'storage', status: 'fail', title: TITLES['storage']!, reason: `${diagnostics.storagePath ?? 'wp-content/svc'} is not writable by the web server.`, fix: `Let the web server's user write ${diagnostics.storagePath ?? 'wp-content/svc'} (e.g. chown it to www-data).` }
			: { id: 'storage', status: 'ok', title: TITLES['storage']!, reason: `${diagnostics.storagePath ?? 'wp-content/svc'} is writable.` };
	const syntax: Check =
		diagnostics.syntaxInProcess === true
			? { id: 'syntax', status: 'ok', title: TITLES['syntax']!, reason: 'Pushes are compiled by the site\'s own PHP with opcache, in the push request.' }
			: typeof diagnostics.syntaxBinary === 'string'
			? { id: 'syntax', status: 'ok', title: TITLES['syntax']!, reason: `Pushes are checked with ${diagnostics.syntaxBinary}.` }
			: {
					id: 'syntax',
					status: 'warn',
					title: TITLES['syntax']!,
					reason: 'The site\'s PHP has no opcache to compile with and no PHP command-line binary can run: pushes skip the compile check, and a broken file is caught when it loads.',
					fix: 'Turn opcache on (with opcache.file_update_protection at 1 or more), or install the PHP CLI (e.g. php-cli) on the server and allow proc_open for PHP.',
				};
	const opcache: Check =
		diagnostics.opcacheEnabled === true
			? { id: 'opcache', status: 'ok', title: TITLES['opcache']!, reason: `On (validate_timestamps ${diagnostics.validateTimestamps === true ? 'on' : 'off'}); each release is a new path, so no reset is needed.` }
			: { id: 'opcache', status: 'warn', title: TITLES['opcache']!, reason: 'Off: every request compiles the route file it serves.', fix: 'Enable opcache (opcache.enable=1) in PHP\'s configuration.' };
	return [storage, syntax, limitsCheck(diagnostics, status), opcache];
}

function limitsCheck(diagnostics: Diagnostics | undefined, status: { readonly requestBytes?: number; readonly fileBytes?: number }): Check {
	const title = TITLES['limits']!;
	const request = status.requestBytes;
	const file = status.fileBytes ?? 512 * 1024;
	if (request === undefined) return skip('limits', title, 'the site does not say');
	// A staged file travels base64 in JSON, with its hash and keys around it.
	const needed = base64Length(file) + 200;
	const sizes = `requests up to ${kb(request)}${diagnostics?.postMaxSize === undefined ? '' : ` (post_max_size ${kb(diagnostics.postMaxSize)})`}`;
	return needed <= request
		? { id: 'limits', status: 'ok', title, reason: `Pushes are sent in ${sizes}; a file at the ${kb(file)} limit fits one.` }
		: { id: 'limits', status: 'warn', title, reason: `Pushes are sent in ${sizes}; a file over about ${kb((request - 200) * 0.75)} cannot be staged.`, fix: 'Raise post_max_size (and the web server\'s body limit, e.g. nginx client_max_body_size) to at least 1M.' };
}

function projectChecks(facts: DoctorFacts): Check[] {
	const { project } = facts;
	const checks: Check[] = [
		project.file === undefined
			? { id: 'project', status: 'warn', title: 'svc.json', reason: 'No svc.json here or above: commands use the default site.', fix: 'Run "svc link" in the project\'s root to record its site.' }
			: { id: 'project', status: 'ok', title: 'svc.json', reason: project.file },
	];
	if (!project.apiExists) {
		checks.push({ id: 'api', status: 'warn', title: `${project.apiLabel}/`, reason: `No ${project.apiLabel}/ folder.`, fix: 'Create a route with "svc api new hello", or fetch the site\'s with "svc api pull".' });
	} else if (project.problems.length > 0) {
		checks.push({ id: 'api', status: 'fail', title: `${project.apiLabel}/`, reason: project.problems.join('; '), fix: 'Fix these files: "svc api push" refuses them.' });
	} else {
		checks.push({ id: 'api', status: 'ok', title: `${project.apiLabel}/`, reason: `${project.files} route ${project.files === 1 ? 'file passes' : 'files pass'} the local checks.` });
	}
	return checks;
}

/** Dotted numeric versions (0.1.0, 1.10.2); anything else compares as text. */
export function compareVersions(a: string, b: string): number {
	const parts = (version: string) => version.split(/[.-]/).map((part) => (/^\d+$/.test(part) ? Number(part) : part));
	const [left, right] = [parts(a), parts(b)];
	for (let index = 0; index < Math.max(left.length, right.length); index++) {
		const [x, y] = [left[index] ?? 0, right[index] ?? 0];
		if (x === y) continue;
		if (typeof x === 'number' && typeof y === 'number') return x < y ? -1 : 1;
		return String(x) < String(y) ? -1 : 1;
	}
	return 0;
}

function kb(bytes: number): string {
	return bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

const ICONS: Readonly<Record<CheckStatus, string>> = { ok: '✔', warn: '⚠', fail: '✖', skip: '–' };

/** `✔ REST API  http://…/wp-json/` and, under a problem, `    fix: …`. */
export function formatCheck(check: Check): string {
	// Reasons and fixes quote the site (its plugin version, a failing file's error, where it redirects).
	const indent = ' '.repeat(23);
	const line = `${ICONS[check.status]} ${shownLine(check.title).padEnd(20)} ${shownLines(check.reason, indent)}`;
	return check.fix === undefined ? line : `${line}\n  ${' '.repeat(20)} → ${shownLines(check.fix, `${indent}  `)}`;
}
