/**
 * #[Cache] and #[RateLimit] on the production stack (nginx + PHP-FPM, opcache not revalidating):
 * the headers, the 304, the 429 before any route code runs, and a limit that holds across workers.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { checkRouteSource } from '../../source/core/php-lexical.js';
import { expectError } from './helpers/expectations.js';
import { OPEN, routeSource, uniqueClass } from './helpers/php-source.js';
import { call, push, pushOk, startSite, type WordPressSite } from './helpers/site.js';

jest.setTimeout(180_000);

const IMPORTS = 'use Svc\\Api\\Attribute\\Cache;\nuse Svc\\Api\\Attribute\\RateLimit;';

let site: WordPressSite;

beforeAll(async () => {
  site = await startSite();
  await pushOk(site, {
    'cached/open': routeSource(
      uniqueClass('CachedOpen'),
      [
        '\t#[Cache(maxAge: 300, staleWhileRevalidate: 60)]',
        "\tpublic function get( WP_REST_Request $request ): array|WP_Error {",
        "\t\tif ( 'yes' === $request->get_param( 'fail' ) ) { return new WP_Error( 'nope', 'Not found.', array( 'status' => 404 ) ); }",
        "\t\treturn array( 'items' => array( 1, 2, 3 ) );",
        '\t}',
        "\tpublic function post(): array { return array( 'posted' => true ); }",
      ].join('\n'),
      { ...OPEN, preamble: IMPORTS },
    ),
    'cached/closed': routeSource(uniqueClass('CachedClosed'), "\tpublic function get(): array { return array( 'secret' => 42 ); }", {
      preamble: IMPORTS,
      classAttribute: '#[Cache(maxAge: 120)]',
    }),
    'cached/own-headers': routeSource(
      uniqueClass('CachedOwnHeaders'),
      [
        "\tpublic function get(): array { return array( 'ok' => true ); }",
        "\tpublic function headers(): array { return array( 'Cache-Control' => 'no-store' ); }",
      ].join('\n'),
      { preamble: IMPORTS, classAttribute: '#[Permission(public: true)]\n#[Cache(maxAge: 60)]' },
    ),
    'cached/none': routeSource(uniqueClass('NotCached'), "\tpublic function get(): array { return array( 'ok' => true ); }", OPEN),
    'limited/counted': routeSource(
      uniqueClass('LimitedCounted'),
      [
        "\tpublic function get(): array { update_option( 'svc_e2e_limited_code', (int) get_option( 'svc_e2e_limited_code', 0 ) + 1 ); return array( 'ok' => true ); }",
        "\tpublic function permission( WP_REST_Request $request ): bool { update_option( 'svc_e2e_limited_permission', (int) get_option( 'svc_e2e_limited_permission', 0 ) + 1 ); return true; }",
      ].join('\n'),
      { preamble: IMPORTS, classAttribute: '#[RateLimit(requests: 3, per: 86400)]' },
    ),
    'limited/parallel': routeSource(
      uniqueClass('LimitedParallel'),
      ['\t#[RateLimit(requests: 5, per: 86400)]', "\tpublic function post(): array { return array( 'ok' => true ); }"].join('\n'),
      { ...OPEN, preamble: IMPORTS },
    ),
    'limited/probe': routeSource(
      uniqueClass('LimitedProbe'),
      "\tpublic function get(): array { return array( 'permission' => (int) get_option( 'svc_e2e_limited_permission', 0 ), 'code' => (int) get_option( 'svc_e2e_limited_code', 0 ) ); }",
      OPEN,
    ),
  });
});

afterAll(async () => {
  await site?.stop();
});

describe('#[Cache]', () => {
  it('gives a public GET a public Cache-Control and a strong ETag; If-None-Match with it answers 304 without a body', async () => {
    const first = await call(site, '/svc-api/v1/cached/open', { as: 'anonymous' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ items: [1, 2, 3] });
    expect(first.headers.get('cache-control')).toBe('public, max-age=300, stale-while-revalidate=60');
    // A shared cache keeps it apart from the answers a preview's token gets at the same URL.
    expect(first.headers.get('vary')?.split(/,\s*/)).toContain('X-Svc-Preview');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);

    const again = await call(site, '/svc-api/v1/cached/open', { as: 'anonymous' });
    expect(again.headers.get('etag')).toBe(etag);

    const notModified = await call(site, '/svc-api/v1/cached/open', { as: 'anonymous', headers: { 'If-None-Match': String(etag) } });
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe('');
    expect(notModified.headers.get('etag')).toBe(etag);
    expect(notModified.headers.get('cache-control')).toBe('public, max-age=300, stale-while-revalidate=60');

    const other = await call(site, '/svc-api/v1/cached/open', { as: 'anonymous', headers: { 'If-None-Match': '"something-else"' } });
    expect(other.status).toBe(200);
    expect(other.body).toEqual({ items: [1, 2, 3] });
  });

  it('never marks an error, or another verb, cacheable', async () => {
    const error = await call(site, '/svc-api/v1/cached/open?fail=yes', { as: 'anonymous' });
    expect(error.status).toBe(404);
    expect(error.headers.get('etag')).toBeNull();
    expect(error.headers.get('cache-control') ?? '').not.toContain('max-age=300');

    const post = await call(site, '/svc-api/v1/cached/open', { as: 'anonymous', method: 'POST' });
    expect(post.status).toBe(200);
    expect(post.headers.get('etag')).toBeNull();
  });

  it('makes a GET that needs authentication private, and a refused caller gets no cache headers', async () => {
    const admin = await call(site, '/svc-api/v1/cached/closed', { as: 'admin' });
    expect(admin.status).toBe(200);
    expect(admin.headers.get('cache-control')).toBe('private, max-age=120');
    expect(admin.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);

    const anonymous = await call(site, '/svc-api/v1/cached/closed', { as: 'anonymous' });
    expectError(anonymous, 401, 'rest_forbidden');
    expect(anonymous.headers.get('etag')).toBeNull();
  });

  it("lets a route's own headers() win, and changes nothing without the attribute", async () => {
    const own = await call(site, '/svc-api/v1/cached/own-headers', { as: 'anonymous' });
    expect(own.headers.get('cache-control')).toBe('no-store');

    const none = await call(site, '/svc-api/v1/cached/none', { as: 'anonymous' });
    expect(none.status).toBe(200);
    expect(none.headers.get('etag')).toBeNull();
    expect(none.headers.get('cache-control') ?? '').not.toContain('max-age=');
  });
});

describe('#[RateLimit]', () => {
  it('sends the RateLimit headers on every answer and refuses the next request with 429 before permission() or the verb runs', async () => {
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const ok = await call(site, '/svc-api/v1/limited/counted', { as: 'anonymous' });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('ratelimit-limit')).toBe('3');
      expect(Number(ok.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
      expect(ok.headers.get('retry-after')).toBeNull();
      remaining.push(ok.headers.get('ratelimit-remaining'));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const before = (await call(site, '/svc-api/v1/limited/probe', { as: 'anonymous' })).body;
    expect(before.code).toBe(3);

    const refused = await call(site, '/svc-api/v1/limited/counted', { as: 'anonymous' });
    expectError(refused, 429, 'svc_rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-limit')).toBe('3');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');

    const probe = await call(site, '/svc-api/v1/limited/probe', { as: 'anonymous' });
    // Neither permission() nor the verb ran for the refused request.
    expect(probe.body).toEqual(before);
    // The probe route has no limit: it pays nothing and shows nothing.
    expect(probe.headers.get('ratelimit-limit')).toBeNull();
  });

  it('holds across PHP-FPM workers: of 12 requests at once, exactly 5 are served', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => call(site, '/svc-api/v1/limited/parallel', { as: 'anonymous', method: 'POST' })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(5).fill(200), ...Array(7).fill(429)]);
    const remaining = answers.filter((answer) => answer.status === 200).map((answer) => answer.headers.get('ratelimit-remaining')).sort();
    expect(remaining).toEqual(['0', '1', '2', '3', '4']);
  });
});

describe('bad values are refused at push, naming the line, in the CLI\'s words', () => {
  it.each([
    ['cached/bad', '\t#[Cache(maxAge: -5)]', 'svc_bad_cache', 'invalid #[Cache]: line %d: #[Cache] on get(): maxAge must be a whole number from 0 to 31536000, written as a literal (svc reads it without running the file)'],
    ['limited/bad', '\t#[RateLimit(requests: 10)]', 'svc_bad_rate_limit', 'invalid #[RateLimit]: line %d: #[RateLimit] on get() needs per'],
  ])('%s', async (slug, attribute, code, words) => {
    const source = routeSource(uniqueClass('BadPolicy'), [attribute, "\tpublic function get(): array { return array(); }"].join('\n'), {
      ...OPEN,
      preamble: IMPORTS,
    });
    const line = source.split('\n').findIndex((text) => text === attribute) + 1;
    const response = await push(site, { [slug]: source });
    expectError(response, 422, 'svc_push_rejected');
    const message = words.replace('%d', String(line));
    expect(response.body.data.errors).toEqual([{ filename: slug, code, message }]);
    expect(checkRouteSource(source).problems).toEqual([{ code, message }]);
  });
});
