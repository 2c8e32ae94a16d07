/**
 * The bench's push and rollback rows alone, without the other sites of `npm run bench -- single`:
 * `npx tsx scripts/bench/rollback-rows.ts [rounds]` starts one nginx + php-fpm site with opcache and
 * the bench's 1,000 route files, installs the packed CLI once, and runs bench/cli.ts's pushes and its
 * five timed rollbacks to the first release (measureCli) on a fresh site per round. With
 * ROLLBACK_PLUGIN_DIR=<dir> (another copy of plugin/, e.g. `git archive <commit> plugin` unpacked)
 * each round runs that copy first, then this checkout's, so two versions are compared in turns on a
 * machine whose load moves a single rollback by hundreds of milliseconds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startWordPress } from '../../test/support/wordpress.js';
import { installCli } from '../lib/install-cli.js';
import { measureCli } from './cli.js';
import { deploy } from './deploy.js';
import { fillerRoute, helloRoute } from './routes.js';

const FILES = 1000;
const rounds = Number(process.argv[2] ?? 1);
const other = process.env.ROLLBACK_PLUGIN_DIR;

async function row(binary: string, scratch: string, label: string, pluginDir: string | undefined): Promise<string> {
  const site = await startWordPress({ opcache: true, ...(pluginDir === undefined ? {} : { pluginDir }) });
  try {
    const deployed = [{ filename: 'hello', content: helloRoute() }, ...Array.from({ length: FILES - 1 }, (_, i) => fillerRoute(i + 1))];
    await deploy(site, deployed);
    const project = mkdtempSync(path.join(scratch, 'project-'));
    const cli = await measureCli(binary, site, project, deployed, path.join(site.svcDir, 'api', 'filler/route-1.php'));
    const samples = cli.rollbackSamples.map((ms) => ms.toFixed(0)).join(' ');
    return `${label.padEnd(6)} push unchanged ${cli.unchangedPushMs.toFixed(0)} ms, all changed ${cli.changedPushMs.toFixed(0)} ms; rollback ${cli.rollbackMs.toFixed(0)} ms (median of ${cli.rollbackSamples.length}: ${samples}; ${cli.rollbackFiles} files restored${cli.rollbackRestoredFirst ? '' : '; NOT the first release'})`;
  } finally {
    await site.stop();
  }
}

const scratch = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-rollback-'));
try {
  process.stdout.write('Installing the packed CLI…\n');
  const binary = installCli(scratch);
  for (let round = 0; round < rounds; round++) {
    if (other !== undefined) process.stdout.write(`${await row(binary, scratch, 'other', other)}\n`);
    process.stdout.write(`${await row(binary, scratch, 'this', undefined)}\n`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
