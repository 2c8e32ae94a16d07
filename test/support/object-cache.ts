/**
 * A persistent object cache for a test site: Redis Object Cache 2.6.3's drop-in, from the archive in
 * the repository's ../shared/vendor/ (no registry here serves WordPress plugins), checked against
 * its SHA256SUMS line, over the site's own redis-server (source/local-site/redis.ts).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { sharedVendorDir } from '../../scripts/lib/shared-vendor.mjs';

export type ObjectCacheKind = 'none' | 'redis';

const ARCHIVE = 'redis-cache-2.6.3.tar.xz';
const DROP_IN = 'redis-cache/includes/object-cache.php';

/** The option's default: SVC_TEST_OBJECT_CACHE=redis runs the suites with Redis. */
export function defaultObjectCache(): ObjectCacheKind {
  const named = process.env['SVC_TEST_OBJECT_CACHE'] ?? '';
  if (named === '' || named === 'none') return 'none';
  if (named === 'redis') return 'redis';
  throw new Error(`SVC_TEST_OBJECT_CACHE must be "redis" or "none", not "${named}"`);
}

/** The drop-in's PHP, read from the checked archive. */
export function redisDropIn(): string {
  const vendor = sharedVendorDir();
  const archive = vendor === undefined ? undefined : path.join(vendor, ARCHIVE);
  if (archive === undefined || !existsSync(archive)) throw new Error(`${ARCHIVE} not found in ../shared/vendor/ (SVC_SHARED_VENDOR names another directory)`);
  const digest = createHash('sha256').update(readFileSync(archive)).digest('hex');
  const line = readFileSync(path.join(path.dirname(archive), 'SHA256SUMS'), 'utf8')
    .split('\n')
    .map((text) => /^([a-f0-9]{64})\s+\*?(.+)$/.exec(text.trim()))
    .find((match) => match?.[2] === ARCHIVE);
  if (line?.[1] !== digest) throw new Error(`${archive} does not match its SHA256SUMS line`);
  return execFileSync('tar', ['-xJOf', archive, DROP_IN], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
}

/** Installs the drop-in as wp-content/object-cache.php. */
export function installRedisDropIn(contentDir: string): void {
  writeFileSync(path.join(contentDir, 'object-cache.php'), redisDropIn());
}
