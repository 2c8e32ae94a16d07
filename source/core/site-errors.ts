/**
 * What svc says when the site's answer is a failure, or not the answer it asked for: each becomes an
 * SvcError whose message names the request and whose hint names the fix. The builders take the
 * client's `fail`, which masks the password in whatever the site echoed.
 *
 * A failed answer is looked up in two tables: the WordPress error codes svc knows (each at the
 * status it comes with), then, for any other answer, its status. A new code is one row.
 */
import { STRIPPED_HEADER_FIX, WRONG_CREDENTIALS, WRONG_PASSWORD_HINT } from './auth-hints.js';
import { SvcError, type FileError, type SvcErrorCode } from './errors.js';
import { isJson, isStringArray, parseFileErrors, parseJson } from './site-parsers.js';
import { headerValue, type Answer, type Fail } from './site-transport.js';

/** The WordPress error shape every svc/v1 failure uses. */
export interface WpError {
	readonly code?: string;
	readonly message?: string;
	readonly data?: { readonly status?: number; readonly errors?: unknown; readonly filenames?: unknown; readonly active?: unknown; readonly preview_base?: unknown; readonly svc_credentials?: unknown };
}

export function wpErrorOf(response: Answer): WpError | undefined {
	const parsed = isJson(response) ? parseJson(response.body) : undefined;
	return typeof parsed === 'object' && parsed !== null ? (parsed as WpError) : undefined;
}

/** A failed answer, as the rows read it. */
interface Failure {
	readonly status: number;
	/** The request, e.g. `GET svc/v1/api-files`. */
	readonly where: string;
	readonly siteUrl: string;
	readonly user: string;
	/** Undefined when the answer is not a JSON object (a web server's or a firewall's page). */
	readonly wp: WpError | undefined;
	readonly serverCode: string | undefined;
	/** The site's message as text (WordPress may send HTML); undefined when it said nothing. */
	readonly serverMessage: string | undefined;
	/** ` The site said: …` to end a message with, or '' when it said nothing. */
	readonly said: string;
	/** The answer as sent (already capped by the transport), for pages that are not JSON. */
	readonly body: string;
}

/** The SvcError a row makes; its status and serverCode are the answer's. */
interface Outcome {
	readonly code: SvcErrorCode;
	readonly message: (failure: Failure) => string;
	readonly hint?: string;
	readonly slugs?: (failure: Failure) => readonly string[];
	readonly fileErrors?: (failure: Failure) => readonly FileError[];
}

interface CodeRow extends Outcome {
	readonly status: number;
	readonly serverCodes: readonly string[];
}

interface StatusRow extends Outcome {
	readonly status: number | ((status: number) => boolean);
	/** Narrows the row within its status; the first row that matches is used. */
	readonly when?: (failure: Failure) => boolean;
}

// WordPress's own words when it cannot reach its database (wpdb's db_connect_fail, dead_db()), on an HTML page.
const DATABASE_DOWN_PAGE = /Error establishing a database connection/i;
const DATABASE_DOWN_HINT =
	'The site\'s database (MySQL or MariaDB) is down, full of connections or unreachable from WordPress; once it is back, run the command again.';
const DATABASE_DOWN_MESSAGE = (f: Failure): string =>
	`${f.siteUrl} could not reach its database on ${f.where} (${f.status}, "Error establishing a database connection").`;

const LIST_RELEASES = 'Run "svc api releases" to see the releases the site keeps.';
const DISALLOWED_HINT =
	'Nothing was changed. The site\'s administrator decides: define( \'SVC_ALLOW_DEPLOY\', true ) in its wp-config.php allows svc on a site with DISALLOW_FILE_MODS.';

/** The WordPress error codes svc has a message of its own for, each at the status it comes with. */
export const WORDPRESS_CODES: readonly CodeRow[] = [
	{
		status: 401,
		serverCodes: [...WRONG_CREDENTIALS],
		code: 'unauthorized',
		message: (f) => `${f.siteUrl} rejected the credentials of user "${f.user}" (401, ${f.serverCode}).${f.said}`,
		hint: WRONG_PASSWORD_HINT,
	},
	{
		status: 403,
		serverCodes: ['svc_deploy_disallowed'],
		code: 'deploy_disallowed',
		message: (f) => disallowedMessage(f.siteUrl, f.serverMessage),
		hint: DISALLOWED_HINT,
	},
	{
		// A site administrator of a multisite network: they manage svc there, the network's super admins deploy.
		status: 403,
		serverCodes: ['svc_deploy_forbidden'],
		code: 'forbidden',
		message: (f) => `User "${f.user}" may not deploy to ${f.siteUrl} (403).${f.said}`,
		hint: 'Nothing was changed. Log in with a super admin of the network, or ask one to define( \'SVC_SITE_ADMINS_MAY_DEPLOY\', true ) in wp-config.php.',
	},
	{
		status: 403,
		serverCodes: ['rest_forbidden', 'rest_cannot_manage'],
		code: 'forbidden',
		message: (f) => `User "${f.user}" is not an administrator on ${f.siteUrl} (403).`,
		hint: 'svc needs an account with the manage_options capability (an administrator); log in with one.',
	},
	{
		status: 404,
		serverCodes: ['rest_no_route'],
		code: 'plugin_inactive',
		message: (f) => `The svc plugin is not active on ${f.siteUrl}.`,
		hint: 'Install and activate the svc plugin in wp-admin (svc plugin zip writes an installable zip), then retry.',
	},
	{
		status: 404,
		serverCodes: ['svc_not_found'],
		code: 'not_found',
		message: (f) => `Not deployed on ${f.siteUrl}: ${notDeployed(f).join(', ') || 'unknown route'}. Nothing was removed.`,
		slugs: notDeployed,
		hint: 'Run "svc api list" to see the deployed routes.',
	},
	{
		status: 404,
		serverCodes: ['svc_release_not_found'],
		code: 'release_not_found',
		message: (f) => `That release is not kept on ${f.siteUrl}.${f.said}`,
		hint: LIST_RELEASES,
	},
	{
		status: 500,
		serverCodes: ['db_connect_fail'],
		code: 'database_down',
		message: DATABASE_DOWN_MESSAGE,
		hint: DATABASE_DOWN_HINT,
	},
	{
		status: 409,
		serverCodes: ['svc_release_moved'],
		code: 'release_moved',
		message: (f) => `Another push landed on ${f.siteUrl} since you planned${activeNow(f)}; nothing was changed.`,
		hint: 'Run the push again: it plans against what the site has now.',
	},
	{
		status: 409,
		serverCodes: ['svc_preview_outdated'],
		code: 'preview_outdated',
		message: previewOutdated,
		hint: 'Push a new preview (svc api push --preview), or promote this one anyway with --force.',
	},
	{
		status: 410,
		serverCodes: ['svc_preview_expired'],
		code: 'preview_expired',
		message: (f) => `That preview has expired on ${f.siteUrl}: it can no longer be served or promoted. Nothing was changed.`,
		hint: 'Push it again with "svc api push --preview".',
	},
	{
		status: 409,
		serverCodes: ['svc_not_a_preview'],
		code: 'not_a_preview',
		message: (f) => `That release is not a preview on ${f.siteUrl}; only a preview can be promoted.`,
		hint: 'Run "svc api releases" to see the previews; to make an earlier release active again, use "svc api rollback <id>".',
	},
	{
		status: 409,
		serverCodes: ['svc_release_is_preview'],
		code: 'release_is_preview',
		message: (f) => `That release is a preview on ${f.siteUrl}, never active: it cannot be rolled back to.`,
		hint: 'Make it active with "svc api promote <id>".',
	},
	{
		status: 409,
		serverCodes: ['svc_no_previous_release'],
		code: 'no_previous_release',
		message: (f) => `There is no earlier release on ${f.siteUrl} to roll back to.`,
		hint: LIST_RELEASES,
	},
];

/** Any other failed answer, by its status. */
const BY_STATUS: readonly StatusRow[] = [
	{
		status: 401,
		when: credentialsStripped,
		code: 'unauthorized',
		message: (f) =>
			`${f.siteUrl} answered as to a visitor (401): the credentials of user "${f.user}" did not reach WordPress; the web server strips the Authorization header.${f.said}`,
		hint: STRIPPED_HEADER_FIX,
	},
	{
		status: 401,
		code: 'unauthorized',
		message: (f) => `${f.siteUrl} rejected the credentials of user "${f.user}" (401).${f.said}`,
		hint: `${WRONG_PASSWORD_HINT} If they are right: ${STRIPPED_HEADER_FIX}`,
	},
	{
		status: 403,
		when: beforeWordPress,
		code: 'forbidden',
		message: refused,
		hint: 'A firewall or security plugin may be blocking the request before WordPress sees it.',
	},
	{ status: 403, code: 'forbidden', message: refused },
	{
		status: 413,
		when: beforeWordPress,
		code: 'too_large',
		message: (f) => `The web server in front of ${f.siteUrl} refused ${f.where} as too large (413) before WordPress saw it.`,
		hint: 'Its request body limit (nginx: client_max_body_size; PHP: post_max_size) is below what svc sends; 1 MB is enough.',
	},
	{ status: 413, code: 'too_large', message: (f) => `The site refused ${f.where} as too large (413).${f.said}` },
	{
		status: 422,
		code: 'push_rejected',
		// The per-file reasons are shown one by one; the site's summary would only repeat them.
		message: (f) => `The site rejected the push; nothing was written.${rejectedFiles(f).length === 0 ? f.said : ''}`,
		fileErrors: rejectedFiles,
	},
	{
		status: (status) => status >= 500,
		when: (f) => DATABASE_DOWN_PAGE.test(f.serverMessage ?? '') || (f.wp === undefined && DATABASE_DOWN_PAGE.test(f.body)),
		code: 'database_down',
		message: DATABASE_DOWN_MESSAGE,
		hint: DATABASE_DOWN_HINT,
	},
	{
		// nginx's, Apache's or a CDN's page: PHP did not answer (down, restarting, overloaded, timed out).
		status: (status) => status === 502 || status === 503 || status === 504,
		when: beforeWordPress,
		code: 'proxy_error',
		message: (f) => `The web server in front of ${f.siteUrl} answered ${f.where} with HTTP ${f.status} (${GATEWAY_STATUS[f.status] ?? 'error'}): WordPress did not answer it.`,
		hint: 'The site\'s PHP (PHP-FPM, the app server) is down, restarting, overloaded or too slow for the proxy; once it answers again, run the command again.',
	},
	{
		status: (status) => status >= 500,
		code: 'server_error',
		message: (f) => `The site failed with HTTP ${f.status} on ${f.where}.${f.said}`,
		hint: 'Check the site\'s PHP error log (svc logs lines starting with "Svc api/:").',
	},
	{
		status: (status) => status >= 400 && status < 500,
		when: (f) => f.wp !== undefined,
		code: 'bad_request',
		message: (f) => `The site rejected ${f.where} (${f.status}).${f.said}`,
	},
];

const GATEWAY_STATUS: Readonly<Record<number, string>> = { 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout' };

const UNEXPECTED_STATUS: Outcome = {
	code: 'bad_response',
	message: (f) => `The site answered ${f.where} with HTTP ${f.status}, which svc did not expect.${f.said}`,
};

/** The SvcError of a failed answer (not a redirect: site-redirects.ts says those). */
export function httpFailure(response: Answer, where: string, siteUrl: string, user: string, fail: Fail): SvcError {
	const failure = failureOf(response, where, siteUrl, user);
	const outcome = outcomeOf(failure);
	return fail(outcome.message(failure), {
		status: failure.status,
		...(failure.serverCode === undefined ? {} : { serverCode: failure.serverCode }),
		code: outcome.code,
		...(outcome.hint === undefined ? {} : { hint: outcome.hint }),
		...(outcome.slugs === undefined ? {} : { slugs: outcome.slugs(failure) }),
		...(outcome.fileErrors === undefined ? {} : { fileErrors: outcome.fileErrors(failure) }),
	});
}

function failureOf(response: Answer, where: string, siteUrl: string, user: string): Failure {
	const wp = wpErrorOf(response);
	const serverMessage = typeof wp?.message === 'string' && wp.message !== '' ? stripTags(wp.message) : undefined;
	return {
		status: response.status,
		where,
		siteUrl,
		user,
		wp,
		serverCode: typeof wp?.code === 'string' ? wp.code : undefined,
		serverMessage,
		said: serverMessage === undefined ? '' : ` The site said: ${serverMessage}`,
		body: response.body,
	};
}

function outcomeOf(failure: Failure): Outcome {
	const { status, serverCode } = failure;
	const known = serverCode === undefined ? undefined : WORDPRESS_CODES.find((row) => row.status === status && row.serverCodes.includes(serverCode));
	return (
		known ??
		BY_STATUS.find((row) => (typeof row.status === 'number' ? row.status === status : row.status(status)) && (row.when === undefined || row.when(failure))) ??
		UNEXPECTED_STATUS
	);
}

/** The plugin saw neither Authorization nor svc's own header: the web server stripped them. */
function credentialsStripped(failure: Failure): boolean {
	return failure.wp?.data?.svc_credentials === 'none';
}

/** No WordPress error code: what answered stands in front of WordPress. */
function beforeWordPress(failure: Failure): boolean {
	return failure.serverCode === undefined;
}

function refused(failure: Failure): string {
	return `${failure.siteUrl} refused ${failure.where} (403).${failure.said}`;
}

function notDeployed(failure: Failure): readonly string[] {
	const slugs = failure.wp?.data?.filenames;
	return isStringArray(slugs) ? slugs : [];
}

function activeNow(failure: Failure): string {
	const active = failure.wp?.data?.active;
	return typeof active === 'number' ? ` (release ${active} is active now)` : '';
}

function previewOutdated(failure: Failure): string {
	const active = typeof failure.wp?.data?.active === 'number' ? failure.wp.data.active : undefined;
	const madeOn = typeof failure.wp?.data?.preview_base === 'number' ? failure.wp.data.preview_base : undefined;
	return `Release ${active ?? '?'} became active on ${failure.siteUrl} after the preview was made against release ${madeOn ?? '?'}; promoting it would undo that. Nothing was changed.`;
}

function rejectedFiles(failure: Failure): FileError[] {
	return parseFileErrors(failure.wp?.data?.errors);
}

/** What a management route came with, as a message names it: `predates releases`. */
export type PluginFeature = 'releases' | 'the early cache';

/** 404 rest_no_route from a route that came with `feature`: the plugin is older than it. */
export function predates(fail: Fail, context: { siteUrl: string; where: string; feature: PluginFeature }): SvcError {
	return fail(`${context.siteUrl} has no ${context.where}: its svc plugin predates ${context.feature}, or is not active.`, {
		code: 'plugin_outdated',
		status: 404,
		serverCode: 'rest_no_route',
		hint: 'Update the svc plugin on the site to the one that ships with this CLI (svc plugin zip writes it), and activate it.',
	});
}

/** A hardened site refuses every write; `reason` is the site's own explanation. */
export function deployDisallowed(siteUrl: string, reason: string | undefined): SvcError {
	return new SvcError(disallowedMessage(siteUrl, reason), { code: 'deploy_disallowed', hint: DISALLOWED_HINT });
}

function disallowedMessage(siteUrl: string, reason: string | undefined): string {
	return `${siteUrl} does not allow deploying with svc${reason === undefined || reason === '' ? '.' : `: ${reason}`}`;
}

/** A 2xx answer that is not JSON: with its status and content type, which tell who answered. */
export function notJson(answer: Answer, where: string, fail: Fail): SvcError {
	return fail(`The site's answer to ${where} (HTTP ${answer.status}, ${headerValue(answer.headers['content-type']) ?? 'no content type'}) is not JSON.`, {
		code: 'bad_response',
		status: answer.status,
		hint: 'A caching, security or maintenance plugin may be answering instead of WordPress.',
	});
}

export function unexpected(where: string, fail: Fail): SvcError {
	return fail(`The site's answer to ${where} is not what svc expects.`, {
		code: 'bad_response',
		hint: 'The svc plugin on the site and this CLI may be different versions; update both.',
	});
}

export function throwUnexpected(where: string, fail: Fail): never {
	throw unexpected(where, fail);
}

function stripTags(text: string): string {
	return text.replace(/<[^>]*>/g, '').trim();
}
