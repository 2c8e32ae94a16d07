import { describe, expect, it } from '@jest/globals';

import { chooseRuntime } from './runtime-choice.js';

describe('chooseRuntime', () => {
  it('uses nginx + php-fpm when everything is installed', () => {
    expect(chooseRuntime({ missingForAnySite: [], missingForFpm: [], npx: true })).toMatchObject({ kind: 'native', server: 'fpm' });
  });

  it("falls back to PHP's built-in server without nginx or php-fpm", () => {
    const choice = chooseRuntime({ missingForAnySite: [], missingForFpm: ['nginx'], npx: false });
    expect(choice).toMatchObject({ kind: 'native', server: 'php' });
    expect(choice.kind === 'native' && choice.label).toMatch(/php -S/);
  });

  it('offers Playground when PHP or MariaDB is missing and npx is there', () => {
    expect(chooseRuntime({ missingForAnySite: ['php with the mysqli extension'], missingForFpm: ['nginx'], npx: true })).toMatchObject({
      kind: 'playground',
      missing: ['php with the mysqli extension'],
      label: expect.stringMatching(/Playground/),
    });
  });

  it('has nothing to offer without npx', () => {
    expect(chooseRuntime({ missingForAnySite: ['mariadbd'], missingForFpm: [], npx: false })).toEqual({ kind: 'none', missing: ['mariadbd'] });
  });
});
