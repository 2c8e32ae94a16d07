/**
 * The rules both halves of svc implement: the same fixtures run against the plugin's PHP
 * (test/php/unit/SharedRulesTest.php), so plugin and CLI cannot drift apart.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { checkRouteSource } from '../source/core/php-lexical.js';
import { isSecretName } from '../source/core/secret-name.js';
import { validateRemovableName, validateSlug } from '../source/core/slug.js';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = <T>(name: string): T => JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8')) as T;

const slugs = fixture<{ valid: string[]; invalid: string[]; removable: string[]; unremovable: string[] }>('slug-cases.json');
const publicCases = fixture<{ cases: { name: string; source: string; publicVerbs: string[]; badPermission?: boolean; message?: string }[] }>(
  'public-detection.json',
).cases;

describe('slug rules agree with the plugin', () => {
  it.each(slugs.valid.map((slug) => [JSON.stringify(slug), slug]))('valid %s', (_label, slug) => {
    expect(validateSlug(slug)).toEqual({ ok: true });
  });
  it.each(slugs.invalid.map((slug) => [JSON.stringify(slug), slug]))('invalid %s', (_label, slug) => {
    expect(validateSlug(slug).ok).toBe(false);
  });
});

describe('removable names agree with the plugin', () => {
  it.each([...slugs.valid, ...slugs.removable].map((name) => [JSON.stringify(name), name]))('removable %s', (_label, name) => {
    expect(validateRemovableName(name)).toEqual({ ok: true });
  });
  it.each(slugs.removable.map((name) => [JSON.stringify(name), name]))('%s breaks the slug rules', (_label, name) => {
    expect(validateSlug(name).ok).toBe(false);
  });
  it.each(slugs.unremovable.map((name) => [JSON.stringify(name), name]))('not removable %s', (_label, name) => {
    expect(validateRemovableName(name).ok).toBe(false);
  });
});

describe('public-route detection agrees with the plugin', () => {
  it.each(publicCases.map((c) => [c.name, c.source, c.publicVerbs, c.badPermission ?? false, c.message] as const))(
    '%s',
    (_name, source, expected, badPermission, message) => {
      const result = checkRouteSource(`<?php\ndeclare(strict_types=1);\n${source}`);
      expect([...result.publicVerbs]).toEqual(expected);
      // Where the site answers svc_bad_permission, the local check fails too, with one problem.
      expect(result.problems.map((problem) => problem.code)).toEqual(badPermission ? ['svc_bad_permission'] : []);
      if (message !== undefined) {
        expect(result.problems[0]?.message).toBe(message);
      }
    },
  );
});

describe('secret names agree with the plugin', () => {
  const names = fixture<{ valid: string[]; invalid: string[] }>('secret-names.json');
  it.each(names.valid.map((name) => [JSON.stringify(name), name]))('valid %s', (_label, name) => {
    expect(isSecretName(name)).toBe(true);
  });
  it.each(names.invalid.map((name) => [JSON.stringify(name), name]))('invalid %s', (_label, name) => {
    expect(isSecretName(name)).toBe(false);
  });
});

const policyCases = fixture<{ cases: { name: string; source: string; problems: string[]; message?: string }[] }>('policy-cases.json').cases;

describe('#[Cache] and #[RateLimit] rules agree with the plugin', () => {
  it.each(policyCases.map((c) => [c.name, c.source, c.problems, c.message] as const))('%s', (_name, source, codes, message) => {
    const result = checkRouteSource(`<?php\ndeclare(strict_types=1);\n${source}`);
    expect(result.problems.map((problem) => problem.code)).toEqual(codes);
    if (message !== undefined) {
      expect(result.problems[0]?.message).toBe(message);
    }
  });
});

const scheduleCases = fixture<{ cases: { name: string; source: string; problems: string[]; message?: string }[] }>('schedule-cases.json').cases;

describe('#[Schedule] rules agree with the plugin', () => {
  it.each(scheduleCases.map((c) => [c.name, c.source, c.problems, c.message] as const))('%s', (_name, source, codes, message) => {
    const result = checkRouteSource(`<?php\ndeclare(strict_types=1);\n${source}`);
    expect(result.problems.map((problem) => problem.code)).toEqual(codes);
    if (message !== undefined) {
      expect(result.problems[0]?.message).toBe(message);
    }
  });
});
