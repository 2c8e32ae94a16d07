/**
 * svc on a production stack: nginx (1 MB bodies) in front of php-fpm with opcache that never
 * revalidates timestamps (`opcache.validate_timestamps=0`), its workers killed with SIGKILL in the
 * middle of releases.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { existsSync, lstatSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { FpmServer } from '../../source/local-site/fpm-server.js';
import { publicGet, uniqueClass } from './helpers/php-source.js';
import { apiDir, call, list, pushOk, remove, sleep, startSite, type WordPressSite } from './helpers/site.js';
import { sha256 } from './helpers/tree.js';

jest.setTimeout(600_000);

let site: WordPressSite;
let fpm: FpmServer;

beforeAll(async () => {
  site = await startSite({ server: 'fpm', validateTimestamps: false });
  if (site.fpm === undefined) throw new Error('this suite needs the nginx + php-fpm server');
  fpm = site.fpm;
});

afterAll(async () => {
  await site?.stop();
});

/** Enough requests that every FPM child (4) has answered several. */
async function answersFromEveryChild(route: string): Promise<unknown[]> {
  const answers = await Promise.all(Array.from({ length: 16 }, () => call(site, route, { as: 'anonymous' })));
  return [...new Set(answers.map((answer) => JSON.stringify(answer.body)))].map((text) => JSON.parse(text) as unknown);
}

describe('opcache that never revalidates', () => {
  it('a new release is served on the next request by every child', async () => {
    const name = uniqueClass('Fresh');
    await pushOk(site, { fresh: publicGet(name, 'v1') });
    expect(await answersFromEveryChild('/svc-api/v1/fresh')).toEqual([{ route: 'v1' }]);
    await pushOk(site, { fresh: publicGet(name, 'v2') });
    expect(await answersFromEveryChild('/svc-api/v1/fresh')).toEqual([{ route: 'v2' }]);
  });

  it.each([
    ['the same size', 'v1', 'v2'],
    ['another size', 'v1', 'a longer v2'],
  ])('an in-place edit (SFTP) of %s is served on the next request by every child', async (_label, before, after) => {
    const name = uniqueClass('Edited');
    await pushOk(site, { edited: publicGet(name, before) });
    expect(await answersFromEveryChild('/svc-api/v1/edited')).toEqual([{ route: before }]);
    // opcache leaves files younger than file_update_protection (2 s) uncached: wait until it has cached this one.
    await sleep(2_500);
    expect(await answersFromEveryChild('/svc-api/v1/edited')).toEqual([{ route: before }]);
    const file = path.join(apiDir(site), 'edited.php');
    writeFileSync(file, readFileSync(file, 'utf8').replace(`'${before}'`, `'${after}'`));
    expect(await answersFromEveryChild('/svc-api/v1/edited')).toEqual([{ route: after }]);
  });
});

describe('kill -9 in the middle of a release', () => {
  const COUNT = 300;
  const routeOf = (i: number): string => `crash/file-${i}`;
  const classes = Array.from({ length: COUNT }, (_, i) => uniqueClass(`Crash${i}x`));
  const version = (tag: string): Record<string, string> =>
    Object.fromEntries(classes.map((name, i) => [routeOf(i), publicGet(name, `${tag} ${i}`)]));
  const hashes = (files: Record<string, string>): Record<string, string> =>
    Object.fromEntries(Object.entries(files).map(([slug, source]) => [slug, sha256(source)]));

  const sameSet = (a: Record<string, string>, b: Record<string, string>): boolean =>
    JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

  async function servedCrashFiles(): Promise<Record<string, string>> {
    const { records } = await list(site, '?content=false');
    return Object.fromEntries(records.filter((item) => item.filename.startsWith('crash/')).map((item) => [item.filename, item.hash]));
  }

  async function stage(files: Record<string, string>): Promise<void> {
    const blobs = Object.values(files).map((source) => ({ hash: sha256(source), content_base64: Buffer.from(source).toString('base64') }));
    for (let i = 0; i < blobs.length; i += 100) {
      const response = await call(site, '/svc/v1/api-blobs', { method: 'POST', json: { blobs: blobs.slice(i, i + 100) } });
      expect(response.status).toBe(200);
    }
  }

  /** Every file under wp-content/svc/, requested directly over HTTP, gives no route source. */
  async function expectNoSourceOverHttp(marker: string): Promise<void> {
    const leaks: string[] = [];
    const walk = async (dir: string, relative: string): Promise<void> => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        const rel = `${relative}/${name}`;
        if (lstatSync(full).isDirectory() && !lstatSync(full).isSymbolicLink()) await walk(full, rel);
        else if (!name.endsWith('.php') || name.startsWith('.') || Math.random() < 0.05) {
          // Every non-PHP and dot-file, and a sample of the route files (all of them are guarded alike).
          const text = await (await fetch(`${site.url}${rel.split('/').map(encodeURIComponent).join('/')}`)).text();
          if (text.includes(marker) || text.includes('declare(strict_types')) leaks.push(rel);
        }
      }
    };
    await walk(site.svcDir, '/wp-content/svc');
    expect(leaks).toEqual([]);
  }

  function leftovers(): string[] {
    const trees = path.join(site.svcDir, 'trees');
    const found = readdirSync(trees).filter((name) => name !== 'index.php');
    const stray = readdirSync(site.svcDir).filter((name) => name.startsWith('.api-'));
    return [...found.filter((name) => !/^r\d+-[a-f0-9]+$/.test(name)), ...(found.length > 2 ? [`${found.length} trees`] : []), ...stray];
  }

  /** How long one commit of `files` (staged already) takes, uninterrupted, on this machine now. */
  async function timedCommit(files: Record<string, string>): Promise<number> {
    const started = performance.now();
    const response = await call(site, '/svc/v1/api-releases', { method: 'POST', json: { files: hashes(files) } });
    expect(response.status).toBe(200);
    return performance.now() - started;
  }

  it('leaves exactly the old release or exactly the new one served, with a consistent listing, and the next write cleans up', async () => {
    let current = version('A');
    let currentTag = 'A';
    await pushOk(site, current);
    // The moments follow a commit of 300 changed files measured here and now (validation, tree,
    // database, swap, clean-up: about 200 ms on an idle machine, seconds on a busy one), so a slow
    // machine moves the moments with it instead of every kill landing before the commit.
    const measured = version('M');
    await stage(measured);
    const commitMs = await timedCommit(measured);
    current = measured;
    currentTag = 'M';
    // Spread over the commit, denser near its end (the database commit), one past it, jittered.
    const fractions = [0, 0.15, 0.3, 0.45, 0.55, 0.65, 0.72, 0.8, 0.87, 0.93, 1, 1.1, 1.3, 2];
    const moments = fractions.map((fraction) => Math.round(fraction * commitMs + Math.random() * 0.07 * commitMs));
    // Should the machine slow down further mid-test, later rounds reach further, until both
    // outcomes are seen (at most four more rounds).
    const extra = [3, 4, 6, 8];
    const outcomes: string[] = [];
    for (let round = 0; ; round++) {
      const seenBoth = outcomes.some((outcome) => outcome.includes('old')) && outcomes.some((outcome) => outcome.includes('new'));
      if (round >= moments.length && (seenBoth || round >= moments.length + extra.length)) break;
      const delay = round < moments.length ? moments[round]! : Math.round(extra[round - moments.length]! * commitMs);
      const next = version(`B${round}`);
      await stage(next);
      const before = await call(site, '/svc/v1/status');
      const committing = call(site, '/svc/v1/api-releases', { method: 'POST', json: { files: hashes(next) } }).catch((error: unknown) => error);
      await sleep(delay);
      const wholeTier = round % 2 === 1;
      if (wholeTier) await fpm.killAll();
      else await fpm.killWorkers('SIGKILL');
      const answer = await committing;
      if (wholeTier) await fpm.start();

      const served = await servedCrashFiles();
      const isOld = sameSet(served, hashes(current));
      const isNew = sameSet(served, hashes(next));
      expect({ round, delay, consistent: isOld || isNew }).toEqual({ round, delay, consistent: true });
      const tag = isNew ? `B${round}` : currentTag;
      const sample = [0, 1, 7, 42, 99, 150, 299];
      for (const i of sample) {
        expect((await call(site, `/svc-api/v1/${routeOf(i)}`, { as: 'anonymous' })).body).toEqual({ route: `${tag} ${i}` });
      }
      const status = (await call(site, '/svc/v1/status')).body;
      if (isNew) expect(status.release.id).toBeGreaterThan(before.body.release.id);
      else expect(status.release.id).toBe(before.body.release.id);
      outcomes.push(`${delay} ms ${wholeTier ? 'all of PHP' : 'workers'}: ${isNew ? 'new' : 'old'}${(answer as { status?: number }).status === 200 ? ' (answered)' : ''}`);
      await expectNoSourceOverHttp(classes[0]!);

      // The next write removes whatever the interrupted one left behind.
      await pushOk(site, { 'crash-ping': publicGet(uniqueClass('Ping'), `ping ${round}`) });
      expect(leftovers()).toEqual([]);
      await remove(site, ['crash-ping']);
      if (isNew) {
        current = next;
        currentTag = `B${round}`;
      }
    }
    // Both outcomes were seen: the moments reach before and after the commit.
    process.stdout.write(`kill -9 during a release (an uninterrupted commit took ${Math.round(commitMs)} ms): ${outcomes.join('; ')}\n`);
    expect(outcomes.some((outcome) => outcome.includes('old'))).toBe(true);
    expect(outcomes.some((outcome) => outcome.includes('new'))).toBe(true);
    expect(existsSync(path.join(site.svcDir, 'api'))).toBe(true);
  });
});
