/**
 * Figure (d): a route's latency while a 1,000-file push is being staged, against the same route idle.
 */
import type { WordPressSite } from '../../test/support/wordpress.js';
import { stage } from './deploy.js';
import { median, timeRequest, type Target } from './measure.js';
import { fillerRoute } from './routes.js';

export interface StagingFigures {
  busyMs: number;
  idleMs: number;
  /** Route requests measured on each side. */
  samples: number;
  /** `POST api-blobs` requests the staging took. */
  requests: number;
}

/**
 * Two rounds: 1,000 fresh contents (about 3 MB) are staged in requests under 1 MB while the route is
 * requested back to back, then the route is requested as many times with nothing else running.
 * The contents are never committed (they expire), so the site stays as it was; two rounds stay
 * under the cap on staged contents (the total limit, 8 MB).
 */
export async function latencyWhileStaging(site: WordPressSite, target: Target, files: number): Promise<StagingFigures> {
  const busy: number[] = [];
  const idle: number[] = [];
  let requests = 0;
  for (let round = 0; round < 2; round++) {
    const contents = Array.from({ length: files }, (_, i) => fillerRoute(i + 1, `// staged in round ${round} at ${Date.now()}\n`).content);
    let staging = true;
    const stager = stage(site, contents).then((count) => {
      requests += count;
      staging = false;
    });
    const sampled: number[] = [];
    while (staging) sampled.push(await timeRequest(target));
    await stager;
    busy.push(...sampled);
    for (let i = 0; i < sampled.length; i++) idle.push(await timeRequest(target));
  }
  return { busyMs: median(busy), idleMs: median(idle), samples: busy.length, requests };
}
