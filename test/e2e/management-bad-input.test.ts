/**
 * Bad input to the management endpoints: every case gets a clear error, and nothing on disk changes
 * (the whole wp-content/svc/ tree is compared, path by path and byte by byte, before and after).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';

import { expectError } from './helpers/expectations.js';
import { paddedTo, publicGet, uniqueClass } from './helpers/php-source.js';
import { call, placeSvcFile, push, pushOk, remove, setLimits, startSite, storedTotal, type Caller, type JsonResponse, type WordPressSite } from './helpers/site.js';
import { snapshotTree, type Tree } from './helpers/tree.js';

jest.setTimeout(180_000);

let site: WordPressSite;
let before: Tree;

beforeAll(async () => {
  site = await startSite();
  await pushOk(site, {
    victim: publicGet(uniqueClass('Victim'), 'victim'),
    'other-victim': publicGet(uniqueClass('OtherVictim'), 'other victim'),
    'nested/victim/[id]': publicGet(uniqueClass('NestedVictim'), 'nested victim'),
  });
  // Targets for names that try to leave api/.
  placeSvcFile(site, 'lib/X.php', "<?php\nnamespace SvcLib;\nfinal class X {}\n");
  placeSvcFile(site, 'vendor/autoload.php', '<?php\n// intact\n');
});

afterAll(async () => {
  await site?.stop();
});

beforeEach(() => {
  before = snapshotTree(site.svcDir);
});

/** Nothing under wp-content/svc/ changed since the test started, and the seeded routes still answer. */
async function expectNothingChanged(): Promise<void> {
  expect(snapshotTree(site.svcDir)).toEqual(before);
  expect((await call(site, '/svc-api/v1/victim', { as: 'anonymous' })).body).toEqual({ route: 'victim' });
}

const valid = (): string => publicGet(uniqueClass('Valid'), 'valid');

const BAD_SLUGS: Array<[string, string]> = [
  ['a parent segment', '..'],
  ['a leading parent segment', '../escaped'],
  ['a parent segment inside', 'nested/../escaped'],
  ['a current-directory segment', './here'],
  ['an absolute path', '/abs'],
  ['an absolute system path', '/etc/passwd'],
  ['a backslash', 'nested\\escaped'],
  ['a backslash parent segment', '..\\escaped'],
  ['a NUL byte', 'vic\u0000tim'],
  ['uppercase letters', 'Victim'],
  ['uppercase in a nested segment', 'nested/Victim'],
  ['an empty segment', 'nested//victim'],
  ['a trailing slash', 'nested/'],
  ['a lone slash', '/'],
  ['the .php extension given', 'victim.php'],
  ['another extension', 'notes.txt'],
  ['the name index', 'index'],
  ['the name index in a subdirectory', 'nested/index'],
  ['a path into lib/', '../lib/X'],
  ['a path onto vendor/autoload', '../vendor/autoload'],
  ['a path into the cache', '../cache/manifest'],
  ['an empty name', ''],
  ['a dot-file', '.hidden'],
  ['a space', 'a b'],
  ['a non-ASCII letter', 'über'],
  ['an underscore', 'snake_case'],
  ['a leading hyphen', '-victim'],
  ['a trailing hyphen', 'victim-'],
  ['a double hyphen', 'vic--tim'],
  ['a parameter starting with a digit', 'users/[1id]'],
  ['a parameter used twice', '[id]/x/[id]'],
  ['an unclosed parameter', 'users/[id'],
  ['a catch-all style parameter', 'users/[...rest]'],
  ['more than 200 characters', 'a'.repeat(201)],
  ['more than 16 segments', Array.from({ length: 17 }, () => 'a').join('/')],
];

describe('POST api-files refuses every malformed file name with svc_invalid_slug and writes nothing', () => {
  it.each(BAD_SLUGS)('%s (%j)', async (_label, filename) => {
    const response = await push(site, { [filename]: valid() });
    expectError(response, 422, 'svc_push_rejected');
    expect(response.body.data.errors).toEqual([{ filename, code: 'svc_invalid_slug', message: expect.any(String) }]);
    await expectNothingChanged();
  });

  it('and a good file in the same batch is not written either', async () => {
    const response = await push(site, { fine: valid(), '../lib/Y': valid() });
    expectError(response, 422, 'svc_push_rejected');
    expect(response.body.data.errors.map((error: { filename: string }) => error.filename)).toEqual(['../lib/Y']);
    await expectNothingChanged();
  });
});

/** Names that are no path inside api/ at all; others only break the slug rules (an SFTP copy may carry them). */
const leavesApi = (name: string): boolean =>
  name === '' || /[\0\\]/.test(name) || name.startsWith('/') || name.endsWith('/') || name.split('/').some((segment) => ['', '.', '..'].includes(segment));

describe('DELETE api-files removes nothing for a malformed file name', () => {
  it.each(BAD_SLUGS.filter(([, name]) => leavesApi(name)))('%s (%j): 400 svc_invalid_slug', async (_label, filename) => {
    const response = await remove(site, ['victim', filename]);
    expectError(response, 400, 'svc_invalid_slug');
    expect(response.body.data.filename).toBe(filename);
    await expectNothingChanged();
  });

  // Files copied over SFTP may carry such names and must be removable: one not deployed is simply not found.
  it.each(BAD_SLUGS.filter(([, name]) => !leavesApi(name)))('%s (%j): 404 svc_not_found', async (_label, filename) => {
    const response = await remove(site, ['victim', filename]);
    expectError(response, 404, 'svc_not_found');
    expect(response.body.data.filenames).toEqual([filename]);
    await expectNothingChanged();
  });
});

describe('malformed JSON is rejected with 400 before anything is touched', () => {
  const bodies = ['not json', '{"files": [', '{"filenames": ["victim"]', '{"namespace": "shop/v2"} trailing', "{'namespace': 'shop/v2'}"];

  it.each([
    ['POST', '/svc/v1/api-files'],
    ['DELETE', '/svc/v1/api-files'],
    ['PUT', '/svc/v1/api-namespace'],
  ])('%s %s', async (method, route) => {
    for (const body of bodies) {
      const response = await call(site, route, { method, body, headers: { 'Content-Type': 'application/json' } });
      expectError(response, 400, 'rest_invalid_json');
    }
    await expectNothingChanged();
    expect((await call(site, '/svc/v1/api-namespace')).body).toEqual({ namespace: 'svc-api/v1' });
  });
});

describe('fields of the wrong type are rejected with 400 before anything is touched', () => {
  const content = publicGet('WrongTypeRoute', 'x');

  it.each<[string, unknown, string[]]>([
    ['files missing', {}, ['rest_missing_callback_param']],
    ['files null', { files: null }, ['rest_missing_callback_param']],
    ['files a string', { files: 'victim' }, ['rest_invalid_param', 'svc_bad_request']],
    ['files a number', { files: 3 }, ['rest_invalid_param', 'svc_bad_request']],
    ['files an object', { files: { filename: 'wrong', content } }, ['rest_invalid_param', 'svc_bad_request']],
    ['files empty', { files: [] }, ['svc_bad_request']],
    ['an item that is a number', { files: [1] }, ['svc_bad_request', 'rest_invalid_param']],
    ['an item that is a string', { files: ['wrong'] }, ['svc_bad_request', 'rest_invalid_param']],
    ['an item that is null', { files: [null] }, ['svc_bad_request', 'rest_invalid_param']],
    ['an item without content', { files: [{ filename: 'wrong' }] }, ['svc_bad_request']],
    ['an item without filename', { files: [{ content }] }, ['svc_bad_request']],
    ['a numeric filename', { files: [{ filename: 7, content }] }, ['svc_bad_request']],
    ['a null content', { files: [{ filename: 'wrong', content: null }] }, ['svc_bad_request']],
    ['an array content', { files: [{ filename: 'wrong', content: [content] }] }, ['svc_bad_request']],
    ['a valid item after a bad one', { files: [{ filename: 'wrong', content }, { filename: 'wrong-two' }] }, ['svc_bad_request']],
    ['dry_run not a boolean', { files: [{ filename: 'wrong', content }], dry_run: 'maybe' }, ['rest_invalid_param']],
  ])('POST api-files: %s', async (_label, json, codes) => {
    const response = await call(site, '/svc/v1/api-files', { method: 'POST', json });
    expect(response.status).toBe(400);
    expect(codes).toContain(response.body.code);
    await expectNothingChanged();
  });

  it.each<[string, unknown, string[]]>([
    ['filenames missing', {}, ['rest_missing_callback_param']],
    ['filenames a string naming a deployed file', { filenames: 'victim' }, ['rest_invalid_param', 'svc_bad_request']],
    ['filenames a comma-separated string', { filenames: 'victim,other-victim' }, ['rest_invalid_param', 'svc_bad_request']],
    ['filenames a number', { filenames: 5 }, ['rest_invalid_param', 'svc_bad_request']],
    ['filenames an object', { filenames: { a: 'victim' } }, ['rest_invalid_param', 'svc_bad_request']],
    ['filenames empty', { filenames: [] }, ['svc_bad_request']],
    ['a filename that is a number', { filenames: ['victim', 5] }, ['svc_bad_request', 'rest_invalid_param']],
    ['a filename that is null', { filenames: ['victim', null] }, ['svc_bad_request', 'rest_invalid_param']],
    ['a filename that is a list', { filenames: [['victim']] }, ['svc_bad_request', 'rest_invalid_param']],
  ])('DELETE api-files: %s', async (_label, json, codes) => {
    const response = await call(site, '/svc/v1/api-files', { method: 'DELETE', json });
    expect(response.status).toBe(400);
    expect(codes).toContain(response.body.code);
    await expectNothingChanged();
  });
});

describe('release bodies are checked strictly: each field has its type, and the 400 names it', () => {
  const sha = (text: string): string => createHash('sha256').update(text).digest('hex');
  const staged = publicGet(uniqueClass('Staged'), 'staged');
  const hash = sha(staged);

  beforeAll(async () => {
    // Staged, so that only the body's shape can stop a commit of it.
    const response = await call(site, '/svc/v1/api-blobs', { method: 'POST', json: { blobs: [{ hash, content_base64: Buffer.from(staged).toString('base64') }] } });
    expect(response.status).toBe(200);
  });

  /** The field the refusal names: svc's `data.param`, or WordPress's `data.params` key. */
  const named = (response: JsonResponse): string | undefined => response.body?.data?.param ?? Object.keys(response.body?.data?.params ?? {})[0];

  it('POST api-releases with files as a JSON list: 400 naming files, and no route file 0', async () => {
    const response = await call(site, '/svc/v1/api-releases', { method: 'POST', json: { files: [hash] } });
    expectError(response, 400, 'svc_bad_request');
    expect(named(response)).toBe('files');
    expect(response.body.message).toMatch(/^files must be a JSON object/);
    await expectNothingChanged();
    expect(existsSync(path.join(site.svcDir, 'api', '0.php'))).toBe(false);
    expectError(await call(site, '/svc-api/v1/0', { as: 'anonymous' }), 404, 'rest_no_route');
  });

  it.each<[string, unknown, string]>([
    ['files missing', {}, 'files'],
    ['files null', { files: null }, 'files'],
    ['files an empty list', { files: [], prune: true }, 'files'],
    ['files a list', { files: [hash, hash] }, 'files'],
    ['files a string', { files: 'hello' }, 'files'],
    ['files the empty string', { files: '' }, 'files'],
    ['files a number', { files: 7 }, 'files'],
    ['a hash that is a number', { files: { wrong: 7 } }, 'files'],
    ['a hash that is an object', { files: { wrong: { hash } } }, 'files'],
    ['remove a string', { files: { wrong: hash }, remove: 'victim' }, 'remove'],
    ['remove an object', { files: { wrong: hash }, remove: { 0: 'victim' } }, 'remove'],
    ['remove with a number', { files: { wrong: hash }, remove: ['victim', 3] }, 'remove'],
    ['prune a string', { files: { wrong: hash }, prune: 'true' }, 'prune'],
    ['prune a number', { files: { wrong: hash }, prune: 1 }, 'prune'],
    ['dry_run a string', { files: { wrong: hash }, dry_run: 'false' }, 'dry_run'],
    ['base a string', { files: { wrong: hash }, base: '1' }, 'base'],
    ['base a fraction', { files: { wrong: hash }, base: 1.5 }, 'base'],
    ['commit_id too short', { files: { wrong: hash }, commit_id: 'abc' }, 'commit_id'],
    ['commit_id with a quote', { files: { wrong: hash }, commit_id: "abcdefgh'ijklmnop" }, 'commit_id'],
    ['commit_id a number', { files: { wrong: hash }, commit_id: 1234567890123456 }, 'commit_id'],
    ['blobs an object of index => blob', { files: { wrong: hash }, blobs: { 0: { hash, content_base64: Buffer.from(staged).toString('base64') } } }, 'blobs'],
    ['blobs a string', { files: { wrong: hash }, blobs: 'x' }, 'blobs'],
    ['blobs an empty list', { files: { wrong: hash }, blobs: [] }, 'blobs'],
    ['a blob whose hash is a number', { files: { wrong: hash }, blobs: [{ hash: 5, content_base64: '' }] }, 'blobs'],
  ])('POST api-releases: %s', async (_label, json, field) => {
    const response = await call(site, '/svc/v1/api-releases', { method: 'POST', json });
    expectError(response, 400, 'svc_bad_request');
    expect(named(response)).toBe(field);
    // A bad hash is named by its file; every other refusal names the field in words too.
    expect(response.body.message).toContain(/^a hash/.test(_label) ? 'wrong' : field);
    await expectNothingChanged();
  });

  it.each<[string, unknown, string]>([
    ['to a string', { to: '1' }, 'to'],
    ['to a boolean', { to: true }, 'to'],
    ['base a list', { base: [1] }, 'base'],
    ['dry_run a number', { dry_run: 0 }, 'dry_run'],
    ['commit_id too short', { commit_id: 'abc' }, 'commit_id'],
    ['commit_id a number', { commit_id: 1234567890123456 }, 'commit_id'],
  ])('POST api-releases/rollback: %s', async (_label, json, field) => {
    const response = await call(site, '/svc/v1/api-releases/rollback', { method: 'POST', json });
    expectError(response, 400, 'svc_bad_request');
    expect(named(response)).toBe(field);
    expect(response.body.message).toContain(field);
    await expectNothingChanged();
  });

  it('POST api-releases/rollback with no release before the active one: 409 svc_no_previous_release, dry run or not', async () => {
    // The site has made one release so far (beforeAll's push): there is nothing to go back to.
    expect((await call(site, '/svc/v1/api-releases')).body).toHaveLength(1);
    for (const json of [{}, { dry_run: true }]) {
      const response = await call(site, '/svc/v1/api-releases/rollback', { method: 'POST', json });
      expectError(response, 409, 'svc_no_previous_release');
      expect(response.body.message).toBe('There is no earlier release to roll back to.');
    }
    await expectNothingChanged();
  });

  it.each<[string, unknown]>([
    ['blobs an object of index => blob', { blobs: { 0: { hash, content_base64: Buffer.from(staged).toString('base64') } } }],
    ['blobs a string', { blobs: 'x' }],
    ['a blob that is a list', { blobs: [[hash, Buffer.from(staged).toString('base64')]] }],
    ['a hash that is a number', { blobs: [{ hash: 5, content_base64: '' }] }],
  ])('POST api-blobs: %s', async (_label, json) => {
    const response = await call(site, '/svc/v1/api-blobs', { method: 'POST', json });
    expectError(response, 400, 'svc_bad_request');
    expect(named(response)).toBe('blobs');
    await expectNothingChanged();
  });

  it.each<[string, string, unknown, string]>([
    ['POST', 'files an object of index => item', { files: { 0: { filename: 'wrong', content: staged } } }, 'files'],
    ['POST', 'dry_run the string "true"', { files: [{ filename: 'wrong', content: staged }], dry_run: 'true' }, 'dry_run'],
    ['POST', 'dry_run 0', { files: [{ filename: 'wrong', content: staged }], dry_run: 0 }, 'dry_run'],
    ['DELETE', 'filenames an object of index => name', { filenames: { 0: 'victim' } }, 'filenames'],
    ['DELETE', 'commit_id too short', { filenames: ['victim'], commit_id: 'abc' }, 'commit_id'],
    ['DELETE', 'commit_id with a quote', { filenames: ['victim'], commit_id: "abcdefgh'ijklmnop" }, 'commit_id'],
  ])('%s api-files: %s', async (method, _label, json, field) => {
    const response = await call(site, '/svc/v1/api-files', { method, json });
    expect(response.status).toBe(400);
    expect(['svc_bad_request', 'rest_invalid_param']).toContain(response.body.code);
    expect(named(response)).toBe(field);
    await expectNothingChanged();
  });
});

describe('bodies over the limits are rejected and nothing is written', () => {
  afterAll(async () => {
    await setLimits(site, { totalBytes: null });
  });

  it('a file over 512 KB: 422 svc_file_too_large', async () => {
    const response = await push(site, { big: paddedTo(valid(), 512 * 1024 + 1) });
    expectError(response, 422, 'svc_push_rejected');
    expect(response.body.data.errors).toEqual([{ filename: 'big', code: 'svc_file_too_large', message: expect.any(String) }]);
    await expectNothingChanged();
  });

  // Batches stay under nginx's stock 1 MB body limit (larger pushes are staged, see releases.test.ts),
  // so the limits are lowered to what a batch that size can pass.
  it('a batch that would take api/ over the total limit: 422 svc_total_too_large for each of its files', async () => {
    await setLimits(site, { totalBytes: storedTotal(site) + 9 * 50_000 + 5_000 });
    try {
      const batch = (prefix: string): Record<string, string> =>
        Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`${prefix}/part-${i}`, paddedTo(valid(), 48_000)]));
      await pushOk(site, batch('first-half'));
      const afterFirst = snapshotTree(site.svcDir);
      const response = await push(site, batch('second-half'));
      expectError(response, 422, 'svc_push_rejected');
      expect(new Set(response.body.data.errors.map((error: { code: string }) => error.code))).toEqual(new Set(['svc_total_too_large']));
      expect(response.body.data.errors).toHaveLength(9);
      expect(snapshotTree(site.svcDir)).toEqual(afterFirst);
      expect((await remove(site, Object.keys(batch('first-half')))).status).toBe(200);
    } finally {
      await setLimits(site, { totalBytes: null });
    }
    await expectNothingChanged();
  });

  it('a batch over a lowered svc_max_files_total_bytes: 422 svc_total_too_large', async () => {
    await setLimits(site, { totalBytes: storedTotal(site) + 1500 });
    before = snapshotTree(site.svcDir);
    const response = await push(site, { 'small-but-too-much': paddedTo(valid(), 2000) });
    expectError(response, 422, 'svc_push_rejected');
    expect(response.body.data.errors[0].code).toBe('svc_total_too_large');
    await setLimits(site, { totalBytes: null });
    await expectNothingChanged();
  });

  it('one file over both limits: 422 naming both the per-file and the total limit', async () => {
    await setLimits(site, { fileBytes: 100_000, totalBytes: storedTotal(site) + 150_000 });
    try {
      const response = await push(site, { 'way-too-big': paddedTo(valid(), 200_000) });
      expectError(response, 422, 'svc_push_rejected');
      expect(response.body.data.errors.map((error: { code: string }) => error.code).sort()).toEqual(['svc_file_too_large', 'svc_total_too_large']);
    } finally {
      await setLimits(site, { fileBytes: null, totalBytes: null });
    }
    await expectNothingChanged();
  });
});

describe('every management endpoint refuses callers without manage_options, and changes nothing', () => {
  const requests: Array<[string, string, () => Record<string, unknown>]> = [
    ['GET api-namespace', '/svc/v1/api-namespace', () => ({ method: 'GET' })],
    ['PUT api-namespace', '/svc/v1/api-namespace', () => ({ method: 'PUT', json: { namespace: 'taken-over/v1' } })],
    ['GET api-files', '/svc/v1/api-files', () => ({ method: 'GET' })],
    ['POST api-files', '/svc/v1/api-files', () => ({ method: 'POST', json: { files: [{ filename: 'victim', content: publicGet(uniqueClass('Hijack'), 'hijacked') }] } })],
    ['POST api-files (dry run)', '/svc/v1/api-files', () => ({ method: 'POST', json: { files: [{ filename: 'probe', content: valid() }], dry_run: true } })],
    ['DELETE api-files', '/svc/v1/api-files', () => ({ method: 'DELETE', json: { filenames: ['victim', 'nested/victim/[id]'] } })],
  ];
  const callers: Array<[Caller, number]> = [
    ['anonymous', 401],
    ['subscriber', 403],
    ['editor', 403],
  ];
  const cases = requests.flatMap(([label, route, init]) => callers.map(([as, status]) => [label, as, status, route, init] as const));

  it.each(cases)('%s as %s: %d rest_forbidden', async (_label, as, status, route, init) => {
    const response: JsonResponse = await call(site, route, { ...init(), as });
    expectError(response, status, 'rest_forbidden');
    expect(response.text).not.toContain('victim');
    expect(response.text).not.toContain('svc-api');
    await expectNothingChanged();
    expect((await call(site, '/svc/v1/api-namespace')).body).toEqual({ namespace: 'svc-api/v1' });
  });
});
