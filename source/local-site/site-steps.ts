/**
 * The steps of starting a throwaway WordPress on this machine, each once: a temp root guarded by a
 * watchdog, a WordPress tree copied in, the mu-plugins and svc linked, WordPress installed with the
 * users the caller names (install.php), Basic auth checked. svc dev's native site (native-site.ts)
 * composes them for one administrator with a random password; the end-to-end harness
 * (test/support/wordpress.ts) composes the same steps with what only tests need (test users, other
 * WordPress builds, Apache, multisite, apt-get). Nothing here reads the environment or installs
 * packages.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startWatchdog, trackForCleanup } from './cleanup.js';
import { codeDir } from '../core/package-dir.js';
import { FPM_PID_FILE, NGINX_PID_FILE } from './fpm-server.js';
import type { MariaDB } from './mariadb.js';
import { REDIS_PID_FILE, type Redis } from './redis.js';
import { requireExecutable } from './packages.js';
import { iniFlags, PortInUseError } from './php-server.js';
import { runChecked, runProcess, signalGroup } from './process.js';

const HERE = path.join(codeDir(), 'local-site');
/** php -S's router (php-server.ts). */
export const ROUTER_SCRIPT = path.join(HERE, 'php', 'router.php');
/** Required first by every command-line PHP script run against a site (fatals repeated on stderr). */
export const CLI_PRELUDE = path.join(HERE, 'php', 'cli-prelude.php');
const INSTALL_SCRIPT = path.join(HERE, 'php', 'install.php');
const SITE_MU_PLUGINS = path.join(HERE, 'mu-plugins');

/** What install.php and the scripts after it print before their JSON result. */
export const INSTALL_RESULT_MARKER = 'SVC_INSTALL_RESULT ';
/** The process group of php -S or Apache (whose children are in their parent's group), for the watchdog. */
export const PHP_SERVER_PGID_FILE = 'php-server.pgid';

/**
 * The shell cleanup the watchdog runs if Node dies without running its exit handlers ($1: a root dir
 * holding pid files named as here; the harness's multinode.ts starts one per extra node).
 */
export const WATCHDOG_SCRIPT = [
  'root=$1',
  // No "--" before the negative pgid: dash's kill (Debian's sh) rejects it.
  `pg=$(cat "$root/${PHP_SERVER_PGID_FILE}" 2>/dev/null); [ -n "$pg" ] && kill -KILL "-$pg" 2>/dev/null`,
  // nginx's and php-fpm's masters by their pid files, then their children (listed first: once the
  // master is gone they belong to init). Each master also leads its own process group.
  `for f in ${NGINX_PID_FILE} ${FPM_PID_FILE}; do p=$(cat "$root/$f" 2>/dev/null); [ -n "$p" ] || continue; ` +
    'kids=$(pgrep -P "$p" 2>/dev/null); kill -KILL "$p" 2>/dev/null; kill -KILL "-$p" 2>/dev/null; ' +
    '[ -z "$kids" ] || kill -KILL $kids 2>/dev/null; done',
  'db=$(cat "$root/mariadb.pid" 2>/dev/null); [ -n "$db" ] && kill -KILL "$db" 2>/dev/null',
  `rd=$(cat "$root/${REDIS_PID_FILE}" 2>/dev/null); [ -n "$rd" ] && kill -KILL "$rd" 2>/dev/null`,
  'rm -rf -- "$root"',
].join('; ');

/** A web server of the site, whichever kind. */
export interface RunningServer {
  stop(): Promise<void>;
  killNow(): void;
}

/** Everything a half-built site may own, so a failed start-up can be torn down like a finished one. */
export interface SiteResources<Server extends RunningServer = RunningServer> {
  readonly root: string;
  watchdogPid?: number;
  db?: MariaDB;
  redis?: Redis;
  server?: Server;
}

export interface SiteStopper {
  stop(): Promise<void>;
  killNow(): void;
}

function createStopper(resources: SiteResources, signals: boolean): SiteStopper {
  let stopping: Promise<void> | undefined;
  let untrack: () => void = () => undefined;
  const removeRoot = (): void => {
    if (resources.watchdogPid !== undefined) signalGroup(resources.watchdogPid, 'SIGKILL');
    // Retries: a process that is being reaped may still create a file while the tree is removed.
    rmSync(resources.root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    untrack();
  };
  const stopper = {
    stop: (): Promise<void> =>
      (stopping ??= (async () => {
        await Promise.allSettled([resources.server?.stop(), resources.db?.stop(), resources.redis?.stop()]);
        removeRoot();
      })()),
    killNow: (): void => {
      resources.server?.killNow();
      resources.db?.killNow();
      resources.redis?.killNow();
      removeRoot();
    },
  };
  untrack = trackForCleanup(stopper, { signals });
  return stopper;
}

/**
 * A fresh temp root (os.tmpdir()/svc-wp-…) for one site, its stopper (registered for exit, and for
 * SIGINT/SIGTERM/SIGHUP when `signals`) and its watchdog; then `build` with them. A build that
 * throws has everything it made stopped and removed, and its error is the one thrown.
 */
export async function withSiteRoot<Server extends RunningServer, T>(
  signals: boolean,
  build: (resources: SiteResources<Server>, stopper: SiteStopper) => Promise<T>,
): Promise<T> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'svc-wp-'));
  const resources: SiteResources<Server> = { root };
  const stopper = createStopper(resources, signals);
  resources.watchdogPid = startWatchdog(WATCHDOG_SCRIPT, [root]);
  try {
    return await build(resources, stopper);
  } catch (error) {
    // The start-up error is the one that matters: a failing cleanup is added to it, never thrown instead.
    try {
      await stopper.stop();
    } catch (cleanupError) {
      appendCleanupError(error, cleanupError);
    }
    throw error;
  }
}

/** Adds a cleanup failure to the error that caused the cleanup (its message and stack), or logs it. */
function appendCleanupError(error: unknown, cleanupError: unknown): void {
  const detail = cleanupError instanceof Error ? cleanupError.message : String(cleanupError);
  const note = `\n(Cleaning up after this failed start-up failed too: ${detail})`;
  if (error instanceof Error) {
    // V8 formats the stack on first read, from the message of that moment: read it before the change.
    const { message, stack } = error;
    error.message = message + note;
    if (stack?.includes(message) === true) error.stack = stack.replace(message, error.message);
  } else {
    process.stderr.write(`[wordpress]${note}\n`);
  }
}

/**
 * Like Promise.all, but settles only once every task has: a task still running (cp writing into
 * the site's tree) would otherwise race the cleanup that the first rejection starts.
 */
export async function allSettledOrThrow<T extends readonly unknown[]>(tasks: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const results = await Promise.allSettled(tasks);
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/** Milliseconds per start-up step (and 'total') into `timings`; each step on stderr when verbose. */
export function createStepLogger(verbose: boolean, timings: Record<string, number>): (step: string) => void {
  const started = Date.now();
  let last = started;
  return (step: string): void => {
    const now = Date.now();
    timings[step] = now - last;
    timings['total'] = now - started;
    last = now;
    if (verbose) process.stderr.write(`[wordpress] ${step}: ${timings[step]} ms (total ${now - started} ms)\n`);
  };
}

/**
 * Copies a WordPress tree to wpDir (which must not exist yet), ready for svc's own wp-config.php:
 * the tree's wp-config.php is removed, and so is anything that would take the database away from
 * MariaDB (a db.php drop-in such as the SQLite integration's, Playground's wp-content/database/).
 * `followLinks` for Debian's tree, which links into /etc and /usr/share/php.
 */
export async function copyWordPressTree(from: string, wpDir: string, followLinks: boolean): Promise<void> {
  await runChecked('cp', [followLinks ? '-rL' : '-r', from, wpDir]);
  rmSync(path.join(wpDir, 'wp-config.php'), { force: true });
  const contentDir = path.join(wpDir, 'wp-content');
  rmSync(path.join(contentDir, 'db.php'), { force: true });
  rmSync(path.join(contentDir, 'database'), { recursive: true, force: true });
  mkdirSync(path.join(contentDir, 'plugins'), { recursive: true });
  mkdirSync(path.join(contentDir, 'mu-plugins'), { recursive: true });
}

/** svc's own mu-plugins for a throwaway site (local-site/mu-plugins/) first, then the caller's. */
export function installMuPlugins(contentDir: string, extra: readonly string[]): void {
  const target = path.join(contentDir, 'mu-plugins');
  mkdirSync(target, { recursive: true });
  const own = readdirSync(SITE_MU_PLUGINS)
    .filter((name) => name.endsWith('.php'))
    .sort()
    .map((name) => path.join(SITE_MU_PLUGINS, name));
  for (const file of [...own, ...extra]) copyFileSync(file, path.join(target, path.basename(file)));
}

/** A symlink rather than a copy, so plugin edits show up on the running site. */
export function linkPlugin(contentDir: string, pluginDir: string): void {
  if (!existsSync(path.join(pluginDir, 'svc.php'))) throw new Error(`No svc.php in plugin dir ${pluginDir}`);
  symlinkSync(path.resolve(pluginDir), path.join(contentDir, 'plugins', 'svc'), 'dir');
}

/** A user install.php creates; the first 'administrator' is the one WordPress is installed with. */
export interface SiteUserSpec {
  readonly login: string;
  readonly password: string;
  readonly email: string;
  readonly role: string;
}

/** What install.php made of each user, by login. */
export type InstalledUsers = Record<string, { readonly id: number; readonly appPassword: string }>;

/** The JSON line a PHP script printed after INSTALL_RESULT_MARKER. */
export function parseResultLine<T>(stdout: string, script: string): T {
  const line = stdout.split('\n').find((candidate) => candidate.startsWith(INSTALL_RESULT_MARKER));
  if (line === undefined) throw new Error(`${script} printed no result:\n${stdout}`);
  return JSON.parse(line.slice(INSTALL_RESULT_MARKER.length)) as T;
}

/**
 * Installs WordPress (wp-config.php must be written) in one PHP process, activates svc when asked,
 * and creates `users` with an application password each.
 */
export async function installWordPress(wpDir: string, debugLog: string, activatePlugin: boolean, users: readonly SiteUserSpec[]): Promise<InstalledUsers> {
  const config = { wpDir, activatePlugin, users };
  const result = await runProcess(requireExecutable('php'), [...iniFlags(false, debugLog), INSTALL_SCRIPT, JSON.stringify(config)], { cwd: wpDir });
  if (result.code !== 0) {
    throw new Error(`Installing WordPress failed (exit ${String(result.code)}):\n${(result.stderr + result.stdout).trim()}`);
  }
  const installed = parseResultLine<{ users: InstalledUsers }>(result.stdout, 'install.php').users;
  for (const { login } of users) {
    if (installed[login] === undefined) throw new Error(`install.php did not report user ${login}`);
  }
  return installed;
}

/** 'Basic <base64(login:appPassword)>' */
export function basicAuth(user: { readonly login: string; readonly appPassword: string }): string {
  return `Basic ${Buffer.from(`${user.login}:${user.appPassword}`).toString('base64')}`;
}

/** Fails start-up early and clearly if application-password auth does not reach WordPress. */
export async function checkBasicAuth(restRoot: string, admin: { readonly login: string; readonly appPassword: string }, header = 'Authorization'): Promise<void> {
  const response = await fetch(`${restRoot}/wp/v2/users/me?context=edit`, {
    headers: { [header]: basicAuth(admin) },
  });
  const body = await response.text();
  if (response.status !== 200) {
    throw new Error(`Basic auth with the admin application password failed: HTTP ${response.status}\n${body}`);
  }
}

/**
 * Starts the web server, on another port when someone took the chosen one between findFreePort()
 * and the server binding it (`movePort` picks it and rewrites what names it), at most `attempts` times.
 */
export async function startOnFreePort(start: () => Promise<void>, movePort: (() => Promise<void>) | undefined, attempts = 3): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await start();
      return;
    } catch (error) {
      if (!(error instanceof PortInUseError) || attempt >= attempts || movePort === undefined) throw error;
      await movePort();
    }
  }
}
