/**
 * docs/cli-json/ has one schema per command of the registry (the end-to-end runner validates every
 * --json run against them), each compiles, and they speak one vocabulary: none of the words the contract
 * replaced (methods, filename, path, uploaded, wouldDelete…) is a property anywhere.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from '@jest/globals';

import { assertJsonContract, commandOf, SCHEMA_DIR, schemaValidators } from './cli/helpers/json-contract.js';
import { COMMANDS } from '../source/commands/registry.js';


function propertyNames(value: unknown, names = new Set<string>()): Set<string> {
  if (typeof value !== 'object' || value === null) return names;
  for (const [key, child] of Object.entries(value)) {
    if (key === 'properties' && typeof child === 'object' && child !== null) Object.keys(child).forEach((name) => names.add(name));
    propertyNames(child, names);
  }
  return names;
}

describe('the --json contract', () => {
  it('has a compiling schema for every command, and one for failures', () => {
    const validators = schemaValidators();
    expect(COMMANDS.length).toBeGreaterThan(20);
    for (const { name } of COMMANDS) {
      expect([name, validators.has(commandOf(name.split(' '))!)]).toEqual([name, true]);
    }
    expect(validators.has('error')).toBe(true);
  });

  it('uses one word for one thing across commands', () => {
    const words = new Set<string>();
    for (const name of readdirSync(SCHEMA_DIR).filter((file) => file.endsWith('.schema.json') && file !== 'dev.schema.json')) {
      propertyNames(JSON.parse(readFileSync(path.join(SCHEMA_DIR, name), 'utf8')), words);
    }
    for (const replaced of ['methods', 'filename', 'filenames', 'path', 'uploaded', 'wouldDelete', 'overwritten', 'unchangedCount']) {
      expect([...words]).not.toContain(replaced);
    }
  });

  it('refuses what breaks a schema: a missing key, an old word, an error without its code', () => {
    const route = { slug: 'hello', file: 'hello.php', route: '/svc-api/v1/hello', pattern: null, verbs: ['GET'], public: false, publicVerbs: [], hash: 'h', size: 1, error: null, cache: null, rateLimits: {}, schedules: [], earlyCache: null };
    expect(() => assertJsonContract(['api', 'list', '--json'], JSON.stringify([route]))).not.toThrow();
    expect(() => assertJsonContract(['api', 'list', '--json'], JSON.stringify([{ ...route, public: undefined }]))).toThrow(/api-list.schema.json/);
    expect(() => assertJsonContract(['api', 'list', '--json'], JSON.stringify([{ ...route, publicVerbs: undefined }]))).toThrow(/api-list.schema.json/);
    expect(() => assertJsonContract(['api', 'list', '--json'], JSON.stringify([{ ...route, methods: ['GET'] }]))).toThrow(/api-list.schema.json/);
    expect(() => assertJsonContract(['api', 'list', '--json'], JSON.stringify([{ ...route, earlyCache: { hits: 12, misses: 3 } }]))).not.toThrow();
    expect(() => assertJsonContract(['api', 'list', '--json'], JSON.stringify([{ ...route, earlyCache: undefined }]))).toThrow(/api-list.schema.json/);
    expect(() => assertJsonContract(['api', 'list', '--json'], JSON.stringify([{ ...route, earlyCache: { hits: -1, misses: 3 } }]))).toThrow(/api-list.schema.json/);
    // A command of three words has its own schema: api-cache-purge, not api-cache.
    for (const purged of [['hello', 'users/[id]'], 'all']) {
      expect(() => assertJsonContract(['api', 'cache', 'purge', 'hello', '--json'], JSON.stringify({ site: 'https://example.com', purged }))).not.toThrow();
    }
    expect(() => assertJsonContract(['api', 'cache', 'purge', '--json'], JSON.stringify({ site: 'https://example.com', purged: 'everything' }))).toThrow(/api-cache-purge.schema.json/);
    expect(() => assertJsonContract(['api', 'list', '--json'], JSON.stringify({ error: 'x', exitCode: 1 }))).toThrow(/error.schema.json/);
    const failure = { error: 'x', code: 'local_check_failed', hint: null, status: null, serverCode: null, fileErrors: [{ slug: 'a', file: 'api/a.php', code: 'svc_strict_types', message: 'm' }], slugs: [], exitCode: 1 };
    expect(() => assertJsonContract(['api', 'rm', 'x', '--json'], JSON.stringify(failure))).not.toThrow();
    expect(() => assertJsonContract(['api', 'rm', 'x', '--json'], JSON.stringify({ ...failure, fileErrors: [{ filename: 'api/a.php', code: 'local_check', message: 'm' }] }))).toThrow(/error.schema.json/);
    // A push fails with the error document, or with its own document plus the error keys (files that fail to load).
    expect(() => assertJsonContract(['api', 'push', '--json'], JSON.stringify(failure))).not.toThrow();
    expect(() => assertJsonContract(['api', 'push', '--json'], JSON.stringify({ ...failure, written: [] }))).toThrow(/api-push.schema.json/);
  });
});
