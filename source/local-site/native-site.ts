/**
 * A throwaway WordPress on this machine's Debian PHP, MariaDB and WordPress, for `svc dev`: a copy of
 * /usr/share/wordpress in a temp dir, a private MariaDB on a Unix socket, nginx + php-fpm (or php -S)
 * on 127.0.0.1, svc activated, and one user: an administrator with a random password and an
 * application password. Missing packages are an error naming them (nothing is installed); signals
 * are left to the caller, who stops the site and exits 130 itself (the 'exit' kill and the watchdog
 * still guard against a crash).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { packageDir } from '../core/package-dir.js';
import { startFpmServer } from './fpm-server.js';
import type { LocalSite } from './local-site.js';
import { createDatabase, initDataDir, startMariaDB } from './mariadb.js';
import { requirePackages, WORDPRESS_SOURCE } from './packages.js';
import { findFreePort, startPhpServer } from './php-server.js';
import {
  allSettledOrThrow,
  checkBasicAuth,
  copyWordPressTree,
  createStepLogger,
  installMuPlugins,
  installWordPress,
  linkPlugin,
  PHP_SERVER_PGID_FILE,
  ROUTER_SCRIPT,
  startOnFreePort,
  withSiteRoot,
} from './site-steps.js';
import { generateSalts, renderWpConfig } from './wp-config.js';

const READY_TIMEOUT_MS = 30_000;
const WORKERS = 4;

export async function startNativeSite(options: { server: 'fpm' | 'php'; label: string; verbose?: boolean }): Promise<LocalSite> {
  const step = createStepLogger(options.verbose ?? false, {});
  requirePackages(options.server);
  // A login password of this site's own: the URL is loopback-only, but other users of the machine reach it too.
  const admin = { login: 'admin', password: randomBytes(12).toString('base64url'), email: 'admin@example.test', role: 'administrator' };
  return withSiteRoot(false, async (resources, stopper) => {
    const { root } = resources;
    const wpDir = path.join(root, 'wp');
    const contentDir = path.join(wpDir, 'wp-content');
    const debugLog = path.join(root, 'debug.log');
    const dataDir = path.join(root, 'db');
    await allSettledOrThrow([initDataDir(dataDir), copyWordPressTree(WORDPRESS_SOURCE, wpDir, true)]);
    step('copy WordPress + init database');

    const db = await startMariaDB(root, dataDir);
    resources.db = db;
    await createDatabase(db.socket, 'wordpress');
    step('start MariaDB');

    installMuPlugins(contentDir, []);
    linkPlugin(contentDir, path.join(packageDir(), 'plugin'));
    const salts = generateSalts();
    let port = await findFreePort();
    const writeConfig = (): void => {
      writeFileSync(path.join(wpDir, 'wp-config.php'), renderWpConfig({ socket: db.socket, url: `http://127.0.0.1:${port}`, debugLog, multisite: false }, salts));
    };
    writeConfig();
    const installed = await installWordPress(wpDir, debugLog, true, [admin]);
    // The served site starts with an empty debug log (WordPress 6.1 on PHP 8.2 logs deprecations while installing).
    if (existsSync(debugLog)) renameSync(debugLog, path.join(root, 'install-debug.log'));
    step('install WordPress');

    // php -S with opcache revalidating on each request; php-fpm with opcache as in production.
    const start = async (): Promise<void> => {
      if (options.server === 'fpm') {
        resources.server = await startFpmServer({
          root,
          docRoot: wpDir,
          sitePath: '',
          multisite: false,
          port,
          workers: WORKERS,
          opcache: true,
          validateTimestamps: false,
          errorLog: debugLog,
          readyPath: '/wp-json/',
          readyTimeoutMs: READY_TIMEOUT_MS,
        });
        return;
      }
      const server = await startPhpServer({
        docRoot: wpDir,
        routerScript: ROUTER_SCRIPT,
        port,
        workers: WORKERS,
        opcache: true,
        errorLog: debugLog,
        outputLog: path.join(root, 'php-server.log'),
        readyPath: '/wp-json/',
        readyTimeoutMs: READY_TIMEOUT_MS,
      });
      resources.server = server;
      // For the watchdog, which knows only the root dir.
      writeFileSync(path.join(root, PHP_SERVER_PGID_FILE), String(server.pgid));
    };
    await startOnFreePort(start, async () => {
      port = await findFreePort();
      writeConfig();
    });
    step('start the web server');

    const url = `http://127.0.0.1:${port}`;
    const appPassword = installed[admin.login]!.appPassword;
    await checkBasicAuth(`${url}/wp-json`, { login: admin.login, appPassword });
    step('check Basic auth');
    return {
      url,
      runtime: options.label,
      admin: { login: admin.login, password: admin.password },
      appPassword,
      stop: () => stopper.stop(),
    };
  });
}
