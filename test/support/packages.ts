/**
 * The test harness installs what it needs (apt-get, as root, on the CI and dev boxes), which svc
 * itself never does (source/local-site/packages.ts only says what is missing): the packages of a
 * throwaway WordPress, unzip for the WordPress builds (wordpress-builds.ts), Apache with mod_php for
 * a site served by Apache, and tmux (test/cli/tui.test.ts reads svc's screens from its panes;
 * `script`, its pty, is in bsdutils).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

import { APT_PACKAGES, findExecutable, missingForAnySite, missingForFpm } from '../../source/local-site/packages.js';

/** The WordPress builds of @wp-playground/wordpress-builds are zips (wordpress-builds.ts). */
const BUILD_PACKAGES = ['unzip'];

/** The shared-host server (Apache + mod_php), asked for by server 'apache'. */
export const APACHE_APT_PACKAGES = ['apache2', 'libapache2-mod-php8.2'];

/** What only the tests need besides a site. */
const TEST_PACKAGES = ['tmux'];

/** What Apache with mod_php needs: the binary, PHP's module. */
export function missingForApache(): string[] {
  return [
    ...(findExecutable('apache2') === undefined ? ['apache2'] : []),
    ...(existsSync('/usr/lib/apache2/modules/libphp8.2.so') ? [] : ['libapache2-mod-php8.2']),
  ];
}

/** What is missing, in words; empty when everything the harness's sites use is installed. */
export function missingPackages(server?: 'php' | 'fpm' | 'apache'): string[] {
  return [
    ...missingForAnySite(),
    ...missingForFpm(),
    ...(findExecutable('unzip') === undefined ? ['unzip'] : []),
    ...(server === 'apache' ? missingForApache() : []),
  ];
}

function runQuietly(command: string, args: string[]): void {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error !== undefined || result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${String(result.status)}`})\n${output}`,
    );
  }
}

/**
 * Installs PHP (CLI and FPM, with opcache), nginx, MariaDB, Debian's WordPress and unzip with apt-get when
 * any piece is missing, and Apache with mod_php for a site served by Apache.
 * Quiet on success; throws with apt's output on failure. Needs root, as on the CI and dev boxes.
 */
export function ensureSitePackages(server?: 'php' | 'fpm' | 'apache'): void {
  if (missingPackages(server).length === 0) return;
  runQuietly('apt-get', ['update']);
  runQuietly('apt-get', ['install', '-y', ...APT_PACKAGES, ...BUILD_PACKAGES, ...(server === 'apache' ? APACHE_APT_PACKAGES : [])]);
  const stillMissing = missingPackages(server);
  if (stillMissing.length > 0) {
    throw new Error(`Still missing after apt-get install: ${stillMissing.join(', ')}`);
  }
}

/** The sites' packages (apt-get when missing), and the tests' own. */
export function ensurePackages(): void {
  ensureSitePackages();
  const missing = TEST_PACKAGES.filter((name) => findExecutable(name) === undefined);
  if (missing.length === 0) return;
  for (const args of [['update'], ['install', '-y', ...missing]]) {
    const result = spawnSync('apt-get', args, { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (status ${String(result.status)})`);
  }
}
