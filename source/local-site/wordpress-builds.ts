/**
 * Which WordPress a test site runs: Debian's package (6.1.9 on Debian 12) or one of the builds that
 * the npm package @wp-playground/wordpress-builds ships as zips (wp-6.5.zip, wp-nightly.zip, …).
 *
 *   'debian'   /usr/share/wordpress, the default
 *   '6.5'      node_modules/@wp-playground/wordpress-builds/src/wordpress/wp-6.5.zip (any wp-<name>.zip)
 *   'newest'   the zip whose wp-includes/version.php says the highest $wp_version
 *
 * A zip is unzipped once per machine into os.tmpdir()/svc-wordpress-builds/<zip>-<sha256 of the zip>
 * (atomically: into a temp dir, then renamed), and each site copies that tree. The builds are
 * Playground's: minified PHP, static assets fetched from a CDN (so no browser tests on them), a
 * Playground wp-config.php and a pre-installed SQLite database in wp-content/database/ (no db.php
 * drop-in). The site gets the harness's own wp-config.php and MariaDB (see prepareWordPressTree()).
 */
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { requireExecutable, WORDPRESS_SOURCE } from './packages.js';
import { packageDir } from '../core/package-dir.js';
import { runChecked } from './process.js';

/** 'debian', 'newest', or the name of a zip without "wp-" and ".zip" ('nightly', 'beta', '6.5', …). */
export type WordPressChoice = 'debian' | 'newest' | (string & {});

export interface WordPressSource {
  /** 'debian' or the zip's name ('nightly', '6.5', …); 'newest' is resolved to the zip it picks. */
  readonly name: string;
  /** $wp_version of the tree, e.g. '6.1.9' or '6.7-alpha-58716'. */
  readonly version: string;
  /** The zip file, for a build. */
  readonly zip?: string;
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

/** The names of the zips in the npm package ('6.2' … '6.5', 'beta', 'nightly'), sorted. */
export function listWordPressBuilds(): string[] {
  if (!existsSync(WORDPRESS_BUILDS_DIR)) return [];
  return readdirSync(WORDPRESS_BUILDS_DIR)
    .filter((file) => /^wp-.+\.zip$/.test(file))
    .map((file) => file.slice('wp-'.length, -'.zip'.length))
    .sort();
}

function zipOf(name: string): string {
  const zip = path.join(WORDPRESS_BUILDS_DIR, `wp-${name}.zip`);
  if (!existsSync(zip)) {
    const builds = listWordPressBuilds();
    throw new Error(
      `Unknown WordPress "${name}" (SVC_TEST_WORDPRESS / option wordpress): use "debian", "newest"` +
        (builds.length > 0 ? ` or one of ${builds.map((build) => `"${build}"`).join(', ')} (zips in ${WORDPRESS_BUILDS_DIR})` : ` (no zips in ${WORDPRESS_BUILDS_DIR}: run npm ci)`),
    );
  }
  return zip;
}

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

const zipPrefixes = new Map<string, Promise<string>>();

/** Where a zip keeps WordPress: '' for files at its root, 'wordpress/' for wordpress.org's layout. */
function zipPrefix(zip: string): Promise<string> {
  let prefix = zipPrefixes.get(zip);
  if (prefix === undefined) {
    prefix = readZipPrefix(zip);
    zipPrefixes.set(zip, prefix);
  }
  return prefix;
}

async function readZipPrefix(zip: string): Promise<string> {
  const names = (await runChecked(requireExecutable('unzip'), ['-Z1', zip])).stdout.split('\n');
  const settings = names.filter((name) => name === 'wp-settings.php' || name.endsWith('/wp-settings.php'));
  const shortest = settings.sort((x, y) => x.length - y.length)[0];
  if (shortest === undefined) throw new Error(`${zip} holds no wp-settings.php: not a WordPress build`);
  return shortest.slice(0, -'wp-settings.php'.length);
}

const zipVersions = new Map<string, Promise<string>>();

/** $wp_version of a zip, read from its wp-includes/version.php without unzipping the rest. */
function zipVersion(zip: string): Promise<string> {
  let version = zipVersions.get(zip);
  if (version === undefined) {
    version = (async () => {
      const member = `${await zipPrefix(zip)}wp-includes/version.php`;
      const text = (await runChecked(requireExecutable('unzip'), ['-p', zip, member])).stdout;
      return parseWordPressVersion(text, `${zip}:${member}`);
    })();
    zipVersions.set(zip, version);
  }
  return version;
}

/** The build with the highest $wp_version. */
export async function newestWordPressBuild(): Promise<WordPressSource> {
  const builds = await Promise.all(listWordPressBuilds().map(async (name) => ({ name, zip: zipOf(name), version: await zipVersion(zipOf(name)) })));
  const newest = builds.sort((x, y) => compareWordPressVersions(y.version, x.version))[0];
  if (newest === undefined) throw new Error(`No WordPress builds (wp-*.zip) in ${WORDPRESS_BUILDS_DIR}: run npm ci`);
  return newest;
}

/** What a choice stands for: its name and version (e.g. 'newest' → nightly, 6.7-alpha-58716). */
export async function resolveWordPress(choice: WordPressChoice = defaultWordPressChoice()): Promise<WordPressSource> {
  if (choice === 'debian') return { name: 'debian', version: readWordPressVersion(WORDPRESS_SOURCE) };
  if (choice === 'newest') return newestWordPressBuild();
  const zip = zipOf(choice);
  return { name: choice, zip, version: await zipVersion(zip) };
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
 * The unzipped tree of a build, unzipped on first use. The cache entry is named by the zip's
 * content, so a new version of the npm package gets a new entry; it appears whole or not at all
 * (unzip into a temp dir beside it, then rename), so concurrent test files never see half a tree.
 */
async function unzippedBuild(zip: string): Promise<string> {
  const entry = path.join(WORDPRESS_BUILDS_CACHE, `${path.basename(zip, '.zip')}-${sha256(zip).slice(0, 16)}`);
  if (!existsSync(entry)) {
    mkdirSync(WORDPRESS_BUILDS_CACHE, { recursive: true });
    removeStaleTemps();
    const temp = mkdtempSync(path.join(WORDPRESS_BUILDS_CACHE, `.tmp-${path.basename(entry)}-`));
    try {
      await runChecked(requireExecutable('unzip'), ['-q', zip, '-d', temp]);
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
  const prefix = await zipPrefix(zip);
  return path.join(entry, prefix);
}

/**
 * Copies the chosen WordPress to wpDir (which must not exist yet), ready for the harness's
 * wp-config.php: the tree's own wp-config.php is removed, and so is anything that would take the
 * database away from MariaDB (a db.php drop-in such as the SQLite integration's, Playground's
 * wp-content/database/ with its SQLite file).
 */
export async function prepareWordPressTree(source: WordPressSource, wpDir: string): Promise<void> {
  if (source.zip === undefined) {
    // Debian's tree has symlinks into /etc and /usr/share/php, hence -L.
    await runChecked('cp', ['-rL', WORDPRESS_SOURCE, wpDir]);
  } else {
    await runChecked('cp', ['-r', await unzippedBuild(source.zip), wpDir]);
  }
  rmSync(path.join(wpDir, 'wp-config.php'), { force: true });
  const contentDir = path.join(wpDir, 'wp-content');
  rmSync(path.join(contentDir, 'db.php'), { force: true });
  rmSync(path.join(contentDir, 'database'), { recursive: true, force: true });
  mkdirSync(path.join(contentDir, 'plugins'), { recursive: true });
  mkdirSync(path.join(contentDir, 'mu-plugins'), { recursive: true });
}
