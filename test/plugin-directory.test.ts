/**
 * The plugin directory's rules (WordPress.org): a readme.txt whose header agrees with the plugin's
 * own header and says what the tests ran, and a translation template made by `wp i18n make-pot`
 * that holds every string of the plugin, the admin page's script included.
 */
import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { resolveWordPress } from './support/wordpress-builds.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readme = readFileSync(path.join(ROOT, 'plugin', 'readme.txt'), 'utf8');
const mainFile = readFileSync(path.join(ROOT, 'plugin', 'svc.php'), 'utf8');

/** `Name: value` lines of a header block. */
function fields(text: string, pattern: RegExp): Map<string, string> {
  return new Map([...text.matchAll(pattern)].map((match) => [match[1]!.trim(), match[2]!.trim()]));
}

const readmeHeader = fields(readme.split('\n\n')[0]!, /^([A-Za-z ]+):[ \t]*(.+)$/gm);
const pluginHeader = fields(mainFile.slice(0, mainFile.indexOf('*/')), /^ \* ([A-Za-z ]+):[ \t]*(.+)$/gm);

describe('readme.txt', () => {
  it('has the header fields the plugin directory reads', () => {
    expect(readme.split('\n')[0]).toBe('=== svc ===');
    for (const field of ['Contributors', 'Tags', 'Requires at least', 'Tested up to', 'Requires PHP', 'Stable tag', 'License', 'License URI']) {
      expect({ field, value: readmeHeader.get(field) }).toEqual({ field, value: expect.stringMatching(/\S/) });
    }
    // The directory shows five tags at most; a short description of at most 150 characters.
    expect(readmeHeader.get('Tags')!.split(',').length).toBeLessThanOrEqual(5);
    const shortDescription = readme.split('\n\n')[1]!.trim();
    expect(shortDescription.length).toBeLessThanOrEqual(150);
  });

  it('agrees with the plugin header: version, WordPress and PHP required, license', () => {
    expect(readmeHeader.get('Stable tag')).toBe(pluginHeader.get('Version'));
    expect(readmeHeader.get('Requires at least')).toBe(pluginHeader.get('Requires at least'));
    expect(readmeHeader.get('Requires PHP')).toBe(pluginHeader.get('Requires PHP'));
    expect(pluginHeader.get('License')).toBe('GPL-2.0-or-later');
    expect(readmeHeader.get('License')).toBe('GPLv2 or later');
    expect(pluginHeader.get('Text Domain')).toBe('svc');
    expect(pluginHeader.get('Domain Path')).toBe('/languages');
    expect(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version).toBe(pluginHeader.get('Version'));
  });

  it('says "Tested up to" the newest WordPress the end-to-end suites run on', async () => {
    const newest = await resolveWordPress('newest');
    expect(readmeHeader.get('Tested up to')).toBe(/^\d+\.\d+/.exec(newest.version)![0]);
  });

  it('has the sections the directory shows', () => {
    const sections = [...readme.matchAll(/^== (.+) ==$/gm)].map((match) => match[1]);
    expect(sections).toEqual(expect.arrayContaining(['Description', 'Installation', 'Frequently Asked Questions', 'Changelog']));
    expect(readme).toContain(`= ${pluginHeader.get('Version')!} =`);
  });
});

describe('plugin/languages/svc.pot', () => {
  it('is what wp i18n make-pot makes of the plugin now (PHP and the admin page script)', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'scripts', 'make-pot.mjs'), '--check'], { cwd: ROOT });
    expect(stdout).toContain('up to date');
    const pot = readFileSync(path.join(ROOT, 'plugin', 'languages', 'svc.pot'), 'utf8');
    expect(pot).toContain('#: build/admin.js:');
    expect(pot).toContain('#: src/Admin/AdminPage.php:');
    expect(pot).toContain('"X-Domain: svc\\n"');
  }, 60_000);
});
