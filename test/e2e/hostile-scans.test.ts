/**
 * Issue 23: a route file of legal size but hostile shape (480 KB, 120,000 attributes on one method),
 * placed on the server as an SFTP upload would, no longer stops every svc request: the scan is
 * linear, and a scan that ends its process anyway (the memory or time limit) is recorded, so the file
 * is failed with its reason and skipped instead of scanned again by every request. Other routes, the
 * REST index and the management API keep answering; DELETE api-files (svc api rm) removes it; pushing
 * such a file is answered, not left to the 30 s limit.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { expectSiteHealthy } from './helpers/expectations.js';
import { OPEN, publicGet, routeSource } from './helpers/php-source.js';
import { call, list, placeFile, push, pushOk, record, remove, routePath, startSite, type JsonResponse, type WordPressSite } from './helpers/site.js';

jest.setTimeout(180_000);

let site: WordPressSite;

beforeAll(async () => {
  site = await startSite();
  await pushOk(site, { healthy: publicGet('HostileScansHealthy', 'healthy') });
});

afterAll(async () => {
  await site?.stop();
});

const ATTRIBUTES = 120_000;

/** 120,000 attributes on one method: `#[A]#[A]…`, about 480 KB, under the 512 KB limit. */
function hostileSource(className: string): string {
  const body = `\t${'#[A]'.repeat(ATTRIBUTES)}\n\tpublic function get(): array {\n\t\treturn array( 'route' => 'hostile' );\n\t}`;
  return routeSource(className, body, OPEN);
}

/** Asks, and says how it went: a request svc cannot finish must not pass for one that hangs. */
async function timed(path: string, init: Parameters<typeof call>[2] = {}): Promise<JsonResponse & { ms: number }> {
  const started = Date.now();
  const response = await call(site, path, init);
  return { ...response, ms: Date.now() - started };
}

describe('a 480 KB file with 120,000 attributes on one method', () => {
  it('is under the size limit', () => {
    const bytes = Buffer.byteLength(hostileSource('HostileScansSize'));
    expect(bytes).toBeGreaterThan(460 * 1024);
    expect(bytes).toBeLessThan(512 * 1024);
  });

  it('placed over SFTP, is listed with its state while every other request keeps answering, and svc api rm removes it', async () => {
    placeFile(site, 'hostile/placed', hostileSource('HostileScansPlaced'));

    // The first requests may meet the scan (or, on a small memory limit, its end): none may hang to the time limit.
    const index = await timed('/', { as: 'anonymous' });
    expect(index.ms).toBeLessThan(25_000);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await timed(routePath('healthy'), { as: 'anonymous' }));
    // Every request after the scan answers as if the file were not there.
    for (const answer of answers.slice(1)) expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: { route: 'healthy' } });
    expect((await timed('/', { as: 'anonymous' })).status).toBe(200);
    await expectSiteHealthy(site);

    const listed = await record(site, 'hostile/placed');
    expect(listed).toBeDefined();
    if (listed?.error === undefined) {
      // Scanned: its contract is the file's, and it serves.
      expect(listed?.methods).toEqual(['GET']);
      expect((await call(site, routePath('hostile/placed'), { as: 'anonymous' })).body).toEqual({ route: 'hostile' });
    } else {
      expect(listed.error).toMatch(/reading the file did not finish|the file has 120,00\d attributes; svc reads at most 1,000/);
      expect((await call(site, routePath('hostile/placed'), { as: 'anonymous' })).status).toBe(404);
    }

    const removed = await remove(site, ['hostile/placed']);
    expect(removed.status).toBe(200);
    expect((await list(site)).records.map((item) => item.filename)).not.toContain('hostile/placed');
    expect((await call(site, routePath('healthy'), { as: 'anonymous' })).status).toBe(200);
  });

  it('pushed, is answered (accepted or refused with a reason), never a 500 after the time limit', async () => {
    const started = Date.now();
    const pushed = await push(site, { 'hostile/pushed': hostileSource('HostileScansPushed') });
    expect(Date.now() - started).toBeLessThan(25_000);
    expect(pushed.status).toBe(422);
    // Refused for what it is, without holding 120,000 attributes in memory.
    expect(JSON.stringify(pushed.body)).toContain('svc_too_many_attributes');
    expect((await call(site, routePath('healthy'), { as: 'anonymous' })).status).toBe(200);
    await expectSiteHealthy(site);
  });
});

describe('a scan that ends its process (a site whose memory limit the scan exceeds)', () => {
  let small: WordPressSite;
  let scratch: string;

  beforeAll(async () => {
    scratch = mkdtempSync(path.join(os.tmpdir(), 'svc-hostile-scans-'));
    const plugin = path.join(scratch, 'small-memory.php');
    // Enough for WordPress and svc, not for scanning 120,000 attributes: that request dies of it.
    writeFileSync(plugin, "<?php\nini_set( 'memory_limit', '48M' );\n");
    small = await startSite({ muPlugins: [plugin] });
    await pushOk(small, { healthy: publicGet('HostileScansSmallHealthy', 'healthy') });
  });

  afterAll(async () => {
    await small?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('costs one request: the file is failed with its reason, once, and skipped; the rest answers; svc api rm removes it', async () => {
    placeFile(small, 'hostile/dies', hostileSource('HostileScansDies'));

    // The request that meets the scan dies with it (PHP's memory limit); the next ones know.
    const first = await call(small, routePath('healthy'), { as: 'anonymous' });
    expect([200, 500, 503]).toContain(first.status);
    for (let i = 0; i < 3; i++) expect((await call(small, routePath('healthy'), { as: 'anonymous' })).body).toEqual({ route: 'healthy' });
    expect((await call(small, '/', { as: 'anonymous' })).status).toBe(200);
    await expectSiteHealthy(small);

    const listed = (await list(small)).records.find((item) => item.filename === 'hostile/dies');
    expect(listed?.error).toMatch(/reading the file did not finish/);
    expect((await call(small, routePath('hostile/dies'), { as: 'anonymous' })).status).toBe(404);
    const events = await call<{ events: { type: string; slug: string | null }[] }>(small, '/svc/v1/events');
    expect(events.status).toBe(200);
    expect(events.body.events.filter((event) => event.type === 'load_failed' && event.slug === 'hostile/dies')).toHaveLength(1);

    expect((await remove(small, ['hostile/dies'])).status).toBe(200);
    expect((await list(small)).records.map((item) => item.filename)).not.toContain('hostile/dies');
    expect((await call(small, routePath('healthy'), { as: 'anonymous' })).body).toEqual({ route: 'healthy' });
  });
});
