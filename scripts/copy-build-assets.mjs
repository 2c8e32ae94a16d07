/**
 * tsc compiles only TypeScript: this copies the non-TypeScript files the compiled modules read next
 * to themselves (the local WordPress's PHP scripts and mu-plugins) from source/ into dist/.
 */
import { cpSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ASSET_DIRS = ['local-site/php', 'local-site/mu-plugins'];

for (const dir of ASSET_DIRS) {
  cpSync(path.join(ROOT, 'source', dir), path.join(ROOT, 'dist', dir), { recursive: true });
}
