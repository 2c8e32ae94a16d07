/**
 * One HTTP exchange with a site, whose answer is untrusted input: never a redirect followed (the
 * caller decides, site-client.ts), never more read than the request's cap (answer-caps.ts), counted
 * as the bytes arrive and again as they unpack, so a body without end or a gzip bomb stops at the
 * cap with the socket closed. "Cannot reach" is said only when nothing answered; an answer that
 * breaks off, cannot be unpacked or is not HTTP says so, with its status and content type.
 */
import { FALLBACK_HEADER } from './auth-hints.js';
import type { Got, Request as GotRequest, Response as GotResponse } from 'got';
import type { Transform } from 'node:stream';
import { formatSize } from './answer-caps.js';
import { SvcError, type FileError, type SvcErrorCode } from './errors.js';
import { requireCjs } from './require-cjs.js';

/** What an exchange needs beyond svc's own code: the HTTP client, Node's stream pipeline and zlib. */
interface Http {
	readonly got: Got;
	readonly pipeline: typeof import('node:stream/promises').pipeline;
	readonly zlib: typeof import('node:zlib');
}

let loadingHttp: Promise<Http> | undefined;

/**
 * got (and its dependencies), Node's streams and zlib load with the first request, not with this
 * module: a command that stops before it talks to the site ("no site selected", a local check)
 * never pays for them (about 3 ms of Node's own modules, and got's). In dist/ this import is of
 * dist/vendor/got.cjs, got bundled as one CommonJS file (scripts/build.mjs).
 */
function loadHttp(): Promise<Http> {
	loadingHttp ??= import('got').then((module) => ({
		got: module.default,
		pipeline: requireCjs<typeof import('node:stream/promises')>('node:stream/promises').pipeline,
		zlib: requireCjs<typeof import('node:zlib')>('node:zlib'),
	}));
	return loadingHttp;
}

export type FailDetails = {
	readonly code: SvcErrorCode;
	readonly hint?: string;
	readonly status?: number;
	readonly serverCode?: string;
	readonly fileErrors?: readonly FileError[];
	readonly slugs?: readonly string[];
};
/** Makes the SvcError of a failure (the client's masks the password in it). */
export type Fail = (message: string, details: FailDetails) => SvcError;

export type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

export interface AnswerCap {
	/** The most bytes read of the answer, as sent and as unpacked. */
	readonly bytes: number;
	/** Asked once, when the answer passes `bytes`: the cap the site's own limits allow (it may be the same). */
	readonly wider?: () => Promise<number>;
}

export interface ExchangeRequest {
	readonly method: Method;
	/** The request as messages name it, e.g. `GET svc/v1/api-files`. */
	readonly where: string;
	readonly json?: unknown;
	/** Sent only when given: the caller knows the address is the one the user named. */
	readonly authorization?: string;
	readonly cap: AnswerCap;
	readonly onProgress?: (progress: { readonly transferred: number; readonly total: number | undefined; readonly percent: number }) => void;
}

export interface Answer {
	readonly status: number;
	readonly headers: Readonly<Record<string, string | string[] | undefined>>;
	readonly body: string;
	/** The address that answered (the one asked: no redirect is followed here). */
	readonly url: string;
}

export interface TransportOptions {
	/** The site as messages name it. */
	readonly siteUrl: string;
	readonly timeoutMs: number;
	readonly userAgent: string;
	readonly fail: Fail;
}

/** What svc can unpack; asked for in Accept-Encoding. */
const ENCODINGS: Readonly<Record<string, (zlib: Http['zlib']) => Transform>> = {
	gzip: (zlib) => zlib.createGunzip(),
	'x-gzip': (zlib) => zlib.createGunzip(),
	deflate: (zlib) => zlib.createInflate(),
	br: (zlib) => zlib.createBrotliDecompress(),
};

export function createTransport(options: TransportOptions): (url: URL, request: ExchangeRequest) => Promise<Answer> {
	const { siteUrl, timeoutMs, userAgent, fail } = options;

	return async (url, request) => {
		const { got, pipeline, zlib } = await loadHttp();
		const stream = got.stream(url, {
			method: request.method,
			// A stream request with a body method and no body would wait for one to be written.
			...(request.json !== undefined ? { json: request.json } : request.method === 'GET' ? {} : { body: '' }),
			headers: {
				accept: 'application/json',
				'accept-encoding': 'gzip, deflate, br',
				'user-agent': userAgent,
				// The same credentials twice: the plugin reads svc's header only where Authorization was stripped.
				...(request.authorization === undefined ? {} : { authorization: request.authorization, [FALLBACK_HEADER]: request.authorization }),
			},
			throwHttpErrors: false,
			// A redirect would carry the credentials (or the body of a write) wherever the site says.
			followRedirect: false,
			// Unpacked here, where the unpacked bytes are counted too.
			decompress: false,
			retry: { limit: 0 },
			timeout: { request: timeoutMs },
		});
		if (request.onProgress !== undefined) {
			const report = request.onProgress;
			stream.on('uploadProgress', (progress: { transferred: number; total?: number; percent: number }) =>
				report({ transferred: progress.transferred, total: progress.total, percent: progress.percent }),
			);
		}
		let response: GotResponse;
		try {
			response = await responseOf(stream);
		} catch (error) {
			stream.destroy();
			throw networkFailure(error, siteUrl, timeoutMs, fail, request.where);
		}
		const status = response.statusCode;
		const headers = response.headers;
		const described = `${request.where} (HTTP ${status}, ${headerValue(headers['content-type']) ?? 'no content type'})`;
		const cap = capCounter(request.cap);
		const tooLarge = (detail: string): SvcError =>
			fail(`The site's answer to ${described} ${detail}; svc reads at most ${formatSize(cap.limit())} of it, and stopped.`, {
				code: 'answer_too_large',
				status,
				hint: 'No svc site sends that much for this request: check that the URL is the WordPress site, and that nothing in front of it (a proxy, a cache, a security plugin) answers instead.',
			});

		const declared = Number(headerValue(headers['content-length']));
		if (Number.isFinite(declared) && declared > 0 && !(await cap.allows(declared))) {
			stream.destroy();
			throw tooLarge(`is ${formatSize(declared)} (Content-Length)`);
		}
		const encoding = (headerValue(headers['content-encoding']) ?? 'identity').trim().toLowerCase();
		const unpack = encoding === '' || encoding === 'identity' ? undefined : ENCODINGS[encoding];
		if (unpack === undefined && encoding !== '' && encoding !== 'identity') {
			stream.destroy();
			throw fail(`The site's answer to ${described} is encoded as "${encoding}", which svc did not ask for and cannot read.`, {
				code: 'bad_response',
				status,
				hint: 'Something in front of the site (a proxy or a cache) compresses answers in a way clients did not ask for.',
			});
		}

		const chunks: Buffer[] = [];
		let sent = 0;
		let unpacked = 0;
		let stop: SvcError | undefined;
		const countSent = async function* (source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
			for await (const chunk of source) {
				sent += chunk.length;
				if (!(await cap.allows(sent))) throw (stop = tooLarge(`is over ${formatSize(cap.limit())}`));
				yield chunk;
			}
		};
		const keep = async (source: AsyncIterable<Buffer>): Promise<void> => {
			for await (const chunk of source) {
				unpacked += chunk.length;
				if (!(await cap.allows(unpacked))) {
					throw (stop = tooLarge(`unpacks (${encoding}) to over ${formatSize(cap.limit())} from ${formatSize(sent)} sent`));
				}
				chunks.push(chunk);
			}
		};
		try {
			if (unpack === undefined) {
				await pipeline(stream, async (source: AsyncIterable<Buffer>) => keep(countSent(source)));
			} else {
				await pipeline(stream, countSent, unpack(zlib), keep);
			}
		} catch (error) {
			// pipeline destroyed the request: the socket is closed, nothing more is read.
			if (stop !== undefined) throw stop;
			throw brokenAnswer(error, { described, status, sent, encoding, timeoutMs, fail });
		}
		return { status, headers, body: Buffer.concat(chunks, unpacked).toString('utf8'), url: response.url };
	};
}

function responseOf(stream: GotRequest): Promise<GotResponse> {
	return new Promise((resolve, reject) => {
		stream.once('response', resolve);
		stream.once('error', reject);
	});
}

/** The cap of one answer, widened at most once (to what the site's limits allow). */
function capCounter(cap: AnswerCap): { allows(bytes: number): boolean | Promise<boolean>; limit(): number } {
	let limit = cap.bytes;
	let asking: Promise<number> | undefined;
	return {
		allows: (bytes) => {
			if (bytes <= limit) return true;
			if (cap.wider === undefined) return false;
			// Reading waits meanwhile: nothing more arrives than the socket's buffer holds.
			asking ??= cap.wider().then(
				(wider) => (limit = Math.max(limit, wider)),
				() => limit,
			);
			return asking.then(() => bytes <= limit);
		},
		limit: () => limit,
	};
}

/** An answer that began and could not be read to its end. */
function brokenAnswer(
	error: unknown,
	context: { described: string; status: number; sent: number; encoding: string; timeoutMs: number; fail: Fail },
): SvcError {
	const { described, status, sent, encoding, timeoutMs, fail } = context;
	const code = errorCode(error);
	const read = `after ${formatSize(sent)}`;
	if (code === 'ETIMEDOUT' || nameOf(error) === 'TimeoutError') {
		return fail(`The site's answer to ${described} did not end within ${seconds(timeoutMs)} (${formatSize(sent)} read).`, {
			code: 'timeout',
			status,
			hint: 'The site (or something in front of it) sends its answer too slowly or without end; check that it is up and not overloaded.',
		});
	}
	if (code.startsWith('Z_') || code.startsWith('ERR_BROTLI') || code.startsWith('ERR__ERROR_FORMAT')) {
		return fail(`The site's answer to ${described} could not be unpacked (${encoding}: ${messageOf(error)}).`, {
			code: 'bad_response',
			status,
			hint: 'Something in front of the site (a proxy or a cache) sends broken compressed answers.',
		});
	}
	const reason = code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' ? 'the connection closed' : messageOf(error);
	return fail(`The site's answer to ${described} broke off ${read}: ${reason}.`, {
		code: 'bad_response',
		status,
		hint: 'The site stopped in the middle of its answer (a crash, a proxy timeout); check its PHP error log, then retry.',
	});
}

const BROKEN_CODES: ReadonlySet<string> = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

const TLS_CODE = /^(CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_|ERR_TLS_|ERR_SSL_|EPROTO$|HOSTNAME_MISMATCH|ERR_OSSL_)/;

/** Node and got error codes for a request that never got an HTTP answer, as a user-facing error. */
export function networkFailure(error: unknown, siteUrl: string, timeoutMs: number, fail: Fail = plainFail, where?: string): SvcError {
	// got's RequestError carries Node's code (or its own ETIMEDOUT), like a plain Node error does.
	const code = errorCode(error);
	// A reset or a broken pipe needs a connection: the site was reached, and the request was cut off in flight.
	if (BROKEN_CODES.has(code)) {
		return fail(`The connection to ${siteUrl} broke during ${where ?? 'the request'} (${code}), before the site answered.`, {
			code: 'connection_broken',
			hint: 'The network dropped (Wi-Fi, VPN, a proxy) or the site\'s web server closed the connection; the site URL is right. Run the command again.',
		});
	}
	if (code === 'ETIMEDOUT' || nameOf(error) === 'TimeoutError') {
		return fail(`${siteUrl} did not answer within ${seconds(timeoutMs)}.`, {
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
	// Node's HTTP parser refused what came back: something answered, but not with HTTP.
	if (code.startsWith('HPE_')) {
		return fail(`${siteUrl} answered with something that is not HTTP (${code}).`, {
			code: 'bad_response',
			hint: 'Check the site URL and its port (svc login --url): another kind of server is listening there.',
		});
	}
	const reasons: Record<string, string> = {
		ECONNREFUSED: 'the connection was refused; is the web server running, and is the port right?',
		ENOTFOUND: 'the host name does not resolve; check the site URL.',
		EAI_AGAIN: 'the host name could not be resolved right now; check your network and DNS.',
		EHOSTUNREACH: 'the host is unreachable; check your network.',
		ENETUNREACH: 'the network is unreachable; check your connection.',
	};
	return fail(`Cannot reach ${siteUrl}: ${reasons[code] ?? `the request failed${code === '' ? '' : ` (${code})`}.`}`, {
		code: 'unreachable',
		hint: 'Check the site URL (svc login --url) and that the site is online.',
	});
}

function plainFail(message: string, details: FailDetails): SvcError {
	return new SvcError(message, details);
}

function seconds(ms: number): string {
	return ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
}

function describeTls(code: string): string {
	if (code === 'DEPTH_ZERO_SELF_SIGNED_CERT' || code === 'SELF_SIGNED_CERT_IN_CHAIN') return 'the certificate is self-signed';
	if (code === 'CERT_HAS_EXPIRED') return 'the certificate has expired';
	if (code === 'CERT_NOT_YET_VALID') return 'the certificate is not valid yet';
	if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || code === 'HOSTNAME_MISMATCH') return 'the certificate is for another host name';
	if (code.startsWith('UNABLE_TO_')) return 'the certificate is not signed by a trusted authority';
	return 'the TLS handshake failed';
}

// Read by shape, not instanceof: errors from Node's core and from got may come from another realm.
function nameOf(error: unknown): string {
	const name = (error as { name?: unknown } | null)?.name;
	return typeof name === 'string' ? name : '';
}

function messageOf(error: unknown): string {
	const message = (error as { message?: unknown } | null)?.message;
	return typeof message === 'string' ? message : String(error);
}

function errorCode(error: unknown): string {
	const code = (error as { code?: unknown } | null)?.code;
	return typeof code === 'string' ? code : '';
}

export function headerValue(value: string | string[] | undefined): string | undefined {
	return Array.isArray(value) ? value[0] : value;
}
