/** Moved to source/local-site/ (shipped with the CLI for `svc dev`); re-exported for the tests and scripts. */
import { spawnSync } from 'node:child_process';

import { ensurePackages as ensureSitePackages, findExecutable } from '../../source/local-site/packages.js';

export * from '../../source/local-site/packages.js';

/** What only the tests need besides a site: tmux (test/cli/tui.test.ts reads svc's screens from its panes; `script`, its pty, is in bsdutils). */
const TEST_PACKAGES = ['tmux'];

/** The site's packages (apt-get when missing), and the tests' own. */
export function ensurePackages(): void {
  ensureSitePackages();
  const missing = TEST_PACKAGES.filter((name) => findExecutable(name) === undefined);
  if (missing.length === 0) return;
  for (const args of [['update'], ['install', '-y', ...missing]]) {
    const result = spawnSync('apt-get', args, { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (status ${String(result.status)})`);
  }
}
