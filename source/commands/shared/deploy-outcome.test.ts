import { describe, expect, it } from '@jest/globals';
import { SvcError } from '../../core/errors.js';
import { deployFailure } from './deploy-outcome.js';

const SITE = 'https://example.com';

function said(error: unknown): SvcError {
	expect(error).toBeInstanceOf(SvcError);
	return error as SvcError;
}

describe('deployFailure', () => {
	it('after the commit: the release is live, exit 3, whatever failed next keeps its cause', () => {
		const cause = new SvcError('The site failed with HTTP 500 on GET svc/v1/api-files.', { code: 'database_down', status: 500, hint: 'The database is down.' });
		const error = said(deployFailure(cause, { phase: 'after-commit', site: SITE, before: 11, release: 12, done: 'pushed 3 files' }));
		expect(error.message).toBe(
			`Release 12 is active on ${SITE} (pushed 3 files), but svc could not check it afterwards: The site failed with HTTP 500 on GET svc/v1/api-files.`,
		);
		expect(error.hint).toBe('The release is live. "svc api list" shows what the site serves. The database is down.');
		expect(error).toMatchObject({ exitCode: 3, code: 'database_down', status: 500, deploy: { committed: true, activeRelease: 12 } });
		expect(error.toJSON()).toMatchObject({ exitCode: 3, committed: true, activeRelease: 12 });
	});

	it('before the commit: nothing changed, and the release the site still serves', () => {
		const cause = new SvcError('The connection to x broke during POST svc/v1/api-blobs (ECONNRESET), before the site answered.', { code: 'connection_broken', hint: 'Run it again.' });
		const error = said(deployFailure(cause, { phase: 'before-commit', site: SITE, before: 11 }));
		expect(error.message).toBe(`${cause.message} Nothing was changed: ${SITE} still serves release 11.`);
		expect(error).toMatchObject({ exitCode: 1, code: 'connection_broken', hint: 'Run it again.', deploy: { committed: false, activeRelease: 11 } });
		expect(error.toJSON()).toMatchObject({ exitCode: 1, committed: false, activeRelease: 11 });
		expect(said(deployFailure(cause, { phase: 'before-commit', site: SITE, before: null })).message).toMatch(/Nothing was changed: https:\/\/example\.com has no release yet\.$/);
	});

	it('a refusal of the commit itself changed nothing either', () => {
		const cause = new SvcError('The site rejected the push; nothing was written.', { code: 'push_rejected', status: 422 });
		const error = said(deployFailure(cause, { phase: 'committing', site: SITE, before: 4 }));
		expect(error.deploy).toEqual({ committed: false, activeRelease: 4 });
		// Said once.
		expect(error.message).toBe(`The site rejected the push; nothing was written. ${SITE} still serves release 4.`);
	});

	it('a commit whose answer was lost: unknown, with the rerun that settles it; no state claimed', () => {
		const cause = new SvcError('The connection to x broke during POST svc/v1/api-releases (ECONNRESET), before the site answered.', { code: 'connection_broken' });
		const error = said(deployFailure(cause, { phase: 'committing', site: SITE, before: 4 }));
		expect(error.message).toBe(`${cause.message} svc cannot tell whether ${SITE} made the release.`);
		expect(error.hint).toMatch(/^Running the same command again is safe/);
		expect(error.deploy).toBeUndefined();
		expect(error.exitCode).toBe(1);
	});

	it('PHP or the database failing during the commit may come after the database\'s commit: unknown; a write failure svc refused with is not', () => {
		const crash = new SvcError('The site failed with HTTP 500 on POST svc/v1/api-releases: There has been a critical error on this website.', {
			code: 'server_error',
			status: 500,
			serverCode: 'internal_server_error',
			hint: 'Check the site\'s PHP error log.',
		});
		const error = said(deployFailure(crash, { phase: 'committing', site: SITE, before: 4 }));
		expect(error.message).toBe(`${crash.message} svc cannot tell whether ${SITE} made the release.`);
		expect(error.hint).toMatch(/^Check the site's PHP error log\. Running the same command again is safe/);
		expect(error.deploy).toBeUndefined();
		const down = new SvcError('The site could not reach its database during POST svc/v1/api-releases.', { code: 'database_down', status: 500, serverCode: 'db_connect_fail', hint: 'Start the database.' });
		const lost = said(deployFailure(down, { phase: 'committing', site: SITE, before: 4 }));
		expect(lost.message).toMatch(/svc cannot tell whether https:\/\/example\.com made the release\.$/);
		expect(lost.hint).toMatch(/^Start the database\. Running the same command again is safe/);
		expect(lost.deploy).toBeUndefined();
		// Before the commit's request, a database that is down changed nothing.
		expect(said(deployFailure(down, { phase: 'before-commit', site: SITE, before: 4 })).deploy).toEqual({ committed: false, activeRelease: 4 });
		const refused = new SvcError('svc could not write trees/.build-x: the disk is full; nothing was changed.', { code: 'server_error', status: 500, serverCode: 'svc_write_failed' });
		expect(said(deployFailure(refused, { phase: 'committing', site: SITE, before: 4 })).deploy).toEqual({ committed: false, activeRelease: 4 });
	});

	it('a refusal that names the release active now is left as it is', () => {
		const cause = new SvcError('Another push landed (release 13 is active now); nothing was changed.', { code: 'release_moved', status: 409 });
		expect(deployFailure(cause, { phase: 'committing', site: SITE, before: 12 })).toBe(cause);
	});

	it('an interruption or a bug is not restated', () => {
		const interrupted = new SvcError('Interrupted.', { code: 'interrupted', exitCode: 130 });
		expect(deployFailure(interrupted, { phase: 'before-commit', site: SITE, before: 1 })).toBe(interrupted);
		const bug = new TypeError('x');
		expect(deployFailure(bug, { phase: 'after-commit', site: SITE, before: 1, release: 2 })).toBe(bug);
	});
});
