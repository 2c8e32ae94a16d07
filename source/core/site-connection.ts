/**
 * The management API's requests as site-client.ts sends them: where the REST API lives (found once,
 * by a public probe kept to the origin the user named), the password added only on that origin,
 * failures said by site-errors.ts with the password masked, a request sent again when a moment may
 * cure it (retry-policy.ts), and each answer capped by its kind, widened once the site's limits are
 * known from `GET status`.
 */
import { answerCap, dependsOnLimits, type AnswerKind, type SiteLimits } from './answer-caps.js';
import { SvcError } from './errors.js';
import { RETRIES, retryDelay } from './retry-policy.js';
import { httpFailure, notJson, predates, throwUnexpected, unexpected, wpErrorOf, type PluginFeature } from './site-errors.js';
import { MAX_REDIRECTS, redirectedCall, redirectedElsewhere, redirectTarget, sameOrigin, tooManyRedirects } from './site-redirects.js';
import { isJson, isStringArray, parseJson, parseStatus } from './site-parsers.js';
import { createTransport, headerValue, type Answer, type AnswerCap, type ExchangeRequest, type Fail, type Method } from './site-transport.js';
import type { SiteClientOptions, SiteStatus, UploadOptions } from './site-types.js';
import { stripCredentials } from './site-url.js';

/** How the site exposes its REST API: /wp-json/ with pretty permalinks, ?rest_route= without. */
export type RestRoot = { readonly kind: 'path'; readonly url: URL } | { readonly kind: 'query'; readonly url: URL };

export const MANAGEMENT = 'svc/v1';

export interface CallOptions {
	/** The size of the answer (answer-caps.ts); `small` unless said. */
	readonly answer?: AnswerKind;
	readonly query?: Record<string, string>;
	readonly json?: unknown;
	readonly onProgress?: UploadOptions['onProgress'];
	/** What the route came with (releases, the early cache): its absence means a plugin older than that. */
	readonly since?: PluginFeature;
	/** Answer 409 svc_missing_blobs as `{ missing }` instead of failing. */
	readonly missingBlobs?: boolean;
	/**
	 * A write whose repetition changes nothing (staging by hash, a commit with its id): retried as
	 * reads are. A function is asked only when a retry is due (a commit's id is replayed only by a
	 * plugin that says so: `replaysCommits`).
	 */
	readonly repeatable?: boolean | (() => Promise<boolean>);
}

export interface CallAnswer {
	readonly body: unknown;
	readonly headers: Answer['headers'];
	readonly missing?: readonly string[];
}

/** `GET status?listing=true`: the status, and the body it was read from (which may hold the listing). */
export interface StatusAnswer {
	readonly status: SiteStatus;
	readonly body: unknown;
}

/** One management request (`route` under svc/v1), with its answer's body parsed. */
export type Call = (method: Method, route: string, extra?: CallOptions) => Promise<CallAnswer>;

export interface Connection {
	readonly siteUrl: string;
	readonly user: string;
	readonly fail: Fail;
	/** One exchange, as it is: no discovery, no credentials unless given, no retry. */
	readonly send: (url: URL, request: ExchangeRequest) => Promise<Answer>;
	readonly capOf: (kind: AnswerKind) => AnswerCap;
	readonly restRoot: () => Promise<RestRoot>;
	readonly call: Call;
	/** `GET status`, parsed, its limits kept for the caps. Undefined from a plugin older than releases. */
	readonly readStatus: () => Promise<SiteStatus | undefined>;
	/**
	 * `GET status?listing=true`: the same, and the body it was read from, which holds the active
	 * release's files when the plugin has `status_listing` (an older one leaves the query unread).
	 */
	readonly readStatusWithListing: () => Promise<StatusAnswer | undefined>;
	/**
	 * Whether the plugin answers a change sent again with its commit_id with the release it made
	 * (GET status's `features`, asked once): an older plugin would make a second one. False when
	 * that cannot be learnt: a change is then never sent again.
	 */
	readonly replaysCommits: () => Promise<boolean>;
}

/** What the steps below share: the site, how a failure is made, how one exchange is sent. */
interface Link {
	readonly siteUrl: string;
	/** The origin the user named: the only one that gets the password. */
	readonly origin: () => URL;
	readonly fail: Fail;
	readonly send: Connection['send'];
	readonly capOf: Connection['capOf'];
}

export function createConnection(options: SiteClientOptions): Connection {
	const siteUrl = stripCredentials(options.url);
	const fail = failMasking(redactor(options.user, options.appPassword));
	const send = createTransport({ siteUrl, timeoutMs: options.timeoutMs ?? 60_000, userAgent: options.userAgent ?? 'svc-cli', fail });
	const authorization = `Basic ${Buffer.from(`${options.user}:${options.appPassword}`).toString('base64')}`;
	/** The site's limits once `GET status` said them: they size the caps of the large answers. */
	let limits: SiteLimits | undefined;
	let statusRead: Promise<SiteStatus | undefined> | undefined;

	/**
	 * The cap of an answer of this kind: from the site's limits once known; else from the plugin's
	 * defaults, widened (by asking `GET status`, once: a command that asked for it already has it)
	 * only if an answer passes that.
	 */
	const capOf = (kind: AnswerKind): AnswerCap => {
		if (limits !== undefined || !dependsOnLimits(kind)) return { bytes: answerCap(kind, limits) };
		return {
			bytes: answerCap(kind),
			wider: async () => {
				await (statusRead ??= readStatus()).catch(() => undefined);
				return answerCap(kind, limits);
			},
		};
	};
	const link: Link = { siteUrl, origin: () => new URL(siteUrl), fail, send, capOf };

	const memory = options.rootMemory;
	let root: Promise<RestRoot> | undefined;
	/** The root this command took from the memory rather than found, while it is the one in use. */
	let recalled: RestRoot | undefined;
	/** Set once a remembered root failed: the memory is not asked again by this command. */
	let rediscovery: Promise<RestRoot> | undefined;
	const restRoot = (): Promise<RestRoot> => {
		if (root !== undefined) return root;
		recalled = rediscovery === undefined ? memory?.recall(siteUrl) : undefined;
		root =
			recalled !== undefined
				? Promise.resolve(recalled)
				: discover(link).then(
						(found) => {
							memory?.remember(siteUrl, found);
							return found;
						},
						(error: unknown) => {
							root = undefined;
							throw error;
						},
					);
		return root;
	};
	/**
	 * After an answer that did not come from the REST API under `used`: whether the site's REST API
	 * is now found elsewhere (so the request never reached it and may be sent there). Only a
	 * remembered root is doubted; one found by this command is where the site said it is.
	 */
	const moved = async (used: RestRoot): Promise<boolean> => {
		if (used !== recalled) return false;
		if (rediscovery === undefined) {
			memory?.forget(siteUrl);
			root = undefined;
			rediscovery = restRoot();
		}
		const found = await rediscovery;
		return found.url.toString() !== used.url.toString() || found.kind !== used.kind;
	};

	const call = withRetries((method, route, extra) => callOnce(link, { restRoot, moved, authorization, user: options.user }, method, route, extra), options);

	const readStatusAnswer = async (listing: boolean): Promise<StatusAnswer | undefined> => {
		let body: unknown;
		try {
			// With the listing, the answer is as large as one: capped as records are.
			({ body } = await call('GET', 'status', { since: 'releases', ...(listing ? { query: { listing: 'true' }, answer: 'records' as const } : {}) }));
		} catch (error) {
			if (error instanceof SvcError && error.code === 'plugin_outdated') return undefined;
			throw error;
		}
		const status = parseStatus(body) ?? throwUnexpected('GET status', fail);
		limits = status.limits;
		return { status, body };
	};
	const readStatus = async (): Promise<SiteStatus | undefined> => (await readStatusAnswer(false))?.status;
	const readStatusWithListing = (): Promise<StatusAnswer | undefined> => readStatusAnswer(true);

	const replaysCommits = async (): Promise<boolean> => {
		const status = await (statusRead ??= readStatus()).catch(() => undefined);
		return status?.features.includes('commit_ids') === true;
	};

	return { siteUrl, user: options.user, fail, send, capOf, restRoot, call, readStatus, readStatusWithListing, replaysCommits };
}

/** Every failure as an SvcError, whatever the server echoed of the password masked in its texts. */
function failMasking(redact: (text: string) => string): Fail {
	return (message, details) =>
		new SvcError(redact(message), {
			...details,
			...(details.hint === undefined ? {} : { hint: redact(details.hint) }),
			...(details.fileErrors === undefined
				? {}
				: { fileErrors: details.fileErrors.map((error) => ({ ...error, message: redact(error.message) })) }),
		});
}

// The probe is svc's own namespace index, not the REST root: the root lists every route of the
// site (and makes it register every route file), while this one is small. A site without the
// plugin answers it with a JSON 404, which is enough to know where the REST API lives.
async function discover(link: Link): Promise<RestRoot> {
	const { siteUrl, fail } = link;
	const candidates: { kind: RestRoot['kind']; probe: URL; label: string }[] = [
		{ kind: 'path', probe: new URL(`${siteUrl}/wp-json/${MANAGEMENT}`), label: `/wp-json/${MANAGEMENT}` },
		{ kind: 'query', probe: withRestRoute(new URL(`${siteUrl}/`), `/${MANAGEMENT}`), label: `/?rest_route=/${MANAGEMENT}` },
	];
	const tried: string[] = [];
	for (const candidate of candidates) {
		const { answer, url: answered } = await probe(link, candidate.probe, `GET ${candidate.label}`);
		if (isJson(answer) && parseJson(answer.body) !== undefined) {
			if (candidate.kind === 'query') {
				return { kind: 'query', url: withRestRoute(answered, '/') };
			}
			answered.pathname = answered.pathname.replace(new RegExp(`${MANAGEMENT}/?$`), '');
			return { kind: 'path', url: answered };
		}
		tried.push(`${candidate.label} gave HTTP ${answer.status} without JSON (${headerValue(answer.headers['content-type']) ?? 'no content type'})`);
	}
	throw fail(`No WordPress REST API answered at ${siteUrl} (${tried.join('; ')}).`, {
		code: 'no_rest_api',
		hint: 'Check that the URL is the WordPress address from Settings → General, and that no plugin disables the REST API.',
	});
}

/**
 * A discovery probe (public: no credentials until the REST root is known). It follows redirects
 * on the site's own origin only, where the REST API may live under another path.
 */
async function probe(link: Link, start: URL, where: string): Promise<{ answer: Answer; url: URL }> {
	const { siteUrl, fail } = link;
	let url = start;
	for (let hops = 0; ; hops++) {
		const answer = await link.send(url, { method: 'GET', where, cap: link.capOf('small') });
		const target = redirectTarget(answer.status, headerValue(answer.headers['location']), url);
		if (target === undefined) return { answer, url };
		if (!sameOrigin(target, link.origin())) throw redirectedElsewhere(fail, { siteUrl, where, status: answer.status, to: target });
		if (hops >= MAX_REDIRECTS) throw tooManyRedirects(fail, { siteUrl, where, status: answer.status });
		url = target;
	}
}

/**
 * A request sent again (retry-policy.ts) when it failed in a way a moment may cure and sending it
 * twice cannot change the outcome: a read, or a write the caller says is so.
 */
function withRetries(callOnce: Call, options: Pick<SiteClientOptions, 'onRetry' | 'wait'>): Call {
	const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
	return async (method, route, extra = {}) => {
		const repeatable = extra.repeatable;
		const safeToRepeat = async (): Promise<boolean> => method === 'GET' || (typeof repeatable === 'function' ? await repeatable() : repeatable === true);
		for (let retry = 1; ; retry++) {
			try {
				return await callOnce(method, route, extra);
			} catch (error) {
				// Whether it may be sent again is asked only of a failure a moment may cure.
				const delayMs = error instanceof SvcError && retryDelay(error.code, retry, true) !== undefined ? retryDelay(error.code, retry, await safeToRepeat()) : undefined;
				if (delayMs === undefined) throw error;
				options.onRetry?.({ where: `${method} ${MANAGEMENT}/${route}`, retry, retries: RETRIES, delayMs, reason: (error as SvcError).message });
				await wait(delayMs);
			}
		}
	};
}

/** One management request, sent once, with the credentials, to the REST root discovery found. */
async function callOnce(
	link: Link,
	auth: { readonly restRoot: () => Promise<RestRoot>; readonly moved: (used: RestRoot) => Promise<boolean>; readonly authorization: string; readonly user: string },
	method: Method,
	route: string,
	extra: CallOptions = {},
): Promise<CallAnswer> {
	const { siteUrl, fail } = link;
	const root = await auth.restRoot();
	const url = endpoint(root, `${MANAGEMENT}/${route}`, extra.query ?? {});
	const where = `${method} ${MANAGEMENT}/${route}`;
	// Discovery kept to the origin the user named; this is the last word before the password goes.
	if (!sameOrigin(url, link.origin())) throw redirectedElsewhere(fail, { siteUrl, where, to: url });
	const response = await link.send(url, {
		method,
		where,
		json: extra.json,
		authorization: auth.authorization,
		cap: link.capOf(extra.answer ?? 'small'),
		...(extra.onProgress === undefined ? {} : { onProgress: extra.onProgress }),
	});
	// A remembered root the site no longer answers under (permalinks changed, WordPress moved): the
	// request reached no REST route, so it is sent once more where discovery now finds the API.
	if (notFromRestApi(response) && (await auth.moved(root))) {
		return callOnce(link, auth, method, route, extra);
	}
	if (response.status >= 200 && response.status < 300) {
		const body = parseJson(response.body);
		if (body === undefined) throw notJson(response, where, fail);
		return { body, headers: response.headers };
	}
	const target = redirectTarget(response.status, headerValue(response.headers['location']), url);
	if (target !== undefined && !sameOrigin(target, link.origin())) {
		throw redirectedElsewhere(fail, { siteUrl, where, status: response.status, to: target });
	}
	if (response.status >= 300 && response.status < 400) {
		throw redirectedCall(fail, { where, status: response.status, to: target });
	}
	const wp = wpErrorOf(response);
	if (extra.missingBlobs === true && response.status === 409 && wp?.code === 'svc_missing_blobs') {
		const hashes = (wp.data as { hashes?: unknown } | undefined)?.hashes;
		if (!isStringArray(hashes)) throw unexpected(where, fail);
		return { body: wp, headers: response.headers, missing: hashes };
	}
	if (extra.since !== undefined && response.status === 404 && wp?.code === 'rest_no_route') {
		throw predates(fail, { siteUrl, where, feature: extra.since });
	}
	throw httpFailure(response, where, siteUrl, auth.user, fail);
}

/**
 * An answer that the WordPress REST API did not give: a redirect, a 404 without WordPress's JSON
 * error, a 2xx that is not JSON (a front page). What a request sent under a wrong REST root gets.
 */
export function notFromRestApi(answer: Answer): boolean {
	if (answer.status >= 300 && answer.status < 400) return true;
	if (answer.status === 404) return wpErrorOf(answer) === undefined;
	return answer.status >= 200 && answer.status < 300 && parseJson(answer.body) === undefined;
}

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
