/**
 * docs/management-api.md says every error code it names is checked against the real plugin: this
 * makes that true. Each `svc_…`/`rest_…` name in the document is either an error code, which some
 * test of the plugin must name as a string (test/e2e/ and the packed CLI's test/cli/ against a real
 * WordPress, or PHPUnit under test/php/), or one of the other names below (filters, options, fields),
 * each with what it is. The fake site of test/fakes/ does not count: it is not the plugin.
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
};

function filesUnder(dir: string, extension: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(extension))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const TESTS_OF_THE_PLUGIN = [...filesUnder('test/e2e', '.ts'), ...filesUnder('test/cli', '.ts'), ...filesUnder('test/php', '.php')].map((file) =>
  readFileSync(file, 'utf8'),
);

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
