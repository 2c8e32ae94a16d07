/**
 * Shared helpers over the WordPress harness (test/support/wordpress.ts): pushing through the
 * management API, placing files on disk as SFTP would, reading the listing and the log.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { startWordPress, type Caller, type StartOptions, type WordPressSite } from '../../support/wordpress.js';

export type { Caller, WordPressSite } from '../../support/wordpress.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** The mu-plugin that lets a test lower the size limits with two options (see setLimits()). */
export const LIMITS_MU_PLUGIN = path.join(HERE, 'mu-plugins', 'svc-e2e-limits.php');

export const LOG_PREFIX = 'Svc api/:';
export const DEFAULT_NAMESPACE = 'svc-api/v1';

/**
 * Starts a site with the e2e mu-plugins installed. opcache is on, as on production sites: nginx +
 * php-fpm (the default server) always runs with it, not revalidating timestamps; php -S
 * (SVC_TEST_SERVER=php) runs with it, revalidating, unless asked otherwise.
 */
export function startSite(options: StartOptions = {}): Promise<WordPressSite> {
  return startWordPress({ opcache: true, ...options, muPlugins: [LIMITS_MU_PLUGIN, ...(options.muPlugins ?? [])] });
}

export interface JsonResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** fetch + body read; `body` is the parsed JSON or undefined when the body is not JSON. */
export async function call<T = any>(
  site: WordPressSite,
  pathOrUrl: string,
  init: Parameters<WordPressSite['fetch']>[1] = {},
): Promise<JsonResponse<T>> {
  const response = await site.fetch(pathOrUrl, init);
  const text = await response.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, body, text };
}

/** The URL path of a route file's route under a namespace. */
export function routePath(slugPath: string, namespace = DEFAULT_NAMESPACE): string {
  return `/${namespace}/${slugPath}`;
}

export interface PushOptions {
  dryRun?: boolean;
  as?: Caller;
}

/** POST svc/v1/api-files with one batch. */
export function push(site: WordPressSite, files: Record<string, string>, options: PushOptions = {}): Promise<JsonResponse> {
  const json: Record<string, unknown> = {
    files: Object.entries(files).map(([filename, content]) => ({ filename, content })),
  };
  if (options.dryRun !== undefined) json['dry_run'] = options.dryRun;
  return call(site, '/svc/v1/api-files', { method: 'POST', json, as: options.as ?? 'admin' });
}

/** Pushes and fails the test with the plugin's answer unless it was accepted. */
export async function pushOk(site: WordPressSite, files: Record<string, string>): Promise<JsonResponse> {
  const response = await push(site, files);
  if (response.status !== 200) throw new Error(`push rejected: HTTP ${response.status} ${response.text}`);
  return response;
}

/** DELETE svc/v1/api-files. */
export function remove(site: WordPressSite, filenames: unknown, as: Caller = 'admin'): Promise<JsonResponse> {
  return call(site, '/svc/v1/api-files', { method: 'DELETE', json: { filenames }, as });
}

export interface ListRecord {
  filename: string;
  content?: string;
  hash: string;
  path: string;
  route: string | null;
  methods: string[];
  public?: true;
  /** With `public`: the verbs anyone may call. */
  public_verbs?: string[];
  error?: string;
}

/** GET svc/v1/api-files as the admin; fails unless 200. */
export async function list(site: WordPressSite, query = ''): Promise<{ records: ListRecord[]; headers: Headers }> {
  const response = await call<ListRecord[]>(site, `/svc/v1/api-files${query}`);
  if (response.status !== 200) throw new Error(`listing failed: HTTP ${response.status} ${response.text}`);
  return { records: response.body, headers: response.headers };
}

/** The listing record of one slug (undefined when it is not listed). */
export async function record(site: WordPressSite, slug: string): Promise<ListRecord | undefined> {
  return (await list(site)).records.find((item) => item.filename === slug);
}

export function apiDir(site: WordPressSite): string {
  return path.join(site.svcDir, 'api');
}

/** Bytes of every route file stored under api/ (guards included; index.php and dot-files excluded), as the total limit counts them. */
export function storedTotal(site: WordPressSite): number {
  let total = 0;
  const walk = (dir: string): void => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (name.startsWith('.')) continue;
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.php') && name !== 'index.php') total += statSync(full).size;
    }
  };
  walk(apiDir(site));
  return total;
}

/** Writes a route file straight into wp-content/svc/api/, as an SFTP upload would (no guard, no checks). */
export function placeFile(site: WordPressSite, slug: string, content: string | Buffer): string {
  const file = path.join(apiDir(site), `${slug}.php`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
}

/** Removes a file placed under wp-content/svc/ (path relative to it). */
export function unplace(site: WordPressSite, relative: string): void {
  rmSync(path.join(site.svcDir, relative), { recursive: true, force: true });
}

/** Writes any file under wp-content/svc/ (lib/, vendor/...). */
export function placeSvcFile(site: WordPressSite, relative: string, content: string): string {
  const file = path.join(site.svcDir, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
}

/**
 * Lowers (or, with null, restores) the size limits through the e2e mu-plugin's options.
 */
export async function setLimits(site: WordPressSite, limits: { fileBytes?: number | null; totalBytes?: number | null }): Promise<void> {
  const statements: string[] = [];
  for (const [key, option] of [
    ['fileBytes', 'svc_e2e_max_file_bytes'],
    ['totalBytes', 'svc_e2e_max_files_total_bytes'],
  ] as const) {
    const value = limits[key];
    if (value === undefined) continue;
    statements.push(value === null ? `delete_option('${option}');` : `update_option('${option}', ${value});`);
  }
  await site.php(statements.join('\n'));
}

/** Reads the debug log from "now" on: the lines logged after the cursor was made. */
export class LogCursor {
  private readonly start: number;

  constructor(private readonly site: WordPressSite) {
    this.start = site.readLog().length;
  }

  text(): string {
    return this.site.readLog().slice(this.start);
  }

  /** The `Svc api/:` lines logged since the cursor was made. */
  svcLines(): string[] {
    return this.text()
      .split('\n')
      .filter((line) => line.includes(LOG_PREFIX));
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
