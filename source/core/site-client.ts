/**
 * The CLI's half of the svc/v1 management API (docs/management-api.md). Every failure becomes an
 * SvcError whose message names the fix; the application password never appears in one.
 */
import got, { RequestError } from 'got';
import { SvcError, type FileError, type SvcErrorCode } from './errors.js';

export interface SiteClientOptions {
	/** The site's base URL (where WordPress lives); any user:password in it is ignored. */
	readonly url: string;
	readonly user: string;
	readonly appPassword: string;
	/** Per request; uploads of large batches may need more. Default 60 s. */
	readonly timeoutMs?: number;
	readonly userAgent?: string;
}

/**
 * A listing record. Only `filename` and `hash` (and `content` when asked for) are required from the
 * site; the rest is display data and tolerated missing, so a plugin that lags the contract by a
 * field still lists (the current plugin omits `size`).
 */
export interface RemoteFile {
	readonly filename: string;
	readonly hash: string;
	readonly size?: number;
	/** WordPress's route pattern, e.g. `/svc-api/v1/users/(?P<id>[^/]+)`. */
	readonly route?: string;
	/** The human form under the current namespace, e.g. `/svc-api/v1/users/[id]`. */
	readonly path: string;
	readonly methods: readonly string[];
	/** True when the site's lexical scan found a public verb. */
	readonly public: boolean;
	/** Why the file failed to load at the last boot; absent when it loaded. */
	readonly error?: string;
}

export interface RemoteFileWithContent extends RemoteFile {
	readonly content: string;
}

export interface FileListing<F extends RemoteFile> {
	readonly files: readonly F[];
	/** Files over the size limit that the site skipped and cannot return (X-Svc-Skipped). */
	readonly skipped: number;
	/** Their names (X-Svc-Skipped-Files); undefined when the site did not say. */
	readonly skippedFiles?: readonly string[];
}

export interface UploadFile {
	readonly filename: string;
	readonly content: string;
}

export interface WrittenFile {
	readonly filename: string;
	readonly hash: string;
	readonly size?: number;
	readonly path: string;
	readonly methods: readonly string[];
	readonly public: boolean;
}

export interface UploadResult {
	/** Files written; empty on a dry run. */
	readonly written: readonly WrittenFile[];
	/** Files that passed every check (on a dry run, what would be written). */
	readonly checked: readonly WrittenFile[];
	readonly dryRun: boolean;
	/** `php -l` when the site checked syntax with PHP, `skipped` when it could not. */
	readonly syntaxCheck: string;
}

export interface UploadProgress {
	readonly transferred: number;
	readonly total: number | undefined;
	/** 0 to 1. */
	readonly percent: number;
}

export interface UploadOptions {
	/** The site runs every check and writes nothing. */
	readonly dryRun?: boolean;
	readonly onProgress?: (progress: UploadProgress) => void;
}

export interface NamespaceChange {
	readonly namespace: string;
	readonly previous?: string;
}

export interface SiteClient {
	/** The normalized site URL used in messages. */
	readonly siteUrl: string;
	/** The REST root found by discovery, e.g. `https://example.com/wp-json/`. */
	restRoot(): Promise<string>;
	getNamespace(): Promise<string>;
	setNamespace(namespace: string): Promise<NamespaceChange>;
	listFiles(options: { readonly content: true }): Promise<FileListing<RemoteFileWithContent>>;
	listFiles(options: { readonly content: false }): Promise<FileListing<RemoteFile>>;
	/** One atomic batch: the site writes every file or none (422 `push_rejected` with `fileErrors`). */
	uploadFiles(files: readonly UploadFile[], options?: UploadOptions): Promise<UploadResult>;
	/** Fails with `not_found` (and `filenames`) when any slug is not deployed; then nothing is removed. */
	deleteFiles(slugs: readonly string[]): Promise<{ readonly deleted: readonly string[] }>;
}

/** How the site exposes its REST API: /wp-json/ with pretty permalinks, ?rest_route= without. */
type RestRoot = { readonly kind: 'path'; readonly url: URL } | { readonly kind: 'query'; readonly url: URL };

interface RawResponse {
	readonly status: number;
	readonly body: string;
	readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

const MANAGEMENT = 'svc/v1';
/** Each answer of 503 svc_boot_fatal means one more broken route file is now skipped for good. */
const BOOT_FATAL_RETRIES = 25;

export function createSiteClient(options: SiteClientOptions): SiteClient {
	const siteUrl = stripCredentials(options.url);
	const redact = redactor(options.user, options.appPassword);
	const timeoutMs = options.timeoutMs ?? 60_000;
	const authorization = `Basic ${Buffer.from(`${options.user}:${options.appPassword}`).toString('base64')}`;
	const userAgent = options.userAgent ?? 'svc-cli';
	let root: Promise<RestRoot> | undefined;

	const fail = (message: string, details: FailDetails): SvcError =>
		new SvcError(redact(message), {
			...details,
			...(details.hint === undefined ? {} : { hint: redact(details.hint) }),
			...(details.fileErrors === undefined
				? {}
				: { fileErrors: details.fileErrors.map((error) => ({ ...error, message: redact(error.message) })) }),
		});

	const send = async (
		url: URL,
		init: { method: 'GET' | 'PUT' | 'POST' | 'DELETE'; json?: unknown; auth: boolean; follow: boolean; onProgress?: UploadOptions['onProgress'] },
	): Promise<RawResponse & { url: string }> => {
		try {
			const request = got(url, {
				method: init.method,
				...(init.json === undefined ? {} : { json: init.json }),
				headers: {
					accept: 'application/json',
					'user-agent': userAgent,
					...(init.auth ? { authorization } : {}),
				},
				responseType: 'text',
				throwHttpErrors: false,
				followRedirect: init.follow,
				retry: { limit: 0 },
				timeout: { request: timeoutMs },
			});
			if (init.onProgress !== undefined) {
				const report = init.onProgress;
				request.on('uploadProgress', (progress) =>
					report({ transferred: progress.transferred, total: progress.total, percent: progress.percent }),
				);
			}
			const response = await request;
			return { status: response.statusCode, body: response.body, headers: response.headers, url: response.url };
		} catch (error) {
			throw networkFailure(error, siteUrl, timeoutMs, fail);
		}
	};

	// The probe is svc's own namespace index, not the REST root: the root lists every route of the
	// site (and makes it register every route file), while this one is small. A site without the
	// plugin answers it with a JSON 404, which is enough to know where the REST API lives.
	const discover = async (): Promise<RestRoot> => {
		const candidates: { kind: RestRoot['kind']; probe: URL; label: string }[] = [
			{ kind: 'path', probe: new URL(`${siteUrl}/wp-json/${MANAGEMENT}`), label: `/wp-json/${MANAGEMENT}` },
			{ kind: 'query', probe: withRestRoute(new URL(`${siteUrl}/`), `/${MANAGEMENT}`), label: `/?rest_route=/${MANAGEMENT}` },
		];
		const tried: string[] = [];
		for (const candidate of candidates) {
			// The index is public: no credentials until the real root is known.
			const response = await send(candidate.probe, { method: 'GET', auth: false, follow: true });
			if (isJson(response) && parseJson(response.body) !== undefined) {
				const answered = new URL(response.url);
				if (candidate.kind === 'query') {
					return { kind: 'query', url: withRestRoute(answered, '/') };
				}
				answered.pathname = answered.pathname.replace(new RegExp(`${MANAGEMENT}/?$`), '');
				return { kind: 'path', url: answered };
			}
			tried.push(`${candidate.label} gave HTTP ${response.status} without JSON`);
		}
		throw fail(`No WordPress REST API answered at ${siteUrl} (${tried.join('; ')}).`, {
			code: 'no_rest_api',
			hint: 'Check that the URL is the WordPress address from Settings → General, and that no plugin disables the REST API.',
		});
	};

	const restRoot = (): Promise<RestRoot> => {
		root ??= discover().catch((error: unknown) => {
			root = undefined;
			throw error;
		});
		return root;
	};

	const call = async (
		method: 'GET' | 'PUT' | 'POST' | 'DELETE',
		route: string,
		extra: { query?: Record<string, string>; json?: unknown; onProgress?: UploadOptions['onProgress'] } = {},
	): Promise<{ body: unknown; headers: RawResponse['headers'] }> => {
		const url = endpoint(await restRoot(), `${MANAGEMENT}/${route}`, extra.query ?? {});
		const response = await send(url, {
			method,
			json: extra.json,
			auth: true,
			// A redirect would drop the body of a write (POST becomes GET) or the credentials.
			follow: false,
			...(extra.onProgress === undefined ? {} : { onProgress: extra.onProgress }),
		});
		const where = `${method} ${MANAGEMENT}/${route}`;
		if (response.status >= 200 && response.status < 300) {
			const body = parseJson(response.body);
			if (body === undefined) {
				throw fail(`The site answered ${where} with something that is not JSON.`, {
					code: 'bad_response',
					status: response.status,
					hint: 'A caching, security or maintenance plugin may be answering instead of WordPress.',
				});
			}
			return { body, headers: response.headers };
		}
		throw httpFailure(response, where, siteUrl, options.user, fail);
	};

	const listOnce = async (listOptions: { readonly content: boolean }): Promise<FileListing<RemoteFile>> => {
		const { body, headers } = await call('GET', 'api-files', { query: { content: String(listOptions.content) } });
		if (!Array.isArray(body)) {
			throw unexpected('GET api-files', fail);
		}
		const files = body.map((item) => parseRemoteFile(item, listOptions.content) ?? throwUnexpected('GET api-files', fail));
		const skippedHeader = headers['x-svc-skipped'];
		const skipped = Number.parseInt(Array.isArray(skippedHeader) ? (skippedHeader[0] ?? '') : (skippedHeader ?? ''), 10);
		const skippedFiles = parseNameList(headers['x-svc-skipped-files']);
		return { files, skipped: Number.isFinite(skipped) && skipped > 0 ? skipped : 0, ...(skippedFiles === undefined ? {} : { skippedFiles }) };
	};

	// The listing loads route files the site has not loaded yet; one that stops PHP costs that request
	// (503 svc_boot_fatal) and is skipped from then on, so asking again gets a little further each time.
	const listFiles = async (listOptions: { readonly content: boolean }): Promise<FileListing<RemoteFile>> => {
		for (let attempt = 1; ; attempt++) {
			try {
				return await listOnce(listOptions);
			} catch (error) {
				if (attempt >= BOOT_FATAL_RETRIES || !(error instanceof SvcError) || error.serverCode !== 'svc_boot_fatal') throw error;
			}
		}
	};

	return {
		siteUrl,
		restRoot: async () => (await restRoot()).url.toString(),
		getNamespace: async () => {
			const { body } = await call('GET', 'api-namespace');
			const namespace = (body as { namespace?: unknown } | null)?.namespace;
			if (typeof namespace !== 'string') {
				throw unexpected('GET api-namespace', fail);
			}
			return namespace;
		},
		setNamespace: async (namespace) => {
			const { body } = await call('PUT', 'api-namespace', { json: { namespace } });
			const result = body as { namespace?: unknown; previous?: unknown } | null;
			if (typeof result?.namespace !== 'string') {
				throw unexpected('PUT api-namespace', fail);
			}
			return {
				namespace: result.namespace,
				...(typeof result.previous === 'string' ? { previous: result.previous } : {}),
			};
		},
		listFiles: listFiles as SiteClient['listFiles'],
		uploadFiles: async (files, uploadOptions = {}) => {
			const { body } = await call('POST', 'api-files', {
				json: { files: files.map(({ filename, content }) => ({ filename, content })), dry_run: uploadOptions.dryRun === true },
				...(uploadOptions.onProgress === undefined ? {} : { onProgress: uploadOptions.onProgress }),
			});
			const result = body as { written?: unknown; checked?: unknown; dry_run?: unknown; syntax_check?: unknown } | null;
			if (!Array.isArray(result?.written)) {
				throw unexpected('POST api-files', fail);
			}
			const parse = (items: unknown[]) => items.map((item) => parseWrittenFile(item) ?? throwUnexpected('POST api-files', fail));
			const written = parse(result.written);
			return {
				written,
				checked: Array.isArray(result.checked) ? parse(result.checked) : written,
				dryRun: result.dry_run === true,
				syntaxCheck: typeof result.syntax_check === 'string' ? result.syntax_check : 'unknown',
			};
		},
		deleteFiles: async (slugs) => {
			const { body } = await call('DELETE', 'api-files', { json: { filenames: slugs } });
			const deleted = (body as { deleted?: unknown } | null)?.deleted;
			if (!isStringArray(deleted)) {
				throw unexpected('DELETE api-files', fail);
			}
			return { deleted };
		},
	};
}

type FailDetails = {
	readonly code: SvcErrorCode;
	readonly hint?: string;
	readonly status?: number;
	readonly serverCode?: string;
	readonly fileErrors?: readonly FileError[];
	readonly filenames?: readonly string[];
};
type Fail = (message: string, details: FailDetails) => SvcError;

/** The URL for a management route under the discovered REST root. */
function endpoint(root: RestRoot, route: string, query: Record<string, string>): URL {
	const url =
		root.kind === 'path' ? new URL(route, root.url.toString().endsWith('/') ? root.url : `${root.url.toString()}/`) : withRestRoute(new URL(root.url), `/${route}`);
	for (const [key, value] of Object.entries(query)) {
		url.searchParams.set(key, value);
	}
	return url;
}

function withRestRoute(url: URL, route: string): URL {
	url.searchParams.set('rest_route', route);
	return url;
}

/** The WordPress error shape every svc/v1 failure uses. */
interface WpError {
	readonly code?: string;
	readonly message?: string;
	readonly data?: { readonly status?: number; readonly errors?: unknown; readonly filenames?: unknown };
}

function httpFailure(response: RawResponse, where: string, siteUrl: string, user: string, fail: Fail): SvcError {
	const { status } = response;
	const parsed = isJson(response) ? parseJson(response.body) : undefined;
	const wp = typeof parsed === 'object' && parsed !== null ? (parsed as WpError) : undefined;
	const serverCode = typeof wp?.code === 'string' ? wp.code : undefined;
	const serverMessage = typeof wp?.message === 'string' && wp.message !== '' ? stripTags(wp.message) : undefined;
	const said = serverMessage === undefined ? '' : ` The site said: ${serverMessage}`;
	const base = { status, ...(serverCode === undefined ? {} : { serverCode }) };

	if (status >= 300 && status < 400) {
		const location = headerValue(response.headers['location']);
		const target = location === undefined ? 'another address' : stripCredentials(location);
		return fail(`The site redirected ${where} to ${target}.`, {
			...base,
			code: 'bad_response',
			hint: 'Log in again with the address the site redirects to (svc login --url <final URL>), e.g. https:// instead of http://.',
		});
	}
	if (status === 401) {
		return fail(`${siteUrl} rejected the credentials of user "${user}" (401).${said}`, {
			...base,
			code: 'unauthorized',
			hint: 'Check the user name and the application password (Users → Profile → Application Passwords), then run "svc login" again. If they are right, the web server may be stripping the Authorization header.',
		});
	}
	if (status === 403) {
		if (serverCode === 'rest_forbidden' || serverCode === 'rest_cannot_manage') {
			return fail(`User "${user}" is not an administrator on ${siteUrl} (403).`, {
				...base,
				code: 'forbidden',
				hint: 'svc needs an account with the manage_options capability (an administrator); log in with one.',
			});
		}
		return fail(`${siteUrl} refused ${where} (403).${said}`, {
			...base,
			code: 'forbidden',
			hint: serverCode === undefined ? 'A firewall or security plugin may be blocking the request before WordPress sees it.' : undefined,
		});
	}
	if (status === 404 && serverCode === 'rest_no_route') {
		return fail(`The svc plugin is not active on ${siteUrl}.`, {
			...base,
			code: 'plugin_inactive',
			hint: 'Install and activate the svc plugin in wp-admin (svc plugin zip writes an installable zip), then retry.',
		});
	}
	if (status === 404 && serverCode === 'svc_not_found') {
		const filenames = isStringArray(wp?.data?.filenames) ? wp.data.filenames : [];
		return fail(`Not deployed on ${siteUrl}: ${filenames.join(', ') || 'unknown route'}. Nothing was removed.`, {
			...base,
			code: 'not_found',
			filenames,
			hint: 'Run "svc api list" to see the deployed routes.',
		});
	}
	if (status === 422) {
		const fileErrors = parseFileErrors(wp?.data?.errors);
		// The per-file reasons are shown one by one; the site's summary would only repeat them.
		return fail(`The site rejected the push; nothing was written.${fileErrors.length === 0 ? said : ''}`, {
			...base,
			code: 'push_rejected',
			fileErrors,
		});
	}
	if (status >= 500) {
		return fail(`The site failed with HTTP ${status} on ${where}.${said}`, {
			...base,
			code: 'server_error',
			hint: 'Check the site\'s PHP error log (svc logs lines starting with "Svc api/:").',
		});
	}
	if (status >= 400 && status < 500 && wp !== undefined) {
		return fail(`The site rejected ${where} (${status}).${said}`, { ...base, code: 'bad_request' });
	}
	return fail(`The site answered ${where} with HTTP ${status}, which svc did not expect.${said}`, {
		...base,
		code: 'bad_response',
	});
}

const TLS_CODE = /^(CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_|ERR_TLS_|ERR_SSL_|EPROTO$|HOSTNAME_MISMATCH|ERR_OSSL_)/;

/** Node and got error codes for a request that never got an HTTP answer, as a user-facing error. */
export function networkFailure(error: unknown, siteUrl: string, timeoutMs: number, fail: Fail = plainFail): SvcError {
	const code = error instanceof RequestError || isErrnoLike(error) ? String((error as { code?: unknown }).code ?? '') : '';
	if (code === 'ETIMEDOUT' || (error instanceof RequestError && error.name === 'TimeoutError')) {
		return fail(`${siteUrl} did not answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}.`, {
			code: 'timeout',
			hint: 'Check that the site is up and reachable from this machine; retry later if it is overloaded.',
		});
	}
	if (TLS_CODE.test(code)) {
		return fail(`Secure connection to ${siteUrl} failed: ${describeTls(code)} (${code}).`, {
			code: 'tls',
			hint: 'Fix the site\'s HTTPS certificate. For a development certificate, trust its CA with NODE_EXTRA_CA_CERTS=/path/to/ca.pem; if the site has no HTTPS at all, use its http:// address.',
		});
	}
	const reasons: Record<string, string> = {
		ECONNREFUSED: 'the connection was refused; is the web server running, and is the port right?',
		ENOTFOUND: 'the host name does not resolve; check the site URL.',
		EAI_AGAIN: 'the host name could not be resolved right now; check your network and DNS.',
		EHOSTUNREACH: 'the host is unreachable; check your network.',
		ENETUNREACH: 'the network is unreachable; check your connection.',
		ECONNRESET: 'the connection was reset by the server.',
	};
	return fail(`Cannot reach ${siteUrl}: ${reasons[code] ?? `the request failed${code === '' ? '' : ` (${code})`}.`}`, {
		code: 'unreachable',
		hint: 'Check the site URL (svc login --url) and that the site is online.',
	});
}

function plainFail(message: string, details: FailDetails): SvcError {
	return new SvcError(message, details);
}

function describeTls(code: string): string {
	if (code === 'DEPTH_ZERO_SELF_SIGNED_CERT' || code === 'SELF_SIGNED_CERT_IN_CHAIN') return 'the certificate is self-signed';
	if (code === 'CERT_HAS_EXPIRED') return 'the certificate has expired';
	if (code === 'CERT_NOT_YET_VALID') return 'the certificate is not valid yet';
	if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || code === 'HOSTNAME_MISMATCH') return 'the certificate is for another host name';
	if (code.startsWith('UNABLE_TO_')) return 'the certificate is not signed by a trusted authority';
	return 'the TLS handshake failed';
}

function isErrnoLike(error: unknown): boolean {
	return typeof (error as { code?: unknown } | null)?.code === 'string';
}

function parseFileErrors(value: unknown): FileError[] {
	if (!Array.isArray(value)) {
		return [];
	}
	return value.flatMap((item) => {
		const candidate = item as Partial<FileError> | null;
		return typeof candidate?.filename === 'string' && typeof candidate.message === 'string'
			? [{ filename: candidate.filename, code: typeof candidate.code === 'string' ? candidate.code : 'unknown', message: candidate.message }]
			: [];
	});
}

function parseRemoteFile(value: unknown, withContent: boolean): RemoteFile | undefined {
	const item = value as Record<string, unknown> | null;
	const file = parseWrittenFile(value);
	if (file === undefined || (withContent && typeof item?.['content'] !== 'string')) {
		return undefined;
	}
	return {
		...file,
		...(typeof item?.['route'] === 'string' ? { route: item['route'] } : {}),
		...(typeof item?.['error'] === 'string' ? { error: item['error'] } : {}),
		...(withContent ? { content: item?.['content'] as string } : {}),
	};
}

function parseWrittenFile(value: unknown): WrittenFile | undefined {
	const item = value as Record<string, unknown> | null;
	if (typeof item?.['filename'] !== 'string' || typeof item['hash'] !== 'string') {
		return undefined;
	}
	return {
		filename: item['filename'],
		hash: item['hash'],
		...(typeof item['size'] === 'number' ? { size: item['size'] } : {}),
		path: typeof item['path'] === 'string' ? item['path'] : '',
		methods: isStringArray(item['methods']) ? item['methods'] : [],
		public: item['public'] === true,
	};
}

function unexpected(where: string, fail: Fail): SvcError {
	return fail(`The site's answer to ${where} is not what svc expects.`, {
		code: 'bad_response',
		hint: 'The svc plugin on the site and this CLI may be different versions; update both.',
	});
}

function throwUnexpected(where: string, fail: Fail): never {
	throw unexpected(where, fail);
}

function isStringArray(value: unknown): value is string[] {
	return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isJson(response: RawResponse): boolean {
	const type = headerValue(response.headers['content-type']) ?? '';
	return /\bjson\b/i.test(type);
}

function parseJson(text: string): unknown {
	try {
		// WordPress may print a BOM or PHP notices before the JSON; only a BOM is forgiven.
		return JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
	} catch {
		return undefined;
	}
}

function headerValue(value: string | string[] | undefined): string | undefined {
	return Array.isArray(value) ? value[0] : value;
}

function stripTags(text: string): string {
	return text.replace(/<[^>]*>/g, '').trim();
}

/** The site URL without user:password, trailing slash, query or fragment. */
function stripCredentials(input: string): string {
	try {
		const url = new URL(input);
		url.username = '';
		url.password = '';
		url.search = '';
		url.hash = '';
		return url.toString().replace(/\/+$/, '');
	} catch {
		return input.replace(/\/\/[^/@]*@/, '//').replace(/\/+$/, '');
	}
}

/**
 * Last line of defence: whatever a server echoes back, the password (with or without the spaces
 * WordPress shows it with, URL-encoded, or inside the Basic header) is masked.
 */
export function redactor(user: string, appPassword: string): (text: string) => string {
	const secrets = [
		appPassword,
		appPassword.replace(/\s+/g, ''),
		encodeURIComponent(appPassword),
		Buffer.from(`${user}:${appPassword}`).toString('base64'),
	].filter((secret) => secret.length >= 4);
	return (text) => secrets.reduce((result, secret) => result.split(secret).join('***'), text);
}

/** A header holding a JSON array of strings, or undefined when it is absent or malformed. */
function parseNameList(header: string | string[] | undefined): readonly string[] | undefined {
	const text = Array.isArray(header) ? header[0] : header;
	if (text === undefined) return undefined;
	try {
		const value: unknown = JSON.parse(text);
		return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined;
	} catch {
		return undefined;
	}
}
