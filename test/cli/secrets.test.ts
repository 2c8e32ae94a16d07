/**
 * svc secrets through the installed binary against a real WordPress, as CI runs it (no terminal,
 * SVC_* in the environment): set from standard input, read by a route, listed without the value,
 * removed with --yes, and a bad name is a usage error. The value appears in no output of any run.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import type { WordPressSite } from '../support/wordpress.js';
import { startCliBench, type CliBench } from './helpers/cli-bench.js';
import type { SvcResult, SvcRunner } from './helpers/run-svc.js';

jest.setTimeout(180_000);

const VALUE = `whsec_${createHash('sha256').update(`cli-${process.pid}`).digest('hex').slice(0, 20)}`;

let bench: CliBench | undefined;
let site: WordPressSite;
let svc: SvcRunner;
let env: Record<string, string>;
const outputs: string[] = [];

/** Runs svc and keeps everything it printed, to check at the end that the value is in none of it. */
async function run(args: readonly string[], input?: string): Promise<SvcResult> {
  const result = await svc(args, { env, ...(input === undefined ? {} : { input }) });
  outputs.push(result.output);
  return result;
}

beforeAll(async () => {
  // No opcache: one test edits wp-config.php, and each request must read it as it is.
  bench = await startCliBench('secrets', { site: { opcache: false } });
  ({ site, svc, env } = bench);
  // A route that proves it reads the secret by its hash, never by the value.
  const source = [
    '<?php',
    'declare(strict_types=1);',
    'use Svc\\Api\\Attribute\\Permission;',
    `final class CliSecretReader${process.pid} {`,
    '  #[Permission(public: true)]',
    "  public function get(): array { $v = \\Svc\\Api\\Secrets::get('WEBHOOK_SECRET'); return ['sha256' => null === $v ? null : hash('sha256', $v)]; }",
    '}',
  ].join('\n');
  const pushed = await site.fetch('/svc/v1/api-files', { method: 'POST', json: { files: [{ filename: 'cli-secret', content: `${source}\n` }] } });
  expect(pushed.status).toBe(200);
}, 300_000);

afterAll(async () => {
  await bench?.stop();
});

const routeHash = async (): Promise<string | null> => ((await (await site.fetch('/svc-api/v1/cli-secret', { as: 'anonymous' })).json()) as { sha256: string | null }).sha256;

describe('svc secrets', () => {
  it('set reads the value from standard input (one trailing line break dropped)', async () => {
    const result = await run(['secrets', 'set', 'WEBHOOK_SECRET', '--json'], `${VALUE}\n`);
    expect(result.code).toBe(0);
    // The early cache's stored answers went with the change: route code may read the secret.
    expect(JSON.parse(result.stdout)).toMatchObject({ name: 'WEBHOOK_SECRET', created: true, answersPurged: true });
    expect(result.stderr).not.toContain('not purged');
    expect(await routeHash()).toBe(createHash('sha256').update(VALUE).digest('hex'));
  });

  it('list --json names it, with no value', async () => {
    const result = await run(['secrets', 'list', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([{ name: 'WEBHOOK_SECRET', updated: expect.any(String), readable: true }]);
  });

  it('list prints a plain table', async () => {
    const result = await run(['secrets', 'list']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^NAME +LAST SET\nWEBHOOK_SECRET +\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/m);
  });

  it('set with an empty standard input is a usage error', async () => {
    const result = await run(['secrets', 'set', 'WEBHOOK_SECRET'], '');
    expect(result.code).toBe(2);
  });

  it.each([['lowercase', 'webhook_secret'], ['a hyphen', 'WEBHOOK-SECRET'], ['a leading digit', '1KEY']])('a name with %s is a usage error naming the rule', async (_label, name) => {
    const result = await run(['secrets', 'set', name, '--json'], VALUE);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout).error).toContain('^[A-Z][A-Z0-9_]{0,63}$');
  });

  it('set takes no value as an argument', async () => {
    const result = await run(['secrets', 'set', 'WEBHOOK_SECRET', 'the-value']);
    expect(result.code).toBe(2);
  });

  it('rm without a terminal needs --yes', async () => {
    expect((await run(['secrets', 'rm', 'WEBHOOK_SECRET'])).code).toBe(2);
    const removed = await run(['secrets', 'rm', 'WEBHOOK_SECRET', '--yes', '--json']);
    expect(removed.code).toBe(0);
    expect(JSON.parse(removed.stdout)).toEqual({ site: expect.any(String), name: 'WEBHOOK_SECRET', removed: true, answersPurged: true });
    expect(await routeHash()).toBeNull();
    const again = await run(['secrets', 'rm', 'WEBHOOK_SECRET', '--yes', '--json']);
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stdout).code).toBe('not_found');
  });

  it('set, list and doctor warn when the site keeps its salts in the database (a placeholder salt in wp-config.php), and only then', async () => {
    const warning = /⚠ .*a database dump holds both the sealed secrets and the key that opens them.*Define SVC_SECRETS_KEY in wp-config\.php/;
    const quiet = await run(['secrets', 'set', 'KEY_SOURCE_CHECK', '--json'], VALUE);
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).not.toMatch(warning);
    expect((await run(['doctor', '--json'])).stdout).not.toContain('secrets-key');

    const config = path.join(site.wpDir, 'wp-config.php');
    const original = readFileSync(config, 'utf8');
    const placeholder = original.replace(/define\( 'AUTH_KEY', '[^']*' \);/, "define( 'AUTH_KEY', 'put your unique phrase here' );");
    expect(placeholder).not.toBe(original);
    writeFileSync(config, placeholder);
    try {
      const set = await run(['secrets', 'set', 'KEY_SOURCE_CHECK', '--json'], VALUE);
      expect(set.code).toBe(0);
      expect(JSON.parse(set.stdout)).toMatchObject({ name: 'KEY_SOURCE_CHECK', created: false });
      expect(set.stderr).toMatch(warning);
      const table = await run(['secrets', 'list']);
      expect(table.code).toBe(0);
      expect(table.stdout).toMatch(/^KEY_SOURCE_CHECK +\d{4}-/m);
      expect(table.stderr).toMatch(warning);
      // --json keeps its shape; the warning goes to standard error.
      const listed = await run(['secrets', 'list', '--json']);
      expect(JSON.parse(listed.stdout)).toEqual([{ name: 'KEY_SOURCE_CHECK', updated: expect.any(String), readable: true }]);
      expect(listed.stderr).toMatch(warning);
      const doctor = JSON.parse((await run(['doctor', '--json'])).stdout) as { checks: { id: string; status: string; reason: string; fix?: string }[] };
      expect(doctor.checks.find((check) => check.id === 'secrets-key')).toMatchObject({ status: 'warn', reason: expect.stringContaining('database dump'), fix: expect.stringContaining('SVC_SECRETS_KEY') });
    } finally {
      writeFileSync(config, original);
    }
    expect((await run(['secrets', 'rm', 'KEY_SOURCE_CHECK', '--yes', '--json'])).code).toBe(0);
  });

  it('printed the value nowhere', () => {
    expect(outputs.length).toBeGreaterThan(5);
    for (const output of outputs) expect(output).not.toContain(VALUE);
  });
});
