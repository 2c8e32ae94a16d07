/**
 * The early cache in front of a real WordPress (nginx + PHP-FPM): svc's advanced-cache.php with
 * WP_CACHE on answers a stored #[Cache] GET before any plugin loads. A must-use plugin records every
 * load, so a request that reached WordPress's plugins is counted. The plugin does not install the
 * drop-in or publish the route index yet: the test does both with svc's own classes.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { routeSource, uniqueClass } from './helpers/php-source.js';
import { pushOk, startSite, type WordPressSite } from './helpers/site.js';

jest.setTimeout(300_000);

let site: WordPressSite;
let scratch: string;

const RECORDER = `<?php
file_put_contents( WP_CONTENT_DIR . '/loads.log', $_SERVER['REQUEST_URI'] . "\\n", FILE_APPEND );
`;

beforeAll(async () => {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'svc-early-'));
  writeFileSync(path.join(scratch, 'load-recorder.php'), RECORDER);
  // wp-config.php is edited while the site runs.
  site = await startSite({ server: 'fpm', validateTimestamps: true, muPlugins: [path.join(scratch, 'load-recorder.php')] });
});

afterAll(async () => {
  await site?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const loads = (): number => {
  const log = path.join(site.contentDir, 'loads.log');
  return existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter((line) => line.includes('/wp-json/svc-api/v1/cached')).length : 0;
};

/** What the plugin will do on a release: publish the active release's route index; and install the drop-in. */
const publish = (): Promise<string> =>
  site.php(`
    $c = new \\Svc\\Components( \\Svc\\Storage\\Paths::for_site() );
    $prefix = (string) wp_parse_url( rest_url( $c->route_namespace->get() . '/' ), PHP_URL_PATH );
    $index = \\Svc\\EarlyCache\\RouteIndex::build( $prefix, $c->store->verified()['files'] );
    echo ( new \\Svc\\EarlyCache\\IndexFile( WP_CONTENT_DIR . '/svc/early-cache/index' ) )->write( $index ) ? 'published' : 'failed';
  `);

const cachedRoute = (tag: string): string =>
  routeSource(
    uniqueClass('Cached'),
    `\t#[Cache(maxAge: 300)]\n\tpublic function get(): array {\n\t\treturn array( 'tag' => '${tag}', 'at' => microtime( true ) );\n\t}`,
    { classAttribute: '#[Permission(public: true)]', preamble: 'use Svc\\Api\\Attribute\\Cache;' },
  );

describe('svc early cache drop-in', () => {
  it('installs as advanced-cache.php with WP_CACHE on', async () => {
    const out = await site.php(`
      $config = ABSPATH . 'wp-config.php';
      $edited = \\Svc\\EarlyCache\\WpCacheConstant::enabled( (string) file_get_contents( $config ) );
      file_put_contents( $config, (string) $edited );
      $entry = WP_PLUGIN_DIR . '/svc/src/EarlyCache/entry.php';
      file_put_contents( WP_CONTENT_DIR . '/advanced-cache.php', \\Svc\\EarlyCache\\DropInSource::render( $entry ) );
      echo null === $edited ? 'no edit' : 'installed';
    `);
    expect(out).toBe('installed');
  });

  it('answers a hit before any plugin loads, the same answer as the miss, and a new release misses', async () => {
    await pushOk(site, { cached: cachedRoute('v1') });
    expect(await publish()).toBe('published');
    const before = loads();
    const miss = await site.fetch('/svc-api/v1/cached', { as: 'anonymous' });
    const missBody = await miss.text();
    expect(miss.status).toBe(200);
    expect(miss.headers.get('x-svc-cache')).toBe('MISS');
    expect(loads()).toBe(before + 1);

    const hit = await site.fetch('/svc-api/v1/cached', { as: 'anonymous' });
    expect(hit.headers.get('x-svc-cache')).toBe('HIT');
    expect(await hit.text()).toBe(missBody);
    expect(hit.headers.get('etag')).toBe(miss.headers.get('etag'));
    expect(hit.headers.get('cache-control')).toBe(miss.headers.get('cache-control'));
    expect(loads()).toBe(before + 1);
    // In the persistent object cache when the site has one (SVC_TEST_OBJECT_CACHE=redis), else on disk.
    const answers = path.join(site.contentDir, 'svc', 'early-cache', 'answers');
    const onDisk = existsSync(answers) && readdirSync(answers, { recursive: true }).some((name) => /svc-v1-[0-9a-f]{64}$/.test(String(name)));
    expect(onDisk).toBe(site.redisSocket === undefined);

    const notModified = await site.fetch('/svc-api/v1/cached', { as: 'anonymous', headers: { 'If-None-Match': miss.headers.get('etag') ?? '' } });
    expect(notModified.status).toBe(304);
    expect(loads()).toBe(before + 1);

    const loggedIn = await site.fetch('/svc-api/v1/cached', { as: 'admin' });
    expect(loggedIn.headers.get('x-svc-cache')).toBe('BYPASS');
    expect(loads()).toBe(before + 2);

    await pushOk(site, { cached: cachedRoute('v2') });
    expect(await publish()).toBe('published');
    const next = await site.fetch('/svc-api/v1/cached', { as: 'anonymous' });
    expect(next.headers.get('x-svc-cache')).toBe('MISS');
    expect(((await next.json()) as { tag: string }).tag).toBe('v2');
  });
});
