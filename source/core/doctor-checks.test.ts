import { describe, expect, it } from '@jest/globals';
import { compareVersions, diagnose, formatCheck, readDiagnostics, type DoctorFacts } from './doctor-checks.js';

const healthy: DoctorFacts = {
	siteUrl: 'http://127.0.0.1:8080',
	cliVersion: '0.1.0',
	restRoot: { ok: true, value: 'http://127.0.0.1:8080/wp-json/' },
	index: { ok: true, value: { namespaces: ['wp/v2', 'svc/v1'], applicationPasswords: true } },
	status: { ok: true, value: { deployAllowed: true, requestBytes: 1048576, fileBytes: 524288 } },
	diagnostics: {
		ok: true,
		value: readDiagnostics({
			plugin: { version: '0.1.0' },
			php: { syntax_binary: '/usr/bin/php8.2' },
			wordpress: { environment_type: 'local', https: false },
			storage: { path: 'wp-content/svc', writable: true },
			limits: { post_max_size: 8388608 },
			opcache: { enabled: true, validate_timestamps: false },
		}),
	},
	skipped: { ok: true, value: [] },
	project: { file: '/p/svc.json', apiLabel: 'api', apiExists: true, files: 2, problems: [] },
};

const statusOf = (facts: DoctorFacts) => Object.fromEntries(diagnose(facts).map((check) => [check.id, check.status]));

describe('diagnose', () => {
	it('passes a healthy local site and project', () => {
		expect(statusOf(healthy)).toEqual({ rest: 'ok', https: 'ok', auth: 'ok', plugin: 'ok', deploy: 'ok', storage: 'ok', syntax: 'ok', limits: 'ok', opcache: 'ok', skipped: 'ok', project: 'ok', api: 'ok' });
	});

	it('on a site run by several web nodes, names the nodes whose files drifted and says how to fix it', () => {
		const withNodes = (driftedNodes: string[]): DoctorFacts => ({ ...healthy, status: { ok: true, value: { deployAllowed: true, nodeCount: 2, driftedNodes } } });
		expect(diagnose(withNodes([])).find((check) => check.id === 'nodes')).toMatchObject({ status: 'ok', reason: expect.stringContaining('2 web nodes') });
		const drift = diagnose(withNodes(['web-2'])).find((check) => check.id === 'nodes');
		expect(drift).toMatchObject({ status: 'warn', reason: expect.stringContaining('web-2'), fix: expect.stringContaining('svc api push') });
		// A single-node site has no such line.
		expect(diagnose(healthy).some((check) => check.id === 'nodes')).toBe(false);
	});

	it('says when the REST root is the plain-permalink one', () => {
		const rest = diagnose({ ...healthy, restRoot: { ok: true, value: 'http://h/sub/?rest_route=%2F' } })[0];
		expect(rest).toMatchObject({ status: 'ok', reason: expect.stringContaining('plain permalinks') });
	});

	it('without a REST API, fails it and skips what depends on it', () => {
		const checks = statusOf({ ...healthy, restRoot: { ok: false, code: 'no_rest_api', message: 'No WordPress REST API answered.' } });
		expect(checks['rest']).toBe('fail');
		expect(checks['auth']).toBe('skip');
		expect(checks['api']).toBe('ok');
	});

	it('an http site that is not local has no application passwords', () => {
		const checks = diagnose({ ...healthy, index: { ok: true, value: { namespaces: ['svc/v1'], applicationPasswords: false } }, diagnostics: undefined, status: { ok: false, code: 'unauthorized', serverCode: 'rest_forbidden', status: 401, message: '401' } });
		expect(checks.find((check) => check.id === 'https')).toMatchObject({ status: 'fail', fix: expect.stringContaining("WP_ENVIRONMENT_TYPE") });
		expect(checks.find((check) => check.id === 'auth')?.status).toBe('skip');
	});

	it('a 401 answered as to a visitor: the Authorization header does not reach PHP', () => {
		const auth = diagnose({ ...healthy, status: { ok: false, code: 'unauthorized', serverCode: 'rest_forbidden', status: 401, message: '401' } }).find((check) => check.id === 'auth');
		expect(auth).toMatchObject({ status: 'fail', fix: expect.stringContaining('CGIPassAuth On') });
	});

	it('a wrong password is not blamed on the header', () => {
		const auth = diagnose({ ...healthy, status: { ok: false, code: 'unauthorized', serverCode: 'incorrect_password', status: 401, message: '401' } }).find((check) => check.id === 'auth');
		expect(auth).toMatchObject({ status: 'fail', reason: expect.stringContaining('incorrect_password'), fix: expect.stringContaining('svc login') });
	});

	it("says which header reached PHP: Authorization is ✔, svc's fallback alone is ⚠ with the server's fix", () => {
		const withAuth = (auth: Record<string, boolean>): DoctorFacts => ({
			...healthy,
			diagnostics: { ok: true, value: readDiagnostics({ plugin: { version: '0.1.0' }, auth: { fallback_enabled: true, ...auth } }) },
		});
		const byHeader = diagnose(withAuth({ authorization: true, fallback: true })).find((check) => check.id === 'auth');
		expect(byHeader).toMatchObject({ status: 'ok', reason: expect.stringContaining('in the Authorization header') });
		const byFallback = diagnose(withAuth({ authorization: false, fallback: true })).find((check) => check.id === 'auth');
		expect(byFallback).toMatchObject({ status: 'warn', reason: expect.stringContaining('only in svc\'s X-Svc-Authorization'), fix: expect.stringContaining('CGIPassAuth On') });
	});

	it.each([
		['Apache', 'CGIPassAuth On', 'fastcgi_param'],
		['nginx', 'fastcgi_param HTTP_AUTHORIZATION $http_authorization;', 'CGIPassAuth'],
		['LiteSpeed', 'RewriteRule .* - [E=HTTP_AUTHORIZATION:%{HTTP:Authorization}]', 'fastcgi_param'],
	])('the fix for a stripped header is the one for the server the site runs: %s', (software, says, not) => {
		const facts: DoctorFacts = {
			...healthy,
			diagnostics: { ok: true, value: readDiagnostics({ plugin: { version: '0.1.0' }, server: { software }, auth: { authorization: false, fallback: true, fallback_enabled: true } }) },
		};
		const auth = diagnose(facts).find((check) => check.id === 'auth');
		expect(auth?.reason).toContain(`${software} strips Authorization`);
		expect(auth?.fix).toContain(says);
		expect(auth?.fix).not.toContain(not);
	});

	it('warns on version skew, naming the side to update', () => {
		const older = { ...healthy, diagnostics: { ok: true as const, value: { ...(healthy.diagnostics as { value: ReturnType<typeof readDiagnostics> }).value, pluginVersion: '0.0.9' } } };
		expect(diagnose(older).find((check) => check.id === 'plugin')).toMatchObject({ status: 'warn', fix: expect.stringContaining('svc plugin zip') });
		expect(diagnose({ ...healthy, cliVersion: '0.0.1' }).find((check) => check.id === 'plugin')).toMatchObject({ status: 'warn', fix: 'Update the CLI: npm install -g svc@0.1.0.' });
	});

	it('an inactive plugin fails and skips the checks that need it', () => {
		const checks = statusOf({ ...healthy, index: { ok: true, value: { namespaces: ['wp/v2'], applicationPasswords: true } }, status: { ok: true, value: undefined } });
		expect(checks).toMatchObject({ plugin: 'fail', deploy: 'skip', skipped: 'skip', auth: 'skip' });
	});

	it('a hardened site, no PHP binary, small bodies, no opcache, skipped files, a broken project', () => {
		const checks = diagnose({
			...healthy,
			status: { ok: true, value: { deployAllowed: false, deployReason: 'DISALLOW_FILE_MODS is true', requestBytes: 512 * 1024, fileBytes: 524288 } },
			diagnostics: { ok: true, value: readDiagnostics({ plugin: { version: '0.1.0' }, php: { syntax_binary: null }, storage: { path: 'wp-content/svc', writable: false }, opcache: { enabled: false } }) },
			skipped: { ok: true, value: [{ slug: 'bad', error: 'two classes' }] },
			project: { file: undefined, apiLabel: 'api', apiExists: true, files: 1, problems: ['api/x.php: no class'] },
		});
		expect(Object.fromEntries(checks.map((check) => [check.id, check.status]))).toMatchObject({ deploy: 'fail', syntax: 'warn', storage: 'fail', limits: 'warn', opcache: 'warn', skipped: 'fail', project: 'warn', api: 'fail' });
		expect(checks.find((check) => check.id === 'skipped')?.reason).toContain('bad.php (two classes)');
		for (const check of checks.filter((c) => c.status === 'fail' || c.status === 'warn')) expect(check.fix).toEqual(expect.any(String));
	});

	it('says how pushes are compiled: in the push request with opcache, else with a binary, else not at all', () => {
		const syntaxOf = (php: Record<string, unknown>) => diagnose({ ...healthy, diagnostics: { ok: true, value: readDiagnostics({ plugin: { version: '0.1.0' }, php }) } }).find((check) => check.id === 'syntax');
		expect(syntaxOf({ syntax_in_process: true, syntax_binary: null })).toMatchObject({ status: 'ok', reason: expect.stringContaining('opcache, in the push request') });
		expect(syntaxOf({ syntax_in_process: false, syntax_binary: '/usr/bin/php8.2' })).toMatchObject({ status: 'ok', reason: 'Pushes are checked with /usr/bin/php8.2.' });
		// An older plugin says nothing of the in-process check.
		expect(syntaxOf({ syntax_binary: '/usr/bin/php8.2' })).toMatchObject({ status: 'ok', reason: 'Pushes are checked with /usr/bin/php8.2.' });
		expect(syntaxOf({ syntax_in_process: false, syntax_binary: null })).toMatchObject({ status: 'warn', fix: expect.stringContaining('opcache') });
	});

	it('warns when the secrets key is kept in the database, and only then', () => {
		const withKey = (key_source: unknown): DoctorFacts => ({
			...healthy,
			diagnostics: { ok: true, value: readDiagnostics({ plugin: { version: '0.1.0' }, secrets: { key: 'salts', key_source, key_usable: true, count: 1, unreadable: [] } }) },
		});
		expect(diagnose(withKey('database-salts')).find((check) => check.id === 'secrets-key')).toMatchObject({
			status: 'warn',
			reason: expect.stringContaining('database dump holds both the sealed secrets and the key'),
			fix: expect.stringContaining('SVC_SECRETS_KEY'),
		});
		for (const source of ['config-salts', 'constant', undefined, 'something newer']) expect(diagnose(withKey(source)).some((check) => check.id === 'secrets-key')).toBe(false);
	});

	describe('the early cache', () => {
		const withEarly = (early: unknown): DoctorFacts => ({
			...healthy,
			diagnostics: { ok: true, value: readDiagnostics({ plugin: { version: '0.1.0' }, early_cache: early }) },
		});
		const line = (early: unknown) => diagnose(withEarly(early)).find((check) => check.id === 'early-cache');

		it.each([
			['object-cache', 'advanced-cache.php, stored in the persistent object cache'],
			['disk', 'advanced-cache.php, stored on disk'],
			[undefined, 'advanced-cache.php'],
		])('✔ when svc\'s drop-in serves them before WordPress loads (store %s)', (store, where) => {
			expect(line({ entry: 'advanced-cache', reason: 'dropin_active', wp_cache: true, store, published: true })).toEqual({
				id: 'early-cache',
				status: 'ok',
				title: 'Early cache',
				reason: `Cached answers are served before WordPress loads (${where}).`,
			});
		});

		it.each([
			['wp_cache_off', /^Cached answers are served as the svc plugin loads \(WP_CACHE is off\); to serve them before any plugin loads, run "wp svc cache enable"/],
			['foreign_dropin', /^Cached answers are served as the svc plugin loads: another plugin's advanced-cache\.php \(a page cache\) is installed, and svc leaves it alone/],
		])('✔ %s: a working state, with a hint and no fix', (reason, said) => {
			const check = line({ entry: 'plugin', reason, wp_cache: reason !== 'wp_cache_off', store: 'disk', published: true });
			expect(check).toMatchObject({ status: 'ok', title: 'Early cache' });
			expect(check?.reason).toMatch(said);
			expect(check).not.toHaveProperty('fix');
		});

		it.each([
			['dropin_missing', /^WP_CACHE is on but svc's advanced-cache\.php is not installed/, 'Run "wp svc cache enable".'],
			['dropin_disabled', /^A filter turns advanced-cache\.php off \(enable_loading_advanced_cache_dropin\)/, /enable_loading_advanced_cache_dropin/],
		])('⚠ %s, with its fix', (reason, said, fix) => {
			const check = line({ entry: 'plugin', reason, wp_cache: true, store: 'disk', published: true });
			expect(check).toMatchObject({ status: 'warn', title: 'Early cache' });
			expect(check?.reason).toMatch(said);
			expect(check?.fix).toEqual(typeof fix === 'string' ? fix : expect.stringMatching(fix));
		});

		it('⚠ without a fix when the site says its drop-in is active yet serves as the plugin loads', () => {
			const check = line({ entry: 'plugin', reason: 'dropin_active', store: 'disk' });
			expect(check).toMatchObject({ status: 'warn', reason: expect.stringContaining('yet') });
			expect(check).not.toHaveProperty('fix');
		});

		it('says nothing of it from an older plugin, or when the site says it in words svc does not know', () => {
			expect(diagnose(healthy).some((check) => check.id === 'early-cache')).toBe(false);
			expect(line(undefined)).toBeUndefined();
			expect(line({ entry: 'plugin', reason: 'moon_phase' })).toBeUndefined();
			expect(line({ entry: 'edge', reason: 'dropin_active' })).toBeUndefined();
		});

		it('prints one line, its fix under it', () => {
			const check = line({ entry: 'plugin', reason: 'dropin_missing', store: 'disk' });
			expect(formatCheck(check!).split('\n')).toEqual([
				"⚠ Early cache          WP_CACHE is on but svc's advanced-cache.php is not installed, so cached answers are served after plugins load.",
				'                       → Run "wp svc cache enable".',
			]);
		});
	});

	it('without a site, says how to get one and still checks the project', () => {
		expect(statusOf({ siteUrl: undefined, noSite: 'No site selected.', cliVersion: '0.1.0', project: { ...healthy.project, apiExists: false } })).toEqual({ site: 'fail', project: 'ok', api: 'warn' });
	});
});

describe('helpers', () => {
	it('compares versions numerically', () => {
		expect(compareVersions('0.10.0', '0.9.1')).toBe(1);
		expect(compareVersions('1.0', '1.0.0')).toBe(0);
		expect(compareVersions('0.1.0', '0.2.0')).toBe(-1);
	});
	it('puts the fix under the line', () => {
		expect(formatCheck({ id: 'x', status: 'fail', title: 'X', reason: 'broken', fix: 'mend it' })).toBe(`✖ X${' '.repeat(19)} broken\n  ${' '.repeat(20)} → mend it`);
	});
});
