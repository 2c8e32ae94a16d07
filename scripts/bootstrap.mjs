/**
 * Installs the npm packages when node_modules is missing or out of date, so a fresh clone needs no
 * `npm install` typed first. Runs before every script that starts with a tool from node_modules
 * (predemo, pretest, prebench, prebuild, ...), so it is plain Node with no dependencies and quick when
 * there is nothing to do:
 *
 *   - node_modules/.svc-lock-hash holds a hash of package-lock.json and of package.json's dependency
 *     fields as of the last install; when it matches, nothing else is read and nothing runs.
 *   - Otherwise, when node_modules already holds exactly what the lock lists (npm's own record,
 *     node_modules/.package-lock.json, e.g. after `npm ci` in CI or `npm install`), only the hash is
 *     written.
 *   - Otherwise `npm ci --no-audit --no-fund` installs from the lock, then the hash is written.
 *
 *   node scripts/bootstrap.mjs [DIR]
 *
 * DIR (default: the repository) is any folder with a package.json and its lock: scripts/php-wasm/,
 * the PHP builds the units run on, is installed the same way when it is first needed.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = process.argv[2] ? path.resolve(process.argv[2]) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LOCK = path.join(ROOT, 'package-lock.json');
const MODULES = path.join(ROOT, 'node_modules');
const MARKER = path.join(MODULES, '.svc-lock-hash');
const NPM_RECORD = path.join(MODULES, '.package-lock.json');
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];
// Set for the `npm ci` this script starts, so that a lifecycle script of the install calling back here does not recurse.
const GUARD = 'SVC_BOOTSTRAP_RUNNING';

function readText(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function dependencySpecs(manifest) {
  return Object.fromEntries(DEPENDENCY_FIELDS.map((field) => [field, manifest?.[field] ?? {}]));
}

/** package.json and its lock describe the same direct dependencies (else `npm ci` refuses, and says why). */
function lockMatchesManifest(manifest, lock) {
  const root = lock.packages?.[''] ?? {};
  return DEPENDENCY_FIELDS.every((field) => JSON.stringify(manifest[field] ?? {}) === JSON.stringify(root[field] ?? {}));
}

/** node_modules holds exactly the packages the lock lists (optional ones for other platforms may be absent). */
function installedMatchesLock(lock) {
  const text = readText(NPM_RECORD);
  if (text === undefined) return false;
  let installed;
  try {
    installed = JSON.parse(text).packages ?? {};
  } catch {
    return false;
  }
  const wanted = lock.packages ?? {};
  for (const [key, have] of Object.entries(installed)) {
    const want = wanted[key];
    if (!want) return false;
    for (const field of ['version', 'integrity', 'resolved', 'link']) {
      if (want[field] !== undefined && have[field] !== undefined && want[field] !== have[field]) return false;
    }
    if (!existsSync(path.join(ROOT, key))) return false;
  }
  for (const [key, want] of Object.entries(wanted)) {
    if (key === '' || key in installed) continue;
    if (!want.optional && !want.devOptional) return false;
  }
  return true;
}

/** `npm ci` with the npm that runs this script when there is one (npm sets npm_execpath for scripts). */
function npmCi() {
  const args = ['ci', '--no-audit', '--no-fund'];
  const env = { ...process.env, [GUARD]: '1' };
  // Settings of the npm command that started this script must not change what this install does
  // (`npm pack --dry-run` would otherwise make it a dry run too).
  for (const name of ['npm_config_dry_run', 'npm_config_global', 'npm_config_location']) delete env[name];
  const cli = process.env.npm_execpath;
  const result =
    cli && /\.c?js$/.test(cli) && existsSync(cli)
      ? spawnSync(process.execPath, [cli, ...args], { cwd: ROOT, stdio: 'inherit', env })
      : spawnSync('npm', args, { cwd: ROOT, stdio: 'inherit', env, shell: process.platform === 'win32' });
  if (result.error) process.stderr.write(`bootstrap: could not run npm: ${result.error.message}\n`);
  return result.status ?? 1;
}

function main() {
  if (process.env[GUARD]) return 0;
  const lockText = readText(LOCK);
  const manifestText = readText(path.join(ROOT, 'package.json'));
  if (lockText === undefined || manifestText === undefined) {
    process.stderr.write('bootstrap: package.json or package-lock.json is missing; run `npm install`.\n');
    return 1;
  }
  const manifest = JSON.parse(manifestText);
  const hash = createHash('sha256')
    .update(lockText)
    .update('\0')
    .update(JSON.stringify(dependencySpecs(manifest)))
    .digest('hex');
  if (readText(MARKER)?.trim() === hash) return 0;

  const lock = JSON.parse(lockText);
  if (lockMatchesManifest(manifest, lock) && installedMatchesLock(lock)) {
    writeFileSync(MARKER, `${hash}\n`);
    return 0;
  }

  process.stderr.write(
    `bootstrap: ${existsSync(MODULES) ? 'node_modules is out of date' : 'no node_modules yet'}; installing from package-lock.json (npm ci)\n`,
  );
  const status = npmCi();
  if (status !== 0) {
    if (!lockMatchesManifest(manifest, lock)) {
      process.stderr.write('bootstrap: package.json and package-lock.json differ; run `npm install` to update the lock.\n');
    }
    process.stderr.write(`bootstrap: npm ci failed (exit ${status})\n`);
    return status;
  }
  if (installedMatchesLock(lock)) writeFileSync(MARKER, `${hash}\n`);
  else process.stderr.write('bootstrap: after npm ci, node_modules still differs from package-lock.json; will retry next time\n');
  return 0;
}

process.exitCode = main();
