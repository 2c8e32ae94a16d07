/**
 * npm run check: the quick pass while working, minutes and no server: types, lint, PHP syntax,
 * PHPStan, PHPCS, the translation template and the PHPUnit units (scripts/quick-checks.ts).
 * `npm test` runs these first, then everything else (the units on other PHPs and Nodes, the
 * end-to-end suites on real WordPress sites).
 *
 * Ends with one line `checks: N passed, N failed` and a non-zero exit if anything failed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { runQuickChecks, tallyRunner } from './quick-checks.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'svc-check-'));
const runner = tallyRunner(ROOT);

try {
  runQuickChecks(ROOT, scratch, runner);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.stdout.write(runner.summary('checks'));
process.exit(runner.tally.failed > 0 ? 1 : 0);
