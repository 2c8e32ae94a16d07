/**
 * The CLI's figures: `svc --help` wall time; a push of 1,000 route files (about 3 MB) with nothing
 * changed and with every file changed (staged in several requests under nginx's 1 MB body limit);
 * a rollback of that 1,000-file release.
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
  /** `POST api-blobs` requests the changed push staged its contents in. */
  changedPushRequests: number;
  rollbackMs: number;
  /** Files the rollback restored (added + changed + removed of its release). */
  rollbackFiles: number;
}

function run(binary: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): { ms: number; stdout: string } {
  const started = process.hrtime.bigint();
  const result = spawnSync(binary, args, { cwd, env, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`svc ${args.join(' ')} exited ${result.status}: ${result.stderr || result.stdout}`);
  return { ms, stdout: result.stdout };
}

function timed(binary: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): number {
  return run(binary, args, cwd, env).ms;
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
  const changed = run(binary, ['api', 'push', '--yes', '--json'], project, env);
  const pushed = JSON.parse(changed.stdout) as { staged?: { requests?: number } };
  const rollback = run(binary, ['api', 'rollback', '--yes', '--json'], project, env);
  const rolled = JSON.parse(rollback.stdout) as { release?: { added?: number; changed?: number; removed?: number } | null };
  const release = rolled.release ?? {};
  return {
    helpMs: median(help),
    unchangedPushMs,
    unchangedPushWrote,
    changedPushMs: changed.ms,
    changedPushRequests: pushed.staged?.requests ?? 0,
    rollbackMs: rollback.ms,
    rollbackFiles: (release.added ?? 0) + (release.changed ?? 0) + (release.removed ?? 0),
  };
}
