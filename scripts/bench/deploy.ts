/**
 * Deploys route files to a bench site the way the CLI does (contents staged by hash in requests under
 * the site's body limit, then one commit), so a 3 MB set gets past nginx's 1 MB client_max_body_size.
 */
import { createHash } from 'node:crypto';

import { DEFAULT_REQUEST_BYTES, packBlobs } from '../../source/core/blob-batches.js';
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

/** Stages contents in requests under 1 MB; resolves to the number of requests. */
export async function stage(site: WordPressSite, contents: readonly string[]): Promise<number> {
  const blobs = contents.map((content) => ({ hash: sha256(content), size: Buffer.byteLength(content), content }));
  const batches = packBlobs(blobs, DEFAULT_REQUEST_BYTES);
  for (const batch of batches) {
    const json = { blobs: batch.blobs.map((blob) => ({ hash: blob.hash, content_base64: Buffer.from(blob.content).toString('base64') })) };
    await ok(await site.fetch('/svc/v1/api-blobs', { method: 'POST', json }), 'staging');
  }
  return batches.length;
}

/** Stages and commits `files` as the whole file set (prune). */
export async function deploy(site: WordPressSite, files: readonly RouteFile[]): Promise<void> {
  await stage(site, files.map((file) => file.content));
  const json = { files: Object.fromEntries(files.map((file) => [file.filename, sha256(file.content)])), prune: true };
  await ok(await site.fetch('/svc/v1/api-releases', { method: 'POST', json }), 'commit');
}
