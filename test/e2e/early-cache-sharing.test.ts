/**
 * What the early cache may share, in front of a real WordPress (nginx + PHP-FPM, opcache never
 * revalidating, svc's advanced-cache.php): one stored answer is only ever sent to a request WordPress
 * would have answered the same way. A path is keyed as WordPress routes it (not decoded), a
 * parameter's value keeps the order the route sees, a compressed answer is not stored, a rate-limited
 * route is left to WordPress (its limit and headers are per caller), and a revalidation (a CDN's
 * If-None-Match) with nothing stored is computed once as a plain GET, stored, and answered 304.
 * Runs with Redis Object Cache too (SVC_TEST_OBJECT_CACHE=redis).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { runWp } from '../support/wp-cli.js';
import { LOAD_RECORDER, loads as loadsOf } from './helpers/load-recorder.js';
import { routeSource, uniqueClass } from './helpers/php-source.js';
import { pushOk, startSite, type WordPressSite } from './helpers/site.js';

jest.setTimeout(300_000);

let site: WordPressSite;
let scratch: string;

/**
 * A plugin that compresses the answers of one route for clients that accept gzip, and one that
 * prints stray output for another and throws it away before the answer (the usual "fix invalid
 * JSON" snippet: ob_clean() in rest_pre_serve_request).
 */
const COMPRESSOR = `<?php
if ( str_contains( $_SERVER['REQUEST_URI'] ?? '', '/svc-api/v1/compressed' ) ) {
	ob_start( 'ob_gzhandler' );
}
if ( str_contains( $_SERVER['REQUEST_URI'] ?? '', '/svc-api/v1/cleaned' ) ) {
	echo 'STRAY-OUTPUT';
	add_filter( 'rest_pre_serve_request', static function ( $served ) { ob_clean(); return $served; }, 0 );
}
`;
const IMPORTS = 'use Svc\\Api\\Attribute\\Cache;\nuse Svc\\Api\\Attribute\\Args;\nuse Svc\\Api\\Attribute\\RateLimit;';

beforeAll(async () => {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'svc-early-sharing-'));
  writeFileSync(path.join(scratch, 'compressor.php'), COMPRESSOR);
  site = await startSite({ server: 'fpm', opcache: true, validateTimestamps: false, muPlugins: [LOAD_RECORDER, path.join(scratch, 'compressor.php')] });
  const enabled = await runWp(site.wpDir, ['svc', 'cache', 'enable']);
  expect(enabled.code).toBe(0);
  await site.restartServer({ server: 'fpm', opcache: true, validateTimestamps: false });
});

afterAll(async () => {
  await site?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const loads = (route: string): number => loadsOf(site, route);

const route = (name: string, body: string, classAttribute = '#[Permission(public: true)]'): string =>
  routeSource(uniqueClass(name), body, { classAttribute, preamble: IMPORTS });

async function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; state: string | null; body: string; headers: Headers }> {
  const response = await site.fetch(url, { as: 'anonymous', headers });
  const body = await response.text();
  return { status: response.status, state: response.headers.get('x-svc-cache'), body, headers: response.headers };
}

describe('what the early cache shares', () => {
  it('keys a path as WordPress routes it: an encoded character is not the character', async () => {
    await pushOk(site, {
      'echo/[id]': route('Echo', "\t#[Cache(maxAge: 300)]\n\tpublic function get( WP_REST_Request $request ): array {\n\t\treturn array( 'id' => $request['id'] );\n\t}"),
    });
    for (const [url, id] of [['/svc-api/v1/echo/%61bc', '%61bc'], ['/svc-api/v1/echo/abc', 'abc'], ['/svc-api/v1/echo/c%2Bplus', 'c%2Bplus'], ['/svc-api/v1/echo/c+plus', 'c+plus']] as const) {
      // What WordPress hands the route, computed or stored.
      const expected = (await site.fetch(url, { as: 'admin' }).then((response) => response.json())) as { id: string };
      expect(expected.id).toBe(id);
      for (let request = 0; request < 2; request++) expect(JSON.parse((await get(url)).body)).toEqual(expected);
    }
    expect((await get('/svc-api/v1/echo/abc')).state).toBe('HIT');
  });

  it('keeps the order of a parameter\'s values as the route gets them', async () => {
    await pushOk(site, {
      tagged: route(
        'Tagged',
        "\t#[Cache(maxAge: 300)]\n\t#[Args(['tags' => ['type' => 'array', 'items' => ['type' => 'string']]])]\n\tpublic function get( WP_REST_Request $request ): array {\n\t\treturn array( 'tags' => $request['tags'] );\n\t}",
      ),
    });
    for (let request = 0; request < 2; request++) expect(JSON.parse((await get('/svc-api/v1/tagged?tags[1]=x&tags[0]=y')).body)).toEqual({ tags: ['x', 'y'] });
    for (let request = 0; request < 2; request++) expect(JSON.parse((await get('/svc-api/v1/tagged?tags[]=y&tags[]=x')).body)).toEqual({ tags: ['y', 'x'] });
    expect((await get('/svc-api/v1/tagged?tags[]=y&tags[]=x')).state).toBe('HIT');
  });

  it('never sends a compressed answer to a client that did not ask for it', async () => {
    await pushOk(site, {
      compressed: route('Compressed', "\t#[Cache(maxAge: 300)]\n\tpublic function get(): array {\n\t\treturn array( 'hello' => str_repeat( 'world ', 50 ) );\n\t}"),
    });
    const gzipped = await site.fetch('/svc-api/v1/compressed', { as: 'anonymous', headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    await gzipped.arrayBuffer();
    for (let request = 0; request < 2; request++) {
      const plain = await get('/svc-api/v1/compressed', { 'Accept-Encoding': 'identity' });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(JSON.parse(plain.body)).toEqual({ hello: 'world '.repeat(50) });
    }
  });

  it("stores only the answer, never output a plugin threw away before it", async () => {
    await pushOk(site, {
      cleaned: route('Cleaned', "\t#[Cache(maxAge: 300)]\n\tpublic function get(): array {\n\t\treturn array( 'ok' => 3 );\n\t}"),
    });
    const miss = await get('/svc-api/v1/cleaned');
    expect([miss.state, miss.body]).toEqual(['MISS', '{"ok":3}']);
    const hit = await get('/svc-api/v1/cleaned');
    expect([hit.state, hit.body]).toEqual(['HIT', '{"ok":3}']);
  });

  it('leaves a rate-limited route to WordPress: each caller is counted and sees its own count', async () => {
    await pushOk(site, {
      limited: route('Limited', "\t#[Cache(maxAge: 300)]\n\tpublic function get(): array {\n\t\treturn array( 'ok' => 1 );\n\t}", '#[Permission(public: true)]\n#[RateLimit(requests: 3, per: 3600)]'),
    });
    const seen = [];
    for (let request = 0; request < 5; request++) {
      const answer = await get('/svc-api/v1/limited');
      seen.push({ status: answer.status, remaining: answer.headers.get('ratelimit-remaining'), state: answer.state });
    }
    expect(seen.map((answer) => answer.status)).toEqual([200, 200, 200, 429, 429]);
    expect(seen.slice(0, 3).map((answer) => answer.remaining)).toEqual(['2', '1', '0']);
    expect(seen.every((answer) => answer.state !== 'HIT')).toBe(true);
  });

  it('a revalidation with nothing stored is computed once as a plain GET and stored; its client gets the 304', async () => {
    await pushOk(site, {
      slow: route('Slow', "\t#[Cache(maxAge: 300)]\n\tpublic function get(): array {\n\t\tusleep( 500000 );\n\t\treturn array( 'at' => microtime( true ), 'asked' => $_SERVER['HTTP_IF_NONE_MATCH'] ?? null );\n\t}"),
    });
    const before = loads('slow');
    // A CDN revalidating a copy svc never stored: `*` matches any answer.
    const revalidation = get('/svc-api/v1/slow', { 'If-None-Match': '*' });
    await new Promise((resolve) => setTimeout(resolve, 60));
    const plain = await Promise.all([1, 2, 3, 4].map(() => get('/svc-api/v1/slow')));
    const answered = await revalidation;
    expect(answered.status).toBe(304);
    expect(answered.body).toBe('');
    expect(answered.state).toBe('MISS');
    // The plain GETs beside it waited for its answer: WordPress ran once, and never saw the header.
    expect(loads('slow') - before).toBe(1);
    expect(new Set(plain.map((answer) => answer.body)).size).toBe(1);
    expect(JSON.parse(plain[0]?.body ?? '{}')).toMatchObject({ asked: null });
    expect(plain.every((answer) => answer.status === 200 && answer.state === 'HIT')).toBe(true);
    // The 304 names the stored answer: its ETag revalidates it from then on, before WordPress loads.
    const etag = answered.headers.get('etag');
    expect(etag).toBe(plain[0]?.headers.get('etag'));
    expect(answered.headers.get('cache-control')).toBe(plain[0]?.headers.get('cache-control'));
    const again = await get('/svc-api/v1/slow', { 'If-None-Match': etag ?? '' });
    expect([again.status, again.state]).toEqual([304, 'HIT']);
    expect(loads('slow') - before).toBe(1);
  });

  it('a revalidation of an answer that is never stored is answered 304, as WordPress answers it', async () => {
    await pushOk(site, {
      cookied: route('Cookied', "\t#[Cache(maxAge: 300)]\n\tpublic function get(): array {\n\t\tsetcookie( 'seen', '1' );\n\t\treturn array( 'ok' => 1 );\n\t}"),
    });
    const plain = await get('/svc-api/v1/cookied');
    expect([plain.status, plain.state]).toEqual([200, 'MISS']);
    const etag = plain.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const revalidation = await get('/svc-api/v1/cookied', { 'If-None-Match': etag });
    expect([revalidation.status, revalidation.state, revalidation.body]).toEqual([304, 'MISS', '']);
    expect((await get('/svc-api/v1/cookied')).state).toBe('MISS');
  });

  it('a revalidation whose tag is out of date gets the whole answer, stored for the next caller', async () => {
    await pushOk(site, {
      tagged: route('Tagged', "\t#[Cache(maxAge: 300)]\n\tpublic function get(): array {\n\t\treturn array( 'at' => microtime( true ) );\n\t}"),
    });
    const before = loads('tagged');
    const full = await get('/svc-api/v1/tagged', { 'If-None-Match': '"an-old-tag"' });
    expect([full.status, full.state]).toEqual([200, 'MISS']);
    const next = await get('/svc-api/v1/tagged');
    expect([next.status, next.state, next.body]).toEqual([200, 'HIT', full.body]);
    expect(loads('tagged') - before).toBe(1);
  });
});
