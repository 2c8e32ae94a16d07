/**
 * Makes sure the system packages the throwaway WordPress needs are present (Debian 12 names).
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';

export const WORDPRESS_SOURCE = '/usr/share/wordpress';

const APT_PACKAGES = [
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
  // test/cli/tui.test.ts reads svc's screens from tmux panes (`script`, its pty, is in bsdutils).
  'tmux',
];

// mariadbd lives in /usr/sbin, which a non-login PATH may lack.
const EXTRA_BIN_DIRS = ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'];

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

/** What is missing, in words; empty when everything is installed. */
export function missingPackages(): string[] {
  const missing: string[] = [];
  if (!phpHasMysqli()) missing.push('php with the mysqli extension');
  missing.push(...fpmModulesMissing());
  for (const binary of ['mariadbd', 'mariadb-install-db', 'mariadb', 'nginx', 'unzip', 'tmux', 'script']) {
    if (findExecutable(binary) === undefined) missing.push(binary);
  }
  if (!existsSync(path.join(WORDPRESS_SOURCE, 'wp-settings.php'))) missing.push(`${WORDPRESS_SOURCE}/wp-settings.php`);
  if (!existsSync('/etc/nginx/mime.types')) missing.push('/etc/nginx/mime.types');
  return missing;
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
 * any piece is missing.
 * Quiet on success; throws with apt's output on failure. Needs root, as on the CI and dev boxes.
 */
export function ensurePackages(): void {
  if (missingPackages().length === 0) return;
  runQuietly('apt-get', ['update']);
  runQuietly('apt-get', ['install', '-y', ...APT_PACKAGES]);
  const stillMissing = missingPackages();
  if (stillMissing.length > 0) {
    throw new Error(`Still missing after apt-get install: ${stillMissing.join(', ')}`);
  }
}
