/**
 * The checks that need no server, shared by `npm run check` (scripts/check.ts: these alone, in
 * minutes) and `npm test` (scripts/test.ts: these first, then everything else): the TypeScript type
 * check, ESLint, the PHP syntax of every plugin file, PHPStan, PHPCS, the translation template and
 * the PHPUnit units on this machine's PHP.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

import { junitCounts } from './php-units.js';

/** How a runner shows a step, runs a command and counts what passed. */
export interface CheckRunner {
  step(title: string): void;
  /** Runs a command in the repository with inherited output; returns its exit status. */
  run(command: string, args: string[], env?: NodeJS.ProcessEnv): number;
  count(label: string, passed: number, failed: number, status: number): void;
}

/** A CheckRunner on this terminal that keeps the tally: `npm test` and `npm run check` both count with it. */
export interface TallyRunner extends CheckRunner {
  readonly tally: { passed: number; failed: number };
  /** `label (exit N)` or `label (N failed)` for each runner that failed. */
  readonly failures: string[];
  /** The last lines: what failed, then `<noun>: N passed, N failed`. */
  summary(noun: string): string;
}

export function tallyRunner(root: string): TallyRunner {
  const tally = { passed: 0, failed: 0 };
  const failures: string[] = [];
  return {
    tally,
    failures,
    step: (title) => process.stdout.write(`\n=== ${title}\n`),
    run: (command, args, env = {}) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1,
    count: (label, passed, failed, status) => {
      tally.passed += passed;
      tally.failed += failed;
      // A runner that crashed before reporting still fails the run.
      if (status !== 0 && failed === 0) {
        tally.failed += 1;
        failures.push(`${label} (exit ${status})`);
      } else if (failed > 0) {
        failures.push(`${label} (${failed} failed)`);
      }
    },
    summary: (noun) => `\n${failures.length > 0 ? `failing: ${failures.join(', ')}\n` : ''}${noun}: ${tally.passed} passed, ${tally.failed} failed\n`,
  };
}

/** Debian's PHP, which runs everything else. */
export const PHP_VERSION_NATIVE = spawnSync('php', ['-r', 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;'], { encoding: 'utf8' }).stdout.trim();

function phpFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.php'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Runs every quick check; `scratch` is a directory for PHPUnit's report. */
export function runQuickChecks(root: string, scratch: string, runner: CheckRunner): void {
  const { step, run, count } = runner;

  step('TypeScript type check');
  count('tsc', 0, 0, run(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit']));

  step('ESLint: typescript-eslint and the rules of hooks (eslint.config.js)');
  count('ESLint', 0, 0, run(process.execPath, [path.join(root, 'node_modules/eslint/bin/eslint.js'), 'source', 'test', 'scripts', 'eslint.config.js', 'jest.config.js']));

  step('PHP syntax of every plugin file');
  const broken = phpFiles(path.join(root, 'plugin')).filter((file) => spawnSync('php', ['-l', file], { stdio: 'ignore' }).status !== 0);
  for (const file of broken) process.stdout.write(`syntax error: ${file}\n`);
  count('php -l', 0, broken.length, 0);

  step('PHPStan: static analysis of the plugin (level 8, WordPress stubs, every PHP from 8.1 to 8.5)');
  if (!['phpstan', 'phpcs', 'phpunit'].every((tool) => existsSync(path.join(root, 'vendor/bin', tool)))) {
    count('composer install', 0, 0, run('composer', ['install', '--no-interaction', '--no-progress', '--quiet']));
  }
  count('PHPStan', 0, 0, run('php', ['vendor/bin/phpstan', 'analyse', '--no-progress', '--memory-limit=1G']));

  step('PHPCS: the WordPress coding standard and PHPCompatibilityWP for PHP 8.1 and later (phpcs.xml.dist)');
  count('PHPCS', 0, 0, run('php', ['vendor/bin/phpcs', '-q']));

  // Line numbers count: a string that moved makes the committed template stale (CI caught one).
  step('The translation template plugin/languages/svc.pot is what wp i18n make-pot makes now');
  count('svc.pot', 0, 0, run(process.execPath, [path.join(root, 'scripts/make-pot.mjs'), '--check']));

  step('PHPUnit: units');
  const unitLog = path.join(scratch, 'phpunit-unit.xml');
  const unitStatus = run('php', ['vendor/bin/phpunit', '-c', 'test/php/phpunit.xml', '--testsuite', 'unit', '--log-junit', unitLog]);
  const unit = junitCounts(unitLog) ?? { passed: 0, failed: 0 };
  count(`PHPUnit units on PHP ${PHP_VERSION_NATIVE}`, unit.passed, unit.failed, unitStatus);
}
