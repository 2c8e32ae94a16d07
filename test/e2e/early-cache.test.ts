/**
 * The early cache in front of a real WordPress (nginx + PHP-FPM, opcache never revalidating, as in
 * production): `wp svc cache enable` turns WP_CACHE on and installs svc's advanced-cache.php, and a
 * stored #[Cache] GET is answered before any plugin loads. A must-use plugin records every load, so
 * a request that reached WordPress's plugins is counted. Releases, purges and another node's push
 * (its stamp written as that node would) make exactly the changed answers unreachable. Runs with
 * Redis Object Cache too (SVC_TEST_OBJECT_CACHE=redis): the answers are then kept in Redis.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { runWp } from '../support/wp-cli.js';
import { LOAD_RECORDER, loads as loadsOf } from './helpers/load-recorder.js';
import { cachedGet, publicGet, uniqueClass } from './helpers/php-source.js';
import { call, list, pushOk, startSite, type WordPressSite } from './helpers/site.js';

jest.setTimeout(300_000);

let site: WordPressSite;
beforeAll(async () => {
  site = await startSite({ server: 'fpm', opcache: true, validateTimestamps: false, muPlugins: [LOAD_RECORDER] });
});

afterAll(async () => {
  await site?.stop();
});

const loads = (slug: string): number => loadsOf(site, slug);

const anonymous = async (slug: string): Promise<{ state: string | null; body: string; etag: string | null; cacheControl: string | null }> => {
  const response = await site.fetch(`/svc-api/v1/${slug}`, { as: 'anonymous' });
  expect(response.status).toBe(200);
  return { state: response.headers.get('x-svc-cache'), body: await response.text(), etag: response.headers.get('etag'), cacheControl: response.headers.get('cache-control') };
};

describe('svc early cache', () => {
  it('is turned on by the administrator: WP_CACHE in wp-config.php and svc\'s advanced-cache.php', async () => {
    const enabled = await runWp(site.wpDir, ['svc', 'cache', 'enable']);
    expect(enabled.stderr).not.toContain('Error');
    expect(enabled.code).toBe(0);
    expect(readFileSync(path.join(site.wpDir, 'wp-config.php'), 'utf8')).toMatch(/define\( 'WP_CACHE', true \);/);
    expect(readFileSync(path.join(site.contentDir, 'advanced-cache.php'), 'utf8')).toContain('svc early cache drop-in');
    expect(enabled.stdout).toContain('reload PHP-FPM');
    // Its opcache never revalidates: wp-config.php is read again after a reload, as the command says.
    await site.restartServer({ server: 'fpm', opcache: true, validateTimestamps: false });
    const diagnostics = await call(site, '/svc/v1/diagnostics');
    expect(diagnostics.body.early_cache).toMatchObject({ entry: 'advanced-cache', reason: 'dropin_active', wp_cache: true, store: site.redisSocket === undefined ? 'disk' : 'object-cache' });
  });

  it('answers a hit before any plugin loads, the same answer as the miss, and never for a credentialed caller', async () => {
    await pushOk(site, { cached: cachedGet('v1') });
    const before = loads('cached');
    const miss = await anonymous('cached');
    expect(miss.state).toBe('MISS');
    expect(loads('cached')).toBe(before + 1);

    const hit = await anonymous('cached');
    expect(hit.state).toBe('HIT');
    expect(hit.body).toBe(miss.body);
    expect(hit.etag).toBe(miss.etag);
    expect(hit.cacheControl).toBe(miss.cacheControl);
    expect(loads('cached')).toBe(before + 1);
    // In the persistent object cache when the site has one, else on disk.
    const answers = path.join(site.contentDir, 'svc', 'early-cache', 'answers');
    const onDisk = existsSync(answers) && readdirSync(answers, { recursive: true }).some((name) => /svc-v1-[0-9a-f]{64}$/.test(String(name)));
    expect(onDisk).toBe(site.redisSocket === undefined);

    const notModified = await site.fetch('/svc-api/v1/cached', { as: 'anonymous', headers: { 'If-None-Match': miss.etag ?? '' } });
    expect(notModified.status).toBe(304);
    expect(loads('cached')).toBe(before + 1);

    for (const as of ['admin', 'subscriber'] as const) {
      const credentialed = await site.fetch('/svc-api/v1/cached', { as });
      expect(credentialed.headers.get('x-svc-cache')).toBe('BYPASS');
      expect(await credentialed.text()).not.toBe(miss.body);
    }
    expect(loads('cached')).toBe(before + 3);

    const { records } = await list(site);
    const counted = records.find((entry) => entry.filename === 'cached') as { early_cache?: { hits: number; misses: number } } | undefined;
    expect(counted?.early_cache).toEqual({ hits: 2, misses: 1 });
  });

  it('says BYPASS for a public route without #[Cache], and nothing for a path no route serves', async () => {
    await pushOk(site, { plain: publicGet(uniqueClass('Plain'), 'plain') });
    for (let round = 0; round < 2; round++) {
      const plain = await site.fetch('/svc-api/v1/plain', { as: 'anonymous' });
      expect(plain.status).toBe(200);
      expect(plain.headers.get('x-svc-cache')).toBe('BYPASS');
      expect(await plain.json()).toEqual({ route: 'plain' });
    }
    const none = await site.fetch('/svc-api/v1/no-such-route', { as: 'anonymous' });
    expect(none.status).toBe(404);
    expect(none.headers.get('x-svc-cache')).toBeNull();
  });

  it('a release purges the changed route only; a purge by hand and another node\'s purge reach this node', async () => {
    const keptSource = cachedGet('kept');
    await pushOk(site, { cached: cachedGet('v1'), kept: keptSource });
    const kept = await anonymous('kept');
    expect((await anonymous('kept')).state).toBe('HIT');

    await pushOk(site, { cached: cachedGet('v2'), kept: keptSource });
    const changed = await anonymous('cached');
    expect(changed.state).toBe('MISS');
    expect(JSON.parse(changed.body).tag).toBe('v2');
    const still = await anonymous('kept');
    expect(still.state).toBe('HIT');
    expect(still.body).toBe(kept.body);

    const purged = await call(site, '/svc/v1/cache/purge', { method: 'POST', json: { routes: ['kept'] } });
    expect(purged.status).toBe(200);
    expect(purged.body).toEqual({ purged: ['kept'] });
    expect((await anonymous('kept')).state).toBe('MISS');
    expect((await anonymous('cached')).state).toBe('HIT');

    const unknown = await call(site, '/svc/v1/cache/purge', { method: 'POST', json: { routes: ['nope'] } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('svc_not_found');

    // Another node purged: the database (and the shared object cache) say so; this node's index
    // is stale, so nothing stored is served until WordPress published it again.
    await site.php(`
      \\Svc\\EarlyCache\\Purges::purge( null );
      $store = \\Svc\\EarlyCache\\StoreChoice::in_wordpress();
      if ( $store->shared() ) {
        $store->put( \\Svc\\EarlyCache\\StampReader::key( $GLOBALS['wpdb']->options ), \\Svc\\EarlyCache\\IndexStamp::of( (int) get_option( 'svc_active_release' ), \\Svc\\EarlyCache\\Purges::serial() ), 600 );
      }
    `);
    const stale = await anonymous('cached');
    expect(stale.state).toBe('BYPASS');
    expect((await anonymous('cached')).state).toBe('MISS');
    expect((await anonymous('cached')).state).toBe('HIT');
  });

  it('two purges at once: the one that publishes last never drops the other\'s counts', async () => {
    await pushOk(site, { cached: cachedGet('v1'), kept: cachedGet('kept') });
    await anonymous('cached');
    expect((await anonymous('cached')).state).toBe('HIT');
    // This purge records, then another purge (every route) is taken by a request of its own before
    // this one publishes: what this request read of its own write is behind the serial it publishes.
    const out = await site.php(`
      \\Svc\\EarlyCache\\Purges::purge( array( 'kept' ) );
      $other = wp_remote_post( rest_url( 'svc/v1/cache/purge' ), array( 'headers' => array( 'Authorization' => ${JSON.stringify(site.authHeader('admin'))}, 'Content-Type' => 'application/json' ), 'body' => '{}', 'timeout' => 30 ) );
      echo wp_remote_retrieve_response_code( $other ), "\\n";
      do_action( 'svc_release_served', (int) get_option( 'svc_active_release' ) );
    `);
    expect(out.trim()).toBe('200');
    // Every route was purged by the other request: nothing stored before is served.
    expect((await anonymous('cached')).state).not.toBe('HIT');
    expect((await anonymous('kept')).state).not.toBe('HIT');
  });

  it('a purge this node cannot publish still takes its answers away, or says the node serves them still', async () => {
    await pushOk(site, { cached: cachedGet('v1'), plain: publicGet(uniqueClass('Plain'), 'plain') });
    await anonymous('cached');
    expect((await anonymous('cached')).state).toBe('HIT');
    const sites = path.join(site.contentDir, 'svc', 'early-cache', 'sites');
    const folders = readdirSync(sites).filter((name) => name !== 'index.php').map((name) => path.join(sites, name));
    expect(folders).toHaveLength(1);
    const config = path.join(site.wpDir, 'wp-config.php');
    const plainConfig = readFileSync(config, 'utf8');
    // Immutable, even to root: no index can be written there, nor the one in force withdrawn.
    const freeze = (on: boolean): void => { execFileSync('chattr', [on ? '+i' : '-i', folders[0]!]); };
    freeze(true);
    try {
      // The stamp in force still moves (the database, and the shared object cache when there is one): the stale index lets WordPress answer.
      const purged = await call(site, '/svc/v1/cache/purge', { method: 'POST', json: { routes: ['cached'] } });
      expect(purged.status).toBe(200);
      const before = loads('cached');
      expect((await anonymous('cached')).state).not.toBe('HIT');
      expect(loads('cached')).toBe(before + 1);

      // A single node trusts its index as it stands: the purge cannot take effect there, and says so.
      writeFileSync(config, plainConfig.replace("if ( ! defined( 'ABSPATH' ) )", "define( 'SVC_EARLY_CACHE_SINGLE_NODE', true );\nif ( ! defined( 'ABSPATH' ) )"));
      await site.restartServer({ server: 'fpm', opcache: true, validateTimestamps: false });
      expect((await anonymous('cached')).state).toBe('HIT');
      const refused = await call(site, '/svc/v1/cache/purge', { method: 'POST', json: { routes: ['cached'] } });
      expect(refused.status).toBe(500);
      expect(refused.body.code).toBe('svc_purge_not_served');
      expect(refused.body.message).toContain('still serves the answers it purged');
      expect((await anonymous('cached')).state).toBe('HIT');
      freeze(false);
      // Writable again: the next of svc's requests that reaches WordPress finds the index behind the
      // purges and publishes it, though the entry point of a single node checks nothing.
      expect((await site.fetch('/svc-api/v1/plain', { as: 'anonymous' })).status).toBe(200);
      expect((await anonymous('cached')).state).toBe('MISS');
      expect((await anonymous('cached')).state).toBe('HIT');
      const done = await call(site, '/svc/v1/cache/purge', { method: 'POST', json: { routes: ['cached'] } });
      expect(done.status).toBe(200);
      expect((await anonymous('cached')).state).toBe('MISS');
    } finally {
      freeze(false);
      writeFileSync(config, plainConfig);
      await site.restartServer({ server: 'fpm', opcache: true, validateTimestamps: false });
    }
  });

  it('leaves another plugin\'s advanced-cache.php alone and serves as svc\'s plugin loads instead', async () => {
    const dropIn = path.join(site.contentDir, 'advanced-cache.php');
    writeFileSync(dropIn, "<?php\n// Another page cache's drop-in.\n");
    const refused = await runWp(site.wpDir, ['svc', 'cache', 'enable']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('Another plugin');
    expect(readFileSync(dropIn, 'utf8')).toContain('Another page cache');
    const diagnostics = await call(site, '/svc/v1/diagnostics');
    expect(diagnostics.body.early_cache).toMatchObject({ entry: 'plugin', reason: 'foreign_dropin' });
    await anonymous('cached');
    expect((await anonymous('cached')).state).toBe('HIT');
    rmSync(dropIn);
  });
});
