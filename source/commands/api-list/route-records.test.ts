import { describe, expect, it } from '@jest/globals';
import type { RemoteFile } from '../../core/site-client.js';
import { plainTable, toRecord } from './route-records.js';

const FILES: RemoteFile[] = [
	{ slug: 'hello', hash: 'h1', path: '/svc-api/v1/hello', route: '/svc-api/v1/hello', methods: ['GET'], public: true, publicVerbs: ['GET'] },
	{
		slug: 'users/[id]',
		hash: 'h2',
		path: '/svc-api/v1/users/[id]',
		route: '/svc-api/v1/users/(?P<id>[^/]+)',
		methods: ['GET', 'DELETE'],
		public: false,
	},
	{ slug: 'broken', hash: 'h3', path: '/svc-api/v1/broken', methods: [], public: false, error: 'PHP Parse error:\n  line 4' },
];

describe('toRecord', () => {
	it('has every key on every record, in the words every command uses: slug, route, verbs, public true or false, error or null', () => {
		const records = FILES.map((file) => toRecord(file));
		expect(records[0]).toEqual({
			slug: 'hello',
			file: 'hello.php',
			route: '/svc-api/v1/hello',
			pattern: '/svc-api/v1/hello',
			verbs: ['GET'],
			public: true,
			publicVerbs: ['GET'],
			hash: 'h1',
			size: null,
			error: null,
			cache: null,
			rateLimits: {},
			schedules: [],
			earlyCache: null,
		});
		expect(records[1]).toMatchObject({ public: false, publicVerbs: [], error: null, pattern: '/svc-api/v1/users/(?P<id>[^/]+)' });
		expect(records[2]).toMatchObject({ error: 'PHP Parse error:\n  line 4', pattern: null });
	});
});

describe('toRecord with policies', () => {
	it('carries #[Cache], #[RateLimit] per verb and #[Schedule] with its runs as the site listed them', () => {
		const schedules = [
			{ method: 'sync', recurrence: 'hourly', interval: 3600, nextRun: '2026-11-25T16:00:00Z', lastRun: { started: '2026-11-25T15:00:00Z', finished: '2026-11-25T15:00:02Z', outcome: 'ok', message: null } },
		];
		const record = toRecord({
			...FILES[0]!,
			cache: { maxAge: 300, staleWhileRevalidate: null },
			rateLimits: { GET: { requests: 60, per: 60, shared: false } },
			schedules,
		});
		expect(record).toMatchObject({ cache: { maxAge: 300, staleWhileRevalidate: null }, rateLimits: { GET: { requests: 60, per: 60, shared: false } }, schedules });
	});
});

describe('the early cache', () => {
	const cached = (file: RemoteFile, hits: number, misses: number): RemoteFile => ({ ...file, cache: { maxAge: 300, staleWhileRevalidate: null }, earlyCache: { hits, misses } });

	it('passes the counts through to --json as earlyCache, null on a route not cached early', () => {
		expect(toRecord(cached(FILES[0]!, 12, 3))).toMatchObject({ earlyCache: { hits: 12, misses: 3 } });
		expect(toRecord(FILES[1]!)).toMatchObject({ earlyCache: null });
	});

	it('adds CACHE HITS (hits / misses) to the plain table, blank where a route is not cached early', () => {
		expect(plainTable([cached(FILES[0]!, 12, 3), FILES[1]!, FILES[2]!]).split('\n')).toEqual([
			'ROUTE                   FILE            METHODS     CACHE HITS',
			'/svc-api/v1/hello       hello.php       GET         12 / 3      [PUBLIC]',
			'/svc-api/v1/users/[id]  users/[id].php  GET,DELETE',
			'/svc-api/v1/broken      broken.php      -                       [FAILED TO LOAD] PHP Parse error: line 4',
		]);
	});
});

describe('plainTable', () => {
	it('aligns route, file and methods, badges [PUBLIC], and keeps each load error on its row', () => {
		expect(plainTable(FILES).split('\n')).toEqual([
			'ROUTE                   FILE            METHODS',
			'/svc-api/v1/hello       hello.php       GET         [PUBLIC]',
			'/svc-api/v1/users/[id]  users/[id].php  GET,DELETE',
			'/svc-api/v1/broken      broken.php      -           [FAILED TO LOAD] PHP Parse error: line 4',
		]);
	});
});
