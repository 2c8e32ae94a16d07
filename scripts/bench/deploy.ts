/**
 * Deploys route files to a bench site the way the CLI does (contents staged by hash in requests under
 * the site's body limit, then one commit), so a 3 MB set gets past nginx's 1 MB client_max_body_size.
 */
import { createHash } from 'node:crypto';

import { DEFAULT_REQUEST_BYTES, packBlobs } from '../../source/core/blob-batches.js';
import { stagingPause } from '../../source/core/staging-pause.js';
import type { WordPressSite } from '../../test/support/wordpress.js';

export interface RouteFile {
  filename: string;
  content: string;
}

const sha256 = (content: string): string => createHash('sha256').update(content).digest('hex');

async function ok(response: Response, what: string): Promise<unknown> {
  if (!response.ok) throw new Error(`${what} failed: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

/** The `POST api-blobs` bodies that stage these contents, each under 1 MB. */
export function stagingBodies(contents: readonly string[]): string[] {
  const blobs = contents.map((content) => ({ hash: sha256(content), size: Buffer.byteLength(content), content }));
  return packBlobs(blobs, DEFAULT_REQUEST_BYTES).map((batch) =>
    JSON.stringify({ blobs: batch.blobs.map((blob) => ({ hash: blob.hash, content_base64: Buffer.from(blob.content).toString('base64') })) }),
  );
}

/**
 * Sends staging bodies one after the other, pausing between them as the site asks and as
 * `svc api push` does (core/release-push.ts); resolves to the number of requests.
 */
export async function sendStaging(site: WordPressSite, bodies: readonly string[]): Promise<number> {
  for (const [index, body] of bodies.entries()) {
    const answer = (await ok(await site.fetch('/svc/v1/api-blobs', { method: 'POST', body, headers: { 'Content-Type': 'application/json' } }), 'staging')) as { pause_ms?: unknown } | null;
    const pause = stagingPause(answer?.pause_ms);
    if (index < bodies.length - 1 && pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
  }
  return bodies.length;
}

/** Stages contents in requests under 1 MB; resolves to the number of requests. */
export function stage(site: WordPressSite, contents: readonly string[]): Promise<number> {
  return sendStaging(site, stagingBodies(contents));
}

/** Stages and commits `files` as the whole file set (prune). */
export async function deploy(site: WordPressSite, files: readonly RouteFile[]): Promise<void> {
  await stage(site, files.map((file) => file.content));
  const json = { files: Object.fromEntries(files.map((file) => [file.filename, sha256(file.content)])), prune: true };
  await ok(await site.fetch('/svc/v1/api-releases', { method: 'POST', json }), 'commit');
}
