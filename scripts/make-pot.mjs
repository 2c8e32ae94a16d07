/**
 * plugin/languages/svc.pot: every string of the plugin a person reads (PHP, and the built admin
 * page's script, plugin/build/admin.js), made by WP-CLI's own `wp i18n make-pot`, as translators and
 * the plugin directory expect. `npm run build:admin` runs it after building the admin page.
 *
 *   node scripts/make-pot.mjs           write plugin/languages/svc.pot
 *   node scripts/make-pot.mjs --check   exit 1 when the committed file lacks or has extra strings
 *
 * WP-CLI is found as its tests find it (scripts/lib/shared-vendor.mjs): WP_CLI_PHAR, else a `wp` on
 * PATH, else the official phar in ../shared/vendor/ (checked against its SHA256SUMS line). The file's header dates
 * are left out of the comparison: only the strings and where they are used count.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { wpCliCommand } from './lib/shared-vendor.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PLUGIN = path.join(REPO, 'plugin');
const POT = path.join(PLUGIN, 'languages', 'svc.pot');

/** The .pot WP-CLI makes of plugin/ now. */
export function makePot() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-pot-'));
  try {
    const out = path.join(dir, 'svc.pot');
    const [program, ...prefix] = wpCliCommand();
    execFileSync(
      program,
      [...prefix, 'i18n', 'make-pot', PLUGIN, out, '--slug=svc', '--domain=svc', '--exclude=admin/src,languages,hot-path.php,early-path.php', '--allow-root', '--quiet'],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    return readFileSync(out, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A .pot without the lines that change at every run (its creation date, the generator's version). */
export function potStrings(text) {
  return text
    .split('\n')
    .filter((line) => !/^"(POT-Creation-Date|X-Generator|PO-Revision-Date): /.test(line))
    .join('\n');
}

function main() {
  const made = makePot();
  if (process.argv.includes('--check')) {
    const committed = existsSync(POT) ? readFileSync(POT, 'utf8') : '';
    if (potStrings(committed) !== potStrings(made)) {
      console.error('plugin/languages/svc.pot is out of date: run npm run build:admin (or node scripts/make-pot.mjs) and commit it.');
      process.exitCode = 1;
      return;
    }
    console.log('plugin/languages/svc.pot is up to date.');
    return;
  }
  writeFileSync(POT, made);
  console.log(`wrote ${path.relative(REPO, POT)} (${made.split('\nmsgid ').length - 2} strings)`);
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
