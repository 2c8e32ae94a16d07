/**
 * The plugin's PHPUnit units (test/php/unit: no web server, no database) on PHP versions Debian
 * does not have, from the WebAssembly builds of scripts/php-wasm/ (installed there on first use).
 *
 * php-wasm-cli does not pass PHP's exit code on (a fatal error exits 0), so a run counts only
 * through the JUnit report PHPUnit writes: a run that wrote none, or one with no test in it,
 * failed. A deprecation fails its test (test/php/phpunit.xml converts them to exceptions).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WASM_DIR = path.join(ROOT, 'scripts', 'php-wasm');
const CLI = path.join(WASM_DIR, 'node_modules', '@php-wasm', 'cli', 'php-wasm.js');

/** The PHP versions the plugin supports that Debian 12 lacks (it has 8.2). */
export const WASM_PHP_VERSIONS = ['8.1', '8.3', '8.4', '8.5'] as const;

export interface UnitCounts {
  readonly passed: number;
  readonly failed: number;
  /** Why the run counts as failed without a report, if it does. */
  readonly problem?: string;
}

/** Totals of a JUnit report's first <testsuite>, whose attributes come in no fixed order. */
export function junitCounts(file: string): { passed: number; failed: number; tests: number } | undefined {
  if (!existsSync(file)) return undefined;
  const tag = /<testsuite\b[^>]*>/.exec(readFileSync(file, 'utf8'))?.[0];
  if (tag === undefined) return undefined;
  const attribute = (name: string): number => Number(new RegExp(`\\b${name}="(\\d+)"`).exec(tag)?.[1] ?? 0);
  const failed = attribute('failures') + attribute('errors');
  const tests = attribute('tests');
  return { passed: tests - failed - attribute('skipped'), failed, tests };
}

/** Installs scripts/php-wasm/ from its lock when missing or stale; false when that failed. */
function ensureWasm(): boolean {
  const status = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'bootstrap.mjs'), WASM_DIR], { stdio: 'inherit' }).status;
  return status === 0 && existsSync(CLI);
}

/** Runs the units on one PHP version, reporting into `junit`. */
export function runUnitsOnWasm(version: string, junit: string): UnitCounts {
  if (!ensureWasm()) return { passed: 0, failed: 1, problem: `could not install ${WASM_DIR}` };
  // php-wasm-cli leaves a php-wasm-bin* folder in the temp dir at every run: give it one of its own.
  const temp = mkdtempSync(path.join(os.tmpdir(), 'svc-php-wasm-'));
  try {
    spawnSync(process.execPath, [CLI, 'vendor/bin/phpunit', '-c', 'test/php/phpunit.xml', '--testsuite', 'unit', '--log-junit', junit], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, PHP: version, TMPDIR: temp },
    });
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
  const counts = junitCounts(junit);
  if (counts === undefined) return { passed: 0, failed: 1, problem: `PHP ${version} wrote no JUnit report (PHPUnit did not finish)` };
  if (counts.tests === 0) return { passed: 0, failed: 1, problem: `PHP ${version} ran no test` };
  return counts;
}
