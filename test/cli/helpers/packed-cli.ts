/**
 * The svc package as users get it: `npm pack` (prepack bundles dist/: scripts/build.mjs) and
 * `npm install -g --prefix <tmp>` of the tarball. Done once per jest run and shared by every test
 * file: the first file to get here packs and installs under a lock, the others wait and reuse it.
 * The run is known by the jest parent process (workers are its children), so a new run packs anew.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { runChecked } from '../../../source/local-site/process.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface PackedFile {
  path: string;
  size: number;
}

export interface PackedCli {
  /** The tarball npm pack wrote. */
  tarball: string;
  /** What `npm pack --json` reported as the tarball's files. */
  files: PackedFile[];
  /** The global prefix the tarball was installed into. */
  prefix: string;
  /** prefix/bin/svc: the installed binary. */
  bin: string;
  /** The installed package's directory (lib/node_modules/svc). */
  packageDir: string;
}

const CACHE_PREFIX = 'svc-cli-e2e-';
const LOCK_STALE_MS = 10 * 60_000;

/** The jest run: forked workers belong to their parent; in-band tests to this process. */
function runId(): number {
  return typeof process.send === 'function' ? process.ppid : process.pid;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Installs left behind by runs that have ended. */
function removeStale(): void {
  for (const name of readdirSync(os.tmpdir())) {
    const pid = Number(name.slice(CACHE_PREFIX.length));
    if (name.startsWith(CACHE_PREFIX) && Number.isInteger(pid) && pid !== runId() && !isAlive(pid)) {
      rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
    }
  }
}

async function withLock<T>(lockDir: string, task: () => Promise<T>): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() - started > LOCK_STALE_MS) throw new Error(`Timed out waiting for ${lockDir}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await task();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

let memo: Promise<PackedCli> | undefined;

export function packedCli(): Promise<PackedCli> {
  memo ??= preparePackedCli();
  return memo;
}

async function preparePackedCli(): Promise<PackedCli> {
  removeStale();
  const root = path.join(os.tmpdir(), `${CACHE_PREFIX}${runId()}`);
  mkdirSync(root, { recursive: true });
  const done = path.join(root, 'packed.json');
  return withLock(path.join(root, 'lock'), async () => {
    if (existsSync(done)) {
      return JSON.parse(readFileSync(done, 'utf8')) as PackedCli;
    }
    const env = { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
    // prepack's build empties dist/ itself; removing it first keeps a failed build from shipping an old one.
    rmSync(path.join(REPO_ROOT, 'dist'), { recursive: true, force: true });
    const packed = await runChecked('npm', ['pack', '--json', '--pack-destination', root], { cwd: REPO_ROOT, env });
    // npm prints lifecycle output on stderr; be lenient in case a script writes to stdout.
    const json = packed.stdout.startsWith('[') ? packed.stdout : packed.stdout.slice(packed.stdout.indexOf('\n['));
    const report = JSON.parse(json) as { filename: string; files: PackedFile[] }[];
    const first = report[0];
    if (first === undefined) throw new Error(`npm pack reported nothing:\n${packed.stdout}`);
    const tarball = path.join(root, first.filename);
    const prefix = path.join(root, 'prefix');
    await runChecked('npm', ['install', '--global', '--prefix', prefix, '--prefer-offline', tarball], { cwd: root, env });
    const result: PackedCli = {
      tarball,
      files: first.files.map(({ path: file, size }) => ({ path: file, size })),
      prefix,
      bin: path.join(prefix, 'bin', 'svc'),
      packageDir: path.join(prefix, 'lib', 'node_modules', 'svc'),
    };
    writeFileSync(done, JSON.stringify(result));
    return result;
  });
}
