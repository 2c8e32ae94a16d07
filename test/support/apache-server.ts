/**
 * The shared-host stack for a throwaway WordPress: Debian's Apache 2.4 with mod_php (the prefork
 * MPM, PHP inside each Apache child) and WordPress's own `.htaccess`, as most shared hosts run it.
 *
 * Apache refuses to serve as root, so its children run as www-data, as on a real host: the parent
 * (root) binds 127.0.0.1:PORT only and forks children that drop to www-data. What PHP writes
 * (wp-content, the debug log) must therefore belong to www-data: prepareForApache() hands it over.
 * The parent runs in the foreground of its own process group (-DFOREGROUND), so the group is the
 * whole server. Every file of Apache's own (config, pid file, mutexes, error log) lives in
 * `root/apache/`.
 *
 * PHP keeps its php.ini for the apache2 SAPI; the site's settings come as php_admin_value lines
 * (opcache, as in production with validate_timestamps=0 unless told otherwise, the error log).
 *
 * With `php: 'fpm'` it is the other common Apache host instead: the event MPM handing `.php` files to
 * a PHP-FPM pool (running as www-data too) through mod_proxy_fcgi. There, unlike mod_php, the
 * Authorization header reaches PHP only through WordPress's .htaccess line (or CGIPassAuth On): a
 * site whose .htaccess lost that line (`authorizationRule: false`) is the host `svc doctor` must
 * diagnose.
 */
import { spawn } from 'node:child_process';
import { chmodSync, chownSync, closeSync, cpSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { FPM_PID_FILE } from '../../source/local-site/fpm-server.js';
import { requireExecutable } from '../../source/local-site/packages.js';
import { PortInUseError } from '../../source/local-site/php-server.js';
import { probeReady, runningChildren, signalGroup, sleep, stopGroup, tailFile } from '../../source/local-site/process.js';

/** The user Apache's children, and so PHP, run as. */
export const APACHE_USER = 'www-data';

const MODULES_DIR = '/usr/lib/apache2/modules';
/** What serves WordPress and its .htaccess, whichever way PHP runs. */
const COMMON_MODULES: ReadonlyArray<[name: string, file: string]> = [
  ['authz_core_module', 'mod_authz_core.so'],
  ['dir_module', 'mod_dir.so'],
  ['mime_module', 'mod_mime.so'],
  ['env_module', 'mod_env.so'],
  ['setenvif_module', 'mod_setenvif.so'],
  ['rewrite_module', 'mod_rewrite.so'],
];
/** mod_php needs the prefork MPM; PHP-FPM is reached through mod_proxy_fcgi from the event MPM. */
const PHP_MODULES: Record<ApachePhp, ReadonlyArray<[name: string, file: string]>> = {
  mod_php: [['mpm_prefork_module', 'mod_mpm_prefork.so'], ...COMMON_MODULES, ['php_module', 'libphp8.2.so']],
  fpm: [['mpm_event_module', 'mod_mpm_event.so'], ...COMMON_MODULES, ['proxy_module', 'mod_proxy.so'], ['proxy_fcgi_module', 'mod_proxy_fcgi.so']],
};
const FPM_BINARY = 'php-fpm8.2';
const ADDRESS_IN_USE = /Address already in use|could not bind/i;
const STOP_GRACE_MS = 3_000;

/**
 * WordPress's own rules, as it writes them for pretty permalinks, with the line that passes the
 * Authorization header on to PHP (mod_php passes it anyway; CGI and FPM setups need the line).
 */
export const WORDPRESS_HTACCESS = wordpressHtaccess(true);

/** WordPress's .htaccess, with or without its Authorization line (a host that lost it). */
export function wordpressHtaccess(authorizationRule: boolean): string {
  return [
  '# BEGIN WordPress',
  '<IfModule mod_rewrite.c>',
  'RewriteEngine On',
  ...(authorizationRule ? ['RewriteRule .* - [E=HTTP_AUTHORIZATION:%{HTTP:Authorization}]'] : []),
  'RewriteBase /',
  'RewriteRule ^index\\.php$ - [L]',
  'RewriteCond %{REQUEST_FILENAME} !-f',
  'RewriteCond %{REQUEST_FILENAME} !-d',
  'RewriteRule . /index.php [L]',
  '</IfModule>',
  '# END WordPress',
  '',
].join('\n');
}

/** How Apache runs PHP: inside its children (mod_php) or in a PHP-FPM pool (proxy_fcgi). */
export type ApachePhp = 'mod_php' | 'fpm';

export interface ApacheServerOptions {
  /** Default 'mod_php'. */
  php?: ApachePhp;
  /** The site's temp root: Apache's files go into root/apache/. */
  root: string;
  docRoot: string;
  port: number;
  /** The prefork pool's size (StartServers = MaxRequestWorkers). */
  workers: number;
  opcache: boolean;
  validateTimestamps: boolean;
  /** PHP's error_log (www-data must be able to write it: prepareForApache()). */
  errorLog: string;
  readyPath: string;
  readyTimeoutMs: number;
}

export interface ApacheServer {
  readonly kind: 'apache';
  readonly php: ApachePhp;
  /** http://127.0.0.1:PORT */
  readonly url: string;
  readonly port: number;
  /** The parent process, leader of the server's process group. */
  readonly pgid: number;
  /** The processes that run PHP for requests (as www-data): prefork children, or the FPM pool's. */
  workerPids(): number[];
  stop(): Promise<void>;
  killNow(): void;
}

/** uid and gid of www-data, from /etc/passwd. */
export function apacheUser(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${APACHE_USER}:`));
  const fields = line?.split(':');
  if (fields === undefined || fields.length < 4) throw new Error(`No ${APACHE_USER} user in /etc/passwd (Debian's apache2 package creates it)`);
  return { uid: Number(fields[2]), gid: Number(fields[3]) };
}

function chownTree(target: string, uid: number, gid: number): void {
  chownSync(target, uid, gid);
  if (!statSync(target).isDirectory()) return;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    const full = path.join(target, entry.name);
    // A link (the plugin, linked from the checkout) is left as it is: only what PHP writes moves.
    if (entry.isSymbolicLink()) continue;
    chownTree(full, uid, gid);
  }
}

/** Whether a user who is neither the owner nor in the group can reach and read `target`. */
function readableByOthers(target: string): boolean {
  if ((statSync(target).mode & 0o004) === 0) return false;
  for (let dir = path.dirname(target); ; dir = path.dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) return false;
    if (path.dirname(dir) === dir) return true;
  }
}

/**
 * A plugin linked from a checkout that www-data cannot reach (a clone inside a private folder, as
 * `mktemp -d` makes one) is copied in its place: on a real host the plugin is a copy anyway.
 */
function copyUnreachableLinks(pluginsDir: string): void {
  for (const entry of readdirSync(pluginsDir, { withFileTypes: true })) {
    if (!entry.isSymbolicLink()) continue;
    const link = path.join(pluginsDir, entry.name);
    const target = realpathSync(link);
    if (readableByOthers(target)) continue;
    rmSync(link);
    cpSync(target, link, { recursive: true });
  }
}

/**
 * Makes a site servable by Apache's www-data children: the temp root and the web root traversable,
 * wp-content and the given writable files (the debug log) theirs, WordPress's .htaccess in place.
 */
export function prepareForApache(options: { root: string; wpDir: string; contentDir: string; writable: readonly string[]; authorizationRule?: boolean }): void {
  const { uid, gid } = apacheUser();
  // mkdtemp made the root 0700.
  chmodSync(options.root, 0o755);
  writeFileSync(path.join(options.wpDir, '.htaccess'), wordpressHtaccess(options.authorizationRule ?? true));
  copyUnreachableLinks(path.join(options.contentDir, 'plugins'));
  chownTree(options.contentDir, uid, gid);
  for (const file of options.writable) {
    if (!existsSync(file)) closeSync(openSync(file, 'a'));
    chownSync(file, uid, gid);
  }
}

function renderConfig(options: ApacheServerOptions, dir: string): string {
  const quote = (value: string): string => `"${value.replace(/["\\]/g, '\\$&')}"`;
  const php = options.php ?? 'mod_php';
  const pool =
    php === 'mod_php'
      ? [
          `StartServers ${options.workers}`,
          `MinSpareServers ${options.workers}`,
          `MaxSpareServers ${options.workers}`,
          `ServerLimit ${options.workers}`,
          `MaxRequestWorkers ${options.workers}`,
        ]
      : // One child of threads: PHP runs in FPM, so Apache's own workers only relay.
        ['StartServers 1', 'ServerLimit 1', 'ThreadsPerChild 16', 'MinSpareThreads 1', 'MaxSpareThreads 16', 'MaxRequestWorkers 16'];
  const handler =
    php === 'mod_php'
      ? [
          '<FilesMatch "\\.php$">',
          '  SetHandler application/x-httpd-php',
          '</FilesMatch>',
          'php_admin_flag log_errors on',
          'php_admin_flag display_errors off',
          `php_admin_value error_log ${quote(options.errorLog)}`,
          `php_admin_flag opcache.enable ${options.opcache ? 'on' : 'off'}`,
          `php_admin_flag opcache.validate_timestamps ${options.validateTimestamps ? 'on' : 'off'}`,
          'php_admin_value opcache.revalidate_freq 0',
        ]
      : ['<FilesMatch "\\.php$">', `  SetHandler ${quote(`proxy:unix:${fpmSocket(dir)}|fcgi://localhost`)}`, '</FilesMatch>'];
  return [
    `ServerRoot ${quote(dir)}`,
    `DefaultRuntimeDir ${quote(dir)}`,
    `PidFile ${quote(path.join(dir, 'apache.pid'))}`,
    `Mutex file:${dir} default`,
    `Listen 127.0.0.1:${options.port}`,
    'ServerName 127.0.0.1',
    `User ${APACHE_USER}`,
    `Group ${APACHE_USER}`,
    ...PHP_MODULES[php].map(([name, file]) => `LoadModule ${name} ${path.join(MODULES_DIR, file)}`),
    'TypesConfig /etc/mime.types',
    ...pool,
    `ErrorLog ${quote(path.join(dir, 'error.log'))}`,
    'LogLevel warn',
    `DocumentRoot ${quote(options.docRoot)}`,
    '<Directory />',
    '  AllowOverride None',
    '  Require all denied',
    '</Directory>',
    `<Directory ${quote(options.docRoot)}>`,
    '  Options FollowSymLinks',
    '  AllowOverride All',
    '  Require all granted',
    '</Directory>',
    'DirectoryIndex index.php index.html',
    ...handler,
    '',
  ].join('\n');
}

function fpmSocket(dir: string): string {
  return path.join(dir, 'php-fpm.sock');
}

/** The PHP-FPM pool behind Apache: www-data's, as Apache's, with the site's PHP settings. */
function renderFpmConfig(options: ApacheServerOptions, dir: string): string {
  const admin: Record<string, string> = { error_log: options.errorLog, log_errors: 'On', display_errors: 'Off', post_max_size: '8M', upload_max_filesize: '8M' };
  return [
    '[global]',
    // Where the site's watchdog looks for an FPM master to kill, should the test process die.
    `pid = ${path.join(options.root, FPM_PID_FILE)}`,
    `error_log = ${path.join(dir, 'php-fpm.log')}`,
    'daemonize = no',
    '[svc]',
    `user = ${APACHE_USER}`,
    `group = ${APACHE_USER}`,
    `listen = ${fpmSocket(dir)}`,
    `listen.owner = ${APACHE_USER}`,
    `listen.group = ${APACHE_USER}`,
    'listen.mode = 0660',
    'pm = static',
    `pm.max_children = ${options.workers}`,
    'catch_workers_output = yes',
    ...Object.entries(admin).map(([key, value]) => `php_admin_value[${key}] = ${value}`),
    '',
  ].join('\n');
}

/** Starts the FPM pool in its own process group and resolves once its socket is there. */
async function startFpmPool(options: ApacheServerOptions, dir: string): Promise<number> {
  const config = path.join(dir, 'php-fpm.conf');
  writeFileSync(config, renderFpmConfig(options, dir));
  const log = path.join(dir, 'php-fpm.log');
  const ini = options.opcache
    ? { 'opcache.enable': '1', 'opcache.validate_timestamps': options.validateTimestamps ? '1' : '0', 'opcache.revalidate_freq': '0' }
    : { 'opcache.enable': '0' };
  const output = openSync(log, 'a');
  const child = spawn(requireExecutable(FPM_BINARY), ['-F', '-y', config, ...Object.entries(ini).flatMap(([key, value]) => ['-d', `${key}=${value}`])], {
    detached: true,
    stdio: ['ignore', output, output],
  });
  closeSync(output);
  const pgid = child.pid;
  if (pgid === undefined) throw new Error(`${FPM_BINARY} did not start`);
  let exited = false;
  child.once('exit', () => (exited = true));
  const deadline = Date.now() + options.readyTimeoutMs;
  while (!existsSync(fpmSocket(dir))) {
    if (exited) throw new Error(`${FPM_BINARY} exited during start-up:\n${tailFile(log)}`);
    if (Date.now() > deadline) {
      signalGroup(pgid, 'SIGKILL');
      throw new Error(`${FPM_BINARY} made no socket within ${options.readyTimeoutMs} ms:\n${tailFile(log)}`);
    }
    await sleep(20);
  }
  return pgid;
}

/** Starts Apache and resolves once readyPath answers 200. */
export async function startApacheServer(options: ApacheServerOptions): Promise<ApacheServer> {
  const dir = path.join(options.root, 'apache');
  mkdirSync(dir, { recursive: true });
  const config = path.join(dir, 'httpd.conf');
  writeFileSync(config, renderConfig(options, dir));
  const php = options.php ?? 'mod_php';
  const fpmPgid = php === 'fpm' ? await startFpmPool(options, dir) : undefined;
  const killFpm = (): void => {
    if (fpmPgid !== undefined) signalGroup(fpmPgid, 'SIGKILL');
  };
  const errorLog = path.join(dir, 'error.log');
  const stderr = openSync(path.join(dir, 'stderr.log'), 'a');
  const child = spawn(requireExecutable('apache2'), ['-f', config, '-DFOREGROUND'], {
    detached: true,
    stdio: ['ignore', 'ignore', stderr],
    env: { PATH: process.env['PATH'] ?? '/usr/sbin:/usr/bin:/sbin:/bin', LANG: 'C' },
  });
  closeSync(stderr);
  const pgid = child.pid;
  if (pgid === undefined) throw new Error('apache2 did not start');
  let exited = false;
  child.once('exit', () => (exited = true));
  const url = `http://127.0.0.1:${options.port}`;
  const logs = (): string => `${tailFile(path.join(dir, 'stderr.log'))}\n${tailFile(errorLog)}\n${tailFile(options.errorLog)}`.trim();
  const deadline = Date.now() + options.readyTimeoutMs;
  let lastProblem = 'no answer yet';
  for (;;) {
    if (exited) {
      killFpm();
      const text = logs();
      if (ADDRESS_IN_USE.test(text)) throw new PortInUseError(text);
      throw new Error(`Apache exited during start-up:\n${text}`);
    }
    const problem = await probeReady(url + options.readyPath);
    if (problem === null) break;
    lastProblem = problem;
    if (Date.now() > deadline) {
      signalGroup(pgid, 'SIGKILL');
      killFpm();
      throw new Error(`Apache did not answer GET ${options.readyPath} with 200 within ${options.readyTimeoutMs} ms (last: ${lastProblem}):\n${logs()}`);
    }
    await sleep(50);
  }
  let stopping: Promise<void> | undefined;
  return {
    kind: 'apache',
    php,
    url,
    port: options.port,
    pgid,
    workerPids: () => runningChildren(fpmPgid ?? pgid),
    // SIGTERM: Apache stops its children and exits; the whole group is killed after a grace period.
    // The FPM pool goes after it, so no request is cut off in the middle.
    stop: () =>
      (stopping ??= stopGroup(pgid, STOP_GRACE_MS).then(async () => {
        if (fpmPgid !== undefined) await stopGroup(fpmPgid, STOP_GRACE_MS);
      })),
    killNow: () => {
      signalGroup(pgid, 'SIGKILL');
      killFpm();
    },
  };
}
