/**
 * `svc api list` shows the routes in the documented order, by file name in byte order, as the site
 * lists them (GET svc/v1/api-files): with more files than one manifest shard holds (64), and names
 * whose byte order differs from a locale's ("10" before "9", "a-b" before "a/b" before "a0",
 * upper-case-free as slugs are). The table and --json alike, through the installed binary against a
 * real WordPress (issue 28: the listing came in the manifest's order).
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { startCliBench, type CliBench } from './helpers/cli-bench.js';
import { routeSource, writeRoute } from './helpers/files.js';
import type { SvcRunner } from './helpers/run-svc.js';

jest.setTimeout(300_000);

let bench: CliBench | undefined;
let svc: SvcRunner;
let apiDir: string;
let env: Record<string, string>;

/** Slugs in an order no sort would give them, spread over many shards. */
const SLUGS = [
  ...Array.from({ length: 70 }, (_, index) => `order/r${(index * 37) % 70}`),
  'order/9',
  'order/10',
  'order/a0',
  'order/a/b',
  'order/a-b',
  'order/[id]',
  'order-x',
];

/** Byte order of UTF-8 strings: what the plugin's strcmp gives and what the docs promise. */
function byteOrder(slugs: readonly string[]): string[] {
  return [...slugs].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
}

beforeAll(async () => {
  bench = await startCliBench('listing-order');
  ({ svc, apiDir, env } = bench);
  SLUGS.forEach((slug, index) => writeRoute(apiDir, `${slug}.php`, routeSource(`ListingOrder${index}`)));
  const pushed = await svc(['api', 'push', '--yes'], { env });
  expect(pushed).toMatchObject({ code: 0 });
}, 600_000);

afterAll(() => bench?.stop());

describe('svc api list', () => {
  it('--json lists the files by file name in byte order', async () => {
    const listed = await svc(['api', 'list', '--json'], { env });
    expect(listed).toMatchObject({ code: 0 });
    const slugs = (JSON.parse(listed.stdout) as { slug: string }[]).map((record) => record.slug);
    expect(slugs).toEqual(byteOrder(SLUGS));
  });

  it('the plain table lists them in the same order', async () => {
    const listed = await svc(['api', 'list'], { env });
    expect(listed).toMatchObject({ code: 0 });
    const shown = listed.stdout.split('\n').flatMap((line) => {
      const file = /(\S+)\.php/.exec(line);
      return file === null ? [] : [file[1]];
    });
    expect(shown).toEqual(byteOrder(SLUGS));
  });
});
