/**
 * docs/management-api.md says every error code it names is checked against the real plugin: this
 * makes that true. Each `svc_…`/`rest_…` name in the document is either an error code, which some
 * test of the plugin must name as a string (test/e2e/ and the packed CLI's test/cli/ against a real
 * WordPress, or PHPUnit under test/php/), or one of the other names below (filters, options, fields),
 * each with what it is. The fake site of test/fakes/ does not count: it is not the plugin.
 *
 * Where the document gives a code its HTTP status (a table row "| `409` | `svc_…` |" or "`409 svc_…`"),
 * some test of the plugin must assert that status with that code: the status on the code's line or in
 * the three lines before it, as `expectError(response, 409, 'svc_…')`, a table row `[…, 409, 'svc_…']`
 * or `expect(response.status).toBe(409)` above `expect(response.body.code).toBe('svc_…')` write it.
 * (PHPUnit's RefusalsTest holds the refusal table's own rows to the same statuses.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from '@jest/globals';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOC = readFileSync(path.join(ROOT, 'docs', 'management-api.md'), 'utf8');

/** Names in the document that are not error codes. */
const NOT_CODES: Record<string, string> = {
  rest_root: 'the placeholder {rest_root}',
  rest_url: "WordPress's rest_url()",
  svc_counts_: 'the prefix of each web node\'s early-cache counts option',
  svc_credentials: 'a field of an error\'s data ("none" when no credentials arrived)',
  svc_deploy: 'the meta capability of deploying',
  svc_event: 'the action fired for each event',
  svc_events: 'the events table',
  svc_secrets: 'the option holding the sealed secrets',
  svc_events_keep: 'a filter',
  svc_keep_previews: 'a filter',
  svc_preview_ttl: 'a filter',
  svc_keep_dev_releases: 'a filter',
  svc_keep_releases: 'a filter',
  svc_max_file_bytes: 'a filter',
  svc_max_files_total_bytes: 'a filter',
  svc_max_staged_contents: 'a filter',
  svc_site_admins_may_deploy: 'a filter',
  svc_stage_ttl: 'a filter',
  svc_staging_pause_ms: 'a filter',
};

function filesUnder(dir: string, extension: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(extension))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const TESTS_OF_THE_PLUGIN: string[] = [...filesUnder('test/e2e', '.ts'), ...filesUnder('test/cli', '.ts'), ...filesUnder('test/php', '.php')].map((file) =>
  readFileSync(file, 'utf8'),
);

/** `code status` => [status, code], for each status the document gives a code. */
function documentedStatuses(doc: string): Array<[number, string]> {
  const pairs = new Map<string, [number, string]>();
  for (const match of [...doc.matchAll(/`(\d{3})\s+((?:svc|rest)_[a-z0-9_]+)`/g), ...doc.matchAll(/\|\s*`(\d{3})`\s*\|\s*`((?:svc|rest)_[a-z0-9_]+)`/g)]) {
    pairs.set(`${match[2]} ${match[1]}`, [Number(match[1]), match[2]!]);
  }
  return [...pairs.values()].sort(([a, x], [b, y]) => x.localeCompare(y) || a - b);
}

/** Whether a test asserts $status beside the quoted $code (same line, or up to three lines above). */
function assertsStatus(text: string, status: number, code: string): boolean {
  const lines = text.split('\n');
  const quoted = new RegExp(`['"\`]${code}['"\`]`);
  const number = new RegExp(`(?<![\\w.])${status}(?![\\w.])`);
  return lines.some((line, index) => quoted.test(line) && number.test(lines.slice(Math.max(0, index - 3), index + 1).join('\n')));
}

const named = [...new Set(DOC.match(/\b(?:svc|rest)_[a-z0-9_]+\b/g) ?? [])].sort();
const codes = named.filter((name) => !Object.hasOwn(NOT_CODES, name));

describe('docs/management-api.md: every error code it names is tested against the plugin', () => {
  it('finds the codes (and every name listed as no code is still in the document)', () => {
    expect(codes.length).toBeGreaterThan(40);
    expect(Object.keys(NOT_CODES).filter((name) => !named.includes(name))).toEqual([]);
  });

  it.each(codes)('%s', (code) => {
    const quoted = [`'${code}'`, `"${code}"`, `\`${code}\``];
    expect(TESTS_OF_THE_PLUGIN.some((text) => quoted.some((form) => text.includes(form)))).toBe(true);
  });
});

describe('docs/management-api.md: every status it gives a code is asserted with that code against the plugin', () => {
  const statuses = documentedStatuses(DOC);

  it('finds the statuses, and the check tells a status beside its code from one elsewhere', () => {
    expect(statuses.length).toBeGreaterThan(25);
    expect(documentedStatuses('| x | `410` | `svc_preview_expired` |\n`404 svc_release_not_found`')).toEqual([
      [410, 'svc_preview_expired'],
      [404, 'svc_release_not_found'],
    ]);
    expect(assertsStatus("expectError(response, 409, 'svc_release_moved');", 409, 'svc_release_moved')).toBe(true);
    expect(assertsStatus("expectError(response, 400, 'svc_release_moved');", 409, 'svc_release_moved')).toBe(false);
    expect(assertsStatus("expect(r.status).toBe(4090);\nexpect(r.body.code).toBe('svc_release_moved');", 409, 'svc_release_moved')).toBe(false);
    expect(assertsStatus("expect(r.status).toBe(409);\n\n\n\n\nexpect(r.body.code).toBe('svc_release_moved');", 409, 'svc_release_moved')).toBe(false);
  });

  it.each(statuses)('%d %s', (status, code) => {
    expect(TESTS_OF_THE_PLUGIN.some((text) => assertsStatus(text, status, code))).toBe(true);
  });
});
