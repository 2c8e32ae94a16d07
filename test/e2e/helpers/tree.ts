/**
 * Snapshots of wp-content/svc/ (paths and sha256 of every file), to prove a request changed nothing.
 */
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';

export type Tree = Record<string, string>;

/**
 * Every file and directory under `dir` (dot-files included, so a leftover temporary file shows),
 * as relative path => sha256 of the bytes ('dir' for directories, 'link:<target>' for links).
 * `cache/` is derived data the plugin may rebuild on any request, so it is left out by default.
 * The served release tree (the one `api` links to) is named `trees/(served)`: a change that ends
 * with the same files served (e.g. a push then its removal) leaves the same snapshot. The tree served
 * before it, which svc keeps until the next write for requests still reading it, is left out; any
 * other directory left in trees/ (a crashed build) or any file that differs still shows.
 */
export function snapshotTree(dir: string, options: { includeCache?: boolean } = {}): Tree {
  const tree: Tree = {};
  if (!existsSync(dir)) return tree;
  const walk = (current: string, relative: string): void => {
    for (const name of readdirSync(current).sort()) {
      const full = path.join(current, name);
      const rel = relative === '' ? name : `${relative}/${name}`;
      // Derived data a request may rebuild: the manifest cache and the early cache's indexes and answers.
      if ((rel === 'cache' || rel === 'early-cache') && options.includeCache !== true) continue;
      const stat = lstatSync(full);
      if (stat.isSymbolicLink()) tree[rel] = `link:${readlinkSync(full)}`;
      else if (stat.isDirectory()) {
        tree[rel] = 'dir';
        walk(full, rel);
      } else tree[rel] = sha256(readFileSync(full));
    }
  };
  walk(dir, '');
  const served = /^link:(trees\/[^/]+)$/.exec(tree['api'] ?? '')?.[1];
  if (served === undefined) return tree;
  const named: Tree = {};
  for (const [key, value] of Object.entries(tree)) {
    if (/^trees\/r\d+-[a-f0-9]+(\/|$)/.test(key) && !(key === served || key.startsWith(`${served}/`))) continue;
    const renamed = key === served || key.startsWith(`${served}/`) ? `trees/(served)${key.slice(served.length)}` : key;
    named[renamed] = key === 'api' ? 'link:trees/(served)' : value;
  }
  return named;
}

export function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** The directories in an svc dir's trees/ (its releases' trees and any build left), sorted. */
export function treeNames(svcDir: string): string[] {
  const trees = path.join(svcDir, 'trees');
  return existsSync(trees) ? readdirSync(trees).filter((name) => name !== 'index.php').sort() : [];
}
