/**
 * ../shared/vendor/: what no registry here serves (WordPress 6.9.1, the official WP-CLI 2.10.0 phar,
 * their SHA256SUMS), kept beside the repository. A clone made elsewhere (a temporary folder, as CI
 * makes one) finds it beside the checkout it was cloned from; SVC_SHARED_VENDOR names it outright.
 * Plain JavaScript, so that scripts/make-pot.mjs and the TypeScript test harness use the same lookup.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PHAR = 'wp-cli-2.10.0.phar';

/** The checkout this repository was cloned from, when it is a directory on this machine. */
function localOrigin() {
  const url = spawnSync('git', ['-C', REPO, 'config', '--get', 'remote.origin.url'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  const dir = url.startsWith('file://') ? fileURLToPath(url) : url;
  return path.isAbsolute(dir) && existsSync(dir) ? dir : undefined;
}

/** The shared vendor directory, or undefined when none is there. */
export function sharedVendorDir() {
  const named = process.env.SVC_SHARED_VENDOR;
  if (named) return existsSync(named) ? path.resolve(named) : undefined;
  const origin = localOrigin();
  const candidates = [REPO, ...(origin === undefined ? [] : [origin])].map((dir) => path.resolve(dir, '..', 'shared', 'vendor'));
  return candidates.find((dir) => existsSync(dir));
}

/**
 * [program, ...arguments] that start WP-CLI: WP_CLI_PHAR, else a `wp` on PATH, else the shared
 * vendor's phar, checked against its SHA256SUMS line.
 */
export function wpCliCommand() {
  const fromEnv = process.env.WP_CLI_PHAR;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`WP_CLI_PHAR names ${fromEnv}, which does not exist`);
    return ['php', fromEnv];
  }
  const onPath = spawnSync('sh', ['-c', 'command -v wp'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  if (onPath !== '') return [onPath];
  const vendor = sharedVendorDir();
  const phar = vendor === undefined ? undefined : path.join(vendor, PHAR);
  if (phar === undefined || !existsSync(phar)) {
    throw new Error(`No WP-CLI: set WP_CLI_PHAR, put wp on PATH, or keep ${PHAR} in ../shared/vendor/ (or name that directory in SVC_SHARED_VENDOR)`);
  }
  const sums = readFileSync(path.join(vendor, 'SHA256SUMS'), 'utf8');
  const digest = createHash('sha256').update(readFileSync(phar)).digest('hex');
  if (!sums.split('\n').some((line) => line.startsWith(digest) && line.trim().endsWith(PHAR))) {
    throw new Error(`${phar} does not match its SHA256SUMS line`);
  }
  return ['php', phar];
}
