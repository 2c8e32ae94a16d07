/**
 * The Debian package list `.ci/run` and `npm test` both install from: both read it alike.
 */
import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { listedPackages } from './packages.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('debian-packages.txt', () => {
  it('is read as names, several a line, without comments or blank lines', () => {
    expect(listedPackages('# heading\na b  # why\n\n\tc\n#d e\n')).toEqual(['a', 'b', 'c']);
  });

  it('gives .ci/run the same packages as npm test', () => {
    // The line of .ci/run that reads the list, run by bash as CI runs it.
    const script = readFileSync(path.join(ROOT, '.ci/run'), 'utf8')
      .split('\n')
      .find((line) => line.startsWith('mapfile -t packages'));
    expect(script).toBeDefined();
    const bash = spawnSync('bash', ['-c', `${script}\nprintf '%s\\n' "\${packages[@]}"`], { cwd: ROOT, encoding: 'utf8' });
    expect(bash.status).toBe(0);
    const fromCi = bash.stdout.split('\n').filter((name) => name !== '');
    expect(fromCi).toEqual(listedPackages(readFileSync(path.join(ROOT, 'test/support/debian-packages.txt'), 'utf8')));
    expect(fromCi.length).toBeGreaterThan(10);
  });
});
