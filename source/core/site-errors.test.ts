/**
 * The error table row by row: each WordPress error code svc knows, answered as the plugin (or
 * WordPress) answers it, gives its own SvcError code and message; the answers no code takes are
 * told apart by status. The answers are the fake site's replies (test/fakes/fake-site.ts) as the
 * transport hands them on; the client around them is site-client.test.ts's.
 */
import { describe, expect, it } from '@jest/globals';
import { SvcError, type FileError, type SvcErrorCode } from './errors.js';
import { httpFailure, WORDPRESS_CODES } from './site-errors.js';
import type { Answer, Fail } from './site-transport.js';
import { wpError, type Reply } from '../../test/fakes/fake-site.js';

const SITE = 'https://example.com';
const WHERE = 'POST svc/v1/api-releases';
const fail: Fail = (message, details) => new SvcError(message, details);

/** What the fake site would send for `reply`, as site-transport.ts returns it. */
function answerOf(reply: Reply): Answer {
	return {
		status: reply.status ?? 200,
		headers: { 'content-type': reply.text === undefined ? 'application/json; charset=UTF-8' : 'text/plain', ...reply.headers },
		body: reply.text ?? JSON.stringify(reply.json ?? null),
		url: `${SITE}/wp-json/${WHERE.split(' ')[1]}`,
	};
}

function failureOf(reply: Reply): SvcError {
	return httpFailure(answerOf(reply), WHERE, SITE, 'admin', fail);
}

interface Expected {
	readonly code: SvcErrorCode;
	readonly message: string;
	readonly hint?: RegExp;
	readonly slugs?: readonly string[];
	readonly fileErrors?: readonly FileError[];
}

const WRONG_PASSWORD = /new application password.*svc login/;

/** One case per WordPress code the table knows; the last test keeps the two lists equal. */
const KNOWN: readonly [string, Reply, Expected][] = [
	...['incorrect_password', 'invalid_username', 'invalid_email', 'application_passwords_disabled_for_user'].map((code): [string, Reply, Expected] => [
		code,
		wpError(401, code, 'Unknown username. Check again or try your email address.'),
		{
			code: 'unauthorized',
			message: `${SITE} rejected the credentials of user "admin" (401, ${code}). The site said: Unknown username. Check again or try your email address.`,
			hint: WRONG_PASSWORD,
		},
	]),
	[
		'db_connect_fail',
		wpError(500, 'db_connect_fail', '<h1>Error establishing a database connection</h1>'),
		{ code: 'database_down', message: `${SITE} could not reach its database on ${WHERE} (500, "Error establishing a database connection").`, hint: /database .* is down/ },
	],
	[
		'svc_deploy_disallowed',
		wpError(403, 'svc_deploy_disallowed', 'This site forbids code changes (DISALLOW_FILE_MODS), so svc deploys nothing here.'),
		{
			code: 'deploy_disallowed',
			message: `${SITE} does not allow deploying with svc: This site forbids code changes (DISALLOW_FILE_MODS), so svc deploys nothing here.`,
			hint: /SVC_ALLOW_DEPLOY/,
		},
	],
	[
		'svc_deploy_forbidden',
		wpError(403, 'svc_deploy_forbidden', 'On this multisite network only super admins deploy route files.'),
		{
			code: 'forbidden',
			message: `User "admin" may not deploy to ${SITE} (403). The site said: On this multisite network only super admins deploy route files.`,
			hint: /SVC_SITE_ADMINS_MAY_DEPLOY/,
		},
	],
	[
		'rest_forbidden',
		wpError(403, 'rest_forbidden', 'Sorry, you are not allowed to do that.'),
		{ code: 'forbidden', message: `User "admin" is not an administrator on ${SITE} (403).`, hint: /manage_options/ },
	],
	[
		'rest_cannot_manage',
		wpError(403, 'rest_cannot_manage', 'Sorry, you are not allowed to manage options.'),
		{ code: 'forbidden', message: `User "admin" is not an administrator on ${SITE} (403).`, hint: /manage_options/ },
	],
	[
		'rest_no_route',
		wpError(404, 'rest_no_route', 'No route was found matching the URL and request method.'),
		{ code: 'plugin_inactive', message: `The svc plugin is not active on ${SITE}.`, hint: /activate the svc plugin/ },
	],
	[
		'svc_not_found',
		wpError(404, 'svc_not_found', 'Not deployed: hello, users/[id].', { filenames: ['hello', 'users/[id]'] }),
		{
			code: 'not_found',
			message: `Not deployed on ${SITE}: hello, users/[id]. Nothing was removed.`,
			hint: /svc api list/,
			slugs: ['hello', 'users/[id]'],
		},
	],
	[
		'svc_release_not_found',
		wpError(404, 'svc_release_not_found', 'Release 9 is not kept on this site.'),
		{ code: 'release_not_found', message: `That release is not kept on ${SITE}. The site said: Release 9 is not kept on this site.`, hint: /svc api releases/ },
	],
	[
		'svc_release_moved',
		wpError(409, 'svc_release_moved', 'Another release became active.', { active: 12 }),
		{ code: 'release_moved', message: `Another push landed on ${SITE} since you planned (release 12 is active now); nothing was changed.`, hint: /push again/ },
	],
	[
		'svc_preview_outdated',
		wpError(409, 'svc_preview_outdated', 'The preview is outdated.', { active: 12, preview_base: 10 }),
		{
			code: 'preview_outdated',
			message: `Release 12 became active on ${SITE} after the preview was made against release 10; promoting it would undo that. Nothing was changed.`,
			hint: /--force/,
		},
	],
	[
		'svc_preview_expired',
		wpError(410, 'svc_preview_expired', 'Preview 4 has expired.'),
		{ code: 'preview_expired', message: `That preview has expired on ${SITE}: it can no longer be served or promoted. Nothing was changed.`, hint: /--preview/ },
	],
	[
		'svc_not_a_preview',
		wpError(409, 'svc_not_a_preview', 'Release 3 is not a preview (it is a push release).'),
		{ code: 'not_a_preview', message: `That release is not a preview on ${SITE}; only a preview can be promoted.`, hint: /svc api rollback <id>/ },
	],
	[
		'svc_release_is_preview',
		wpError(409, 'svc_release_is_preview', 'Release 4 is a preview, never active.'),
		{ code: 'release_is_preview', message: `That release is a preview on ${SITE}, never active: it cannot be rolled back to.`, hint: /svc api promote <id>/ },
	],
	[
		'svc_no_previous_release',
		wpError(409, 'svc_no_previous_release', 'There is no earlier release to roll back to.'),
		{ code: 'no_previous_release', message: `There is no earlier release on ${SITE} to roll back to.`, hint: /svc api releases/ },
	],
];

/** Answers without a code of the table: told apart by status, and by what the answer carries. */
const BY_STATUS: readonly [string, Reply, Expected][] = [
	[
		'401 as to a visitor: the Authorization header was stripped',
		wpError(401, 'rest_forbidden', 'Sorry, you are not allowed to do that.', { svc_credentials: 'none' }),
		{
			code: 'unauthorized',
			message: `${SITE} answered as to a visitor (401): the credentials of user "admin" did not reach WordPress; the web server strips the Authorization header. The site said: Sorry, you are not allowed to do that.`,
			hint: /^Apache with PHP as CGI/,
		},
	],
	[
		'401 with another code: wrong, or stripped',
		wpError(401, 'rest_not_logged_in', 'You are not currently logged in.'),
		{
			code: 'unauthorized',
			message: `${SITE} rejected the credentials of user "admin" (401). The site said: You are not currently logged in.`,
			hint: /new application password.*If they are right: Apache with PHP as CGI/,
		},
	],
	[
		'403 from a firewall, not WordPress',
		{ status: 403, text: '<h1>Blocked</h1>' },
		{ code: 'forbidden', message: `${SITE} refused ${WHERE} (403).`, hint: /firewall or security plugin/ },
	],
	[
		'403 with a code svc does not know',
		wpError(403, 'wordfence_blocked', '<b>Blocked</b> by Wordfence.'),
		{ code: 'forbidden', message: `${SITE} refused ${WHERE} (403). The site said: Blocked by Wordfence.` },
	],
	[
		'413 from the web server in front',
		{ status: 413, text: '<html>413 Request Entity Too Large</html>' },
		{ code: 'too_large', message: `The web server in front of ${SITE} refused ${WHERE} as too large (413) before WordPress saw it.`, hint: /client_max_body_size/ },
	],
	[
		'413 from the site',
		wpError(413, 'svc_stage_full', 'The site holds too many staged contents.'),
		{ code: 'too_large', message: `The site refused ${WHERE} as too large (413). The site said: The site holds too many staged contents.` },
	],
	[
		'422 with per-file reasons, which stand for the summary',
		wpError(422, 'svc_push_rejected', 'One or more files failed the push-time checks.', {
			errors: [{ filename: 'hello', code: 'svc_syntax_error', message: 'PHP Parse error on line 9' }],
		}),
		{
			code: 'push_rejected',
			message: 'The site rejected the push; nothing was written.',
			fileErrors: [{ slug: 'hello', file: 'hello.php', code: 'svc_syntax_error', message: 'PHP Parse error on line 9' }],
		},
	],
	[
		'422 without them',
		wpError(422, 'svc_push_rejected', 'The api/ directory would exceed 8 MB.'),
		{ code: 'push_rejected', message: 'The site rejected the push; nothing was written. The site said: The api/ directory would exceed 8 MB.', fileErrors: [] },
	],
	[
		'503 while a route file stops PHP',
		wpError(503, 'svc_boot_fatal', 'A route file stopped PHP.'),
		{ code: 'server_error', message: `The site failed with HTTP 503 on ${WHERE}. The site said: A route file stopped PHP.`, hint: /error log/ },
	],
	[
		'500 from WordPress when its database is down, as HTML',
		{ status: 500, text: '<!DOCTYPE html><html><body><h1>Error establishing a database connection</h1></body></html>' },
		{ code: 'database_down', message: `${SITE} could not reach its database on ${WHERE} (500, "Error establishing a database connection").`, hint: /database .* is down/ },
	],
	[
		'500 from WordPress when its database is down, as a JSON wp_die',
		wpError(500, 'wp_die', '<h1>Error establishing a database connection</h1>'),
		{ code: 'database_down', message: `${SITE} could not reach its database on ${WHERE} (500, "Error establishing a database connection").`, hint: /database .* is down/ },
	],
	...([
		[502, 'Bad Gateway'],
		[503, 'Service Unavailable'],
		[504, 'Gateway Timeout'],
	] as const).map(([status, name]): [string, Reply, Expected] => [
		`${status} from the proxy in front of PHP`,
		{ status, text: `<html><head><title>${status} ${name}</title></head><body><center><h1>${status} ${name}</h1></center><hr><center>nginx</center></body></html>` },
		{ code: 'proxy_error', message: `The web server in front of ${SITE} answered ${WHERE} with HTTP ${status} (${name}): WordPress did not answer it.`, hint: /PHP .* is down, restarting/ },
	]),
	[
		'409 with a code svc does not know',
		wpError(409, 'svc_something_new', 'Something new.'),
		{ code: 'bad_request', message: `The site rejected ${WHERE} (409). The site said: Something new.` },
	],
	[
		'404 that is not WordPress',
		{ status: 404, text: 'Not Found' },
		{ code: 'bad_response', message: `The site answered ${WHERE} with HTTP 404, which svc did not expect.` },
	],
];

function expectFailure(error: SvcError, status: number, serverCode: string | undefined, expected: Expected): void {
	expect(error).toBeInstanceOf(SvcError);
	expect({ code: error.code, message: error.message, status: error.status, serverCode: error.serverCode, exitCode: error.exitCode }).toEqual({
		code: expected.code,
		message: expected.message,
		status,
		serverCode,
		exitCode: 1,
	});
	if (expected.hint === undefined) expect(error.hint).toBeUndefined();
	else expect(error.hint).toMatch(expected.hint);
	expect(error.slugs).toEqual(expected.slugs ?? []);
	expect(error.fileErrors).toEqual(expected.fileErrors ?? []);
}

function serverCodeOf(reply: Reply): string | undefined {
	return (reply.json as { code?: string } | undefined)?.code;
}

describe('each WordPress error code svc knows', () => {
	it.each(KNOWN)('%s', (_code, reply, expected) => {
		expectFailure(failureOf(reply), reply.status ?? 200, serverCodeOf(reply), expected);
	});

	it('is only known at the status it comes with: elsewhere the status decides', () => {
		expectFailure(failureOf(wpError(400, 'svc_not_found', 'Not deployed.')), 400, 'svc_not_found', {
			code: 'bad_request',
			message: `The site rejected ${WHERE} (400). The site said: Not deployed.`,
		});
	});

	it('each one of the table has a case here', () => {
		const inTable = WORDPRESS_CODES.flatMap((row) => row.serverCodes.map((code) => `${row.status} ${code}`));
		const tested = KNOWN.map(([code, reply]) => `${reply.status} ${code}`);
		expect(new Set(inTable).size).toBe(inTable.length);
		expect([...tested].sort()).toEqual([...inTable].sort());
	});
});

describe('any other failed answer, by status', () => {
	it.each(BY_STATUS)('%s', (_case, reply, expected) => {
		expectFailure(failureOf(reply), reply.status ?? 200, serverCodeOf(reply), expected);
	});
});
