/**
 * The parsers of the answers no fake-site test of the client reads (secrets, the OpenAPI document)
 * and of those whose malformed forms it does not send: what each accepts, and that anything else is
 * undefined, which the client reports as an answer it did not expect.
 */
import { describe, expect, it } from '@jest/globals';
import { parseEarlyCacheStatus } from './doctor-early-cache.js';
import {
	parseAnswersPurge,
	parseCachePurge,
	parseCommitResult,
	parseList,
	parseOpenApi,
	parseRemoteFile,
	parseRemoval,
	parseRestIndex,
	parseSecretRecord,
	parseSecretSet,
	parseStageResult,
	parseUploadResult,
} from './site-parsers.js';

const RECORD = { filename: 'hello', hash: 'h', path: '/svc-api/v1/hello', methods: ['GET'], public: true, public_verbs: ['GET'] };
const WRITTEN = { slug: 'hello', hash: 'h', path: '/svc-api/v1/hello', methods: ['GET'], public: true, publicVerbs: ['GET'] };

describe('parseList', () => {
	it('reads every item, or nothing when one is not read or it is no array', () => {
		expect(parseList([1, 2], (item) => (typeof item === 'number' ? item * 2 : undefined))).toEqual([2, 4]);
		expect(parseList([1, 'x'], (item) => (typeof item === 'number' ? item : undefined))).toBeUndefined();
		expect(parseList({ 0: 1 }, () => 1)).toBeUndefined();
		expect(parseList([], () => undefined)).toEqual([]);
	});
});

describe('parseUploadResult', () => {
	it('reads written and checked, and takes written as checked when the site does not say', () => {
		expect(parseUploadResult({ written: [RECORD], checked: [], dry_run: false, syntax_check: 'php -l' })).toEqual({
			written: [WRITTEN],
			checked: [],
			dryRun: false,
			syntaxCheck: 'php -l',
		});
		expect(parseUploadResult({ written: [RECORD] })).toEqual({ written: [WRITTEN], checked: [WRITTEN], dryRun: false, syntaxCheck: 'unknown' });
	});

	it.each([null, {}, { written: 'x' }, { written: [{ filename: 'hello' }] }, { written: [], checked: [{ hash: 'h' }] }])('refuses %j', (answer) => {
		expect(parseUploadResult(answer)).toBeUndefined();
	});
});

describe('parseRemoval', () => {
	it('reads the removed slugs, with the release the removal made when the site names one', () => {
		expect(parseRemoval({ deleted: ['hello'] })).toEqual({ deleted: ['hello'] });
		expect(parseRemoval({ deleted: ['hello'], release: { id: 4, kind: 'remove', files: 0 } })).toMatchObject({ deleted: ['hello'], release: { id: 4, kind: 'remove' } });
		expect(parseRemoval({ deleted: [1] })).toBeUndefined();
		expect(parseRemoval(null)).toBeUndefined();
	});
});

describe('parseStageResult', () => {
	it('needs both lists of hashes', () => {
		expect(parseStageResult({ stored: ['a'], present: [] })).toEqual({ stored: ['a'], present: [], pauseMs: 0 });
		expect(parseStageResult({ stored: ['a'] })).toBeUndefined();
	});

	it('takes the pause the site asks for, bounded, and none when it asks for none or for nonsense', () => {
		expect(parseStageResult({ stored: [], present: ['a'], pause_ms: 85 })?.pauseMs).toBe(85);
		expect(parseStageResult({ stored: [], present: ['a'], pause_ms: 10 ** 9 })?.pauseMs).toBe(2000);
		expect(parseStageResult({ stored: [], present: ['a'], pause_ms: '85' })?.pauseMs).toBe(0);
	});
});

describe('secrets', () => {
	it('a listed secret has its name, when it was set and whether it can be read: nothing else is kept', () => {
		expect(parseSecretRecord({ name: 'STRIPE_KEY', updated: 1767000000, readable: true, value: 'never' })).toEqual({ name: 'STRIPE_KEY', updated: 1767000000, readable: true });
		expect(parseSecretRecord({ name: 'STRIPE_KEY', updated: '1767000000', readable: true })).toBeUndefined();
	});

	it('a set says whether the name was new, and when', () => {
		expect(parseSecretSet({ created: true, updated: 1767000000 })).toEqual({ created: true, updated: 1767000000 });
		expect(parseSecretSet({ created: 'yes', updated: 1767000000 })).toBeUndefined();
	});

	it('a change says whether the stored answers were purged, and why not, cut to one bounded reason', () => {
		expect(parseSecretSet({ created: false, updated: 1767000000, answers_purged: true })).toEqual({ created: false, updated: 1767000000, answersPurged: true });
		expect(parseAnswersPurge({ deleted: true, answers_purged: false, purge_problem: 'another purge is running' })).toEqual({ answersPurged: false, purgeProblem: 'another purge is running' });
		expect(parseAnswersPurge({ deleted: true, answers_purged: false, purge_problem: 'x'.repeat(10_000) }).purgeProblem).toHaveLength(300);
		// Older plugins say nothing of it; a field of another type is not taken for a yes or a no.
		expect(parseAnswersPurge({ deleted: true })).toEqual({});
		expect(parseAnswersPurge({ deleted: true, answers_purged: 'false' })).toEqual({});
		expect(parseAnswersPurge(null)).toEqual({});
	});
});

describe('parseOpenApi', () => {
	it('checks what svc reads and passes the rest on as the site sent it', () => {
		const document = { openapi: '3.1.0', paths: {}, info: { title: 'x' }, 'x-svc-failed': [] };
		expect(parseOpenApi(document)).toBe(document);
		expect(parseOpenApi({ openapi: '3.1.0', paths: null })).toBeUndefined();
		expect(parseOpenApi({ paths: {} })).toBeUndefined();
	});
});

describe('parseRestIndex', () => {
	it('keeps the namespaces that are strings, and says whether application passwords are on', () => {
		expect(parseRestIndex({ namespaces: ['wp/v2', 7, 'svc/v1'], authentication: { 'application-passwords': { endpoints: {} } } })).toEqual({
			namespaces: ['wp/v2', 'svc/v1'],
			applicationPasswords: true,
		});
		expect(parseRestIndex({ authentication: [] })).toEqual({ namespaces: [], applicationPasswords: false });
	});
});

describe('parseCommitResult', () => {
	const TOKEN = `svcp_${'0a'.repeat(32)}`;
	const commit = (preview: unknown) => ({ release: null, written: [], plan: { added: [], changed: [], removed: [] }, preview });

	it('reads a preview token in the plugin\'s format (Release\\PreviewToken)', () => {
		expect(parseCommitResult(commit({ token: TOKEN }))?.previewToken).toBe(TOKEN);
		expect(parseCommitResult(commit(undefined))).not.toHaveProperty('previewToken');
		expect(parseCommitResult(commit(null))).not.toHaveProperty('previewToken');
	});

	it.each([
		'svcp_$(touch${IFS}x)',
		`svcp_${'0a'.repeat(32)}\n`,
		`svcp_${'0a'.repeat(31)}`,
		`svcp_${'0A'.repeat(32)}`,
		`SVCP_${'0a'.repeat(32)}`,
		`${'0a'.repeat(32)}`,
		'',
		42,
	])('refuses the answer whose token is %j, as one svc cannot read', (token) => {
		expect(parseCommitResult(commit({ token }))).toBeUndefined();
	});
});

describe('the early cache', () => {
	it("keeps a listed route's hits and misses when both are whole numbers from 0 to 2^53 - 1", () => {
		expect(parseRemoteFile({ ...RECORD, early_cache: { hits: 12, misses: 3 } }, false)?.earlyCache).toEqual({ hits: 12, misses: 3 });
		expect(parseRemoteFile({ ...RECORD, early_cache: { hits: 0, misses: Number.MAX_SAFE_INTEGER } }, false)?.earlyCache).toEqual({ hits: 0, misses: Number.MAX_SAFE_INTEGER });
	});

	it.each([
		['missing', undefined],
		['null', null],
		['a list', [1, 2]],
		['negative hits', { hits: -1, misses: 3 }],
		['fractional misses', { hits: 1, misses: 0.5 }],
		['past what JSON holds exactly', { hits: Number.MAX_SAFE_INTEGER + 1, misses: 0 }],
		['huge', { hits: 1e308, misses: 0 }],
		['infinite', { hits: Infinity, misses: 0 }],
		['strings', { hits: '12', misses: '3' }],
		['one count missing', { hits: 12 }],
	])('leaves out early_cache %s, and keeps the rest of the record', (_case, earlyCache) => {
		const file = parseRemoteFile({ ...RECORD, early_cache: earlyCache }, false);
		expect(file).toMatchObject({ slug: 'hello', hash: 'h' });
		expect(file).not.toHaveProperty('earlyCache');
	});

	it('reads a purge: the slugs the site purged, or "all"', () => {
		expect(parseCachePurge({ purged: ['hello', 'users/[id]'] })).toEqual({ purged: ['hello', 'users/[id]'] });
		expect(parseCachePurge({ purged: [] })).toEqual({ purged: [] });
		expect(parseCachePurge({ purged: 'all' })).toEqual({ purged: 'all' });
	});

	it.each([null, {}, { purged: 'ALL' }, { purged: 'hello' }, { purged: [1] }, { purged: true }, { purged: null }])('refuses the purge answer %j', (answer) => {
		expect(parseCachePurge(answer)).toBeUndefined();
	});

	it("reads diagnostics' early_cache: entry and reason in svc's words, the store when it is one", () => {
		expect(parseEarlyCacheStatus({ entry: 'advanced-cache', reason: 'dropin_active', wp_cache: true, store: 'object-cache', published: true })).toEqual({
			entry: 'advanced-cache',
			reason: 'dropin_active',
			store: 'object-cache',
		});
		expect(parseEarlyCacheStatus({ entry: 'plugin', reason: 'wp_cache_off', store: 'disk' })).toEqual({ entry: 'plugin', reason: 'wp_cache_off', store: 'disk' });
		expect(parseEarlyCacheStatus({ entry: 'plugin', reason: 'foreign_dropin', store: '\u001b[31mredis' })).toEqual({ entry: 'plugin', reason: 'foreign_dropin', store: undefined });
	});

	it.each([
		undefined,
		null,
		'advanced-cache',
		{ entry: 'advanced-cache' },
		{ reason: 'dropin_active' },
		{ entry: 'edge', reason: 'dropin_active' },
		{ entry: 'plugin', reason: 'dropin_broken' },
		{ entry: 'plugin', reason: ['wp_cache_off'] },
		{ entry: 'PLUGIN', reason: 'wp_cache_off' },
	])('knows nothing of an early_cache it cannot read: %j', (value) => {
		expect(parseEarlyCacheStatus(value)).toBeUndefined();
	});
});
