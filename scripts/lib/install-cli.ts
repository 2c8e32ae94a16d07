/**
 * The real install path of the CLI: `npm pack` (prepack builds it) and `npm install -g` into a
 * private prefix. Used by the demo and the bench, so both run exactly what a user installs.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function check(status: number | null, what: string): void {
  if (status !== 0) throw new Error(`${what} failed (exit ${status})`);
}

/** Returns the path of the installed `svc` binary. */
export function installCli(scratch: string): string {
  const packDir = path.join(scratch, 'pack');
  const prefix = path.join(scratch, 'prefix');
  mkdirSync(packDir, { recursive: true });
  check(spawnSync('npm', ['pack', '--silent', '--pack-destination', packDir], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] }).status, 'npm pack');
  const tarball = readdirSync(packDir).find((name) => name.endsWith('.tgz'));
  if (tarball === undefined) throw new Error('npm pack produced no tarball');
  check(
    spawnSync('npm', ['install', '-g', '--silent', '--no-audit', '--no-fund', '--prefix', prefix, path.join(packDir, tarball)], { stdio: ['ignore', 'ignore', 'inherit'] }).status,
    'npm install -g',
  );
  return path.join(prefix, 'bin', 'svc');
}
