/**
 * The CLI's figures: `svc --help` wall time; a push of 1,000 route files (about 3 MB) with nothing
 * changed and with every file changed (staged in several requests under nginx's 1 MB body limit);
 * rollbacks of that 1,000-file release to the first release (a single rollback's time swings by
 * hundreds of milliseconds on a shared machine, so several are timed, each after a push that changed
 * every file again, and the median is the figure).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { WordPressSite } from '../../test/support/wordpress.js';
import { median } from './measure.js';

export interface CliFigures {
  helpMs: number;
  unchangedPushMs: number;
  unchangedPushSamples: number[];
  /** Whether the unchanged push rewrote a file on the site (it must not upload anything). */
  unchangedPushWrote: boolean;
  changedPushMs: number;
  /** `POST api-blobs` requests the changed push staged its contents in. */
  changedPushRequests: number;
  /** Median of the rollbacks to the first release. */
  rollbackMs: number;
  /** Each rollback's time, the first (which restores the first release from its own tree) first. */
  rollbackSamples: number[];
  /** Files the fewest-restoring rollback restored (added + changed + removed of its release). */
  rollbackFiles: number;
  /** Whether every rollback made the first release's files active again. */
  rollbackRestoredFirst: boolean;
}

/** Rollbacks timed, each after a push of every file changed (the site keeps 10 releases: the first is still kept for the fifth). */
export const ROLLBACK_SAMPLES = 5;
/** Pushes with nothing changed, timed one after another (none writes anything). */
const UNCHANGED_PUSH_SAMPLES = 5;

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

interface SiteRelease {
  id: number;
  kind: string;
  filenames: Record<string, string>;
}

async function releaseOf(site: WordPressSite, id: number): Promise<SiteRelease> {
  const response = await site.fetch(`/svc/v1/api-releases/${id}`);
  if (!response.ok) throw new Error(`GET api-releases/${id}: HTTP ${response.status}`);
  return (await response.json()) as SiteRelease;
}

/** The site's oldest kept release, with its files: the one every timed rollback restores. */
async function firstRelease(site: WordPressSite): Promise<SiteRelease> {
  const response = await site.fetch('/svc/v1/api-releases');
  if (!response.ok) throw new Error(`GET api-releases: HTTP ${response.status}`);
  const ids = ((await response.json()) as { id: number }[]).map((release) => release.id);
  return releaseOf(site, Math.min(...ids));
}

function sameFiles(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * `files` must be exactly what `site` has deployed, so the first push has nothing to upload;
 * `probe` is one deployed file on the site, whose change would show an upload.
 */
export async function measureCli(binary: string, site: WordPressSite, project: string, files: readonly { filename: string; content: string }[], probe: string): Promise<CliFigures> {
  const env = { ...process.env, SVC_URL: site.url, SVC_USER: site.users.admin.login, SVC_APP_PASSWORD: site.users.admin.appPassword, NO_COLOR: '1' };
  mkdirSync(project, { recursive: true });
  const help = Array.from({ length: 15 }, () => timed(binary, ['--help'], project, env));
  writeProject(project, files);
  const before = statSync(probe);
  // A median of five, as the rollback's: one run read 1,307 ms where the runs around it read 449 to 489.
  const unchangedPushes = Array.from({ length: UNCHANGED_PUSH_SAMPLES }, () => timed(binary, ['api', 'push', '--yes', '--json'], project, env));
  const after = statSync(probe);
  const unchangedPushWrote = after.mtimeMs !== before.mtimeMs || after.ino !== before.ino;
  writeProject(project, files.map((file) => ({ filename: file.filename, content: `${file.content}// changed\n` })));
  const changed = run(binary, ['api', 'push', '--yes', '--json'], project, env);
  const pushed = JSON.parse(changed.stdout) as { staged?: { requests?: number } };
  const first = await firstRelease(site);
  const rollbacks: { ms: number; files: number; restored: boolean }[] = [];
  for (let sample = 0; sample < ROLLBACK_SAMPLES; sample++) {
    if (sample > 0) {
      writeProject(project, files.map((file) => ({ filename: file.filename, content: `${file.content}// changed again ${sample}\n` })));
      run(binary, ['api', 'push', '--yes', '--json'], project, env);
    }
    const rollback = run(binary, ['api', 'rollback', String(first.id), '--yes', '--json'], project, env);
    const release = (JSON.parse(rollback.stdout) as { release?: { id?: number; rollbackOf?: number | null; added?: number; changed?: number; removed?: number } | null }).release ?? {};
    const restored = release.rollbackOf === first.id && sameFiles((await releaseOf(site, release.id ?? 0)).filenames, first.filenames);
    rollbacks.push({ ms: rollback.ms, files: (release.added ?? 0) + (release.changed ?? 0) + (release.removed ?? 0), restored });
  }
  return {
    helpMs: median(help),
    unchangedPushMs: median(unchangedPushes),
    unchangedPushSamples: unchangedPushes,
    unchangedPushWrote,
    changedPushMs: changed.ms,
    changedPushRequests: pushed.staged?.requests ?? 0,
    rollbackMs: median(rollbacks.map((rollback) => rollback.ms)),
    rollbackSamples: rollbacks.map((rollback) => rollback.ms),
    rollbackFiles: Math.min(...rollbacks.map((rollback) => rollback.files)),
    rollbackRestoredFirst: rollbacks.every((rollback) => rollback.restored),
  };
}
