/**
 * WP-CLI for the tests, found as the issue names it: WP_CLI_PHAR, else a `wp` on PATH, else the
 * official 2.10.0 phar in the repository's ../shared/vendor/ (checked against its SHA256SUMS line),
 * run against a test site's WordPress (`--path`, `--allow-root`: the harness runs as root).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { findExecutable } from '../../source/local-site/packages.js';
import { runProcess, type ProcessResult } from '../../source/local-site/process.js';

const VENDOR_PHAR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'shared', 'vendor', 'wp-cli-2.10.0.phar');

/** [program, ...arguments] that start WP-CLI. */
export function wpCliCommand(): string[] {
  const fromEnv = process.env['WP_CLI_PHAR'];
  if (fromEnv !== undefined && fromEnv !== '') return ['php', fromEnv];
  const onPath = findExecutable('wp');
  if (onPath !== undefined) return [onPath];
  if (!existsSync(VENDOR_PHAR)) throw new Error(`No WP-CLI: set WP_CLI_PHAR, put wp on PATH, or keep ${VENDOR_PHAR}`);
  const sums = readFileSync(path.join(path.dirname(VENDOR_PHAR), 'SHA256SUMS'), 'utf8');
  const digest = createHash('sha256').update(readFileSync(VENDOR_PHAR)).digest('hex');
  if (!sums.split('\n').some((line) => line.startsWith(digest) && line.trim().endsWith(path.basename(VENDOR_PHAR)))) {
    throw new Error(`${VENDOR_PHAR} does not match its SHA256SUMS line`);
  }
  return ['php', VENDOR_PHAR];
}

/** Runs `wp <args>` on the WordPress in wpDir. */
export function runWp(wpDir: string, args: readonly string[], options: { input?: string } = {}): Promise<ProcessResult> {
  const [program, ...prefix] = wpCliCommand();
  return runProcess(program!, [...prefix, `--path=${wpDir}`, '--allow-root', ...args], { cwd: wpDir, ...options });
}
