/**
 * Issue 28's findings on the real stack (nginx + PHP-FPM): a CDN-like shared cache in front of the
 * site never hands a logged-in caller's #[Cache] answer to anyone else, and #[RateLimit] counts an
 * IPv6 client by its /64 and one address however it is written, behind a trusted proxy, with a
 * counter table that stops growing at its cap.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { expectError } from './helpers/expectations.js';
import { OPEN, routeSource, uniqueClass } from './helpers/php-source.js';
import { startSharedCache, type SharedCache } from './helpers/shared-cache.js';
import { call, pushOk, startSite, type WordPressSite } from './helpers/site.js';

jest.setTimeout(180_000);

const IMPORTS = 'use Svc\\Api\\Attribute\\Cache;\nuse Svc\\Api\\Attribute\\RateLimit;';

let site: WordPressSite;
let cache: SharedCache;
let scratch: string;

function limited(name: string, requests: number): string {
  return routeSource(uniqueClass(name), `\t#[RateLimit(requests: ${requests}, per: 86400)]\n\tpublic function get(): array { return array( 'ok' => true ); }`, {
    ...OPEN,
    preamble: IMPORTS,
  });
}

beforeAll(async () => {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'svc-shared-cache-test-'));
  const plugin = path.join(scratch, 'trusted-proxies.php');
  // The test runner is the trusted proxy: the client is what X-Forwarded-For says. The table's cap
  // is lowered through an option, so a test can fill it with a handful of rows.
  writeFileSync(
    plugin,
    [
      '<?php',
      "define( 'SVC_TRUSTED_PROXIES', '127.0.0.1, ::1' );",
      "add_filter( 'svc_rate_limit_max_rows', static fn ( $rows ) => (int) get_option( 'svc_e2e_rate_max_rows', $rows ) );",
      '',
    ].join('\n'),
  );
  site = await startSite({ muPlugins: [plugin] });
  await pushOk(site, {
    whoami: routeSource(
      uniqueClass('WhoAmI'),
      [
        '\t#[Cache(maxAge: 600)]',
        "\tpublic function get(): array { $user = wp_get_current_user(); return array( 'user' => (string) $user->user_login, 'email' => (string) $user->user_email ); }",
      ].join('\n'),
      { ...OPEN, preamble: IMPORTS },
    ),
    'limited/v6': limited('LimitedV6', 3),
    'limited/spelling': limited('LimitedSpelling', 2),
    'limited/cap': limited('LimitedCap', 2),
  });
  cache = await startSharedCache(site);
});

afterAll(async () => {
  await cache?.stop();
  await site?.stop();
  if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
});

describe('#[Cache] behind a shared cache', () => {
  const whoami = (): string => `${cache.restRoot}/svc-api/v1/whoami`;

  it("never serves an administrator's answer to an anonymous caller, and still caches the anonymous answer", async () => {
    const admin = await call(site, whoami(), { as: 'admin' });
    const anonymous = await call(site, whoami(), { as: 'anonymous' });
    expect(admin.status).toBe(200);
    expect(admin.body).toEqual({ user: 'admin', email: 'admin@example.test' });
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual({ user: '', email: '' });
    expect(admin.headers.get('cache-control')).toBe('private, max-age=600');
    expect(admin.headers.get('vary')?.split(/,\s*/)).toEqual(expect.arrayContaining(['Authorization', 'Cookie']));
    expect(anonymous.headers.get('cache-control')).toBe('public, max-age=600');
    expect(anonymous.headers.get('x-cache-status')).toBe('MISS');
    const etag = anonymous.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);

    const again = await call(site, whoami(), { as: 'anonymous' });
    expect(again.headers.get('x-cache-status')).toBe('HIT');
    expect(again.body).toEqual({ user: '', email: '' });

    const notModified = await call(site, whoami(), { as: 'anonymous', headers: { 'If-None-Match': String(etag) } });
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe('');

    // Nor the other way round: the administrator is not shown the stored anonymous answer.
    const adminAgain = await call(site, whoami(), { as: 'admin' });
    expect(adminAgain.body).toEqual({ user: 'admin', email: 'admin@example.test' });
    expect(adminAgain.headers.get('x-cache-status')).not.toBe('HIT');
  });

  it('treats X-Svc-Authorization as credentials too', async () => {
    const path = `${cache.restRoot}/svc-api/v1/whoami?via=fallback`;
    const editor = await call(site, path, { as: 'anonymous', headers: { 'X-Svc-Authorization': site.authHeader('editor') } });
    expect(editor.body).toEqual({ user: 'editor', email: 'editor@example.test' });
    expect(editor.headers.get('cache-control')).toBe('private, max-age=600');

    const anonymous = await call(site, path, { as: 'anonymous' });
    expect(anonymous.body).toEqual({ user: '', email: '' });
    expect(anonymous.headers.get('x-cache-status')).toBe('MISS');
  });
});

describe('#[RateLimit] clients behind a trusted proxy', () => {
  const from = (address: string) => ({ as: 'anonymous' as const, headers: { 'X-Forwarded-For': address } });

  it('counts eight addresses of one IPv6 /64 as one client, and another /64 apart', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 8; i++) {
      statuses.push((await call(site, '/svc-api/v1/limited/v6', from(`2001:db8:abcd:12:${(i * 4097).toString(16)}::${i}`))).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    expect((await call(site, '/svc-api/v1/limited/v6', from('2001:db8:abcd:13::1'))).status).toBe(200);
  });

  it('counts one address however it is written (case, zeros, IPv4-mapped)', async () => {
    const first = await call(site, '/svc-api/v1/limited/spelling', from('::ffff:198.51.100.9'));
    const second = await call(site, '/svc-api/v1/limited/spelling', from('198.51.100.9'));
    const third = await call(site, '/svc-api/v1/limited/spelling', from('::FFFF:C633:6409'));
    expect([first.status, second.status]).toEqual([200, 200]);
    expectError(third, 429, 'svc_rate_limited');

    const v6 = ['2001:DB8:EE::1', '2001:db8:ee:0:0:0:0:1', '2001:0db8:00ee::1'];
    const answers = [];
    for (const address of v6) answers.push((await call(site, '/svc-api/v1/limited/spelling', from(address))).status);
    expect(answers).toEqual([200, 200, 429]);
  });

  // The counter table is where counts go without a persistent object cache; with Redis they live
  // there, bounded by Redis's own memory limit, and the table is never written.
  const withTable = process.env['SVC_TEST_OBJECT_CACHE'] === 'redis' ? it.skip : it;
  withTable('at the table cap, new clients share their route\'s budget and clients already counted keep theirs', async () => {
    expect((await call(site, '/svc-api/v1/limited/cap', from('198.51.100.1'))).status).toBe(200);
    await site.php("update_option( 'svc_e2e_rate_max_rows', 1 ); \\Svc\\Runtime\\Limits\\RateTable::measure(); echo get_option( 'svc_rate_full' );");
    expect((await site.php("echo get_option( 'svc_rate_full' );")).trim()).toBe('1');
    const rows = async (): Promise<number> => Number((await site.php("global $wpdb; echo $wpdb->get_var( 'SELECT COUNT(*) FROM ' . \\Svc\\Runtime\\Limits\\RateTable::name() );")).trim());
    const before = await rows();

    const newcomers = [];
    for (const address of ['198.51.100.2', '198.51.100.3', '2001:db8:77::1', '198.51.100.4']) {
      newcomers.push((await call(site, '/svc-api/v1/limited/cap', from(address))).status);
    }
    expect(newcomers).toEqual([200, 200, 429, 429]);
    // The four newcomers added one row between them (the route's shared bucket), not four.
    expect(await rows()).toBe(before + 1);
    // The client counted before the cap still has its own budget: one more, then refused.
    expect((await call(site, '/svc-api/v1/limited/cap', from('198.51.100.1'))).status).toBe(200);
    expect((await call(site, '/svc-api/v1/limited/cap', from('198.51.100.1'))).status).toBe(429);

    await site.php("delete_option( 'svc_e2e_rate_max_rows' ); \\Svc\\Runtime\\Limits\\RateTable::measure();");
    expect((await site.php("echo get_option( 'svc_rate_full' );")).trim()).toBe('0');
    expect((await call(site, '/svc-api/v1/limited/cap', from('198.51.100.5'))).status).toBe(200);
  });
});
