/**
 * WP-CLI for the tests, found as the issue names it: WP_CLI_PHAR, else a `wp` on PATH, else the
 * official 2.10.0 phar in ../shared/vendor/ (scripts/lib/shared-vendor.mjs, checked against its SHA256SUMS line),
 * run against a test site's WordPress (`--path`, `--allow-root`: the harness runs as root).
 */
import { runProcess, type ProcessResult } from '../../source/local-site/process.js';
import { wpCliCommand } from '../../scripts/lib/shared-vendor.mjs';

export { wpCliCommand };

/** Runs `wp <args>` on the WordPress in wpDir. */
export function runWp(wpDir: string, args: readonly string[], options: { input?: string } = {}): Promise<ProcessResult> {
  const [program, ...prefix] = wpCliCommand();
  return runProcess(program!, [...prefix, `--path=${wpDir}`, '--allow-root', ...args], { cwd: wpDir, ...options });
}
