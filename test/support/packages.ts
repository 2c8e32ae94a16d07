/**
 * The test harness installs what it needs (apt-get, as root, on the CI and dev boxes), which svc
 * itself never does (source/local-site/packages.ts only says what is missing): the packages of a
 * throwaway WordPress, unzip for the WordPress builds (wordpress-builds.ts), Apache with mod_php for
 * a site served by Apache, Redis for a site with a persistent object cache, and for `npm test` every
 * package of debian-packages.txt (chromium, the keyring, tmux: test/cli/tui.test.ts reads svc's
 * screens from its panes; `script`, its pty, is in bsdutils), the list `.ci/run` installs too.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { APT_PACKAGES, findExecutable, missingForAnySite, missingForFpm } from '../../source/local-site/packages.js';

/** The WordPress builds of @wp-playground/wordpress-builds are zips (wordpress-builds.ts). */
const BUILD_PACKAGES = ['unzip'];

/** The shared-host server (Apache + mod_php), asked for by server 'apache'. */
export const APACHE_APT_PACKAGES = ['apache2', 'libapache2-mod-php8.2'];

/** A site with a persistent object cache (objectCache 'redis'): the server, and PHP's extension for the drop-in. */
export const REDIS_APT_PACKAGES = ['redis-server', 'php8.2-redis'];

/** What a site with Redis needs: the server, PHP's redis extension (for php-fpm and the CLI alike). */
export function missingForRedis(): string[] {
  return [
    ...(findExecutable('redis-server') === undefined ? ['redis-server'] : []),
    ...(existsSync('/etc/php/8.2/mods-available/redis.ini') ? [] : ['php8.2-redis']),
  ];
}

/** What Apache with mod_php needs: the binary, PHP's module. */
export function missingForApache(): string[] {
  return [
    ...(findExecutable('apache2') === undefined ? ['apache2'] : []),
    ...(existsSync('/usr/lib/apache2/modules/libphp8.2.so') ? [] : ['libapache2-mod-php8.2']),
  ];
}

/** What is missing, in words; empty when everything the harness's sites use is installed. */
export function missingPackages(server?: 'php' | 'fpm' | 'apache', objectCache?: 'none' | 'redis'): string[] {
  return [
    ...missingForAnySite(),
    ...missingForFpm(),
    ...(findExecutable('unzip') === undefined ? ['unzip'] : []),
    ...(server === 'apache' ? missingForApache() : []),
    ...(objectCache === 'redis' ? missingForRedis() : []),
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
export function ensureSitePackages(server?: 'php' | 'fpm' | 'apache', objectCache?: 'none' | 'redis'): void {
  if (missingPackages(server, objectCache).length === 0) return;
  runQuietly('apt-get', ['update']);
  runQuietly('apt-get', ['install', '-y', ...APT_PACKAGES, ...BUILD_PACKAGES, ...(server === 'apache' ? APACHE_APT_PACKAGES : []), ...(objectCache === 'redis' ? REDIS_APT_PACKAGES : [])]);
  const stillMissing = missingPackages(server, objectCache);
  if (stillMissing.length > 0) {
    throw new Error(`Still missing after apt-get install: ${stillMissing.join(', ')}`);
  }
}

/** debian-packages.txt, shared with .ci/run: one package a line, # starts a comment. */
export function listedPackages(text: string): string[] {
  return text.split('\n').flatMap((line) => (line.split('#')[0] ?? '').split(/\s+/).filter((name) => name !== ''));
}

const PACKAGE_LIST = path.join(path.dirname(fileURLToPath(import.meta.url)), 'debian-packages.txt');

function installed(name: string): boolean {
  // composer is often installed as a phar rather than from Debian: one on PATH counts.
  if (name === 'composer' && findExecutable('composer') !== undefined) return true;
  const query = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
  return query.status === 0 && query.stdout.includes('install ok installed');
}

/** Every package of debian-packages.txt (apt-get when any is missing), as .ci/run installs them: what `npm test` uses. */
export function ensurePackages(): void {
  const missing = listedPackages(readFileSync(PACKAGE_LIST, 'utf8')).filter((name) => !installed(name));
  if (missing.length > 0) {
    runQuietly('apt-get', ['update']);
    runQuietly('apt-get', ['install', '-y', '--no-install-recommends', ...missing]);
  }
  ensureSitePackages();
}
