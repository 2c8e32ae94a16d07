/**
 * A real, throwaway WordPress for end-to-end tests, `npm run demo` and `npm run bench`:
 * a WordPress copied into a temp dir, a private MariaDB on a Unix socket, a web server on
 * 127.0.0.1, the repo's plugin/ activated, and three users with application passwords.
 *
 * The steps are svc dev's (source/local-site/site-steps.ts: its native site is the same WordPress
 * with one administrator); what only the tests want is here: the test users with known passwords,
 * defaults from the environment, apt-get, other WordPress builds, Apache, a subdirectory, multisite,
 * PHP snippets, a restartable server.
 *
 * Which WordPress (option `wordpress`, default from env SVC_TEST_WORDPRESS, else 'debian'): Debian's
 * package (6.1.9), or a build of @wp-playground/wordpress-builds by its zip's name ('6.5', 'nightly',
 * …) or 'newest' (the highest $wp_version among them); see wordpress-builds.ts.
 *
 * Three kinds of web server (option `server`, default from env SVC_TEST_SERVER, else 'fpm'):
 * - 'fpm': nginx in front of php-fpm with opcache not revalidating, as in production (fpm-server.ts);
 * - 'apache': Apache 2.4 with mod_php and WordPress's .htaccess, PHP running as www-data, as on most
 *   shared hosts (apache-server.ts; packages.ts installs apache2 and libapache2-mod-php8.2);
 * - 'php': PHP's built-in server, `php -S`, for quick local loops (php-server.ts).
 *
 *   const site = await startWordPress();
 *   const response = await site.fetch('/svc/v1/api-namespace');            // as admin
 *   const denied = await site.fetch('/svc/v1/api-files', { as: 'anonymous' });
 *   await site.stop();
 */
import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { packageDir } from '../../source/core/package-dir.js';
import { startFpmServer, type FpmServer } from '../../source/local-site/fpm-server.js';
import { createDatabase, initDataDir, startMariaDB } from '../../source/local-site/mariadb.js';
import { startRedis } from '../../source/local-site/redis.js';
import { requireExecutable } from '../../source/local-site/packages.js';
import { findFreePort, iniFlags, startPhpServer, type PhpServer } from '../../source/local-site/php-server.js';
import { runProcess } from '../../source/local-site/process.js';
import {
  allSettledOrThrow,
  basicAuth,
  checkBasicAuth,
  CLI_PRELUDE,
  createStepLogger,
  installMuPlugins,
  installWordPress as installSite,
  linkPlugin,
  parseResultLine,
  PHP_SERVER_PGID_FILE,
  ROUTER_SCRIPT,
  startOnFreePort,
  withSiteRoot,
  type SiteResources,
  type SiteStopper,
} from '../../source/local-site/site-steps.js';
import { generateSalts, phpString, renderWpConfig } from '../../source/local-site/wp-config.js';
import { APACHE_USER, prepareForApache, startApacheServer, type ApacheServer, type ApachePhp } from './apache-server.js';
import { defaultObjectCache, installRedisDropIn, type ObjectCacheKind } from './object-cache.js';
import { ensureSitePackages } from './packages.js';
import { prepareWordPressTree, readWordPressVersion, resolveWordPress, type WordPressChoice } from './wordpress-builds.js';

export { basicAuth, WATCHDOG_SCRIPT } from '../../source/local-site/site-steps.js';
export { listWordPressBuilds, resolveWordPress, type WordPressChoice, type WordPressSource } from './wordpress-builds.js';

export type SiteUserName = 'admin' | 'editor' | 'subscriber';
export type Caller = SiteUserName | 'anonymous';

export interface SiteUser {
  login: string;
  /** Login password (wp-login.php, the admin UI). */
  password: string;
  /** Application password for HTTP Basic auth against the REST API. */
  appPassword: string;
  id: number;
}

export type ServerKind = 'php' | 'fpm' | 'apache';

/** The running web server: `server.kind` tells which; FPM's also kills and restarts its PHP tier. */
export type SiteServer = PhpServer | FpmServer | ApacheServer;

export interface ServerOptions {
  /** nginx + php-fpm, Apache + mod_php (as www-data), or php -S. Default: env SVC_TEST_SERVER, else 'fpm'. */
  server?: ServerKind;
  /**
   * Run PHP with opcache. php -S: revalidating on every request, default false. fpm: default true, as
   * in production; false is a host without opcache (every script compiled on every request).
   */
  opcache?: boolean;
  /**
   * fpm and apache: opcache.validate_timestamps (revalidating on every request). Default false, as in
   * production: a script edited on disk is served from the cache until something invalidates it.
   */
  validateTimestamps?: boolean;
  /** PHP_CLI_SERVER_WORKERS (php -S) or pm.max_children (fpm). Default 4. */
  workers?: number;
  /**
   * apache: how Apache runs PHP, 'mod_php' (default, most shared hosts) or 'fpm' (the event MPM and a
   * PHP-FPM pool through proxy_fcgi, where Authorization reaches PHP only as .htaccess passes it).
   */
  apachePhp?: ApachePhp;
  /** apache: whether WordPress's .htaccess keeps its line that passes Authorization on. Default true. */
  authorizationRule?: boolean;
}

export interface StartOptions extends ServerOptions {
  /**
   * Which WordPress: 'debian' (Debian's package), a build's zip name ('6.5', 'beta', 'nightly', …)
   * or 'newest' (the build with the highest version). Default: env SVC_TEST_WORDPRESS, else 'debian'.
   */
  wordpress?: WordPressChoice;
  /** Plugin directory symlinked as wp-content/plugins/svc and activated; false skips it. Default <repo>/plugin. */
  pluginDir?: string | false;
  /** PHP files copied into wp-content/mu-plugins (after svc's own, source/local-site/mu-plugins/, and the harness's, mu-plugins/). */
  muPlugins?: string[];
  /** Log each start-up step with its duration to stderr. */
  verbose?: boolean;
  /** How long to wait for GET /wp-json/ to answer 200. Default 30 s. */
  readyTimeoutMs?: number;
  /**
   * Install WordPress in a subdirectory of the web root, e.g. '/blog': the site's URL is
   * http://127.0.0.1:PORT/blog, and nginx serves it from there (fpm only). Default: at the root.
   */
  pathPrefix?: string;
  /**
   * A subdirectory multisite network instead of a single site (fpm only, at the root): the site
   * becomes site 1 of the network (the administrator its super admin), a site 2 is added at
   * /site2/, svc is network-activated, and a user who administers site 2 only is created (see
   * `network`).
   */
  multisite?: boolean;
  /**
   * A persistent object cache: 'redis' starts the site's own redis-server (a Unix socket in its root)
   * and installs Redis Object Cache's drop-in. Default: env SVC_TEST_OBJECT_CACHE, else 'none'.
   */
  objectCache?: ObjectCacheKind;
}

/** One site of a multisite test network. */
export interface NetworkSite {
  readonly blogId: number;
  /** http://127.0.0.1:PORT for site 1, http://127.0.0.1:PORT/site2 for site 2 */
  readonly url: string;
  /** url + '/wp-json' */
  readonly restRoot: string;
  /** Its svc tree: wp-content/svc for site 1, wp-content/svc/sites/<id> for the others. */
  readonly svcDir: string;
}

export interface WordPressNetwork {
  /** Site 1 (the main site, where `url` and `restRoot` point) and site 2, by blog id. */
  readonly sites: readonly NetworkSite[];
  /** An administrator of site 2 only (no role on site 1, not a super admin), with an application password. */
  readonly siteAdmin: SiteUser;
}

export type SiteRequestInit = RequestInit & {
  /** Who calls: Basic auth with that user's application password, or none. Default 'admin'. */
  as?: Caller;
  /** JSON-encoded as the body, with Content-Type: application/json. */
  json?: unknown;
};

export interface WordPressSite {
  /** http://127.0.0.1:PORT, or http://127.0.0.1:PORT/blog with pathPrefix '/blog' */
  readonly url: string;
  /** url + '/wp-json' */
  readonly restRoot: string;
  /** The temp dir holding everything (WordPress, database, logs); removed by stop(). */
  readonly root: string;
  readonly wpDir: string;
  /** 'debian' or the build's zip name ('nightly', '6.5', …); 'newest' is reported as the build it picked. */
  readonly wordpress: string;
  /** $wp_version from the site's wp-includes/version.php, e.g. '6.1.9' or '6.7-alpha-58716'. */
  readonly wordpressVersion: string;
  /** wp-content */
  readonly contentDir: string;
  /** wp-content/svc (created by the plugin, may not exist yet) */
  readonly svcDir: string;
  /**
   * WP_DEBUG_LOG and PHP's error_log: notices, fatals and the plugin's "Svc api/:" lines. Starts empty
   * when the server starts; what the install logged is in root/install-debug.log.
   */
  readonly debugLog: string;
  readonly users: Readonly<Record<SiteUserName, SiteUser>>;
  /** Milliseconds per start-up step, and 'total'. */
  readonly timings: Readonly<Record<string, number>>;
  /** With `multisite: true`: the network's sites and site 2's administrator; undefined on a single site. */
  readonly network: WordPressNetwork | undefined;
  /** With `objectCache: 'redis'`: the site's redis-server socket (the drop-in is wp-content/object-cache.php). */
  readonly redisSocket: string | undefined;
  /** 'Basic <base64(login:appPassword)>' */
  authHeader(user: SiteUserName): string;
  /**
   * Global fetch against the site. An absolute http(s) URL is used as is; anything else is a path
   * under restRoot ('/svc/v1/api-files' → url + '/wp-json/svc/v1/api-files').
   */
  fetch(pathOrUrl: string, init?: SiteRequestInit): Promise<Response>;
  /** Runs PHP code with WordPress loaded (CLI, no opcache) and returns its stdout. Throws on a non-zero exit. */
  php(code: string): Promise<string>;
  /** The debug log's text ('' until something is logged). */
  readLog(): string;
  /** The web server now running (replaced by restartServer()). */
  readonly server: SiteServer;
  /** The same server when it is nginx + php-fpm, else undefined: for tests that kill PHP workers. */
  readonly fpm: FpmServer | undefined;
  /**
   * Stops and restarts the web server only (same port, same database, a fresh opcache), e.g. to
   * toggle opcache or validateTimestamps, or to switch kinds.
   */
  restartServer(options?: ServerOptions): Promise<void>;
  /** Stops everything and removes root. Idempotent; also runs at exit and on SIGINT/SIGTERM/SIGHUP. */
  stop(): Promise<void>;
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
const NETWORK_SCRIPT = path.join(HERE, 'php', 'network.php');
/** The harness's mu-plugins, after svc's own for a throwaway site. */
const TEST_MU_PLUGINS = path.join(HERE, 'mu-plugins');
const SITE_ADMIN = { login: 'siteadmin', password: 'siteadmin-password', email: 'siteadmin@example.test' };

/** The test users: known passwords, so tests and `npm run demo` can log in as each. */
const USERS: Record<SiteUserName, { login: string; password: string; email: string; role: string }> = {
  admin: { login: 'admin', password: 'admin-password', email: 'admin@example.test', role: 'administrator' },
  editor: { login: 'editor', password: 'editor-password', email: 'editor@example.test', role: 'editor' },
  subscriber: { login: 'subscriber', password: 'subscriber-password', email: 'subscriber@example.test', role: 'subscriber' },
};
const USER_NAMES = Object.keys(USERS) as SiteUserName[];

const SERVER_LABELS: Record<ServerKind, string> = { fpm: 'nginx + php-fpm', apache: 'Apache + mod_php', php: 'php -S' };

/** SVC_TEST_SERVER=php|fpm|apache, else fpm: every suite runs on the production stack unless told otherwise. */
export function defaultServerKind(): ServerKind {
  const fromEnv = process.env['SVC_TEST_SERVER'];
  if (fromEnv === undefined || fromEnv === '') return 'fpm';
  if (fromEnv === 'php' || fromEnv === 'fpm' || fromEnv === 'apache') return fromEnv;
  throw new Error(`SVC_TEST_SERVER must be "php", "fpm" or "apache", not "${fromEnv}"`);
}

/** The test users, made by svc's install.php. */
async function installWordPress(
  wpDir: string,
  debugLog: string,
  activatePlugin: boolean,
): Promise<Record<SiteUserName, SiteUser>> {
  const installed = await installSite(wpDir, debugLog, activatePlugin, USER_NAMES.map((name) => USERS[name]));
  const users = {} as Record<SiteUserName, SiteUser>;
  for (const name of USER_NAMES) {
    const { login, password } = USERS[name];
    const created = installed[login]!;
    users[name] = { login, password, appPassword: created.appPassword, id: created.id };
  }
  return users;
}

interface NetworkResult {
  sites: { id: number; url: string }[];
  siteAdmin: { id: number; appPassword: string };
}

/** Runs a step of php/network.php. */
async function runNetworkStep(wpDir: string, debugLog: string, config: Record<string, unknown>): Promise<string> {
  const json = JSON.stringify({ prelude: CLI_PRELUDE, wpDir, ...config });
  const result = await runProcess(requireExecutable('php'), [...iniFlags(false, debugLog), NETWORK_SCRIPT, json], { cwd: wpDir });
  if (result.code !== 0) {
    throw new Error(`Making the multisite network failed (exit ${String(result.code)}):\n${(result.stderr + result.stdout).trim()}`);
  }
  return result.stdout;
}

/** First half of a network's install, while wp-config.php does not say MULTISITE yet (see php/network.php). */
async function convertToNetwork(wpDir: string, debugLog: string, domain: string): Promise<void> {
  await runNetworkStep(wpDir, debugLog, { step: 'convert', domain });
}

/** Second half of a network's install, once wp-config.php says MULTISITE (see php/network.php). */
async function installNetwork(wpDir: string, debugLog: string, activatePlugin: boolean, contentDir: string): Promise<WordPressNetwork> {
  const stdout = await runNetworkStep(wpDir, debugLog, { step: 'finish', activatePlugin, siteAdmin: SITE_ADMIN });
  const made = parseResultLine<NetworkResult>(stdout, 'network.php');
  return {
    sites: made.sites.map(({ id, url }) => ({
      blogId: id,
      url,
      restRoot: `${url}/wp-json`,
      svcDir: id === 1 ? path.join(contentDir, 'svc') : path.join(contentDir, 'svc', 'sites', String(id)),
    })),
    siteAdmin: { ...SITE_ADMIN, id: made.siteAdmin.id, appPassword: made.siteAdmin.appPassword },
  };
}

/** Wraps a snippet in a file that loads WordPress first and reports fatals on stderr. */
function snippetFile(prelude: string, wpDir: string, code: string): string {
  const body = code.trimStart().startsWith('<?php') ? code : `<?php\n${code}`;
  return [
    '<?php',
    `require ${phpString(prelude)};`,
    `require ${phpString(path.join(wpDir, 'wp-load.php'))};`,
    // PHP swallows the newline right after a closing tag, so the snippet's output is all there is.
    '?>',
    body,
  ].join('\n');
}

/**
 * Starts a fresh WordPress. Installs the system packages first if needed (apt-get, as root).
 * Always call stop() when done (an exit hook does it too, as a safety net).
 */
export async function startWordPress(options: StartOptions = {}): Promise<WordPressSite> {
  const timings: Record<string, number> = {};
  const step = createStepLogger(options.verbose ?? false, timings);
  ensureSitePackages(options.server ?? defaultServerKind(), options.objectCache ?? defaultObjectCache());
  step('packages');
  // Stopped on SIGINT/SIGTERM/SIGHUP too, and the signal re-raised.
  return withSiteRoot<SiteServer, WordPressSite>(true, (resources, stopper) => buildSite(resources, stopper, options, timings, step));
}

async function buildSite(
  resources: SiteResources<SiteServer>,
  stopper: SiteStopper,
  options: StartOptions,
  timings: Readonly<Record<string, number>>,
  step: (name: string) => void,
): Promise<WordPressSite> {
  const { root } = resources;
  const prefix = options.pathPrefix ?? '';
  if (prefix !== '' && !/^(\/[a-z0-9-]+)+$/.test(prefix)) throw new Error(`pathPrefix must look like "/blog", not "${prefix}"`);
  if (prefix !== '' && (options.server ?? defaultServerKind()) !== 'fpm') throw new Error('pathPrefix needs the fpm server (nginx serves the subdirectory)');
  const multisite = options.multisite ?? false;
  if (multisite && (prefix !== '' || (options.server ?? defaultServerKind()) !== 'fpm')) {
    throw new Error('multisite needs the fpm server (nginx has the network\'s rewrites) and no pathPrefix');
  }
  // In a subdirectory, the web root holds nothing but WordPress's directory.
  const webRoot = path.join(root, 'www');
  const wpDir = prefix === '' ? path.join(root, 'wp') : path.join(webRoot, ...prefix.split('/').filter(Boolean));
  const contentDir = path.join(wpDir, 'wp-content');
  const dataDir = path.join(root, 'db');
  const debugLog = path.join(root, 'debug.log');
  const pluginDir = options.pluginDir ?? path.join(packageDir(), 'plugin');

  const wordpress = await resolveWordPress(options.wordpress);
  mkdirSync(path.dirname(wpDir), { recursive: true });
  // The two slowest file-system steps are independent.
  await allSettledOrThrow([initDataDir(dataDir), prepareWordPressTree(wordpress, wpDir)]);
  const wordpressVersion = readWordPressVersion(wpDir);
  step('copy WordPress + init database');

  const db = await startMariaDB(root, dataDir);
  resources.db = db;
  await createDatabase(db.socket, 'wordpress');
  step('start MariaDB');
  const objectCache = options.objectCache ?? defaultObjectCache();
  if (objectCache === 'redis') {
    resources.redis = await startRedis(root);
    step('start Redis');
  }
  const redisSocket = resources.redis?.socket;

  const testMuPlugins = readdirSync(TEST_MU_PLUGINS)
    .filter((name) => name.endsWith('.php'))
    .sort()
    .map((name) => path.join(TEST_MU_PLUGINS, name));
  installMuPlugins(contentDir, [...testMuPlugins, ...(options.muPlugins ?? [])]);
  if (pluginDir !== false) linkPlugin(contentDir, pluginDir);
  const salts = generateSalts();
  const writeConfig = (port: number, network = false): void => {
    const config = renderWpConfig({ socket: db.socket, url: `http://127.0.0.1:${port}${prefix}`, debugLog, multisite: network, ...(redisSocket === undefined ? {} : { redisSocket }) }, salts);
    writeFileSync(path.join(wpDir, 'wp-config.php'), config);
  };
  let port = await findFreePort();
  writeConfig(port);
  // A network's svc is network-activated once the network exists (installNetwork).
  const users = await installWordPress(wpDir, debugLog, pluginDir !== false && !multisite);
  let network: WordPressNetwork | undefined;
  if (multisite) {
    await convertToNetwork(wpDir, debugLog, `127.0.0.1:${port}`);
    writeConfig(port, true);
    network = await installNetwork(wpDir, debugLog, pluginDir !== false, contentDir);
  }
  // Start the served site with an empty debug log, so tests see only what their requests logged
  // (WordPress 6.1 on PHP 8.2 logs a screenful of deprecations while installing).
  if (existsSync(debugLog)) renameSync(debugLog, path.join(root, 'install-debug.log'));
  // After the install, as a host adds it to a running site: the cache starts empty.
  if (redisSocket !== undefined) installRedisDropIn(contentDir);
  step('install WordPress');
  const server = options.server ?? defaultServerKind();
  // Apache's children run as www-data: what PHP writes becomes theirs (the install ran as root).
  if (server === 'apache') prepareForApache({ root, wpDir, contentDir, writable: [debugLog], authorizationRule: options.authorizationRule ?? true });

  let serverOptions: Required<ServerOptions> = {
    server,
    opcache: options.opcache ?? server !== 'php',
    validateTimestamps: options.validateTimestamps ?? false,
    workers: options.workers ?? 4,
    apachePhp: options.apachePhp ?? 'mod_php',
    authorizationRule: options.authorizationRule ?? true,
  };
  const readyTimeoutMs = options.readyTimeoutMs ?? 30_000;
  const startServer = async (): Promise<void> => {
    if (serverOptions.server === 'fpm') {
      resources.server = await startFpmServer({
        root,
        docRoot: prefix === '' ? wpDir : webRoot,
        sitePath: prefix,
        multisite,
        port,
        workers: serverOptions.workers,
        opcache: serverOptions.opcache,
        validateTimestamps: serverOptions.validateTimestamps,
        errorLog: debugLog,
        readyPath: `${prefix}/wp-json/`,
        readyTimeoutMs,
      });
      return;
    }
    if (serverOptions.server === 'apache') {
      const apache = await startApacheServer({
        php: serverOptions.apachePhp,
        root,
        docRoot: wpDir,
        port,
        workers: serverOptions.workers,
        opcache: serverOptions.opcache,
        validateTimestamps: serverOptions.validateTimestamps,
        errorLog: debugLog,
        readyPath: '/wp-json/',
        readyTimeoutMs,
      });
      resources.server = apache;
      // For the watchdog, which kills that process group.
      writeFileSync(path.join(root, PHP_SERVER_PGID_FILE), String(apache.pgid));
      return;
    }
    const server = await startPhpServer({
      docRoot: wpDir,
      routerScript: ROUTER_SCRIPT,
      port,
      workers: serverOptions.workers,
      opcache: serverOptions.opcache,
      errorLog: debugLog,
      outputLog: path.join(root, 'php-server.log'),
      readyPath: '/wp-json/',
      readyTimeoutMs,
    });
    resources.server = server;
    // For the watchdog, which knows only the root dir.
    writeFileSync(path.join(root, PHP_SERVER_PGID_FILE), String(server.pgid));
  };
  // The URL lives only in wp-config.php (WP_HOME/WP_SITEURL override the options), so another port
  // is a rewrite away; a network's address is in its database too (its sites' domains): no rewrite moves it.
  await startOnFreePort(
    startServer,
    multisite
      ? undefined
      : async () => {
          port = await findFreePort();
          writeConfig(port);
        },
  );
  step(`start ${SERVER_LABELS[serverOptions.server]} (first 200 from /wp-json/)`);

  const url = `http://127.0.0.1:${port}${prefix}`;
  const restRoot = `${url}/wp-json`;
  // A site made to strip Authorization is checked as svc reaches it there: through its own header.
  if (serverOptions.authorizationRule || serverOptions.server !== 'apache' || serverOptions.apachePhp === 'mod_php' || options.pluginDir === false) {
    await checkBasicAuth(restRoot, users.admin);
  } else {
    await checkBasicAuth(restRoot, users.admin, 'X-Svc-Authorization');
  }
  step('check Basic auth');

  let stopped = false;
  return {
    url,
    restRoot,
    root,
    wpDir,
    wordpress: wordpress.name,
    wordpressVersion,
    contentDir,
    svcDir: path.join(contentDir, 'svc'),
    debugLog,
    users,
    timings,
    network,
    redisSocket,
    authHeader: (user) => basicAuth(users[user]),
    fetch: (pathOrUrl, init = {}) => siteFetch(restRoot, users, pathOrUrl, init),
    // As the user the server runs PHP as, so what a snippet writes stays writable for the site.
    php: (code) => runSnippet(root, wpDir, debugLog, code, serverOptions.server === 'apache' ? APACHE_USER : undefined),
    readLog: () => (existsSync(debugLog) ? readFileSync(debugLog, 'utf8') : ''),
    get server(): SiteServer {
      if (resources.server === undefined) throw new Error('site.server: no server is running');
      return resources.server;
    },
    get fpm(): FpmServer | undefined {
      return resources.server?.kind === 'fpm' ? resources.server : undefined;
    },
    restartServer: async (next = {}) => {
      if (stopped) throw new Error('restartServer(): the site has been stopped');
      await resources.server?.stop();
      resources.server = undefined;
      rmSync(path.join(root, PHP_SERVER_PGID_FILE), { force: true });
      serverOptions = { ...serverOptions, ...next };
      // Same port: it is baked into wp-config.php, and both servers bind with SO_REUSEADDR.
      await startServer();
    },
    stop: () => {
      stopped = true;
      return stopper.stop();
    },
  };
}

function siteFetch(
  restRoot: string,
  users: Record<SiteUserName, SiteUser>,
  pathOrUrl: string,
  init: SiteRequestInit,
): Promise<Response> {
  const { as = 'admin', json, headers, ...rest } = init;
  const target = /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${restRoot}/${pathOrUrl.replace(/^\//, '')}`;
  const merged = new Headers(headers);
  if (as !== 'anonymous' && !merged.has('Authorization')) merged.set('Authorization', basicAuth(users[as]));
  if (json !== undefined) {
    merged.set('Content-Type', 'application/json');
    return fetch(target, { ...rest, headers: merged, body: JSON.stringify(json) });
  }
  return fetch(target, { ...rest, headers: merged });
}

/**
 * Runs a PHP snippet with the WordPress in wpDir loaded (CLI), as `user` when given (runuser);
 * also used for the other nodes of multinode.ts.
 */
export async function runSnippet(root: string, wpDir: string, debugLog: string, code: string, user?: string): Promise<string> {
  const dir = path.join(root, 'snippets');
  mkdirSync(dir, { recursive: true });
  // Beside the snippet, in the site's root: a user such as www-data may not reach the checkout
  // (a clone inside a private folder), as it may not on a real host.
  const prelude = path.join(dir, path.basename(CLI_PRELUDE));
  if (!existsSync(prelude)) copyFileSync(CLI_PRELUDE, prelude);
  const file = path.join(dir, `${randomUUID()}.php`);
  writeFileSync(file, snippetFile(prelude, wpDir, code));
  try {
    const php = [requireExecutable('php'), ...iniFlags(false, debugLog), file];
    const result = user === undefined ? await runProcess(php[0]!, php.slice(1), { cwd: wpDir }) : await runProcess('runuser', ['-u', user, '--', ...php], { cwd: wpDir });
    if (result.code !== 0) {
      throw new Error(`PHP snippet failed (exit ${String(result.code)}):\n${(result.stderr + result.stdout).trim()}\n--- code ---\n${code}`);
    }
    return result.stdout;
  } finally {
    rmSync(file, { force: true });
  }
}
