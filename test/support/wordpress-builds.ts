/**
 * Which WordPress a test site runs (svc dev's own sites run Debian's only): Debian's package (6.1.9 on Debian 12), one of the builds that
 * the npm package @wp-playground/wordpress-builds ships as zips (wp-6.5.zip, wp-nightly.zip, …), or
 * an official release archive (wordpress-6.9.1.tar.xz) in a directory that SVC_WORDPRESS_ARCHIVES
 * names (the tests name the repository's ../shared/vendor/, see wordpress-archives.ts).
 *
 *   'debian'   /usr/share/wordpress, the default
 *   '6.5'      node_modules/@wp-playground/wordpress-builds/src/wordpress/wp-6.5.zip (any wp-<name>.zip)
 *   '6.9.1'    <a directory of SVC_WORDPRESS_ARCHIVES>/wordpress-6.9.1.tar.xz (any wordpress-<name>.tar.xz),
 *              checked against that directory's SHA256SUMS when it has one
 *   'newest'   the archive whose wp-includes/version.php says the highest $wp_version
 *
 * An archive is unpacked once per machine into os.tmpdir()/svc-wordpress-builds/<name>-<sha256>
 * (atomically: into a temp dir, then renamed), and each site copies that tree. Playground's builds
 * have minified PHP, static assets fetched from a CDN (so no browser tests on them), a Playground
 * wp-config.php and a pre-installed SQLite database in wp-content/database/ (no db.php drop-in).
 * The site gets the harness's own wp-config.php and MariaDB (see prepareWordPressTree()).
 */
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { packageDir } from '../../source/core/package-dir.js';
import { requireExecutable, WORDPRESS_SOURCE } from '../../source/local-site/packages.js';
import { runChecked } from '../../source/local-site/process.js';
import { copyWordPressTree } from '../../source/local-site/site-steps.js';
import './wordpress-archives.js';

/** 'debian', 'newest', or the name of a zip without "wp-" and ".zip" ('nightly', 'beta', '6.5', …). */
export type WordPressChoice = 'debian' | 'newest' | (string & {});

export interface WordPressSource {
  /** 'debian' or the archive's name ('nightly', '6.5', '6.9.1', …); 'newest' is resolved to the archive it picks. */
  readonly name: string;
  /** $wp_version of the tree, e.g. '6.1.9' or '6.7-alpha-58716'. */
  readonly version: string;
  /** The archive (a zip or a .tar.xz), for anything but Debian's tree. */
  readonly archive?: string;
}

export const WORDPRESS_BUILDS_DIR = path.join(packageDir(), 'node_modules', '@wp-playground', 'wordpress-builds', 'src', 'wordpress');
export const WORDPRESS_BUILDS_CACHE = path.join(os.tmpdir(), 'svc-wordpress-builds');

/** A half-written cache entry older than this belongs to a process that died while unzipping. */
const STALE_TEMP_MS = 10 * 60_000;

/** SVC_TEST_WORDPRESS, else 'debian'. */
export function defaultWordPressChoice(): WordPressChoice {
  const fromEnv = process.env['SVC_TEST_WORDPRESS'];
  return fromEnv === undefined || fromEnv === '' ? 'debian' : fromEnv;
}

/** Directories of official release archives (wordpress-<version>.tar.xz): SVC_WORDPRESS_ARCHIVES, path-delimited. */
function archiveDirs(): string[] {
  return (process.env['SVC_WORDPRESS_ARCHIVES'] ?? '').split(path.delimiter).filter((dir) => dir !== '' && existsSync(dir));
}

/** Every archive by name: the npm package's zips, then the release archives (a name found twice: the first). */
function archivesByName(): Map<string, string> {
  const archives = new Map<string, string>();
  const add = (dir: string, pattern: RegExp): void => {
    if (!existsSync(dir)) return;
    for (const file of readdirSync(dir).sort()) {
      const name = pattern.exec(file)?.[1];
      if (name !== undefined && !archives.has(name)) archives.set(name, path.join(dir, file));
    }
  };
  add(WORDPRESS_BUILDS_DIR, /^wp-(.+)\.zip$/);
  for (const dir of archiveDirs()) add(dir, /^wordpress-(.+)\.tar\.xz$/);
  return archives;
}

/** The names of the archives ('6.2' … '6.5', '6.9.1', 'beta', 'nightly'), sorted. */
export function listWordPressBuilds(): string[] {
  return [...archivesByName().keys()].sort();
}

function archiveOf(name: string): string {
  const archive = archivesByName().get(name);
  if (archive === undefined) {
    const builds = listWordPressBuilds();
    throw new Error(
      `Unknown WordPress "${name}" (SVC_TEST_WORDPRESS / option wordpress): use "debian", "newest"` +
        (builds.length > 0
          ? ` or one of ${builds.map((build) => `"${build}"`).join(', ')} (zips in ${WORDPRESS_BUILDS_DIR}, wordpress-*.tar.xz in SVC_WORDPRESS_ARCHIVES)`
          : ` (no zips in ${WORDPRESS_BUILDS_DIR}: run npm ci)`),
    );
  }
  return archive;
}

const isTarXz = (archive: string): boolean => archive.endsWith('.tar.xz');

/** $wp_version from the text of wp-includes/version.php (the builds' PHP is minified onto one line). */
export function parseWordPressVersion(versionPhp: string, where: string): string {
  const match = /\$wp_version\s*=\s*(['"])([^'"]+)\1/.exec(versionPhp);
  if (match?.[2] === undefined) throw new Error(`No $wp_version in ${where}`);
  return match[2];
}

/** The WordPress version of an installed tree, from its wp-includes/version.php. */
export function readWordPressVersion(wpDir: string): string {
  const file = path.join(wpDir, 'wp-includes', 'version.php');
  return parseWordPressVersion(readFileSync(file, 'utf8'), file);
}

const PRE_RELEASE_RANK: Record<string, number> = { alpha: 0, beta: 1, rc: 2 };

/**
 * Orders WordPress versions: by the numbers first ('6.7-alpha-58716' counts as 6.7, so it is newer
 * than '6.6-RC3' and '6.5.5'); for the same numbers, alpha < beta < RC < the release.
 */
export function compareWordPressVersions(a: string, b: string): number {
  const parse = (version: string): number[] => {
    const match = /^(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-([a-z]+)-?(\d*))?/i.exec(version);
    if (match === null) return [-1];
    const numbers = [1, 2, 3].map((index) => Number(match[index] ?? 0));
    const label = match[4]?.toLowerCase();
    const rank = label === undefined ? 99 : PRE_RELEASE_RANK[label] ?? -1;
    return [...numbers, rank, Number(match[5] || 0)];
  };
  const left = parse(a);
  const right = parse(b);
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

const archivePrefixes = new Map<string, Promise<string>>();

/** Where an archive keeps WordPress: '' for files at its root, 'wordpress/' for wordpress.org's layout. */
function archivePrefix(archive: string): Promise<string> {
  let prefix = archivePrefixes.get(archive);
  if (prefix === undefined) {
    prefix = readArchivePrefix(archive);
    archivePrefixes.set(archive, prefix);
  }
  return prefix;
}

async function readArchivePrefix(archive: string): Promise<string> {
  const listing = isTarXz(archive) ? await runChecked('tar', ['-tJf', archive]) : await runChecked(requireExecutable('unzip'), ['-Z1', archive]);
  const names = listing.stdout.split('\n');
  const settings = names.filter((name) => name === 'wp-settings.php' || name.endsWith('/wp-settings.php'));
  const shortest = settings.sort((x, y) => x.length - y.length)[0];
  if (shortest === undefined) throw new Error(`${archive} holds no wp-settings.php: not a WordPress build`);
  return shortest.slice(0, -'wp-settings.php'.length);
}

const archiveVersions = new Map<string, Promise<string>>();

/** $wp_version of an archive, read from its wp-includes/version.php without unpacking the rest. */
function archiveVersion(archive: string): Promise<string> {
  let version = archiveVersions.get(archive);
  if (version === undefined) {
    version = (async () => {
      const member = `${await archivePrefix(archive)}wp-includes/version.php`;
      const text = isTarXz(archive)
        ? (await runChecked('tar', ['-xJOf', archive, member])).stdout
        : (await runChecked(requireExecutable('unzip'), ['-p', archive, member])).stdout;
      return parseWordPressVersion(text, `${archive}:${member}`);
    })();
    archiveVersions.set(archive, version);
  }
  return version;
}

/** The archive with the highest $wp_version. */
export async function newestWordPressBuild(): Promise<WordPressSource> {
  const builds = await Promise.all([...archivesByName()].map(async ([name, archive]) => ({ name, archive, version: await archiveVersion(archive) })));
  const newest = builds.sort((x, y) => compareWordPressVersions(y.version, x.version))[0];
  if (newest === undefined) throw new Error(`No WordPress builds (wp-*.zip) in ${WORDPRESS_BUILDS_DIR}: run npm ci`);
  return newest;
}

/** What a choice stands for: its name and version (e.g. 'newest' → 6.9.1, from wordpress-6.9.1.tar.xz). */
export async function resolveWordPress(choice: WordPressChoice = defaultWordPressChoice()): Promise<WordPressSource> {
  if (choice === 'debian') return { name: 'debian', version: readWordPressVersion(WORDPRESS_SOURCE) };
  if (choice === 'newest') return newestWordPressBuild();
  const archive = archiveOf(choice);
  return { name: choice, archive, version: await archiveVersion(archive) };
}

function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

function removeStaleTemps(): void {
  for (const name of readdirSync(WORDPRESS_BUILDS_CACHE)) {
    if (!name.startsWith('.tmp-')) continue;
    const full = path.join(WORDPRESS_BUILDS_CACHE, name);
    try {
      if (Date.now() - statSync(full).mtimeMs > STALE_TEMP_MS) rmSync(full, { recursive: true, force: true });
    } catch {
      // Another process removed or renamed it meanwhile.
    }
  }
}

/**
 * A release archive's line in the SHA256SUMS beside it must match: the archive came from outside
 * any registry, and a truncated or replaced one would make every test site a different WordPress.
 */
function checkSum(archive: string, digest: string): void {
  const sums = path.join(path.dirname(archive), 'SHA256SUMS');
  if (!existsSync(sums)) return;
  const line = readFileSync(sums, 'utf8')
    .split('\n')
    .map((text) => /^([a-f0-9]{64})\s+\*?(.+)$/.exec(text.trim()))
    .find((match) => match?.[2] === path.basename(archive));
  if (line == null) throw new Error(`${sums} has no line for ${path.basename(archive)}`);
  if (line[1] !== digest) throw new Error(`${archive} does not match its SHA256SUMS line (sha256 ${digest}, expected ${line[1]})`);
}

/**
 * The unpacked tree of an archive, unpacked on first use. The cache entry is named by the
 * archive's content, so a new version of the npm package gets a new entry; it appears whole or not
 * at all (unpacked into a temp dir beside it, then renamed), so concurrent test files never see half a tree.
 */
async function unpackedBuild(archive: string): Promise<string> {
  const digest = sha256(archive);
  if (isTarXz(archive)) checkSum(archive, digest);
  const entry = path.join(WORDPRESS_BUILDS_CACHE, `${path.basename(archive).replace(/\.(zip|tar\.xz)$/, '')}-${digest.slice(0, 16)}`);
  if (!existsSync(entry)) {
    mkdirSync(WORDPRESS_BUILDS_CACHE, { recursive: true });
    removeStaleTemps();
    const temp = mkdtempSync(path.join(WORDPRESS_BUILDS_CACHE, `.tmp-${path.basename(entry)}-`));
    try {
      if (isTarXz(archive)) await runChecked('tar', ['-xJf', archive, '-C', temp]);
      else await runChecked(requireExecutable('unzip'), ['-q', archive, '-d', temp]);
      // mkdtemp made it 0700; the tree is copied with its modes, and other users may share the cache.
      chmodSync(temp, 0o755);
      renameSync(temp, entry);
    } catch (error) {
      rmSync(temp, { recursive: true, force: true });
      // Someone else finished the same entry first: theirs is as good as ours.
      const code = (error as NodeJS.ErrnoException).code;
      if (!((code === 'ENOTEMPTY' || code === 'EEXIST') && existsSync(entry))) throw error;
    }
  }
  const prefix = await archivePrefix(archive);
  return path.join(entry, prefix);
}

/** Copies the chosen WordPress to wpDir (which must not exist yet), ready for the harness's wp-config.php. */
export async function prepareWordPressTree(source: WordPressSource, wpDir: string): Promise<void> {
  if (source.archive === undefined) await copyWordPressTree(WORDPRESS_SOURCE, wpDir, true);
  else await copyWordPressTree(await unpackedBuild(source.archive), wpDir, false);
}
