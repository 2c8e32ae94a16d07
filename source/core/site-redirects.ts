/**
 * Redirects and the password: the password goes only to the origin (scheme, host, port) the user
 * logged in with. Discovery may follow a redirect on that origin to learn where the REST API is;
 * a redirect anywhere else stops svc with the address it was sent to and how to log in there.
 * Calls that carry the password follow no redirect at all.
 */
import type { SvcError } from './errors.js';
import type { Fail } from './site-transport.js';
import { shellWord } from './shell-word.js';

/** Redirects discovery follows on the same origin before it gives up (a loop, or a long chain). */
export const MAX_REDIRECTS = 10;

/** Where a 3xx answer sends the client, resolved against the address asked; undefined for any other answer. */
export function redirectTarget(status: number, location: string | undefined, asked: URL): URL | undefined {
	if (status < 300 || status >= 400 || location === undefined || location === '') return undefined;
	try {
		return new URL(location, asked);
	} catch {
		return undefined;
	}
}

export function sameOrigin(a: URL, b: URL): boolean {
	// URL.origin is scheme, host and port, with the scheme's default port made explicit-equal.
	return a.origin === b.origin;
}

/**
 * The site address to log in with when the REST API lives at `target`: the part before /wp-json/
 * (or the path of a `?rest_route=` address), without credentials, query or fragment.
 */
export function siteAddressOf(target: URL): string {
	const path = target.pathname;
	const restAt = path.indexOf('/wp-json');
	const base = restAt >= 0 ? path.slice(0, restAt) : target.searchParams.has('rest_route') ? path : '';
	return `${target.protocol}//${target.host}${base}`.replace(/\/+$/, '');
}

/** How `to` differs from `from`: "from https to http", "another host (localhost)", "another port (8081)". */
export function originChange(from: URL, to: URL): string {
	const changes: string[] = [];
	if (from.protocol !== to.protocol) changes.push(`from ${from.protocol.slice(0, -1)} to ${to.protocol.slice(0, -1)}`);
	if (from.hostname !== to.hostname) changes.push(`another host (${to.hostname})`);
	if (portOf(from) !== portOf(to)) changes.push(`another port (${portOf(to)})`);
	return changes.join(', ');
}

function portOf(url: URL): string {
	return url.port !== '' ? url.port : url.protocol === 'https:' ? '443' : '80';
}

/** Without user:password, query or fragment: a redirect target as messages show it. */
export function shownAddress(url: URL): string {
	const shown = new URL(url);
	shown.username = '';
	shown.password = '';
	shown.search = '';
	shown.hash = '';
	return shown.toString();
}

/**
 * The site sent svc to another origin (at discovery or on a call): stop, name the address, and
 * say how to log in with it. `where` is the request (`GET svc/v1/api-files`).
 */
export function redirectedElsewhere(fail: Fail, context: { siteUrl: string; where: string; status?: number; to: URL }): SvcError {
	const { siteUrl, where, status, to } = context;
	const from = new URL(siteUrl);
	const address = siteAddressOf(to);
	const downgrade = from.protocol === 'https:' && to.protocol === 'http:';
	return fail(
		`${siteUrl} redirected ${where} to ${shownAddress(to)}: ${originChange(from, to)}. svc sends the application password only to the address you logged in with, so it stopped and sent nothing there.`,
		{
			code: 'redirected',
			...(status === undefined ? {} : { status }),
			hint: `${downgrade ? `Over http the password would travel unencrypted; a site that moves from https to http is misconfigured (or not the site). ` : ''}If ${address} is the site's real address, log in with it: svc login --url ${shellWord(address)}`,
		},
	);
}

/** A call that carries the password was redirected on the same origin: not followed either. */
export function redirectedCall(fail: Fail, context: { where: string; status: number; to: URL | undefined }): SvcError {
	const { where, status, to } = context;
	const address = to === undefined ? undefined : siteAddressOf(to);
	return fail(`The site redirected ${where} to ${to === undefined ? 'another address' : shownAddress(to)}; svc does not follow a redirect with the password.`, {
		code: 'redirected',
		status,
		hint:
			address === undefined
				? 'Log in again with the address the site redirects to: svc login --url <that address>'
				: `If the site now lives at ${address}, log in with that address: svc login --url ${shellWord(address)}`,
	});
}

/** Discovery went round in circles, or further than any site needs. */
export function tooManyRedirects(fail: Fail, context: { siteUrl: string; where: string; status: number }): SvcError {
	return fail(`${context.siteUrl} redirected ${context.where} more than ${MAX_REDIRECTS} times.`, {
		code: 'redirected',
		status: context.status,
		hint: 'The site redirects in a loop: check its WordPress Address and Site Address (Settings → General) and its web server\'s rewrite rules.',
	});
}
