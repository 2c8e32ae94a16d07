/**
 * npm run test:matrix: what npm test runs on the oldest and newest versions only, on every version.
 * The plugin's PHPUnit units on each PHP the plugin supports (8.2 is Debian's; 8.1, 8.3, 8.4 and 8.5
 * are WebAssembly builds, scripts/php-units.ts), and the CLI's jest suites with its packed
 * end-to-end suite on each Node it supports (20, 22, 24, 26: scripts/node-runs.ts). Extra arguments
 * go to jest. Ends with `tests: N passed, N failed`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { CLI_SUITES, NODE_MAJORS, nodeRun } from './node-runs.js';
import { junitCounts, runUnitsOnWasm, WASM_PHP_VERSIONS } from './php-units.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'svc-matrix-'));
const rows: string[] = [];
let passed = 0;
let failed = 0;

function record(label: string, counts: { passed: number; failed: number; problem?: string }): void {
  passed += counts.passed;
  failed += counts.failed;
  rows.push(`${label}: ${counts.passed} passed, ${counts.failed} failed${counts.problem === undefined ? '' : ` (${counts.problem})`}`);
}

const native = path.join(scratch, 'native.xml');
const status = spawnSync('php', ['vendor/bin/phpunit', '-c', 'test/php/phpunit.xml', '--testsuite', 'unit', '--log-junit', native], { stdio: 'inherit' }).status;
const nativeCounts = junitCounts(native);
record(`PHPUnit units on Debian's PHP`, nativeCounts === undefined ? { passed: 0, failed: 1, problem: `exit ${String(status)}, no report` } : nativeCounts);
for (const version of WASM_PHP_VERSIONS) {
  record(`PHPUnit units on PHP ${version} (WebAssembly)`, runUnitsOnWasm(version, path.join(scratch, `${version}.xml`)));
}
for (const major of NODE_MAJORS) {
  const node = nodeRun(major);
  if (node instanceof Error) {
    record(`jest on Node ${major}`, { passed: 0, failed: 1, problem: node.message });
    continue;
  }
  const output = path.join(scratch, `jest-${major}.json`);
  const jest = ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--json', `--outputFile=${output}`, ...process.argv.slice(2), ...CLI_SUITES];
  const run = spawnSync(node.node, jest, { stdio: 'inherit', env: { ...process.env, ...node.env, NODE_NO_WARNINGS: '1' } });
  const report = existsSync(output) ? (JSON.parse(readFileSync(output, 'utf8')) as { numPassedTests: number; numFailedTests: number }) : undefined;
  record(
    `jest (${CLI_SUITES.join(', ')}) on Node ${major}`,
    report === undefined ? { passed: 0, failed: 1, problem: `exit ${String(run.status)}, no report` } : { passed: report.numPassedTests, failed: report.numFailedTests },
  );
}
rmSync(scratch, { recursive: true, force: true });
process.stdout.write(`\n${rows.join('\n')}\ntests: ${passed} passed, ${failed} failed\n`);
process.exit(failed > 0 ? 1 : 0);
