import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { compareWordPressVersions, listWordPressBuilds, prepareWordPressTree, resolveWordPress, WORDPRESS_BUILDS_CACHE } from './wordpress-builds.js';

let dir: string;
const saved = process.env['SVC_WORDPRESS_ARCHIVES'];

/** A release archive in wordpress.org's layout (files under wordpress/), holding only what the harness reads. */
function makeArchive(version: string, marker: string): string {
  const root = mkdtempSync(path.join(dir, 'tree-'));
  mkdirSync(path.join(root, 'wordpress', 'wp-includes'), { recursive: true });
  mkdirSync(path.join(root, 'wordpress', 'wp-content'), { recursive: true });
  writeFileSync(path.join(root, 'wordpress', 'wp-includes', 'version.php'), `<?php\n$wp_version = '${version}';\n`);
  writeFileSync(path.join(root, 'wordpress', 'wp-settings.php'), `<?php // ${marker}\n`);
  const archive = path.join(dir, 'vendor', `wordpress-${version}.tar.xz`);
  mkdirSync(path.dirname(archive), { recursive: true });
  execFileSync('tar', ['-cJf', archive, '-C', root, 'wordpress']);
  return archive;
}

const sha256 = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'svc-wp-archives-'));
  process.env['SVC_WORDPRESS_ARCHIVES'] = path.join(dir, 'vendor');
});

afterEach(() => {
  if (saved === undefined) delete process.env['SVC_WORDPRESS_ARCHIVES'];
  else process.env['SVC_WORDPRESS_ARCHIVES'] = saved;
  rmSync(dir, { recursive: true, force: true });
  // The unpacked copies of these made-up versions in the machine's cache.
  for (const name of existsSync(WORDPRESS_BUILDS_CACHE) ? readdirSync(WORDPRESS_BUILDS_CACHE) : []) {
    if (name.startsWith('wordpress-9.8.')) rmSync(path.join(WORDPRESS_BUILDS_CACHE, name), { recursive: true, force: true });
  }
});

describe('WordPress release archives (SVC_WORDPRESS_ARCHIVES)', () => {
  it('are listed by version beside the npm builds, and the highest version is the newest', async () => {
    const archive = makeArchive('9.8.7', `listed ${dir}`);
    writeFileSync(path.join(dir, 'vendor', 'SHA256SUMS'), `${sha256(archive)}  wordpress-9.8.7.tar.xz\n`);
    expect(listWordPressBuilds()).toContain('9.8.7');
    expect(await resolveWordPress('9.8.7')).toEqual({ name: '9.8.7', archive, version: '9.8.7' });
    expect((await resolveWordPress('newest')).name).toBe('9.8.7');
  });

  it('are unpacked without their wordpress/ folder into the site tree, checked against SHA256SUMS', async () => {
    const marker = `unpacked ${dir}`;
    const archive = makeArchive('9.8.6', marker);
    writeFileSync(path.join(dir, 'vendor', 'SHA256SUMS'), `${'0'.repeat(64)}  other.tar.xz\n${sha256(archive)}  wordpress-9.8.6.tar.xz\n`);
    const wpDir = path.join(dir, 'site');
    await prepareWordPressTree(await resolveWordPress('9.8.6'), wpDir);
    expect(readFileSync(path.join(wpDir, 'wp-settings.php'), 'utf8')).toContain(marker);
    expect(existsSync(path.join(wpDir, 'wp-content', 'plugins'))).toBe(true);
  });

  it('refuse an archive whose checksum does not match its SHA256SUMS line, or that has no line', async () => {
    const archive = makeArchive('9.8.5', `refused ${dir}`);
    const source = await resolveWordPress('9.8.5');
    writeFileSync(path.join(dir, 'vendor', 'SHA256SUMS'), `${'a'.repeat(64)}  wordpress-9.8.5.tar.xz\n`);
    await expect(prepareWordPressTree(source, path.join(dir, 'site-a'))).rejects.toThrow(`${archive} does not match its SHA256SUMS line`);
    writeFileSync(path.join(dir, 'vendor', 'SHA256SUMS'), `${'a'.repeat(64)}  wordpress-1.0.tar.xz\n`);
    await expect(prepareWordPressTree(source, path.join(dir, 'site-b'))).rejects.toThrow('has no line for wordpress-9.8.5.tar.xz');
  });

  it('name an unknown choice with the ones there are', async () => {
    makeArchive('9.8.4', `unknown ${dir}`);
    await expect(resolveWordPress('1.0')).rejects.toThrow(/Unknown WordPress "1\.0".*"9\.8\.4"/);
  });
});

describe('compareWordPressVersions', () => {
  it.each([
    ['6.9.1', '6.7-alpha-58716', 1],
    ['6.7-alpha-58716', '6.6-RC3', 1],
    ['6.5', '6.5.5', -1],
    ['6.7-beta1', '6.7-alpha-58716', 1],
    ['6.7', '6.7-RC1', 1],
    ['6.9.1', '6.9.1', 0],
  ])('%s against %s is %i', (a, b, expected) => {
    expect(compareWordPressVersions(a, b)).toBe(expected);
  });
});
