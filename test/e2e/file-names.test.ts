/**
 * File names at the edges: all-digit slugs and segments (`123`, `2024/05`, `v1/[id]`: PHP turns an
 * array key like "123" into an integer, so every path that keys by slug must still treat it as the
 * string it is), names copied over SFTP that break the slug rules, and sizes in error messages.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { expectError } from './helpers/expectations.js';
import { publicGet, routeSource, uniqueClass } from './helpers/php-source.js';
import { call, list, placeFile, push, pushOk, remove, setLimits, startSite, storedTotal, type WordPressSite } from './helpers/site.js';

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
    // An abstract class cannot serve: refused at push, and skipped when it arrives over SFTP, like a parse error.
    const abstract = routeSource(uniqueClass('Abstract'), "\tpublic function get(): array { return array(); }").replace('final class', 'abstract class');
    expectError(await push(site, { '456': abstract }), 422, 'svc_push_rejected');
    placeFile(site, '456', abstract);
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

describe('names that break the slug rules (copied over SFTP)', () => {
  it('are listed with the reason, block nothing else, and are removed with rm', async () => {
    placeFile(site, 'Bad_Name', publicGet(uniqueClass('BadName'), 'bad name'));
    placeFile(site, 'x.php/y', publicGet(uniqueClass('InDirX'), 'in x.php/'));
    const { records } = await list(site);
    expect(records.find((record) => record.filename === 'Bad_Name')).toMatchObject({ route: null, error: expect.stringContaining('invalid file name') });
    expect(records.find((record) => record.filename === 'x.php/y')).toMatchObject({ route: null });

    // x.php the file cannot sit beside x.php/ the directory: a JSON rejection naming both, nothing changed.
    const clash = await push(site, { x: publicGet(uniqueClass('X'), 'x') });
    expectError(clash, 422, 'svc_push_rejected');
    expect(clash.body.data.errors).toEqual([{ filename: 'x', code: 'svc_path_conflict', message: expect.stringContaining('x.php/y.php') }]);

    expect((await remove(site, ['Bad_Name', 'x.php/y'])).status).toBe(200);
    expect((await list(site)).records.map((record) => record.filename)).not.toEqual(expect.arrayContaining(['Bad_Name']));
    await pushOk(site, { x: publicGet(uniqueClass('X'), 'x') });
    expect((await call(site, '/svc-api/v1/x', { as: 'anonymous' })).body).toEqual({ route: 'x' });
  });

  it('rm refuses only names that would leave api/', async () => {
    for (const name of ['../wp-config', '/etc/passwd', 'a//b']) {
      expectError(await remove(site, [name]), 400, 'svc_invalid_slug');
    }
    expectError(await remove(site, ['Not_Deployed']), 404, 'svc_not_found');
  });
});

describe('sizes in error messages', () => {
  it('a total just over the limit names two different sizes', async () => {
    await setLimits(site, { totalBytes: storedTotal(site) + 1_000 });
    try {
      const response = await push(site, { 'just-over': publicGet(uniqueClass('JustOver'), 'x'.repeat(1_000)) });
      expectError(response, 422, 'svc_push_rejected');
      const message = response.body.data.errors.find((error: { code: string }) => error.code === 'svc_total_too_large').message as string;
      const [, size, limit] = /would hold (.+), over its limit of (.+)$/.exec(message) ?? [];
      expect(size).toBeDefined();
      expect(size).not.toBe(limit);
    } finally {
      await setLimits(site, { totalBytes: null });
    }
  });
});
