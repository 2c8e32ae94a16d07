/**
 * What svc says when the site's answer is a failure, or not the answer it asked for: each becomes an
 * SvcError whose message names the request and whose hint names the fix. The builders take the
 * client's `fail`, which masks the password in whatever the site echoed.
 */
import { STRIPPED_HEADER_FIX, WRONG_CREDENTIALS, WRONG_PASSWORD_HINT } from './auth-hints.js';
import { SvcError } from './errors.js';
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

export function httpFailure(response: Answer, where: string, siteUrl: string, user: string, fail: Fail): SvcError {
	const { status } = response;
	const wp = wpErrorOf(response);
	const serverCode = typeof wp?.code === 'string' ? wp.code : undefined;
	const serverMessage = typeof wp?.message === 'string' && wp.message !== '' ? stripTags(wp.message) : undefined;
	const said = serverMessage === undefined ? '' : ` The site said: ${serverMessage}`;
	const base = { status, ...(serverCode === undefined ? {} : { serverCode }) };

	if (status === 401) {
		if (serverCode !== undefined && WRONG_CREDENTIALS.has(serverCode)) {
			return fail(`${siteUrl} rejected the credentials of user "${user}" (401, ${serverCode}).${said}`, { ...base, code: 'unauthorized', hint: WRONG_PASSWORD_HINT });
		}
		if (wp?.data?.svc_credentials === 'none') {
			// The plugin saw neither Authorization nor svc's own header: the server stripped them.
			return fail(`${siteUrl} answered as to a visitor (401): the credentials of user "${user}" did not reach WordPress; the web server strips the Authorization header.${said}`, {
				...base,
				code: 'unauthorized',
				hint: STRIPPED_HEADER_FIX,
			});
		}
		return fail(`${siteUrl} rejected the credentials of user "${user}" (401).${said}`, {
			...base,
			code: 'unauthorized',
			hint: `${WRONG_PASSWORD_HINT} If they are right: ${STRIPPED_HEADER_FIX}`,
		});
	}
	if (status === 403 && serverCode === 'svc_deploy_disallowed') {
		const error = deployDisallowed(siteUrl, serverMessage, status);
		return fail(error.message, { code: 'deploy_disallowed', status, serverCode, ...(error.hint === undefined ? {} : { hint: error.hint }) });
	}
	if (status === 403 && serverCode === 'svc_deploy_forbidden') {
		// A site administrator of a multisite network: they manage svc there, the network's super admins deploy.
		return fail(`User "${user}" may not deploy to ${siteUrl} (403).${said}`, {
			...base,
			code: 'forbidden',
			hint: 'Nothing was changed. Log in with a super admin of the network, or ask one to define( \'SVC_SITE_ADMINS_MAY_DEPLOY\', true ) in wp-config.php.',
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
		const slugs = isStringArray(wp?.data?.filenames) ? wp.data.filenames : [];
		return fail(`Not deployed on ${siteUrl}: ${slugs.join(', ') || 'unknown route'}. Nothing was removed.`, {
			...base,
			code: 'not_found',
			slugs,
			hint: 'Run "svc api list" to see the deployed routes.',
		});
	}
	if (status === 404 && serverCode === 'svc_release_not_found') {
		return fail(`That release is not kept on ${siteUrl}.${said}`, {
			...base,
			code: 'release_not_found',
			hint: 'Run "svc api releases" to see the releases the site keeps.',
		});
	}
	if (status === 409 && serverCode === 'svc_release_moved') {
		const active = typeof wp?.data?.active === 'number' ? ` (release ${wp.data.active} is active now)` : '';
		return fail(`Another push landed on ${siteUrl} since you planned${active}; nothing was changed.`, {
			...base,
			code: 'release_moved',
			hint: 'Run the push again: it plans against what the site has now.',
		});
	}
	if (status === 409 && serverCode === 'svc_preview_outdated') {
		const active = typeof wp?.data?.active === 'number' ? wp.data.active : undefined;
		const madeOn = typeof wp?.data?.preview_base === 'number' ? wp.data.preview_base : undefined;
		return fail(
			`Release ${active ?? '?'} became active on ${siteUrl} after the preview was made against release ${madeOn ?? '?'}; promoting it would undo that. Nothing was changed.`,
			{ ...base, code: 'preview_outdated', hint: 'Push a new preview (svc api push --preview), or promote this one anyway with --force.' },
		);
	}
	if (status === 410 && serverCode === 'svc_preview_expired') {
		return fail(`That preview has expired on ${siteUrl}: it can no longer be served or promoted. Nothing was changed.`, {
			...base,
			code: 'preview_expired',
			hint: 'Push it again with "svc api push --preview".',
		});
	}
	if (status === 409 && serverCode === 'svc_not_a_preview') {
		return fail(`That release is not a preview on ${siteUrl}; only a preview can be promoted.`, {
			...base,
			code: 'not_a_preview',
			hint: 'Run "svc api releases" to see the previews; to make an earlier release active again, use "svc api rollback <id>".',
		});
	}
	if (status === 409 && serverCode === 'svc_release_is_preview') {
		return fail(`That release is a preview on ${siteUrl}, never active: it cannot be rolled back to.`, {
			...base,
			code: 'release_is_preview',
			hint: 'Make it active with "svc api promote <id>".',
		});
	}
	if (status === 409 && serverCode === 'svc_no_previous_release') {
		return fail(`There is no earlier release on ${siteUrl} to roll back to.`, {
			...base,
			code: 'no_previous_release',
			hint: 'Run "svc api releases" to see the releases the site keeps.',
		});
	}
	if (status === 413) {
		if (serverCode !== undefined) {
			return fail(`The site refused ${where} as too large (413).${said}`, { ...base, code: 'too_large' });
		}
		return fail(`The web server in front of ${siteUrl} refused ${where} as too large (413) before WordPress saw it.`, {
			...base,
			code: 'too_large',
			hint: 'Its request body limit (nginx: client_max_body_size; PHP: post_max_size) is below what svc sends; 1 MB is enough.',
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

/** A hardened site refuses every write; `reason` is the site's own explanation. */
export function deployDisallowed(siteUrl: string, reason: string | undefined, status?: number): SvcError {
	return new SvcError(`${siteUrl} does not allow deploying with svc${reason === undefined || reason === '' ? '.' : `: ${reason}`}`, {
		code: 'deploy_disallowed',
		...(status === undefined ? {} : { status, serverCode: 'svc_deploy_disallowed' }),
		hint: 'Nothing was changed. The site\'s administrator decides: define( \'SVC_ALLOW_DEPLOY\', true ) in its wp-config.php allows svc on a site with DISALLOW_FILE_MODS.',
	});
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
