/**
 * push, rm, releases and rollback in-process against the WordPress stand-in (test/fakes/), piped
 * like CI: which requests each one sends, what it prints, its JSON, and its exit code. The real
 * plugin is exercised by test/cli/.
 */
import { describe, expect, it } from '@jest/globals';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PASSWORD, USER, wpError, type SeenRequest } from '../../test/fakes/fake-site.js';
import { useFakeSite } from '../../test/fakes/use-fake-site.js';
import { useTempDir } from '../../test/fakes/temp-dir.js';
import { fakeIo } from '../../test/fakes/fake-io.js';
import { runCommand } from '../../test/fakes/run-command.js';
import type { ApiPushCommand, ApiReleasesCommand, ApiRmCommand, ApiRollbackCommand } from './registry.js';

type Runnable = ApiPushCommand | ApiRmCommand | ApiReleasesCommand | ApiRollbackCommand;

const site = useFakeSite();
const temp = useTempDir('svc-release-commands-');

async function run(command: Runnable) {
	const { io, written } = fakeIo({ SVC_URL: site.url, SVC_USER: USER, SVC_APP_PASSWORD: PASSWORD }, temp.dir, '', temp.configDir);
	return { ...(await runCommand(command, io)), ...written };
}

const push = (extra: Partial<ApiPushCommand> = {}): ApiPushCommand => ({
	name: 'api push',
	json: false,
	site: undefined,
	yes: false,
	dryRun: false,
	prune: false,
	preview: false,
	message: undefined,
	...extra,
});
const rollback = (extra: Partial<ApiRollbackCommand> = {}): ApiRollbackCommand => ({
	name: 'api rollback',
	json: false,
	site: undefined,
	yes: false,
	dryRun: false,
	to: undefined,
	message: undefined,
	...extra,
});
const releases = (json = false): ApiReleasesCommand => ({ name: 'api releases', json, site: undefined });

/** A valid route file; `size` pads it with a comment. */
function writeRoute(slug: string, className: string, size = 0): void {
	const file = path.join(temp.dir, 'api', `${slug}.php`);
	mkdirSync(path.dirname(file), { recursive: true });
	writeFileSync(file, `<?php\ndeclare(strict_types=1);\n// ${'x'.repeat(size)}\nfinal class ${className} { public function get(): array { return []; } }\n`);
}

const writes = (requests: readonly SeenRequest[]) =>
	requests.filter((request) => request.method !== 'GET').map((request) => `${request.method} ${request.route.replace('/svc/v1/', '')}`);

describe('svc api push', () => {
	it('stages the new files in several requests under the site\'s limit, commits one release, and --json says which', async () => {
		site.requestBytes = 9 * 1024;
		for (const [index, name] of ['alpha', 'beta', 'gamma', 'delta'].entries()) writeRoute(name, `Route${index}`, 3000);
		const result = await run(push({ json: true }));
		expect(result.exitCode).toBe(0);
		expect(result.stderr).toBe('');
		const stages = site.requests.filter((request) => request.route === '/svc/v1/api-blobs');
		expect(stages.length).toBe(2);
		expect(stages.every((request) => request.bytes <= 9 * 1024)).toBe(true);
		// Two requests' worth: the commit asks first which contents the site lacks (all of them here).
		expect(writes(site.requests)).toEqual(['POST api-releases', 'POST api-blobs', 'POST api-blobs', 'POST api-releases']);
		expect(JSON.parse(result.stdout)).toEqual({
			site: site.url,
			dryRun: false,
			added: ['alpha', 'beta', 'delta', 'gamma'],
			changed: [],
			unchanged: [],
			removed: [],
			kept: ['hello'],
			written: ['alpha', 'beta', 'delta', 'gamma'],
			deleted: [],
			publicRoutes: [],
			loadErrors: [],
			syntaxCheck: 'php',
			release: { id: 1, created: '2026-11-22T21:04:05Z', user: { id: 1, login: 'admin' }, kind: 'push', files: 5, added: 4, changed: 0, removed: 0, active: true, rollbackOf: null, promotedFrom: null, message: null, preview: null },
			staged: { files: 4, requests: 2, bytes: stages.reduce((sum, request) => sum + request.bytes, 0) },
		});
		expect([...site.files.keys()].sort()).toEqual(['alpha', 'beta', 'delta', 'gamma', 'hello']);
	});

	it('checks that the pushed files load by listing only them, or every file from a plugin that cannot list some', async () => {
		for (const [index, name] of ['alpha', 'beta', 'gamma'].entries()) writeRoute(name, `Route${index}`);
		writeRoute('hello', 'Hello');
		expect((await run(push({ json: true }))).exitCode).toBe(0);
		const listings = () => site.requests.filter((request) => request.method === 'GET' && request.route === '/svc/v1/api-files').map((request) => request.query.get('filenames'));
		const reads = () => site.requests.filter((request) => request.method === 'GET' && request.route === '/svc/v1/status').map((request) => request.query.get('listing'));
		// The plan's listing is whole, and comes with the status; the check after the commit names what was written.
		expect(reads()).toEqual(['true']);
		expect(listings()).toEqual(['alpha,beta,gamma,hello']);
		site.requests.length = 0;
		writeRoute('beta', 'BetaTwo');
		expect(JSON.parse((await run(push({ json: true }))).stdout)).toMatchObject({ written: ['beta'], loadErrors: [] });
		expect(listings()).toEqual(['beta']);
		site.requests.length = 0;
		site.listingFilenames = false;
		writeRoute('gamma', 'GammaTwo');
		expect((await run(push({ json: true }))).exitCode).toBe(0);
		expect(listings()).toEqual([null]);
		// A plugin that answers the status alone: the whole listing is asked for next.
		site.requests.length = 0;
		site.statusListing = false;
		writeRoute('gamma', 'GammaThree');
		expect((await run(push({ json: true }))).exitCode).toBe(0);
		expect(site.requests.slice(0, 2).map((request) => `${request.method} ${request.route}`)).toEqual(['GET /svc/v1/status', 'GET /svc/v1/api-files']);
		expect(listings()).toEqual([null, null]);
	});

	it('a later command goes straight to the REST root the first one found, and finds it again when the site moved it', async () => {
		const probes = () => site.arrived.filter((request) => /^\/(wp-json\/svc\/v1|\?rest_route=%2Fsvc%2Fv1)$/.test(request.url)).length;
		writeRoute('alpha', 'Alpha');
		expect((await run(push({ json: true }))).exitCode).toBe(0);
		expect(probes()).toBe(1);
		expect(readFileSync(path.join(temp.configDir, 'rest-roots.json'), 'utf8')).toContain(`${site.url}/wp-json/`);
		writeRoute('alpha', 'AlphaTwo');
		expect((await run(push({ json: true }))).exitCode).toBe(0);
		expect((await run(rollback({ yes: true, json: true }))).exitCode).toBe(0);
		expect(probes()).toBe(1);
		// Pretty permalinks turned off: /wp-json/ answers a 404 page; the push finds ?rest_route= and goes on.
		site.permalinks = 'plain';
		writeRoute('alpha', 'AlphaThree');
		const moved = await run(push({ json: true }));
		expect(moved.exitCode).toBe(0);
		expect(JSON.parse(moved.stdout)).toMatchObject({ written: ['alpha'] });
		expect(probes()).toBe(3);
		expect(readFileSync(path.join(temp.configDir, 'rest-roots.json'), 'utf8')).toContain('rest_route');
	});

	it('a rerun of a push that stopped part way sends only the contents the site lacks', async () => {
		site.requestBytes = 9 * 1024;
		for (const [index, name] of ['alpha', 'beta', 'gamma', 'delta'].entries()) writeRoute(name, `Route${index}`, 3000);
		// The first run stages one request's worth, then the connection is cut for good.
		let staged = 0;
		site.handler = (request) => (request.route === '/svc/v1/api-blobs' && staged++ >= 1 ? { write: (response) => response.socket?.destroy() } : site.answer(request));
		const first = await run(push({ json: true }));
		expect(first.exitCode).toBe(1);
		expect(JSON.parse(first.stdout)).toMatchObject({ code: 'connection_broken', committed: false, activeRelease: null });
		const sentBefore = site.requests.filter((request) => request.route === '/svc/v1/api-blobs' && request.method === 'POST').length;
		site.handler = (request) => site.answer(request);
		const rerun = await run(push({ json: true }));
		expect(rerun.exitCode).toBe(0);
		const stages = site.requests.filter((request) => request.route === '/svc/v1/api-blobs').slice(sentBefore);
		// What the first run staged is not sent again.
		expect(stages).toHaveLength(1);
		expect(JSON.parse(rerun.stdout)).toMatchObject({ release: { id: 1 }, staged: { files: 2, requests: 1 } });
		expect([...site.files.keys()].sort()).toEqual(['alpha', 'beta', 'delta', 'gamma', 'hello']);
	});

	it('with nothing changed and nothing to prune, sends no write at all', async () => {
		writeRoute('alpha', 'Alpha');
		expect((await run(push())).exitCode).toBe(0);
		site.requests.length = 0;
		const result = await run(push());
		expect(result.exitCode).toBe(0);
		expect(result.stdout).toContain('Nothing to push: already in sync.');
		expect(writes(site.requests)).toEqual([]);
		expect(site.releases).toHaveLength(1);
		const json = await run(push({ json: true }));
		expect(JSON.parse(json.stdout)).toMatchObject({ written: [], syntaxCheck: null, release: null, staged: { files: 0, requests: 0, bytes: 0 } });
		expect(writes(site.requests)).toEqual([]);
	});

	it('sends only the changed file\'s content, and names the new release in the summary', async () => {
		writeRoute('alpha', 'Alpha');
		writeRoute('beta', 'Beta');
		await run(push());
		site.requests.length = 0;
		writeRoute('beta', 'Beta', 10);
		const result = await run(push());
		expect(result.exitCode).toBe(0);
		const staged = site.requests.filter((request) => request.route === '/svc/v1/api-blobs').flatMap((request) => (request.body as { blobs: unknown[] }).blobs);
		expect(staged).toHaveLength(1);
		expect(result.stdout).toMatch(/~ beta\.php\s+changed/);
		expect(result.stdout).toContain(`✔ ${site.url}: pushed 1 file (1 changed); 1 unchanged. Release 2 is active.`);
	});

	it('--dry-run stages, lets the site check, and activates nothing', async () => {
		writeRoute('alpha', 'Alpha');
		const result = await run(push({ dryRun: true }));
		expect(result.exitCode).toBe(0);
		expect(result.stdout).toContain('Dry run: the site accepted 1 file. Nothing was written.');
		expect(writes(site.requests)).toEqual(['POST api-blobs', 'POST api-releases']);
		expect((site.requests.at(-1)?.body as { dry_run: boolean }).dry_run).toBe(true);
		expect(site.releases).toEqual([]);
		expect(site.files.has('alpha')).toBe(false);
	});

	it('--prune --yes removes in the same release', async () => {
		writeRoute('alpha', 'Alpha');
		const result = await run(push({ prune: true, yes: true, json: true }));
		expect(result.exitCode).toBe(0);
		expect(writes(site.requests)).toEqual(['POST api-blobs', 'POST api-releases']);
		expect(JSON.parse(result.stdout)).toMatchObject({ removed: ['hello'], deleted: ['hello'], release: { kind: 'prune', added: 1, removed: 1 } });
		expect([...site.files.keys()]).toEqual(['alpha']);
	});

	it('a hardened site: the plan is shown, then the site\'s reason; nothing is sent', async () => {
		site.deploy = { allowed: false, reason: 'DISALLOW_FILE_MODS is true on this site; define( \'SVC_ALLOW_DEPLOY\', true ) in wp-config.php to deploy with svc.' };
		writeRoute('alpha', 'Alpha');
		const result = await run(push());
		expect(result.exitCode).toBe(1);
		expect(result.stdout).toMatch(/\+ alpha\.php\s+new/);
		expect(result.stderr).toContain(`✖ Error: ${site.url} does not allow deploying with svc: DISALLOW_FILE_MODS is true on this site;`);
		expect(result.stderr).toContain("SVC_ALLOW_DEPLOY");
		expect(writes(site.requests)).toEqual([]);
	});

	it('another push landing after the plan: "run the push again", and nothing changes', async () => {
		writeRoute('alpha', 'Alpha');
		site.handler = (request) =>
			request.route === '/svc/v1/api-releases' ? wpError(409, 'svc_release_moved', 'Another release is active.', { active: 4 }) : site.answer(request);
		const result = await run(push());
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toContain(`✖ Error: Another push landed on ${site.url} since you planned (release 4 is active now); nothing was changed.`);
		expect(result.stderr).toContain('→ Run the push again');
		const json = await run(push({ json: true }));
		expect(JSON.parse(json.stdout)).toMatchObject({ code: 'release_moved', status: 409, serverCode: 'svc_release_moved', exitCode: 1 });
	});

	it('the database lost after the commit: release N is active, what could not be checked, exit 3, and --json says committed', async () => {
		writeRoute('alpha', 'Alpha');
		await run(push());
		writeRoute('beta', 'Beta');
		const dbDownAfterCommit = () => {
			let committed = false;
			return (request: SeenRequest) => {
				if (committed && request.method === 'GET') return wpError(500, 'db_connect_fail', '<h1>Error establishing a database connection</h1>');
				const reply = site.answer(request);
				if (request.route === '/svc/v1/api-releases' && request.method === 'POST') committed = true;
				return reply;
			};
		};
		site.handler = dbDownAfterCommit();
		const result = await run(push());
		expect(result.exitCode).toBe(3);
		expect(site.releases.at(-1)?.id).toBe(2);
		expect(result.stderr).toContain(
			`✖ Error: Release 2 is active on ${site.url} (pushed 1 file), but svc could not check it afterwards: ${site.url} could not reach its database on GET svc/v1/api-files (500, "Error establishing a database connection").`,
		);
		expect(result.stderr).toContain('→ The release is live.');
		expect(result.stderr).not.toContain('PHP error log');

		writeRoute('gamma', 'Gamma');
		site.handler = dbDownAfterCommit();
		const json = await run(push({ json: true }));
		expect(json.exitCode).toBe(3);
		expect(JSON.parse(json.stdout)).toMatchObject({ code: 'database_down', exitCode: 3, committed: true, activeRelease: 3 });
	});

	it('the database lost before the commit: nothing changed, the release the site still serves, exit 1; a rerun completes', async () => {
		writeRoute('alpha', 'Alpha');
		await run(push());
		writeRoute('beta', 'Beta');
		site.handler = (request) =>
			request.route === '/svc/v1/api-blobs' ? { status: 500, text: '<html><body><h1>Error establishing a database connection</h1></body></html>' } : site.answer(request);
		const result = await run(push({ json: true }));
		expect(result.exitCode).toBe(1);
		expect(JSON.parse(result.stdout)).toMatchObject({ code: 'database_down', committed: false, activeRelease: 1, exitCode: 1 });
		expect(JSON.parse(result.stdout).error).toMatch(/Nothing was changed: http:\/\/127\.0\.0\.1:\d+ still serves release 1\.$/);
		expect(site.releases).toHaveLength(1);
		site.handler = (request) => site.answer(request);
		const rerun = await run(push());
		expect(rerun.exitCode).toBe(0);
		expect(site.releases).toHaveLength(2);
	});

	it('a commit whose answer is lost every time: svc cannot tell, and says the rerun is safe', async () => {
		writeRoute('alpha', 'Alpha');
		site.handler = (request) => (request.route === '/svc/v1/api-releases' && request.method === 'POST' ? { write: (response) => response.socket?.destroy() } : site.answer(request));
		const result = await run(push({ json: true }));
		expect(result.exitCode).toBe(1);
		const document = JSON.parse(result.stdout) as Record<string, unknown>;
		expect(document).toMatchObject({ code: 'connection_broken', exitCode: 1 });
		expect(document.error).toMatch(/svc cannot tell whether http:\/\/127\.0\.0\.1:\d+ made the release\.$/);
		expect(document.hint).toMatch(/^Running the same command again is safe/);
		expect(document).not.toHaveProperty('committed');
		expect(result.stderr).toMatch(/↻ POST svc\/v1\/api-releases failed/);
	}, 30_000);

	it('a rejection lists each file by its local path, as before releases', async () => {
		writeRoute('alpha', 'Alpha');
		site.handler = (request) =>
			request.route === '/svc/v1/api-releases'
				? wpError(422, 'svc_push_rejected', 'Rejected.', { errors: [{ filename: 'alpha', code: 'svc_syntax_error', message: 'PHP Parse error: oops' }] })
				: site.answer(request);
		const result = await run(push());
		expect(result.exitCode).toBe(1);
		expect(result.stderr).toContain('✖ Error: The site rejected the push; nothing was written.');
		expect(result.stderr).toContain('api/alpha.php: PHP Parse error: oops');
	});

	it('a plugin from before releases gets the old single batch', async () => {
		site.legacy = true;
		writeRoute('alpha', 'Alpha');
		const result = await run(push({ json: true }));
		expect(result.exitCode).toBe(0);
		expect(writes(site.requests)).toEqual(['POST api-files']);
		expect(JSON.parse(result.stdout)).toMatchObject({ written: ['alpha'], release: null });
	});
});

describe('svc api rm', () => {
	it('names the release the removal made, in text and in JSON', async () => {
		site.files.set('other', '<?php\n');
		const text = await run({ name: 'api rm', json: false, site: undefined, yes: true, dryRun: false, slugs: ['hello'] });
		expect(text.stdout).toBe(`✔ Removed hello.php from ${site.url} (release 1).\n`);
		const json = await run({ name: 'api rm', json: true, site: undefined, yes: true, dryRun: false, slugs: ['other'] });
		expect(JSON.parse(json.stdout)).toEqual({ site: site.url, dryRun: false, removed: ['other'], deleted: ['other'], release: expect.objectContaining({ id: 2, kind: 'rm', removed: 1 }) });
	});

	it('a removal the site refused says nothing changed and which release it still serves; a lost answer, that svc cannot tell', async () => {
		site.files.set('other', '<?php\n');
		await run({ name: 'api rm', json: false, site: undefined, yes: true, dryRun: false, slugs: ['other'] });
		const removing = (request: SeenRequest): boolean => request.method === 'DELETE' && request.route === '/svc/v1/api-files';
		site.handler = (request) => (removing(request) ? wpError(500, 'svc_write_failed', 'svc could not write trees/.build-1: the disk is full; nothing was changed.') : site.answer(request));
		const refused = await run({ name: 'api rm', json: true, site: undefined, yes: true, dryRun: false, slugs: ['hello'] });
		expect(refused.exitCode).toBe(1);
		expect(JSON.parse(refused.stdout)).toMatchObject({ committed: false, activeRelease: 1, exitCode: 1 });
		expect((JSON.parse(refused.stdout) as { error: string }).error).toMatch(new RegExp(`nothing was changed\\. ${site.url.replace(/\./g, '\\.')} still serves release 1\\.$`));

		site.handler = (request) => (removing(request) ? { write: (response) => response.socket?.destroy() } : site.answer(request));
		const lost = await run({ name: 'api rm', json: false, site: undefined, yes: true, dryRun: false, slugs: ['hello'] });
		expect(lost.exitCode).toBe(1);
		expect(lost.stderr).toMatch(/svc cannot tell whether .* made the release\./);
		expect(lost.stderr).toContain('"svc api list" shows whether the routes are still deployed');
		// The removal before, the refused one, then one send and three retries with one id.
		expect(site.requests.filter(removing).length).toBe(2 + 4);
		expect(site.files.has('hello')).toBe(true);
	});

	it('says nothing of a release when the site does not', async () => {
		site.legacy = true;
		const result = await run({ name: 'api rm', json: false, site: undefined, yes: true, dryRun: false, slugs: ['hello'] });
		expect(result.stdout).toBe(`✔ Removed hello.php from ${site.url}.\n`);
	});
});

describe('svc api releases and rollback', () => {
	/** Release 1 adds alpha; release 2 changes alpha and adds beta. */
	async function history(): Promise<void> {
		writeRoute('alpha', 'Alpha');
		expect((await run(push())).exitCode).toBe(0);
		writeRoute('alpha', 'Alpha', 5);
		writeRoute('beta', 'Beta');
		expect((await run(push())).exitCode).toBe(0);
		site.requests.length = 0;
	}

	it('piped: a plain table with the active release marked; --json: the records', async () => {
		await history();
		const text = await run(releases());
		expect(text.stdout.split('\n')).toEqual([
			'ID  CREATED                  USER   KIND  FILES  CHANGES',
			' 2  2026-11-22 21:04:05 UTC  admin  push      3  +1 ~1 -0  [ACTIVE]',
			' 1  2026-11-22 21:04:05 UTC  admin  push      2  +1 ~0 -0',
			'',
		]);
		const json = await run(releases(true));
		expect(JSON.parse(json.stdout)).toEqual([
			expect.objectContaining({ id: 2, active: true, kind: 'push', added: 1, changed: 1, removed: 0, rollbackOf: null }),
			expect.objectContaining({ id: 1, active: false }),
		]);
	});

	it('says when there is no release yet', async () => {
		expect((await run(releases())).stdout).toBe(`No releases on ${site.url} yet: the first push makes one.\n`);
	});

	it('rollback without a terminal and without --yes shows the plan, refuses with exit 2, and changes nothing', async () => {
		await history();
		const result = await run(rollback());
		expect(result.exitCode).toBe(2);
		expect(result.stdout).toMatch(/^Roll back http:\/\/127\.0\.0\.1:\d+ to release 1 \(push by admin, 2026-11-22 21:04:05 UTC\)\n/);
		expect(result.stdout).toMatch(/~ alpha\.php\s+back to release 1's content/);
		expect(result.stdout).toMatch(/- beta\.php\s+remove from the site/);
		expect(result.stderr).toContain(`Refusing to roll ${site.url} back to release 1 without confirmation`);
		expect(writes(site.requests)).toEqual(['POST api-releases/rollback']);
		expect((site.requests.find((request) => request.route.endsWith('api-releases/rollback'))?.body as { dry_run: boolean }).dry_run).toBe(true);
		expect(site.releases).toHaveLength(2);
	});

	it('rollback --yes makes the previous release active again as a new release', async () => {
		await history();
		const result = await run(rollback({ yes: true }));
		expect(result.exitCode).toBe(0);
		expect(result.stdout).toContain(`✔ ${site.url}: rolled back to release 1; release 3 is active (1 changed, 1 removed).`);
		// Nothing to confirm with --yes: the real call, planned against the active release, is the only one.
		expect(site.requests.filter((request) => request.route === '/svc/v1/api-releases/rollback').map((request) => request.body)).toEqual([
			{ to: 1, base: 2, dry_run: false, commit_id: expect.stringMatching(/^[a-f0-9]{32}$/) },
		]);
		expect([...site.files.keys()].sort()).toEqual(['alpha', 'hello']);
		// A second rollback goes back to what the first one replaced.
		const again = await run(rollback({ yes: true }));
		expect(again.stdout).toContain(`✔ ${site.url}: rolled back to release 2; release 4 is active (1 restored, 1 changed).`);
		const json = await run(rollback({ to: 1, yes: true, json: true }));
		expect(JSON.parse(json.stdout)).toEqual({
			site: site.url,
			dryRun: false,
			from: 4,
			to: 1,
			added: [],
			changed: ['alpha'],
			removed: ['beta'],
			noop: false,
			written: ['alpha'],
			deleted: ['beta'],
			release: expect.objectContaining({ id: 5, kind: 'rollback', rollbackOf: 1, active: true }),
		});
	});

	it('rollback <id> --dry-run shows the plan and changes nothing', async () => {
		await history();
		const result = await run(rollback({ to: 1, dryRun: true }));
		expect(result.exitCode).toBe(0);
		expect(result.stdout).toContain('Dry run: the site accepted the rollback to release 1. Nothing was changed.');
		expect(site.releases).toHaveLength(2);
	});

	it('rollback to a release with the same files says so and changes nothing', async () => {
		await history();
		const result = await run(rollback({ to: 2, yes: true, json: true }));
		expect(result.exitCode).toBe(0);
		expect(JSON.parse(result.stdout)).toMatchObject({ to: 2, noop: true, written: [], deleted: [], release: null });
		expect(writes(site.requests)).toEqual(['POST api-releases/rollback']);
	});

	it('an id the site does not keep, or no earlier release, is an error naming what to run', async () => {
		await history();
		const unknown = await run(rollback({ to: 9, yes: true }));
		expect(unknown.exitCode).toBe(1);
		expect(unknown.stderr).toContain(`✖ Error: Release 9 is not kept on ${site.url} (kept: 2, 1).`);
		expect(unknown.stderr).toContain('svc api releases');
		site.reset();
		writeRoute('alpha', 'Alpha');
		await run(push());
		const first = await run(rollback({ yes: true }));
		expect(first.exitCode).toBe(1);
		expect(first.error?.code).toBe('no_previous_release');
		expect(writes(site.requests).filter((route) => route.includes('rollback'))).toEqual([]);
	});

	it('a release landing after the plan was made is refused by the site (base), and nothing changes', async () => {
		await history();
		site.handler = (request) => {
			const answer = site.answer(request);
			if (request.method === 'GET' && request.route === '/svc/v1/api-releases') site.answer({ ...request, method: 'DELETE', route: '/svc/v1/api-files', body: { filenames: ['hello'] } });
			return answer;
		};
		const result = await run(rollback({ yes: true }));
		expect(result.exitCode).toBe(1);
		expect(result.error?.code).toBe('release_moved');
		expect(result.stderr).toContain('nothing was changed');
		expect(site.releases.at(-1)?.kind).toBe('rm');
	});

	it('a hardened site refuses the rollback with its reason', async () => {
		await history();
		site.deploy = { allowed: false };
		const result = await run(rollback({ yes: true }));
		expect(result.exitCode).toBe(1);
		expect(result.error?.code).toBe('deploy_disallowed');
		expect(site.releases).toHaveLength(2);
	});
});
