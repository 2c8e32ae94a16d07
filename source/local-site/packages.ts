/**
 * The system packages a throwaway WordPress needs (Debian 12 names): what is missing, and the
 * command that installs it. svc never installs anything: it says what to run (the end-to-end
 * harness's apt-get is test/support/packages.ts).
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

/** What requirePackages() throws: what is missing, and how to install it. */
export class MissingPackagesError extends Error {
  constructor(readonly missing: readonly string[]) {
    super(`A local WordPress needs ${missing.join(', ')}, which this machine lacks. ${installHint()}`);
    this.name = 'MissingPackagesError';
  }
}

/** The command that installs everything, for a message (sudo unless already root). */
export function installHint(): string {
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  return `On Debian or Ubuntu: ${sudo}apt-get install ${APT_PACKAGES.join(' ')}`;
}

/** Throws MissingPackagesError when anything the site needs is missing (server 'fpm': nginx + php-fpm too); installs nothing. */
export function requirePackages(server: 'php' | 'fpm'): void {
  const missing = [...missingForAnySite(), ...(server === 'fpm' ? missingForFpm() : [])];
  if (missing.length > 0) throw new MissingPackagesError(missing);
}
