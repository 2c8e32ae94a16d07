/**
 * The early cache on the shared host's server: Apache + mod_php with WordPress's own .htaccess, PHP
 * running as www-data. That .htaccess hands every request's Authorization header to PHP, as an empty
 * variable when there is none: an empty header carries no credentials, so anyone's request shares
 * the stored answer, and a caller who does authenticate never does. Without PHP-FPM the answer is
 * stored as the output buffer ends, and a revalidation's 304 is made there too.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { runWp } from '../support/wp-cli.js';
import { LOAD_RECORDER, loads as loadsOf } from './helpers/load-recorder.js';
import { cachedGet } from './helpers/php-source.js';
import { pushOk, startSite, type WordPressSite } from './helpers/site.js';

jest.setTimeout(300_000);

let site: WordPressSite;
beforeAll(async () => {
  site = await startSite({ server: 'apache', opcache: true, muPlugins: [LOAD_RECORDER] });
  const enabled = await runWp(site.wpDir, ['svc', 'cache', 'enable']);
  expect(enabled.code).toBe(0);
  // Apache's opcache may hold the wp-config.php of before for a moment (revalidate_freq): start afresh.
  await site.restartServer({ server: 'apache', opcache: true });
});

afterAll(async () => {
  await site?.stop();
});

const loads = (route: string): number => loadsOf(site, route);

async function get(slug: string, headers: Record<string, string> = {}): Promise<{ status: number; state: string | null; body: string; headers: Headers }> {
  const response = await site.fetch(`/svc-api/v1/${slug}`, { as: 'anonymous', headers });
  return { status: response.status, state: response.headers.get('x-svc-cache'), body: await response.text(), headers: response.headers };
}

describe('the early cache on Apache + mod_php', () => {
  it('serves anyone\'s request from the store although WordPress\'s .htaccess passes an empty Authorization', async () => {
    expect(readFileSync(path.join(site.wpDir, '.htaccess'), 'utf8')).toContain('E=HTTP_AUTHORIZATION:%{HTTP:Authorization}');
    await pushOk(site, { cached: cachedGet('apache') });
    const before = loads('cached');
    const miss = await get('cached');
    expect([miss.status, miss.state]).toEqual([200, 'MISS']);
    // Shared with CDNs too: the rule that keeps an answer out of the store marks it private.
    expect(miss.headers.get('cache-control')).toBe('public, max-age=300');
    const hit = await get('cached');
    expect([hit.status, hit.state, hit.body]).toEqual([200, 'HIT', miss.body]);
    expect(loads('cached')).toBe(before + 1);
  });

  it('never serves a stored answer to a caller who authenticates', async () => {
    const before = loads('cached');
    const admin = await site.fetch('/svc-api/v1/cached', { as: 'admin' });
    expect(admin.status).toBe(200);
    expect(admin.headers.get('x-svc-cache')).toBe('BYPASS');
    expect(admin.headers.get('cache-control')).toContain('private');
    expect(loads('cached')).toBe(before + 1);
  });

  it('stores a revalidation\'s answer and sends its 304 as the buffer ends', async () => {
    await pushOk(site, { revalidated: cachedGet('revalidated') });
    const before = loads('revalidated');
    const first = await get('revalidated', { 'If-None-Match': '*' });
    expect([first.status, first.state, first.body]).toEqual([304, 'MISS', '']);
    const next = await get('revalidated');
    expect([next.status, next.state]).toEqual([200, 'HIT']);
    expect(next.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(loads('revalidated')).toBe(before + 1);
  });
});
