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
 */
import { spawn } from 'node:child_process';
import { chmodSync, chownSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { requireExecutable } from '../../source/local-site/packages.js';
import { PortInUseError } from '../../source/local-site/php-server.js';
import { probeReady, runningChildren, signalGroup, sleep, stopGroup, tailFile } from '../../source/local-site/process.js';

/** The user Apache's children, and so PHP, run as. */
export const APACHE_USER = 'www-data';

const MODULES_DIR = '/usr/lib/apache2/modules';
/** mod_php needs the prefork MPM; the others serve WordPress and its .htaccess. */
const MODULES: ReadonlyArray<[name: string, file: string]> = [
  ['mpm_prefork_module', 'mod_mpm_prefork.so'],
  ['authz_core_module', 'mod_authz_core.so'],
  ['dir_module', 'mod_dir.so'],
  ['mime_module', 'mod_mime.so'],
  ['env_module', 'mod_env.so'],
  ['setenvif_module', 'mod_setenvif.so'],
  ['rewrite_module', 'mod_rewrite.so'],
  ['php_module', 'libphp8.2.so'],
];
const ADDRESS_IN_USE = /Address already in use|could not bind/i;
const STOP_GRACE_MS = 3_000;

/**
 * WordPress's own rules, as it writes them for pretty permalinks, with the line that passes the
 * Authorization header on to PHP (mod_php passes it anyway; CGI and FPM setups need the line).
 */
export const WORDPRESS_HTACCESS = [
  '# BEGIN WordPress',
  '<IfModule mod_rewrite.c>',
  'RewriteEngine On',
  'RewriteRule .* - [E=HTTP_AUTHORIZATION:%{HTTP:Authorization}]',
  'RewriteBase /',
  'RewriteRule ^index\\.php$ - [L]',
  'RewriteCond %{REQUEST_FILENAME} !-f',
  'RewriteCond %{REQUEST_FILENAME} !-d',
  'RewriteRule . /index.php [L]',
  '</IfModule>',
  '# END WordPress',
  '',
].join('\n');

export interface ApacheServerOptions {
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
  /** http://127.0.0.1:PORT */
  readonly url: string;
  readonly port: number;
  /** The parent process, leader of the server's process group. */
  readonly pgid: number;
  /** The prefork children: the processes that run PHP for requests (as www-data). */
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

/**
 * Makes a site servable by Apache's www-data children: the temp root and the web root traversable,
 * wp-content and the given writable files (the debug log) theirs, WordPress's .htaccess in place.
 */
export function prepareForApache(options: { root: string; wpDir: string; contentDir: string; writable: readonly string[] }): void {
  const { uid, gid } = apacheUser();
  // mkdtemp made the root 0700.
  chmodSync(options.root, 0o755);
  writeFileSync(path.join(options.wpDir, '.htaccess'), WORDPRESS_HTACCESS);
  chownTree(options.contentDir, uid, gid);
  for (const file of options.writable) {
    if (!existsSync(file)) closeSync(openSync(file, 'a'));
    chownSync(file, uid, gid);
  }
}

function renderConfig(options: ApacheServerOptions, dir: string): string {
  const quote = (value: string): string => `"${value.replace(/["\\]/g, '\\$&')}"`;
  return [
    `ServerRoot ${quote(dir)}`,
    `DefaultRuntimeDir ${quote(dir)}`,
    `PidFile ${quote(path.join(dir, 'apache.pid'))}`,
    `Mutex file:${dir} default`,
    `Listen 127.0.0.1:${options.port}`,
    'ServerName 127.0.0.1',
    `User ${APACHE_USER}`,
    `Group ${APACHE_USER}`,
    ...MODULES.map(([name, file]) => `LoadModule ${name} ${path.join(MODULES_DIR, file)}`),
    'TypesConfig /etc/mime.types',
    `StartServers ${options.workers}`,
    `MinSpareServers ${options.workers}`,
    `MaxSpareServers ${options.workers}`,
    `ServerLimit ${options.workers}`,
    `MaxRequestWorkers ${options.workers}`,
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
    '<FilesMatch "\\.php$">',
    '  SetHandler application/x-httpd-php',
    '</FilesMatch>',
    'php_admin_flag log_errors on',
    'php_admin_flag display_errors off',
    `php_admin_value error_log ${quote(options.errorLog)}`,
    `php_admin_flag opcache.enable ${options.opcache ? 'on' : 'off'}`,
    `php_admin_flag opcache.validate_timestamps ${options.validateTimestamps ? 'on' : 'off'}`,
    'php_admin_value opcache.revalidate_freq 0',
    '',
  ].join('\n');
}

/** Starts Apache and resolves once readyPath answers 200. */
export async function startApacheServer(options: ApacheServerOptions): Promise<ApacheServer> {
  const dir = path.join(options.root, 'apache');
  mkdirSync(dir, { recursive: true });
  const config = path.join(dir, 'httpd.conf');
  writeFileSync(config, renderConfig(options, dir));
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
      const text = logs();
      if (ADDRESS_IN_USE.test(text)) throw new PortInUseError(text);
      throw new Error(`Apache exited during start-up:\n${text}`);
    }
    const problem = await probeReady(url + options.readyPath);
    if (problem === null) break;
    lastProblem = problem;
    if (Date.now() > deadline) {
      signalGroup(pgid, 'SIGKILL');
      throw new Error(`Apache did not answer GET ${options.readyPath} with 200 within ${options.readyTimeoutMs} ms (last: ${lastProblem}):\n${logs()}`);
    }
    await sleep(50);
  }
  let stopping: Promise<void> | undefined;
  return {
    kind: 'apache',
    url,
    port: options.port,
    pgid,
    workerPids: () => runningChildren(pgid),
    // SIGTERM: Apache stops its children and exits; the whole group is killed after a grace period.
    stop: () => (stopping ??= stopGroup(pgid, STOP_GRACE_MS)),
    killNow: () => signalGroup(pgid, 'SIGKILL'),
  };
}
