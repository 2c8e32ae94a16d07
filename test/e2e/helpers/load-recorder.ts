/**
 * A must-use plugin that records every request loading WordPress's plugins (`muPlugins:
 * [LOAD_RECORDER]` of startSite), and the count of those that reached one route: what the early cache
 * did not answer before plugins load.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { WordPressSite } from './site.js';

export const LOAD_RECORDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'mu-plugins', 'svc-e2e-load-recorder.php');

/** Requests for `/wp-json/svc-api/v1/<route>` (and longer paths starting so) that loaded the plugins. */
export function loads(site: WordPressSite, route: string): number {
  const log = path.join(site.contentDir, 'loads.log');
  return existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter((line) => line.includes(`/wp-json/svc-api/v1/${route}`)).length : 0;
}
