/**
 * Figure (d): a route's latency while a 1,000-file push is being staged, against the same route idle.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { WordPressSite } from '../../test/support/wordpress.js';
import { median, timeRequest, type Target } from './measure.js';
import { fillerRoute } from './routes.js';

export interface StagingFigures {
  busyMs: number;
  idleMs: number;
  /** Route requests measured on each side. */
  samples: number;
  /** `POST api-blobs` requests the pushes staged their contents in. */
  requests: number;
}

/** Runs `svc api push --dry-run` in its own process, as a developer's push would run. */
function dryRunPush(binary: string, project: string, site: WordPressSite): Promise<{ requests: number }> {
  const env = { ...process.env, SVC_URL: site.url, SVC_USER: site.users.admin.login, SVC_APP_PASSWORD: site.users.admin.appPassword, NO_COLOR: '1' };
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ['api', 'push', '--dry-run', '--yes', '--json'], { cwd: project, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`svc api push --dry-run exited ${code}: ${stderr || stdout}`));
      const report = JSON.parse(stdout) as { staged?: { requests?: number } };
      resolve({ requests: report.staged?.requests ?? 0 });
    });
  });
}

/**
 * Two rounds: a project of 1,000 route files (about 3 MB), all different from the site's, is pushed
 * with `--dry-run` (so its contents are staged in requests under 1 MB and checked, but never made
 * active) while the route is requested back to back; then the route is requested as many times with
 * nothing else running. Two rounds stay under the cap on staged contents (the total limit, 8 MB).
 */
export async function latencyWhileStaging(binary: string, site: WordPressSite, target: Target, files: number, scratch: string): Promise<StagingFigures> {
  const busy: number[] = [];
  const idle: number[] = [];
  let requests = 0;
  for (let round = 0; round < 2; round++) {
    const project = path.join(scratch, `staging-${round}`);
    for (let i = 1; i <= files; i++) {
      const file = fillerRoute(i, `// staged in round ${round}\n`);
      const target = path.join(project, 'api', `${file.filename}.php`);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, file.content);
    }
    let staging = true;
    const pushing = dryRunPush(binary, project, site).finally(() => {
      staging = false;
    });
    const sampled: number[] = [];
    while (staging) sampled.push(await timeRequest(target));
    requests += (await pushing).requests;
    busy.push(...sampled);
    for (let i = 0; i < sampled.length; i++) idle.push(await timeRequest(target));
    rmSync(project, { recursive: true, force: true });
  }
  return { busyMs: median(busy), idleMs: median(idle), samples: busy.length, requests };
}
