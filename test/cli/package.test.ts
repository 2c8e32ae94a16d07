/**
 * The npm package as users install it: what the tarball holds, the installed binary's help and
 * version (what they load: start-up.test.ts), usage errors, and `svc plugin zip` from the installed
 * package (plugin/ is found next to dist/).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { packedCli, type PackedCli } from './helpers/packed-cli.js';
import { svcRunner, type SvcRunner } from './helpers/run-svc.js';

jest.setTimeout(60_000);

let cli: PackedCli;
let svc: SvcRunner;
let work: string;

beforeAll(async () => {
  cli = await packedCli();
  work = mkdtempSync(path.join(os.tmpdir(), 'svc-cli-package-'));
  svc = svcRunner(cli.bin, work);
}, 300_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(svc.home, { recursive: true, force: true });
});

describe('the tarball', () => {
  it('holds dist/, plugin/ without its tests, README and LICENSE (and package.json), nothing else', () => {
    const paths = cli.files.map((file) => file.path);
    const outside = paths.filter((file) => !/^(dist|plugin)\//.test(file));
    expect(outside.sort()).toEqual(['LICENSE', 'README.md', 'package.json']);
    expect(paths).toContain('dist/cli.cjs');
    expect(paths).toContain('dist/commands/api-push.cjs');
    expect(paths).toContain('plugin/svc.php');
    expect(paths.filter((file) => file.startsWith('plugin/tests/'))).toEqual([]);
  });

  it('ships no tests and no TypeScript sources in dist/', () => {
    const dist = cli.files.map((file) => file.path).filter((file) => file.startsWith('dist/'));
    expect(dist.filter((file) => /\.test\.|\.tsx?$/.test(file))).toEqual([]);
    // Bundled JavaScript (CommonJS, and ES modules for the Ink screens: scripts/build.mjs), the
    // PHP the local site of `svc dev` runs (source/local-site/), and the licence texts of the
    // packages bundled into svc: meow, got with its dependencies, and php-parser (dist/vendor/).
    const licences = /^dist\/licenses\/(meow\/(license|build\/licenses\.md)|(@[\w-]+\/)?[\w-]+\/(licen[cs]e|copying)(\.(md|txt))?)$/i;
    expect(dist.filter((file) => !/\.c?js$/.test(file) && !/^dist\/local-site\/(php|mu-plugins)\/[\w-]+\.php$/.test(file) && !licences.test(file))).toEqual([]);
    expect(dist.filter((file) => /^dist\/licenses\/meow\//.test(file)).sort()).toEqual(['dist/licenses/meow/build/licenses.md', 'dist/licenses/meow/license']);
    expect(dist).toContain('dist/vendor/got.cjs');
    expect(dist).toContain('dist/licenses/got/license');
    expect(dist).toContain('dist/licenses/@sindresorhus/is/license');
    expect(dist).toContain('dist/vendor/php-parser.cjs');
    expect(dist).toContain('dist/licenses/php-parser/LICENSE');
  });

  it('bundles none of the end-to-end harness (test/support/): no test users, apt-get, SVC_TEST_* defaults, WordPress builds or Apache', () => {
    // svc dev's throwaway site is source/local-site/; what only the tests want stays in test/support/.
    const markers = ['SVC_TEST_SERVER', 'SVC_TEST_WORDPRESS', 'SVC_WORDPRESS_ARCHIVES', 'editor-password', 'subscriber-password', 'siteadmin', 'wordpress-builds', 'apt-get update', 'apache2', 'svc_test_add_site', 'network.php'];
    const dist = cli.files.map((file) => file.path).filter((file) => file.startsWith('dist/') && !file.startsWith('dist/licenses/'));
    const found = dist.flatMap((file) => {
      const text = readFileSync(path.join(cli.packageDir, file), 'utf8');
      return markers.filter((marker) => text.includes(marker)).map((marker) => `${file}: ${marker}`);
    });
    expect(found).toEqual([]);
  });

  it('installs with npm install -g and puts svc on PATH', () => {
    const found = execFileSync('/bin/sh', ['-c', 'command -v svc'], { env: { PATH: `${path.dirname(cli.bin)}:/usr/bin:/bin` } });
    expect(found.toString().trim()).toBe(cli.bin);
    expect(realpathSync(cli.bin)).toBe(path.join(realpathSync(cli.packageDir), 'dist', 'cli.cjs'));
  });
});

describe('help and version', () => {
  it('svc --help shows the commands, flags, environment and exit codes', async () => {
    const result = await svc(['--help']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    for (const text of ['api push', 'api pull', 'api list', 'api diff', 'api rm <slug>', 'login', 'logout', 'plugin zip', '--site NAME', '--json', '--yes', '--dry-run', 'SVC_URL, SVC_USER, SVC_APP_PASSWORD', 'NO_COLOR', 'Exit codes']) {
      expect(result.stdout).toContain(text);
    }
  });

  it('svc with no command shows the same help', async () => {
    expect((await svc([])).stdout).toBe((await svc(['--help'])).stdout);
  });

  it.each([
    [['api', '--help'], '--prune'],
    [['api'], 'api rm <slug>'],
    [['api', 'push', '--help'], 'd shows the diff'],
    [['api', '--help'], 'api diff [<slug>...]'],
    [['login', '--help'], '--password-stdin'],
    [['plugin', 'zip', '--help'], '--out FILE'],
  ])('svc %j shows the help of that command group', async (args, text) => {
    const result = await svc(args);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(text);
  });

  it('svc --version prints the package version', async () => {
    const result = await svc(['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe('0.1.0');
  });

  it('a typo gets a suggestion; a short flag is named as typed', async () => {
    const typo = await svc(['api', 'pusj']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('Unknown command "svc api pusj". Did you mean "svc api push"?');
    const short = await svc(['-v']);
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('Unknown flag -v.');
    expect(short.stderr).not.toContain('--v');
  });
});

describe('usage errors exit with 2', () => {
  it.each([
    [['deploy'], 'Unknown command "svc deploy".'],
    [['api', 'list', '--prune'], '--prune does not apply to "svc api list".'],
    [['api', 'rm'], 'svc api rm needs the slug'],
    [['api', 'push', 'extra'], '"svc api push" takes no arguments'],
  ])('svc %j', async (args, message) => {
    const result = await svc(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain('--help');
  });

  it('an unknown flag', async () => {
    const result = await svc(['api', 'push', '--bogus']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--bogus');
  });

  it('with --json the usage error is a JSON document on stdout', async () => {
    const result = await svc(['api', 'list', '--prune', '--json']);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout)).toMatchObject({ code: 'usage', exitCode: 2 });
  });

  it('with --json an unknown flag is a JSON document on stdout too', async () => {
    // Not --force: since svc plugin zip --force it is a known flag, which "does not apply" here.
    const result = await svc(['api', 'list', '--json', '--forse']);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout)).toMatchObject({ code: 'usage', exitCode: 2, error: 'Unknown flag --forse. Did you mean --force?' });
  });
});

describe('svc plugin zip from the installed package', () => {
  it('writes a zip that unzip and Python list, with the plugin under svc/ and no tests', async () => {
    const out = path.join(work, 'dist-zip', 'svc.zip');
    execFileSync('mkdir', ['-p', path.dirname(out)]);
    const result = await svc(['plugin', 'zip', '--out', out]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('✔ Wrote');
    const unzipList = execFileSync('unzip', ['-l', out], { encoding: 'utf8' });
    expect(unzipList).toContain('svc/svc.php');
    expect(unzipList).not.toContain('svc/tests/');
    const pythonList = execFileSync('python3', ['-m', 'zipfile', '-l', out], { encoding: 'utf8' });
    expect(pythonList).toContain('svc/src/Plugin.php');
    expect(execFileSync('unzip', ['-t', out], { encoding: 'utf8' })).toContain('No errors detected');
    // Every plugin file of the tarball is in the zip.
    const inTarball = cli.files.map((file) => file.path).filter((file) => file.startsWith('plugin/') && !/\/\./.test(file));
    const inZip = execFileSync('python3', ['-c', 'import sys,zipfile; print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))', out], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter((name) => !name.endsWith('/'))
      .map((name) => name.replace(/^svc\//, 'plugin/'));
    expect(inZip.sort()).toEqual(inTarball.sort());
  });

  it('defaults to ./svc.zip and reports JSON with --json', async () => {
    const result = await svc(['plugin', 'zip', '--json']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as { out: string; files: number; bytes: number };
    expect(report.out).toBe(path.join(work, 'svc.zip'));
    expect(report.files).toBeGreaterThan(10);
  });
});
