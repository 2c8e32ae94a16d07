/**
 * Figure (d): a route's latency while a 1,000-file push is being staged, against the same route idle.
 */
import type { WordPressSite } from '../../test/support/wordpress.js';
import { sendStaging, stagingBodies } from './deploy.js';
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
 * Rounds: 1,000 fresh contents (about 3 MB) are staged in requests under 1 MB, as `svc api push`
 * sends them (pausing between them as the site asks: sendStaging), while the route is requested back to back; then the route is requested as many times
 * with nothing else running. The request bodies are built before the measured window: on a developer's
 * push the hashing and encoding happen on their machine, not beside the site. The contents are never
 * committed (they expire); the site's cap on staged contents must allow `rounds` × 3 MB
 * (ROOMY_STAGING_PLUGIN).
 */
export async function latencyWhileStaging(site: WordPressSite, target: Target, files: number, rounds: number): Promise<StagingFigures> {
  const busy: number[] = [];
  const idle: number[] = [];
  let requests = 0;
  for (let round = 0; round < rounds; round++) {
    const bodies = stagingBodies(Array.from({ length: files }, (_, i) => fillerRoute(i + 1, `// staged in round ${round} at ${Date.now()}\n`).content));
    let staging = true;
    const sending = sendStaging(site, bodies).finally(() => {
      staging = false;
    });
    const sampled: number[] = [];
    while (staging) sampled.push(await timeRequest(target));
    requests += await sending;
    busy.push(...sampled);
    for (let i = 0; i < sampled.length; i++) idle.push(await timeRequest(target));
  }
  return { busyMs: median(busy), idleMs: median(idle), samples: busy.length, requests };
}
