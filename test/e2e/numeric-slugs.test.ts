/**
 * All-digit slugs and segments (`123`, `2024/05`, `v1/[id]`): PHP turns an array key like "123" into
 * an integer, so every path that keys by slug must still treat it as the string it is.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { expectError } from './helpers/expectations.js';
import { publicGet, routeSource, uniqueClass } from './helpers/php-source.js';
import { call, list, placeFile, pushOk, remove, startSite, type WordPressSite } from './helpers/site.js';

jest.setTimeout(180_000);

let site: WordPressSite;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.stop();
});

describe('all-digit slugs', () => {
  it('are pushed, served, listed and removed like any other', async () => {
    await pushOk(site, {
      '123': publicGet(uniqueClass('Digits'), 'digits'),
      '2024/05': publicGet(uniqueClass('Month'), 'month'),
      'v1/[id]': publicGet(uniqueClass('Versioned'), 'versioned'),
    });
    expect((await call(site, '/svc-api/v1/123', { as: 'anonymous' })).body).toEqual({ route: 'digits' });
    expect((await call(site, '/svc-api/v1/2024/05', { as: 'anonymous' })).body).toEqual({ route: 'month' });
    expect((await call(site, '/svc-api/v1/v1/7', { as: 'anonymous' })).body).toEqual({ route: 'versioned' });
    const { records } = await list(site);
    expect(records.map((record) => record.filename)).toEqual(expect.arrayContaining(['123', '2024/05', 'v1/[id]']));
    expect(records.every((record) => typeof record.filename === 'string')).toBe(true);
  });

  it('a failing all-digit file takes nothing else down, and can be removed through the API', async () => {
    // An abstract class passes the push but cannot serve; a parse error arrives over SFTP.
    const abstract = routeSource(uniqueClass('Abstract'), "\tpublic function get(): array { return array(); }").replace('final class', 'abstract class');
    await pushOk(site, { '456': abstract });
    placeFile(site, '789', '<?php\ndeclare(strict_types=1);\nfinal class Broken789 { public function get(): array { return array( }\n');
    const index = await call(site, '/');
    expect(index.status).toBe(200);
    expect((await call(site, '/svc-api/v1/123', { as: 'anonymous' })).body).toEqual({ route: 'digits' });
    const { records } = await list(site);
    expect(records.find((record) => record.filename === '456')?.error).toContain('abstract');
    expect(records.find((record) => record.filename === '789')?.error).toMatch(/syntax error|Parse error/i);
    expectError(await call(site, '/svc-api/v1/456', { as: 'anonymous' }), 404, 'rest_no_route');
    expect((await remove(site, ['456', '789'])).status).toBe(200);
    expect((await list(site)).records.map((record) => record.filename)).not.toContain('456');
    expect((await call(site, '/svc/v1/status')).status).toBe(200);
  });

  it('a file that fails while loading (boot, not scan) is reported under its all-digit name', async () => {
    const orphan = routeSource(uniqueClass('Orphan'), "\tpublic function get(): array { return array(); }").replace(/final class (\w+)/, 'final class $1 extends NoSuchBaseClass');
    await pushOk(site, { '2025/01': orphan });
    expectError(await call(site, '/svc-api/v1/2025/01', { as: 'anonymous' }), 404, 'rest_no_route');
    expect((await list(site)).records.find((record) => record.filename === '2025/01')?.error).toContain('NoSuchBaseClass');
    expect((await call(site, '/')).status).toBe(200);
    await remove(site, ['2025/01']);
  });

  it('nothing along the way met a slug as an integer', () => {
    expect(site.readLog()).not.toMatch(/TypeError|must be of type string, int given/);
  });
});
