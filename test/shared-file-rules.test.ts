/**
 * What a route file's declare and class count must be, in the same words on both sides: the CLI's
 * local check here, the plugin's push check in test/php/unit/SharedFileRulesTest.php, one fixture.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { checkRouteSource } from '../source/core/php-lexical.js';

interface Case {
  name: string;
  source: string;
  problems: { code: string; message: string }[];
}

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'file-rules.json');
const cases = (JSON.parse(readFileSync(FIXTURE, 'utf8')) as { cases: Case[] }).cases;
const RULES = new Set(['svc_strict_types', 'svc_class_count']);

describe('strict_types and the class count agree with the plugin, word for word', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const problems = checkRouteSource(c.source).problems.filter((problem) => RULES.has(problem.code));
    expect(problems).toEqual(c.problems);
  });
});
