/**
 * npm test: every test of the project, in one command.
 *
 *   1. TypeScript type check (tsc --noEmit), ESLint (eslint.config.js) on source/, test/, scripts/
 *   2. PHP lint of the plugin, PHPStan (level 8, PHP 8.1–8.5), PHPCS (WordPress standard, PHPCompatibilityWP), PHPUnit units
 *      (no WordPress needed) on Debian's PHP 8.2 (steps 1 and 2 so far: scripts/quick-checks.ts, which
 *      `npm run check` runs alone) and on PHP 8.1 and 8.5 built for WebAssembly (scripts/php-units.ts)
 *   3. PHPUnit tests that run inside a real WordPress (the bench site of test/support/)
 *   4. jest: CLI units and components, plugin end-to-end, CLI end-to-end, browser tests, on Debian's
 *      WordPress (6.1.9; or SVC_TEST_WORDPRESS's choice, see test/support/wordpress-builds.ts)
 *   5. jest again, the plugin and CLI end-to-end suites only (test/e2e/, test/cli/), on the newest
 *      WordPress there is (SVC_TEST_WORDPRESS=newest): the official 6.9.1 release archive in
 *      ../shared/vendor/ (test/support/wordpress-archives.ts), or a build of
 *      @wp-playground/wordpress-builds if one is newer. The browser tests stay on Debian's.
 *   6. jest again, the REST serving suite and the CLI suite (test/e2e/routes, test/cli/api) on Apache 2.4 +
 *      mod_php with WordPress's .htaccess, PHP running as www-data (SVC_TEST_SERVER=apache).
 *   6b. jest again, the plugin's whole end-to-end suite (test/e2e/) with Redis Object Cache as the
 *      persistent object cache (SVC_TEST_OBJECT_CACHE=redis), as most hosts run WordPress.
 *   7. jest again, the CLI's suites only (source/, test/cli/: units, components and the packed CLI end to
 *      end), on the oldest and the newest Node the CLI supports (20 and 26) that did not run step 4
 *      (scripts/node-runs.ts; npm run test:matrix runs 22 and 24 too).
 *
 * Ends with one line `tests: N passed, N failed` over all runners, and a non-zero exit if anything failed.
 * Extra arguments go to jest (e.g. `npm test -- test/e2e/routes.test.ts`). The second jest run gets
 * them too, narrowed to test/e2e/ and test/cli/: it re-runs the end-to-end tests the first run
 * selected, and is skipped when that is none (`npm test -- source/`).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { ensurePackages } from '../test/support/packages.js';
import { CLI_SUITES, NODE_MAJORS, nodeRun, RUNNING_MAJOR } from './node-runs.js';
import { junitCounts, runUnitsOnWasm } from './php-units.js';
import { runQuickChecks, tallyRunner } from './quick-checks.js';
import { resolveWordPress, startWordPress } from '../test/support/wordpress.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'svc-test-'));
const { step, run, count, tally, summary } = tallyRunner(ROOT);

interface JestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: { name: string }[];
}

function readJestReport(file: string): JestReport | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as JestReport) : undefined;
}

/** Runs jest with --json into scratch/<name>.json and counts its tests; returns the report (undefined if jest wrote none). */
function runJest(label: string, name: string, args: string[], env: NodeJS.ProcessEnv, node = process.execPath): JestReport | undefined {
  const output = path.join(scratch, `${name}.json`);
  const status = run(node, ['--experimental-vm-modules', path.join(ROOT, 'node_modules/jest/bin/jest.js'), '--json', `--outputFile=${output}`, ...args], {
    NODE_NO_WARNINGS: '1',
    ...env,
  });
  const report = readJestReport(output);
  count(label, report?.numPassedTests ?? 0, report?.numFailedTests ?? 0, status);
  return report;
}

/** The oldest and the newest PHP the plugin supports; the others run in npm run test:matrix. */
const WASM_IN_NPM_TEST = ['8.1', '8.5'];

/** The suites that run again on Apache + mod_php (SVC_TEST_SERVER=apache): serving routes, and the CLI against such a site. */
const ON_APACHE = ['test/e2e/routes.test.ts', 'test/cli/api.test.ts'].map((file) => path.join(ROOT, file));

/**
 * The plugin's whole end-to-end suite runs again with a persistent object cache
 * (SVC_TEST_OBJECT_CACHE=redis: the site's own redis-server and Redis Object Cache's drop-in,
 * test/support/object-cache.ts), as most hosts run WordPress.
 */
const WITH_REDIS_DIR = path.join(ROOT, 'test/e2e') + path.sep;

/** The CLI's test directories, which run again on the oldest and the newest Node. */
const CLI_DIRS = CLI_SUITES.map((dir) => path.join(ROOT, dir) + path.sep);

/** The test directories that run again on the newest WordPress: the plugin's and the CLI's end-to-end suites. */
const END_TO_END_DIRS = ['test/e2e', 'test/cli'].map((dir) => path.join(ROOT, dir) + path.sep);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function main(): Promise<void> {
  ensurePackages();

  // Types, lint, PHP syntax, PHPStan, PHPCS, PHPUnit units: npm run check alone runs these.
  runQuickChecks(ROOT, scratch, { step, run, count });

  step(`PHPUnit: units on PHP ${WASM_IN_NPM_TEST.join(' and ')} (WebAssembly builds; npm run test:matrix runs every version)`);
  for (const version of WASM_IN_NPM_TEST) {
    const result = runUnitsOnWasm(version, path.join(scratch, `phpunit-unit-${version}.xml`));
    if (result.problem !== undefined) process.stdout.write(`${result.problem}\n`);
    count(`PHPUnit units on PHP ${version}`, result.passed, result.failed, 0);
  }

  step('PHPUnit: inside a real WordPress');
  const site = await startWordPress();
  try {
    const wpLog = path.join(scratch, 'phpunit-wp.xml');
    const wpStatus = run('php', ['vendor/bin/phpunit', '-c', 'test/php/phpunit.xml', '--testsuite', 'wordpress', '--log-junit', wpLog], { SVC_WP_DIR: site.wpDir });
    const wp = junitCounts(wpLog) ?? { passed: 0, failed: 0 };
    count('PHPUnit in WordPress', wp.passed, wp.failed, wpStatus);
  } finally {
    await site.stop();
  }

  const jestArgs = process.argv.slice(2);
  const first = await resolveWordPress();
  step(`jest: CLI, plugin end-to-end, browser (plugin and CLI end-to-end on WordPress ${first.version}, ${first.name})`);
  const report = runJest('jest', 'jest', jestArgs, { SVC_TEST_WORDPRESS: first.name });

  const newest = await resolveWordPress('newest');
  const ranEndToEnd = report?.testResults?.some((result) => END_TO_END_DIRS.some((dir) => result.name.startsWith(dir))) ?? true;
  step(`jest: plugin and CLI end-to-end on WordPress ${newest.version} (${newest.name}, SVC_TEST_WORDPRESS=newest)`);
  if (newest.name === first.name) {
    process.stdout.write(`skipped: the run above was on WordPress ${newest.version} already\n`);
  } else if (!ranEndToEnd) {
    process.stdout.write('skipped: the jest arguments selected no test under test/e2e/ or test/cli/\n');
  } else {
    // The same arguments (test paths, -t ...) select the same tests, minus everything outside the
    // end-to-end dirs: jest ANDs ignore patterns with the path patterns.
    const onlyEndToEnd = `--testPathIgnorePatterns=^(?!${END_TO_END_DIRS.map(escapeRegExp).join('|')})`;
    runJest(`jest on WordPress ${newest.version}`, 'jest-newest', [...jestArgs, onlyEndToEnd, '--passWithNoTests'], { SVC_TEST_WORDPRESS: 'newest' });
  }

  // Apache + mod_php with WordPress's .htaccess, PHP as www-data: the shared-host server.
  step(`jest: the REST serving and CLI suites on Apache + mod_php (${ON_APACHE.map((file) => path.relative(ROOT, file)).join(', ')})`);
  if (!(report?.testResults?.some((result) => ON_APACHE.includes(result.name)) ?? true)) {
    process.stdout.write('skipped: the jest arguments selected none of these suites\n');
  } else {
    const onlyThese = `--testPathIgnorePatterns=^(?!(${ON_APACHE.map(escapeRegExp).join('|')})$)`;
    runJest('jest on Apache', 'jest-apache', [...jestArgs, onlyThese, '--passWithNoTests'], { SVC_TEST_SERVER: 'apache', SVC_TEST_WORDPRESS: first.name });
  }

  step('jest: the plugin end-to-end suite (test/e2e/) with Redis as the persistent object cache (SVC_TEST_OBJECT_CACHE=redis)');
  if (!(report?.testResults?.some((result) => result.name.startsWith(WITH_REDIS_DIR)) ?? true)) {
    process.stdout.write('skipped: the jest arguments selected no test under test/e2e/\n');
  } else {
    const onlyThese = `--testPathIgnorePatterns=^(?!${escapeRegExp(WITH_REDIS_DIR)})`;
    runJest('jest with Redis', 'jest-redis', [...jestArgs, onlyThese, '--passWithNoTests'], { SVC_TEST_OBJECT_CACHE: 'redis', SVC_TEST_WORDPRESS: first.name });
  }

  // The oldest and the newest Node the CLI supports, where this run was on another.
  const selectsCli = report?.testResults?.some((result) => CLI_DIRS.some((dir) => result.name.startsWith(dir))) ?? true;
  for (const major of [NODE_MAJORS[0], NODE_MAJORS[NODE_MAJORS.length - 1]!].filter((candidate) => candidate !== RUNNING_MAJOR)) {
    step(`jest: the CLI (${CLI_SUITES.join(', ')}) on Node ${major}`);
    if (!selectsCli) {
      process.stdout.write('skipped: the jest arguments selected no test of the CLI\n');
      continue;
    }
    const node = nodeRun(major);
    if (node instanceof Error) {
      process.stdout.write(`${node.message}\n`);
      count(`jest on Node ${major}`, 0, 1, 1);
      continue;
    }
    const onlyCli = `--testPathIgnorePatterns=^(?!${CLI_DIRS.map(escapeRegExp).join('|')})`;
    runJest(`jest on Node ${major}`, `jest-node-${major}`, [...jestArgs, onlyCli, '--passWithNoTests'], { ...node.env, SVC_TEST_WORDPRESS: first.name }, node.node);
  }

  rmSync(scratch, { recursive: true, force: true });
  process.stdout.write(summary('tests'));
  process.exit(tally.failed > 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  process.stderr.write(`test run failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.stdout.write(`tests: ${tally.passed} passed, ${tally.failed + 1} failed\n`);
  process.exit(1);
});
