/**
 * The system packages the throwaway WordPress needs (Debian 12 names): what is missing, and for the
 * test harness, installing them (apt-get, as root). `svc dev` never installs: it says what to run.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';

export const WORDPRESS_SOURCE = '/usr/share/wordpress';

export const APT_PACKAGES = [
  'php8.2-cli',
  'php8.2-mysql',
  'php8.2-xml',
  'php8.2-mbstring',
  'php8.2-curl',
  'php8.2-fpm',
  'php8.2-opcache',
  'nginx',
  'mariadb-server',
  'wordpress',
  // The WordPress builds of @wp-playground/wordpress-builds are zips (wordpress-builds.ts).
  'unzip',
];

// mariadbd and php-fpm live in an sbin dir, which a non-login PATH may lack. Only the sbin dirs: a
// PATH without /usr/bin hides php and the mariadb client (as on a machine without them; tested so).
const EXTRA_BIN_DIRS = ['/usr/local/sbin', '/usr/sbin', '/sbin'];

/** Absolute path of an executable found on PATH (or the sbin dirs), or undefined. */
export function findExecutable(name: string): string | undefined {
  const dirs = [...(process.env['PATH'] ?? '').split(path.delimiter).filter(Boolean), ...EXTRA_BIN_DIRS];
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this directory; keep looking.
    }
  }
  return undefined;
}

/** Like findExecutable, but a missing binary is a clear error instead of a cryptic ENOENT later. */
export function requireExecutable(name: string): string {
  const found = findExecutable(name);
  if (found === undefined) {
    throw new Error(`${name} not found on PATH; run ensurePackages() first`);
  }
  return found;
}

function phpHasMysqli(): boolean {
  const php = findExecutable('php');
  if (php === undefined) return false;
  const probe = spawnSync(php, ['-r', 'exit(extension_loaded("mysqli") ? 0 : 1);'], { stdio: 'ignore' });
  return probe.status === 0;
}

/** php-fpm's own module list (its SAPI has its own conf.d): mysqli for WordPress, opcache for production-like caching. */
function fpmModulesMissing(): string[] {
  const fpm = findExecutable('php-fpm8.2');
  if (fpm === undefined) return ['php-fpm8.2'];
  const modules = spawnSync(fpm, ['-m'], { encoding: 'utf8' }).stdout ?? '';
  return [
    ...(/^mysqli$/im.test(modules) ? [] : ['php-fpm8.2 with the mysqli extension']),
    ...(/^Zend OPcache$/im.test(modules) ? [] : ['php-fpm8.2 with opcache']),
  ];
}

/** What any local site needs, in words: PHP with mysqli, MariaDB, Debian's WordPress. Empty when all there. */
export function missingForAnySite(): string[] {
  const missing: string[] = [];
  if (!phpHasMysqli()) missing.push('php with the mysqli extension');
  for (const binary of ['mariadbd', 'mariadb-install-db', 'mariadb']) {
    if (findExecutable(binary) === undefined) missing.push(binary);
  }
  if (!existsSync(path.join(WORDPRESS_SOURCE, 'wp-settings.php'))) missing.push(`WordPress in ${WORDPRESS_SOURCE}`);
  return missing;
}

/** What the production-like server (nginx + php-fpm) needs on top; without it, php -S serves the site. */
export function missingForFpm(): string[] {
  return [
    ...fpmModulesMissing(),
    ...(findExecutable('nginx') === undefined ? ['nginx'] : []),
    ...(existsSync('/etc/nginx/mime.types') ? [] : ['/etc/nginx/mime.types']),
  ];
}

/** The shared-host server (Apache + mod_php), asked for by the tests only (server 'apache'). */
export const APACHE_APT_PACKAGES = ['apache2', 'libapache2-mod-php8.2'];

/** What Apache with mod_php needs: the binary, PHP's module, the www-data user its children run as. */
export function missingForApache(): string[] {
  return [
    ...(findExecutable('apache2') === undefined ? ['apache2'] : []),
    ...(existsSync('/usr/lib/apache2/modules/libphp8.2.so') ? [] : ['libapache2-mod-php8.2']),
  ];
}

/** What is missing, in words; empty when everything the harness uses is installed. */
export function missingPackages(server?: 'php' | 'fpm' | 'apache'): string[] {
  return [
    ...missingForAnySite(),
    ...missingForFpm(),
    ...(findExecutable('unzip') === undefined ? ['unzip'] : []),
    ...(server === 'apache' ? missingForApache() : []),
  ];
}

/** Thrown instead of installing anything when the caller did not allow it (svc dev). */
export class MissingPackagesError extends Error {
  constructor(readonly missing: readonly string[]) {
    super(`A local WordPress needs ${missing.join(', ')}, which this machine lacks. ${installHint()}`);
    this.name = 'MissingPackagesError';
  }
}

/** The command that installs everything, for a message (sudo unless already root). */
export function installHint(): string {
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  return `On Debian or Ubuntu: ${sudo}apt-get install ${APT_PACKAGES.filter((name) => name !== 'unzip').join(' ')}`;
}

/** Throws MissingPackagesError when anything is missing; installs nothing. */
export function requirePackages(server: 'php' | 'fpm' | 'apache'): void {
  const missing = [...missingForAnySite(), ...(server === 'fpm' ? missingForFpm() : []), ...(server === 'apache' ? missingForApache() : [])];
  if (missing.length > 0) throw new MissingPackagesError(missing);
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
export function ensurePackages(server?: 'php' | 'fpm' | 'apache'): void {
  if (missingPackages(server).length === 0) return;
  runQuietly('apt-get', ['update']);
  runQuietly('apt-get', ['install', '-y', ...APT_PACKAGES, ...(server === 'apache' ? APACHE_APT_PACKAGES : [])]);
  const stillMissing = missingPackages(server);
  if (stillMissing.length > 0) {
    throw new Error(`Still missing after apt-get install: ${stillMissing.join(', ')}`);
  }
}
