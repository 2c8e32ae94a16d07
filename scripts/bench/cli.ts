/**
 * The CLI's figures (issue 3 §6): `svc --help` wall time, and a push of 1,000 route files with nothing
 * changed and with every file changed, against a real site.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { WordPressSite } from '../../test/support/wordpress.js';
import { median } from './measure.js';

export interface CliFigures {
  helpMs: number;
  unchangedPushMs: number;
  /** Whether the unchanged push rewrote a file on the site (it must not upload anything). */
  unchangedPushWrote: boolean;
  changedPushMs: number;
}

function timed(binary: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): number {
  const started = process.hrtime.bigint();
  const result = spawnSync(binary, args, { cwd, env, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`svc ${args.join(' ')} exited ${result.status}: ${result.stderr || result.stdout}`);
  return ms;
}

function writeProject(project: string, files: readonly { filename: string; content: string }[]): void {
  for (const file of files) {
    const target = path.join(project, 'api', `${file.filename}.php`);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.content);
  }
}

/**
 * `files` must be exactly what `site` has deployed, so the first push has nothing to upload;
 * `probe` is one deployed file on the site, whose change would show an upload.
 */
export function measureCli(binary: string, site: WordPressSite, project: string, files: readonly { filename: string; content: string }[], probe: string): CliFigures {
  const env = { ...process.env, SVC_URL: site.url, SVC_USER: site.users.admin.login, SVC_APP_PASSWORD: site.users.admin.appPassword, NO_COLOR: '1' };
  mkdirSync(project, { recursive: true });
  const help = Array.from({ length: 15 }, () => timed(binary, ['--help'], project, env));
  writeProject(project, files);
  const before = statSync(probe);
  const unchangedPushMs = timed(binary, ['api', 'push', '--yes', '--json'], project, env);
  const after = statSync(probe);
  const unchangedPushWrote = after.mtimeMs !== before.mtimeMs || after.ino !== before.ino;
  writeProject(project, files.map((file) => ({ filename: file.filename, content: `${file.content}// changed\n` })));
  const changedPushMs = timed(binary, ['api', 'push', '--yes', '--json'], project, env);
  return { helpMs: median(help), unchangedPushMs, unchangedPushWrote, changedPushMs };
}
