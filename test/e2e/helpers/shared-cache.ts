/**
 * A CDN-like shared cache in front of a test site: nginx with proxy_cache, honouring Cache-Control
 * (private, no-store and Set-Cookie answers are not stored; max-age is) and Vary (stored per value of
 * the named request headers), and bypassing nothing for Authorization, as a careless CDN would.
 * Every answer says whether it came from the cache in X-Cache-Status (HIT, MISS, EXPIRED…).
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { trackForCleanup } from '../../../source/local-site/cleanup.js';
import { requireExecutable } from '../../../source/local-site/packages.js';
import { findFreePort } from '../../../source/local-site/php-server.js';
import { probeReady, signalGroup, sleep, stopGroup, tailFile } from '../../../source/local-site/process.js';
import type { WordPressSite } from './site.js';

export interface SharedCache {
  /** http://127.0.0.1:PORT/wp-json: the site's REST root through the cache. */
  readonly restRoot: string;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 30_000;

function quoted(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}

function renderConf(root: string, port: number, origin: string): string {
  const temp = (name: string): string => quoted(path.join(root, 'temp', name));
  return [
    'daemon off;',
    'master_process on;',
    'worker_processes 1;',
    'user root;',
    `pid ${quoted(path.join(root, 'nginx.pid'))};`,
    `error_log ${quoted(path.join(root, 'nginx-error.log'))} warn;`,
    'events { worker_connections 64; }',
    'http {',
    `    access_log ${quoted(path.join(root, 'nginx-access.log'))};`,
    `    client_body_temp_path ${temp('client_body')};`,
    `    proxy_temp_path ${temp('proxy')};`,
    `    fastcgi_temp_path ${temp('fastcgi')};`,
    `    uwsgi_temp_path ${temp('uwsgi')};`,
    `    scgi_temp_path ${temp('scgi')};`,
    `    proxy_cache_path ${quoted(path.join(root, 'cache'))} levels=1:2 keys_zone=shared:1m max_size=10m inactive=10m use_temp_path=off;`,
    '    server {',
    `        listen 127.0.0.1:${port};`,
    '        location / {',
    `            proxy_pass http://${origin};`,
    '            proxy_cache shared;',
    '            proxy_cache_key $scheme$proxy_host$request_uri;',
    '            add_header X-Cache-Status $upstream_cache_status always;',
    '        }',
    '    }',
    '}',
    '',
  ].join('\n');
}

/** Starts the cache in front of the site (its host and port as the origin). */
export async function startSharedCache(site: WordPressSite): Promise<SharedCache> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'svc-shared-cache-'));
  let pid: number | undefined;
  const untrack = trackForCleanup({
    stop: async () => {
      if (pid !== undefined) await stopGroup(pid, 2000);
    },
    killNow: () => {
      if (pid !== undefined) signalGroup(pid, 'SIGKILL');
    },
  });
  const stop = async (): Promise<void> => {
    if (pid !== undefined) await stopGroup(pid, 2000);
    pid = undefined;
    untrack();
    rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
  for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(root, 'temp', name), { recursive: true });
  const errorLog = path.join(root, 'nginx-error.log');
  const origin = new URL(site.url).host;
  try {
    const port = await findFreePort();
    const conf = path.join(root, 'nginx.conf');
    writeFileSync(conf, renderConf(root, port, origin));
    const output = openSync(errorLog, 'a');
    const child = spawn(requireExecutable('nginx'), ['-p', `${root}/`, '-e', errorLog, '-c', conf], { detached: true, stdio: ['ignore', output, output] });
    closeSync(output);
    child.unref();
    pid = child.pid;
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + READY_TIMEOUT_MS;
    let problem: string | null = 'not started';
    while (Date.now() < deadline) {
      if (existsSync(path.join(root, 'nginx.pid'))) {
        problem = await probeReady(`${url}/wp-json/`);
        if (problem === null) return { restRoot: `${url}/wp-json`, stop };
      }
      if (/emerg|Address already in use/i.test(readFileSync(errorLog, 'utf8'))) break;
      await sleep(30);
    }
    throw new Error(`the shared cache did not answer (${problem}):\n${tailFile(errorLog, 10)}`);
  } catch (error) {
    await stop();
    throw error;
  }
}
