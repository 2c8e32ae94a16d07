/**
 * What an end-to-end CLI suite starts with: the packed CLI, a throwaway WordPress, an empty project
 * (or one holding examples/api/), a runner with a private home, and the environment that logs svc in
 * as the site's administrator. stop() removes all of it.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startWordPress, type StartOptions, type WordPressSite } from '../../support/wordpress.js';
import { packedCli, REPO_ROOT, type PackedCli } from './packed-cli.js';
import { svcRunner, type SvcRunner } from './run-svc.js';

export interface CliBench {
  readonly site: WordPressSite;
  readonly cli: PackedCli;
  readonly svc: SvcRunner;
  readonly project: string;
  /** project/api (created only with `examples`). */
  readonly apiDir: string;
  /** SVC_URL, SVC_USER and SVC_APP_PASSWORD of the site's administrator. */
  readonly env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startCliBench(name: string, options: { site?: StartOptions; examples?: boolean } = {}): Promise<CliBench> {
  const [cli, site] = await Promise.all([packedCli(), startWordPress(options.site)]);
  const project = mkdtempSync(path.join(os.tmpdir(), `svc-cli-${name}-`));
  const apiDir = path.join(project, 'api');
  if (options.examples === true) cpSync(path.join(REPO_ROOT, 'examples', 'api'), apiDir, { recursive: true });
  const svc = svcRunner(cli.bin, project);
  return {
    site,
    cli,
    svc,
    project,
    apiDir,
    env: { SVC_URL: site.url, SVC_USER: 'admin', SVC_APP_PASSWORD: site.users.admin.appPassword },
    stop: async () => {
      await site.stop();
      rmSync(project, { recursive: true, force: true });
      rmSync(svc.home, { recursive: true, force: true });
    },
  };
}
