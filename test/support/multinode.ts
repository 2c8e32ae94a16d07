/**
 * A WordPress site run by two web nodes on one database, as a site that outgrew one machine is run:
 * node `a` is the harness's ordinary site (wordpress.ts: MariaDB, WordPress installed, nginx +
 * php-fpm with opcache not revalidating); node `b` is a second copy of the same WordPress tree with
 * its own nginx + php-fpm on another loopback port, talking to the same MariaDB socket. A third
 * nginx, the front, balances the two round-robin (`upstream`, one worker, so requests strictly
 * alternate) for the CLI.
 *
 * Two layouts (option `content`):
 * - 'own' (default): node b has its own copy of wp-content (as a copy of the code on each machine);
 * - 'shared': node b's wp-content is a link to node a's, as an NFS mount of one wp-content would be.
 *
 *   const site = await startMultiNode();
 *   await site.front.fetch('/svc/v1/api-files');        // whichever node is next
 *   await site.nodes.b.fetch('/svc-api/v1/hello');       // node b only
 *   await site.nodes.b.fpm.killWorkers();                // kill -9 node b's PHP workers
 *   await site.stop();
 *
 * Each node is a WordPressSite (url, svcDir, debugLog, fetch, php…), so the e2e helpers take it.
 * Only loopback addresses are used.
 */
import { spawn } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startWatchdog, trackForCleanup } from '../../source/local-site/cleanup.js';
import { startFpmServer, type FpmServer } from '../../source/local-site/fpm-server.js';
import { requireExecutable } from '../../source/local-site/packages.js';
import { findFreePort, PortInUseError } from '../../source/local-site/php-server.js';
import { probeReady, signalGroup, sleep, stopGroup, tailFile } from '../../source/local-site/process.js';
import { runSnippet, startWordPress, WATCHDOG_SCRIPT, type SiteRequestInit, type StartOptions, type WordPressSite } from './wordpress.js';

export type NodeName = 'a' | 'b';

/** One web node: a WordPressSite whose server is always nginx + php-fpm. */
export type WebNode = WordPressSite & { readonly name: NodeName; readonly fpm: FpmServer };

export interface Front {
  /** http://127.0.0.1:PORT of the round-robin balancer. */
  readonly url: string;
  readonly restRoot: string;
  /** As WordPressSite.fetch, through the balancer. Each answer names its node in X-Svc-Test-Node. */
  fetch(pathOrUrl: string, init?: SiteRequestInit): Promise<Response>;
  /** The front as a WordPressSite (node a's paths and users), for helpers that take a site. */
  readonly site: WordPressSite;
}

export interface MultiNodeOptions extends Omit<StartOptions, 'server'> {
  /** 'own' (each node its own wp-content, default) or 'shared' (one wp-content, as over NFS). */
  content?: 'own' | 'shared';
}

export interface MultiNodeSite {
  readonly content: 'own' | 'shared';
  readonly nodes: Readonly<Record<NodeName, WebNode>>;
  readonly front: Front;
  /** Stops the front and node b, then node a (its MariaDB last). Idempotent. */
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 30_000;
const PORT_ATTEMPTS = 3;
const NODE_HEADER = 'X-Svc-Test-Node';

/** The URL and the debug log path baked into node a's wp-config.php, rewritten for node b. */
function configForNode(config: string, from: { url: string; debugLog: string }, to: { url: string; debugLog: string }): string {
  return config.split(from.url).join(to.url).split(from.debugLog).join(to.debugLog);
}

export async function startMultiNode(options: MultiNodeOptions = {}): Promise<MultiNodeSite> {
  const content = options.content ?? 'own';
  const { content: _content, ...siteOptions } = options;
  const a = await startWordPress({ ...siteOptions, server: 'fpm' });
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async (): Promise<void> => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await a.stop();
  };
  try {
    const b = await startNodeB(a, content, options.workers ?? 4, stops);
    const front = await startFront({ a: a as WebNode, b }, stops);
    let stopping: Promise<void> | undefined;
    return {
      content,
      nodes: { a: Object.assign(a, { name: 'a' as const }) as WebNode, b },
      front,
      stop: () => (stopping ??= stopAll()),
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

async function startNodeB(a: WordPressSite, content: 'own' | 'shared', workers: number, stops: (() => Promise<void>)[]): Promise<WebNode> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'svc-wp-node-b-'));
  const watchdog = startWatchdog(WATCHDOG_SCRIPT, [root]);
  let server: FpmServer | undefined;
  const untrack = trackForCleanup({
    stop: async () => {
      await server?.stop();
    },
    killNow: () => server?.killNow(),
  });
  stops.push(async () => {
    await server?.stop();
    untrack();
    signalGroup(watchdog, 'SIGKILL');
    rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  });

  const wpDir = path.join(root, 'wp');
  const debugLog = path.join(root, 'debug.log');
  // The WordPress tree as on a second machine; links (the plugin's, into the repo) stay links.
  cpSync(a.wpDir, wpDir, {
    recursive: true,
    verbatimSymlinks: true,
    filter: (source) => content === 'own' || source !== a.contentDir,
  });
  const contentDir = path.join(wpDir, 'wp-content');
  if (content === 'shared') symlinkSync(a.contentDir, contentDir, 'dir');
  const aConfig = readFileSync(path.join(a.wpDir, 'wp-config.php'), 'utf8');

  let port = await findFreePort();
  for (let attempt = 1; ; attempt++) {
    const url = `http://127.0.0.1:${port}`;
    writeFileSync(path.join(wpDir, 'wp-config.php'), configForNode(aConfig, a, { url, debugLog }));
    try {
      server = await startFpmServer({
        root,
        docRoot: wpDir,
        port,
        workers,
        opcache: true,
      validateTimestamps: false,
        errorLog: debugLog,
        readyPath: '/wp-json/',
        readyTimeoutMs: READY_TIMEOUT_MS,
      });
      break;
    } catch (error) {
      if (!(error instanceof PortInUseError) || attempt >= PORT_ATTEMPTS) throw error;
      port = await findFreePort();
    }
  }
  const fpm = server;
  const url = fpm.url;
  const restRoot = `${url}/wp-json`;
  const node: WebNode = {
    ...a,
    name: 'b',
    url,
    restRoot,
    root,
    wpDir,
    contentDir,
    svcDir: path.join(contentDir, 'svc'),
    debugLog,
    fetch: (pathOrUrl, init) => a.fetch(rebase(pathOrUrl, a.restRoot, restRoot), init),
    php: (code) => runSnippet(root, wpDir, debugLog, code),
    readLog: () => (existsSync(debugLog) ? readFileSync(debugLog, 'utf8') : ''),
    server: fpm,
    fpm,
    restartServer: async () => {
      await fpm.killAll();
      await fpm.start();
    },
    stop: async () => {
      await fpm.stop();
    },
  };
  return node;
}

/** A path under restRoot, or an absolute URL of node a moved to another node's base. */
function rebase(pathOrUrl: string, fromRestRoot: string, toRestRoot: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) {
    const fromBase = fromRestRoot.replace(/\/wp-json$/, '');
    return pathOrUrl.startsWith(fromBase) ? toRestRoot.replace(/\/wp-json$/, '') + pathOrUrl.slice(fromBase.length) : pathOrUrl;
  }
  return `${toRestRoot}/${pathOrUrl.replace(/^\//, '')}`;
}

function quoted(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}

function renderFrontConf(root: string, port: number, nodes: Record<NodeName, WebNode>): string {
  const temp = (name: string): string => quoted(path.join(root, 'temp', name));
  return [
    '# Generated by test/support/multinode.ts: the round-robin front of a two-node test site.',
    'daemon off;',
    'master_process on;',
    // One worker: its round-robin alone decides, so successive requests strictly alternate.
    'worker_processes 1;',
    'user root;',
    `pid ${quoted(path.join(root, 'nginx.pid'))};`,
    `error_log ${quoted(path.join(root, 'nginx-error.log'))} warn;`,
    'events { worker_connections 256; }',
    'http {',
    `    access_log ${quoted(path.join(root, 'nginx-access.log'))};`,
    `    client_body_temp_path ${temp('client_body')};`,
    `    proxy_temp_path ${temp('proxy')};`,
    `    fastcgi_temp_path ${temp('fastcgi')};`,
    `    uwsgi_temp_path ${temp('uwsgi')};`,
    `    scgi_temp_path ${temp('scgi')};`,
    '    # Which node answered, for tests; the upstream address names it.',
    `    map $upstream_addr $svc_test_node { "127.0.0.1:${nodes.a.fpm.port}" a; "127.0.0.1:${nodes.b.fpm.port}" b; default "?"; }`,
    '    upstream nodes {',
    `        server 127.0.0.1:${nodes.a.fpm.port};`,
    `        server 127.0.0.1:${nodes.b.fpm.port};`,
    '    }',
    '    server {',
    `        listen 127.0.0.1:${port};`,
    '        # client_max_body_size: nginx\'s default (1 MB), as on a stock balancer.',
    '        location / {',
    '            proxy_pass http://nodes;',
    '            proxy_set_header Host $http_host;',
    // A node that fails answers the client as is: a test must see it, not a silent retry on the other.
    '            proxy_next_upstream off;',
    `            add_header ${NODE_HEADER} $svc_test_node always;`,
    '        }',
    '    }',
    '}',
    '',
  ].join('\n');
}

async function startFront(nodes: Record<NodeName, WebNode>, stops: (() => Promise<void>)[]): Promise<Front> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'svc-wp-front-'));
  const watchdog = startWatchdog(WATCHDOG_SCRIPT, [root]);
  let pid: number | undefined;
  const untrack = trackForCleanup({
    stop: async () => {
      if (pid !== undefined) await stopGroup(pid, 2000);
    },
    killNow: () => {
      if (pid !== undefined) signalGroup(pid, 'SIGKILL');
    },
  });
  stops.push(async () => {
    if (pid !== undefined) await stopGroup(pid, 2000);
    untrack();
    signalGroup(watchdog, 'SIGKILL');
    rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  });
  for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(root, 'temp', name), { recursive: true });
  const errorLog = path.join(root, 'nginx-error.log');
  for (let attempt = 1; ; attempt++) {
    const port = await findFreePort();
    const conf = path.join(root, 'nginx.conf');
    writeFileSync(conf, renderFrontConf(root, port, nodes));
    rmSync(path.join(root, 'nginx.pid'), { force: true });
    const output = openSync(errorLog, 'a');
    const child = spawn(requireExecutable('nginx'), ['-p', `${root}/`, '-e', errorLog, '-c', conf], { detached: true, stdio: ['ignore', output, output] });
    closeSync(output);
    child.unref();
    pid = child.pid;
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + READY_TIMEOUT_MS;
    let problem: string | null = 'not started';
    while (Date.now() < deadline) {
      if (/Address already in use/i.test(readFileSync(errorLog, 'utf8'))) break;
      if (existsSync(path.join(root, 'nginx.pid'))) {
        problem = await probeReady(`${url}/wp-json/`);
        if (problem === null) break;
      }
      await sleep(30);
    }
    if (problem === null) {
      const restRoot = `${url}/wp-json`;
      const fetchFront = (pathOrUrl: string, init?: SiteRequestInit): Promise<Response> => nodes.a.fetch(rebase(pathOrUrl, nodes.a.restRoot, restRoot), init);
      const site: WordPressSite = { ...nodes.a, url, restRoot, fetch: fetchFront };
      return { url, restRoot, fetch: fetchFront, site };
    }
    if (pid !== undefined) await stopGroup(pid, 1000);
    pid = undefined;
    if (attempt >= PORT_ATTEMPTS) throw new Error(`the front nginx did not answer (${problem}):\n${tailFile(errorLog, 10)}`);
    writeFileSync(errorLog, '');
  }
}

/** The node that answered through the front. */
export function answeredBy(response: Response): NodeName | undefined {
  const node = response.headers.get(NODE_HEADER);
  return node === 'a' || node === 'b' ? node : undefined;
}
