/**
 * npm run check: the quick pass while working, minutes and no server: types, lint, PHP syntax,
 * PHPStan, PHPCS and the PHPUnit units (scripts/quick-checks.ts). `npm test` runs these first, then
 * everything else (the units on other PHPs and Nodes, the end-to-end suites on real WordPress sites).
 *
 * Ends with one line `checks: N passed, N failed` and a non-zero exit if anything failed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { runQuickChecks } from './quick-checks.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'svc-check-'));
const tally = { passed: 0, failed: 0 };
const failures: string[] = [];

try {
  runQuickChecks(ROOT, scratch, {
    step: (title) => process.stdout.write(`\n=== ${title}\n`),
    run: (command, args, env = {}) => spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1,
    count: (label, passed, failed, status) => {
      tally.passed += passed;
      tally.failed += failed;
      if (status !== 0 && failed === 0) {
        tally.failed += 1;
        failures.push(`${label} (exit ${status})`);
      } else if (failed > 0) {
        failures.push(`${label} (${failed} failed)`);
      }
    },
  });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.stdout.write(`\n${failures.length > 0 ? `failing: ${failures.join(', ')}\n` : ''}checks: ${tally.passed} passed, ${tally.failed} failed\n`);
process.exit(tally.failed > 0 ? 1 : 0);
