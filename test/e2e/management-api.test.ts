/**
 * The management API contract of docs/management-api.md, row by row: svc/v1/api-namespace and
 * svc/v1/api-files (list, upload, delete), storage on disk (guard, index.php, atomic batches).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { expectError } from './helpers/expectations.js';
import { paddedTo, publicGet, routeSource, uniqueClass } from './helpers/php-source.js';
import { apiDir, call, list, push, pushOk, record, remove, setLimits, startSite, storedTotal, type ListRecord, type WordPressSite } from './helpers/site.js';
import { sha256, snapshotTree } from './helpers/tree.js';

jest.setTimeout(120_000);

let site: WordPressSite;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.stop();
});

const GET_OK = "\tpublic function get(): array { return array( 'ok' => true ); }";

function stored(slug: string): string {
  return readFileSync(path.join(apiDir(site), `${slug}.php`), 'utf8');
}

describe('GET and PUT api-namespace', () => {
  afterAll(async () => {
    await call(site, '/svc/v1/api-namespace', { method: 'PUT', json: { namespace: 'svc-api/v1' } });
  });

  it('GET answers the default namespace svc-api/v1', async () => {
    const response = await call(site, '/svc/v1/api-namespace');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ namespace: 'svc-api/v1' });
  });

  it('PUT saves a valid namespace and answers it with the previous one', async () => {
    const saved = await call(site, '/svc/v1/api-namespace', { method: 'PUT', json: { namespace: 'shop-2/v12' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ namespace: 'shop-2/v12', previous: 'svc-api/v1' });
    expect((await call(site, '/svc/v1/api-namespace')).body).toEqual({ namespace: 'shop-2/v12' });
    const again = await call(site, '/svc/v1/api-namespace', { method: 'PUT', json: { namespace: 'shop-2/v12' } });
    expect(again.body).toEqual({ namespace: 'shop-2/v12', previous: 'shop-2/v12' });
    const back = await call(site, '/svc/v1/api-namespace', { method: 'PUT', json: { namespace: 'svc-api/v1' } });
    expect(back.body).toEqual({ namespace: 'svc-api/v1', previous: 'shop-2/v12' });
  });

  it.each([
    'Shop/v1',
    'shop',
    'shop/',
    '/shop/v1',
    'shop/v',
    'shop/1',
    'shop/V1',
    'shop/v1/extra',
    'shop/v1.0',
    '-shop/v1',
    'shop-/v1',
    'sh--op/v1',
    'sh_op/v1',
    'shop /v1',
    '',
  ])('PUT rejects the malformed namespace %j with 400 svc_invalid_namespace and keeps the old one', async (namespace) => {
    expectError(await call(site, '/svc/v1/api-namespace', { method: 'PUT', json: { namespace } }), 400, 'svc_invalid_namespace');
    expect((await call(site, '/svc/v1/api-namespace')).body).toEqual({ namespace: 'svc-api/v1' });
  });

  it('PUT rejects svc/v1, reserved for the management endpoints, with 400 svc_reserved_namespace', async () => {
    expectError(await call(site, '/svc/v1/api-namespace', { method: 'PUT', json: { namespace: 'svc/v1' } }), 400, 'svc_reserved_namespace');
    expect((await call(site, '/svc/v1/api-namespace')).body).toEqual({ namespace: 'svc-api/v1' });
  });

  it.each(['wp/v2', 'wp-site-health/v1'])('PUT rejects %s, already used by other code on the site, with 400 svc_namespace_taken', async (namespace) => {
    expectError(await call(site, '/svc/v1/api-namespace', { method: 'PUT', json: { namespace } }), 400, 'svc_namespace_taken');
    expect((await call(site, '/svc/v1/api-namespace')).body).toEqual({ namespace: 'svc-api/v1' });
  });

  it('PUT without namespace is 400 rest_missing_callback_param; a non-string one is 400 rest_invalid_param', async () => {
    expectError(await call(site, '/svc/v1/api-namespace', { method: 'PUT', json: {} }), 400, 'rest_missing_callback_param');
    for (const namespace of [12, ['shop/v1'], { value: 'shop/v1' }, true]) {
      expectError(await call(site, '/svc/v1/api-namespace', { method: 'PUT', json: { namespace } }), 400, 'rest_invalid_param');
    }
    expect((await call(site, '/svc/v1/api-namespace')).body).toEqual({ namespace: 'svc-api/v1' });
  });
});

describe('GET api-files', () => {
  const sources: Record<string, string> = {};

  beforeAll(async () => {
    sources['listing/open/[id]'] = routeSource(
      uniqueClass('ListingOpen'),
      [GET_OK, "\tpublic function delete( WP_REST_Request $request ): array { return array(); }", "\tprivate function post(): array { return array(); }"].join('\n'),
      { classAttribute: '#[Permission(public: true)]' },
    );
    sources['listing/closed'] = routeSource(uniqueClass('ListingClosed'), [GET_OK, "\tpublic function put(): array { return array(); }"].join('\n'));
    // Exactly as the author wrote it: CRLF line endings, odd spacing in the declare, non-ASCII text.
    sources['listing/verbatim'] =
      "<?php\r\ndeclare( strict_types = 1 );\r\n\r\n/** Grüße, 世界 — kept byte for byte. */\r\nfinal class " +
      uniqueClass('Verbatim') +
      " {\r\n\tpublic function patch(): array { return array( 'trailing' => 'spaces' ); }   \r\n}\r\n\r\n\r\n";
    sources['listing/public-method'] = routeSource(uniqueClass('PublicMethod'), ['\t#[Permission(public: true)]', GET_OK].join('\n'));
    sources['listing/public-false'] = routeSource(uniqueClass('PublicFalse'), GET_OK, { classAttribute: '#[Permission(public: false)]' });
    sources['listing/aliased'] = routeSource(uniqueClass('Aliased'), GET_OK, {
      noPermissionImport: true,
      preamble: 'use Svc\\Api\\Attribute\\Permission as Access;',
      classAttribute: '#[Access(public: true)]',
    });
    sources['listing/permission-true'] = routeSource(uniqueClass('PermissionTrue'), [GET_OK, '\tpublic function permission( WP_REST_Request $request ): bool { return true; }'].join('\n'));
    sources['listing-a'] = publicGet(uniqueClass('ListingA'), 'a');
    await pushOk(site, sources);
  });

  it('answers every route file, sorted by filename', async () => {
    const { records } = await list(site);
    const names = records.map((item) => item.filename);
    expect(names).toEqual(expect.arrayContaining(Object.keys(sources)));
    expect(names).toEqual([...names].sort());
  });

  it('returns each file as its author wrote it, byte for byte, with hash = sha256 of that content', async () => {
    const { records } = await list(site);
    for (const [slug, source] of Object.entries(sources)) {
      const item = records.find((candidate) => candidate.filename === slug);
      expect(item?.content).toBe(source);
      expect(item?.hash).toBe(sha256(source));
      expect(item).not.toHaveProperty('error');
    }
  });

  it('with content=false leaves the content out and keeps the hash', async () => {
    const { records } = await list(site, '?content=false');
    const item = records.find((candidate) => candidate.filename === 'listing/verbatim');
    expect(item).not.toHaveProperty('content');
    expect(item?.hash).toBe(sha256(sources['listing/verbatim'] ?? ''));
    for (const each of records) expect(Object.keys(each)).not.toContain('content');
  });

  it('with filenames lists those files only, in the same order and shape, and refuses a malformed list', async () => {
    const { records: all } = await list(site, '?content=false');
    const wanted = ['listing/open/[id]', 'listing-a', 'not-deployed'];
    const { records } = await list(site, `?content=false&filenames=${encodeURIComponent(wanted.join(','))}`);
    expect(records).toEqual(all.filter((item) => wanted.includes(item.filename)));
    expect(records.map((item) => item.filename)).toEqual(['listing-a', 'listing/open/[id]']);
    for (const bad of ['a,,b', '', 'x'.repeat(201)]) {
      const refused = await call(site, `/svc/v1/api-files?content=false&filenames=${encodeURIComponent(bad)}`);
      expectError(refused, 400, 'rest_invalid_param');
    }
  });

  it('describes each route: path, route pattern, public verbs as methods', async () => {
    const { records } = await list(site, '?content=false');
    const byName = (slug: string): ListRecord | undefined => records.find((item) => item.filename === slug);
    expect(byName('listing/open/[id]')).toEqual({
      filename: 'listing/open/[id]',
      hash: sha256(sources['listing/open/[id]'] ?? ''),
      path: '/svc-api/v1/listing/open/[id]',
      route: '/svc-api/v1/listing/open/(?P<id>[^/]+)',
      methods: ['GET', 'DELETE'],
      public: true,
      public_verbs: ['GET', 'DELETE'],
    });
    expect(byName('listing/closed')).toEqual({
      filename: 'listing/closed',
      hash: sha256(sources['listing/closed'] ?? ''),
      path: '/svc-api/v1/listing/closed',
      route: '/svc-api/v1/listing/closed',
      methods: ['GET', 'PUT'],
    });
    expect(byName('listing/verbatim')?.methods).toEqual(['PATCH']);
  });

  it('flags public only where the lexical rule sees public: true, on a verb or on the class', async () => {
    const { records } = await list(site, '?content=false');
    const flagged = records.filter((item) => item.filename.startsWith('listing')).filter((item) => item.public === true).map((item) => item.filename);
    expect(flagged.sort()).toEqual(['listing-a', 'listing/aliased', 'listing/open/[id]', 'listing/public-method']);
  });

  it('flags an aliased import of the attribute, which really is public', async () => {
    expect(await record(site, 'listing/aliased')).toHaveProperty('public', true);
    expect((await call(site, '/svc-api/v1/listing/aliased', { as: 'anonymous' })).body).toEqual({ ok: true });
  });

  it('does not flag the documented blind spot, a permission() returning true, though the route really is public', async () => {
    expect(await record(site, 'listing/permission-true')).not.toHaveProperty('public');
    expect((await call(site, '/svc-api/v1/listing/permission-true', { as: 'anonymous' })).body).toEqual({ ok: true });
    expectError(await call(site, '/svc-api/v1/listing/public-false', { as: 'anonymous' }), 401, 'rest_forbidden');
  });
});

describe('storage on disk', () => {
  it('injects a direct-access guard right after the declare statement, and the listing strips exactly it', async () => {
    const source = routeSource(uniqueClass('Guarded'), GET_OK);
    await pushOk(site, { guarded: source });
    const onDisk = stored('guarded');
    const declareEnd = source.indexOf('declare(strict_types=1);') + 'declare(strict_types=1);'.length;
    const before = source.slice(0, declareEnd);
    const after = source.slice(declareEnd);
    expect(onDisk.startsWith(before)).toBe(true);
    expect(onDisk.endsWith(after)).toBe(true);
    const guard = onDisk.slice(before.length, onDisk.length - after.length);
    expect(guard).toMatch(/^\s*if \( ! defined\( 'ABSPATH' \) \) \{ exit; \}.*$/);
    expect(guard.split('\n').filter((line) => line.trim() !== '')).toHaveLength(1);
    expect((await record(site, 'guarded'))?.content).toBe(source);

    // An author who pushes the stored bytes (guard included) gets exactly those bytes back.
    const withOwnGuard = onDisk.replace(/class (\w+) \{/, `class ${uniqueClass('OwnGuard')} {`);
    await pushOk(site, { 'own-guard': withOwnGuard });
    expect((await record(site, 'own-guard'))?.content).toBe(withOwnGuard);
    expect((await record(site, 'own-guard'))?.hash).toBe(sha256(withOwnGuard));
  });

  it('a stored route file requested directly over HTTP outputs nothing', async () => {
    const source = publicGet(uniqueClass('Leaky'), 'leaky') + '?>\nLEAKED-IF-RUN\n';
    await pushOk(site, { 'direct/leaky': source });
    const direct = await fetch(`${site.url}/wp-content/svc/api/direct/leaky.php`);
    expect(await direct.text()).toBe('');
    // Through WordPress it loads and answers normally.
    expect((await call(site, '/svc-api/v1/direct/leaky', { as: 'anonymous' })).body).toEqual({ route: 'leaky' });
  });

  it('keeps an empty index.php in every directory, so none can be listed', async () => {
    await pushOk(site, { 'deep/er/still/file': publicGet(uniqueClass('Deep'), 'deep') });
    const directories: string[] = [];
    const walk = (dir: string): void => {
      directories.push(dir);
      for (const name of readdirSync(dir)) if (statSync(path.join(dir, name)).isDirectory()) walk(path.join(dir, name));
    };
    walk(site.svcDir);
    expect(directories.length).toBeGreaterThanOrEqual(6);
    for (const dir of directories) {
      const guard = path.join(dir, 'index.php');
      expect([path.relative(site.svcDir, dir), statSync(guard, { throwIfNoEntry: false })?.size]).toEqual([path.relative(site.svcDir, dir), 0]);
    }
    for (const listing of ['/wp-content/svc/', '/wp-content/svc/api/', '/wp-content/svc/api/deep/er/']) {
      const response = await fetch(`${site.url}${listing}`);
      const body = await response.text();
      // The guard answers 200 and nothing. An FPM child whose realpath cache still maps the `api`
      // link to the release before this push (PHP keeps it for realpath_cache_ttl) finds no
      // deep/er/index.php there and answers 404 "No input file specified.": not a listing either.
      // svc itself never resolves route files through the link (Paths::served_tree reads it).
      const answer = response.status === 200 ? body : `${response.status} ${body.includes('deep') || body.includes('still') ? body : 'without a listing'}`;
      expect([listing, answer]).toEqual([listing, expect.stringMatching(/^(|404 without a listing)$/)]);
    }
  });
});

describe('POST api-files', () => {
  let deployedClass: string;

  beforeAll(async () => {
    deployedClass = uniqueClass('Deployed');
    await pushOk(site, { 'deployed/users/[uid]': publicGet(deployedClass, 'deployed') });
  });

  afterAll(async () => {
    await setLimits(site, { totalBytes: null });
  });

  it('writes every file of a valid batch and answers what it wrote', async () => {
    const files = {
      'batch/one': publicGet(uniqueClass('One'), 'one'),
      'batch/two/[slug]': routeSource(uniqueClass('Two'), [GET_OK, "\tpublic function post(): array { return array(); }"].join('\n')),
    };
    const response = await push(site, files);
    expect(response.status).toBe(200);
    const expected = [
      { filename: 'batch/one', hash: sha256(files['batch/one']), path: '/svc-api/v1/batch/one', route: '/svc-api/v1/batch/one', methods: ['GET'], public: true, public_verbs: ['GET'] },
      {
        filename: 'batch/two/[slug]',
        hash: sha256(files['batch/two/[slug]']),
        path: '/svc-api/v1/batch/two/[slug]',
        route: '/svc-api/v1/batch/two/(?P<slug>[^/]+)',
        methods: ['GET', 'POST'],
      },
    ];
    expect(response.body).toEqual({ written: expected, checked: expected, dry_run: false, syntax_check: 'php', release: { id: expect.any(Number), created: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/), user: { id: site.users.admin.id, login: 'admin' }, kind: 'push', files: expect.any(Number), added: 2, changed: 0, removed: 0, active: true, rollback_of: null, message: null } });
    expect((await call(site, '/svc-api/v1/batch/one', { as: 'anonymous' })).body).toEqual({ route: 'one' });
    expect((await record(site, 'batch/two/[slug]'))?.content).toBe(files['batch/two/[slug]']);
  });

  it('replaces a deployed file, keeping its class name', async () => {
    const response = await push(site, { 'deployed/users/[uid]': publicGet(deployedClass, 'replaced') });
    expect(response.status).toBe(200);
    expect((await call(site, '/svc-api/v1/deployed/users/1', { as: 'anonymous' })).body).toEqual({ route: 'replaced' });
    await pushOk(site, { 'deployed/users/[uid]': publicGet(deployedClass, 'deployed') });
  });

  it('dry_run checks the batch and writes nothing', async () => {
    const source = publicGet(uniqueClass('DryRun'), 'dry');
    const before = snapshotTree(site.svcDir);
    const response = await push(site, { 'dry/run': source }, { dryRun: true });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ written: [], checked: [{ filename: 'dry/run', hash: sha256(source) }], dry_run: true, syntax_check: 'php', release: null });
    expect(snapshotTree(site.svcDir)).toEqual(before);
    expectError(await call(site, '/svc-api/v1/dry/run', { as: 'anonymous' }), 404, 'rest_no_route');

    const rejected = await push(site, { 'dry/run': source.replace('declare(strict_types=1);', '') }, { dryRun: true });
    expectError(rejected, 422, 'svc_push_rejected');
    expect(snapshotTree(site.svcDir)).toEqual(before);
  });

  it('rejects the whole batch with 422 when one file fails, writes nothing and names only the failing file', async () => {
    const before = snapshotTree(site.svcDir);
    const response = await push(site, {
      'atomic/good-one': publicGet(uniqueClass('GoodOne'), 'good'),
      'atomic/bad': routeSource(uniqueClass('Bad'), "\tpublic function get(): array { return array( }"),
      'atomic/good-two': publicGet(uniqueClass('GoodTwo'), 'good'),
    });
    expectError(response, 422, 'svc_push_rejected');
    expect(response.body.message).toContain('atomic/bad.php');
    expect(response.body.data.errors).toEqual([{ filename: 'atomic/bad', code: 'svc_syntax_error', message: expect.stringMatching(/^PHP Parse error: .* in atomic\/bad\.php on line \d+$/) }]);
    expect(snapshotTree(site.svcDir)).toEqual(before);
    expectError(await call(site, '/svc-api/v1/atomic/good-one', { as: 'anonymous' }), 404, 'rest_no_route');
  });

  it('checks every file and reports every failure in one answer', async () => {
    const response = await push(site, {
      'many/no-declare': routeSource(uniqueClass('NoDeclare'), GET_OK).replace('declare(strict_types=1);', ''),
      'many/fine': publicGet(uniqueClass('Fine'), 'fine'),
      'many/no-class': "<?php\ndeclare(strict_types=1);\n",
    });
    expectError(response, 422, 'svc_push_rejected');
    const codes = (response.body.data.errors as Array<{ filename: string; code: string }>).map(({ filename, code }) => `${filename}: ${code}`);
    expect(codes.sort()).toEqual(['many/no-class: svc_class_count', 'many/no-declare: svc_strict_types']);
  });

  const big = (name: string): string => paddedTo(publicGet(name, 'big'), 512 * 1024 + 1);

  const perFileCases: Array<[string, () => Record<string, string>, Array<{ filename: string; code: string; message?: RegExp }>]> = [
    ['svc_invalid_slug for a malformed file name', () => ({ 'Bad/Name': publicGet(uniqueClass('BadName'), 'x') }), [{ filename: 'Bad/Name', code: 'svc_invalid_slug' }]],
    [
      'svc_route_conflict for a route already served by a deployed file',
      () => ({ 'deployed/users/[id]': publicGet(uniqueClass('Conflict'), 'x') }),
      [{ filename: 'deployed/users/[id]', code: 'svc_route_conflict', message: /deployed\/users\/\[uid\]\.php/ }],
    ],
    [
      'svc_route_conflict for two files of the batch serving one route',
      () => ({ 'pair/[a]': publicGet(uniqueClass('PairA'), 'a'), 'pair/[b]': publicGet(uniqueClass('PairB'), 'b') }),
      [{ filename: 'pair/[b]', code: 'svc_route_conflict' }],
    ],
    [
      'svc_strict_types when the declare is missing',
      () => ({ 'strict/missing': routeSource(uniqueClass('Missing'), GET_OK).replace('declare(strict_types=1);', '') }),
      [{ filename: 'strict/missing', code: 'svc_strict_types' }],
    ],
    [
      'svc_strict_types when it appears twice (once in a comment)',
      () => ({ 'strict/twice': routeSource(uniqueClass('Twice'), GET_OK, { preamble: '// declare(strict_types=1);' }) }),
      [{ filename: 'strict/twice', code: 'svc_strict_types' }],
    ],
    [
      'svc_strict_types when it appears only in a comment',
      () => ({ 'strict/comment': routeSource(uniqueClass('Comment'), GET_OK).replace('declare(strict_types=1);', '/* declare(strict_types=1); */') }),
      [{ filename: 'strict/comment', code: 'svc_strict_types' }],
    ],
    ['svc_class_count for no class', () => ({ 'count/none': "<?php\ndeclare(strict_types=1);\n\nreturn 1;\n" }), [{ filename: 'count/none', code: 'svc_class_count' }]],
    [
      'svc_class_count for two classes',
      () => ({ 'count/two': routeSource(uniqueClass('CountTwo'), GET_OK, { trailer: `final class ${uniqueClass('Extra')} {}` }) }),
      [{ filename: 'count/two', code: 'svc_class_count' }],
    ],
    ['svc_class_taken by WordPress core', () => ({ 'taken/core': routeSource('WP_Query', GET_OK) }), [{ filename: 'taken/core', code: 'svc_class_taken', message: /WP_Query/ }]],
    [
      'svc_class_taken by an active plugin',
      () => ({ 'taken/plugin': routeSource('Autoloader', GET_OK, { namespace: 'Svc' }) }),
      [{ filename: 'taken/plugin', code: 'svc_class_taken', message: /Svc\\Autoloader/ }],
    ],
    [
      'svc_class_taken by another route file',
      () => ({ 'taken/route': publicGet(deployedClass, 'x') }),
      [{ filename: 'taken/route', code: 'svc_class_taken', message: /deployed\/users\/\[uid\]\.php/ }],
    ],
    [
      'svc_class_taken by another file of the batch',
      () => {
        const name = uniqueClass('Twin');
        return { 'taken/twin-a': publicGet(name, 'a'), 'taken/twin-b': publicGet(name, 'b') };
      },
      [{ filename: 'taken/twin-b', code: 'svc_class_taken', message: /taken\/twin-a\.php/ }],
    ],
    ['svc_file_too_large over 512 KB', () => ({ 'size/big': big(uniqueClass('Big')) }), [{ filename: 'size/big', code: 'svc_file_too_large' }]],
    [
      'svc_syntax_error with the parse error text',
      () => ({ 'syntax/parse': routeSource(uniqueClass('Parse'), "\tpublic function get(): array { return array( 'a' => ; }") }),
      [{ filename: 'syntax/parse', code: 'svc_syntax_error', message: /Parse error: syntax error, unexpected token ";"/ }],
    ],
    [
      'svc_syntax_error for an error only the compiler sees',
      () => ({ 'syntax/compile': routeSource(uniqueClass('Compile'), [GET_OK, GET_OK].join('\n')) }),
      [{ filename: 'syntax/compile', code: 'svc_syntax_error', message: /Cannot redeclare .*::get\(\)/ }],
    ],
  ];

  it.each(perFileCases)('rejects with %s, writing nothing', async (_label, files, errors) => {
    const before = snapshotTree(site.svcDir);
    const response = await push(site, files());
    expectError(response, 422, 'svc_push_rejected');
    expect(response.body.data.errors).toEqual(errors.map(({ filename, code, message }) => ({ filename, code, message: message ? expect.stringMatching(message) : expect.any(String) })));
    expect(snapshotTree(site.svcDir)).toEqual(before);
  });

  it('on nginx + php-fpm with opcache the push request compiles the files itself: diagnostics say so, and a compile error in a batch comes back alone, under its name, with its line', async () => {
    if (site.server.kind !== 'fpm') return;
    expect((await call(site, '/svc/v1/diagnostics')).body.php).toMatchObject({ syntax_in_process: true });
    const good = uniqueClass('CompiledHere');
    const twice = uniqueClass('TwiceHere');
    const before = snapshotTree(site.svcDir);
    const response = await push(site, {
      'here/good': routeSource(good, GET_OK),
      'here/twice': routeSource(twice, ['', GET_OK, GET_OK].join('\n')),
    });
    expectError(response, 422, 'svc_push_rejected');
    expect(response.body.data.errors).toEqual([
      { filename: 'here/twice', code: 'svc_syntax_error', message: expect.stringMatching(new RegExp(`^PHP Fatal error: Cannot redeclare ${twice}::get\\(\\) in here/twice\\.php on line \\d+$`)) },
    ]);
    expect(snapshotTree(site.svcDir)).toEqual(before);
    // The same worker pool then takes the good file alone, and serves it.
    expect((await push(site, { 'here/good': routeSource(good, GET_OK) })).status).toBe(200);
    expect((await call(site, '/svc-api/v1/here/good')).body).toEqual({ ok: true });
    expect((await remove(site, ['here/good'])).status).toBe(200);
  });

  it('accepts a file of exactly 512 KB', async () => {
    const source = paddedTo(publicGet(uniqueClass('Exact'), 'exact'), 512 * 1024);
    expect((await push(site, { 'size/exact': source })).status).toBe(200);
    expect((await call(site, '/svc-api/v1/size/exact', { as: 'anonymous' })).body).toEqual({ route: 'exact' });
    expect((await remove(site, ['size/exact'])).status).toBe(200);
  });

  it('rejects with svc_total_too_large when api/ would exceed svc_max_files_total_bytes, writing nothing', async () => {
    await setLimits(site, { totalBytes: storedTotal(site) + 3000 });
    const before = snapshotTree(site.svcDir);
    const response = await push(site, {
      'total/one': paddedTo(publicGet(uniqueClass('TotalOne'), 'one'), 2000),
      'total/two': paddedTo(publicGet(uniqueClass('TotalTwo'), 'two'), 2000),
    });
    expectError(response, 422, 'svc_push_rejected');
    expect(response.body.data.errors.map((error: { code: string }) => error.code)).toEqual(['svc_total_too_large', 'svc_total_too_large']);
    expect(snapshotTree(site.svcDir)).toEqual(before);
    expect((await push(site, { 'total/one': paddedTo(publicGet(uniqueClass('TotalOnly'), 'one'), 2000) })).status).toBe(200);
    await setLimits(site, { totalBytes: null });
    expect((await remove(site, ['total/one'])).status).toBe(200);
  });

  it('serializes concurrent pushes: of two batches declaring one class name, exactly one is written', async () => {
    for (let round = 0; round < 3; round++) {
      const name = uniqueClass('Race');
      const [a, b] = await Promise.all([push(site, { [`race/${round}-a`]: publicGet(name, 'a') }), push(site, { [`race/${round}-b`]: publicGet(name, 'b') })]);
      expect([a.status, b.status].sort()).toEqual([200, 422]);
      const loser = a.status === 422 ? a : b;
      expect(loser.body.data.errors).toEqual([expect.objectContaining({ code: 'svc_class_taken' })]);
      const names = (await list(site, '?content=false')).records.map((item) => item.filename).filter((filename) => filename.startsWith(`race/${round}-`));
      expect(names).toHaveLength(1);
    }
  });

  it('leaves no temporary file behind', async () => {
    await pushOk(site, { 'temp/check': publicGet(uniqueClass('TempCheck'), 'temp') });
    const leftovers = Object.keys(snapshotTree(site.svcDir)).filter((relative) => relative.split('/').some((part) => part.startsWith('.') && part !== '.lock'));
    expect(leftovers).toEqual([]);
  });

  it('rejects the same filename twice in one batch with 400 svc_bad_request', async () => {
    const before = snapshotTree(site.svcDir);
    const response = await call(site, '/svc/v1/api-files', {
      method: 'POST',
      json: { files: [{ filename: 'twice', content: publicGet(uniqueClass('TwiceA'), 'a') }, { filename: 'twice', content: publicGet(uniqueClass('TwiceB'), 'b') }] },
    });
    expectError(response, 400, 'svc_bad_request');
    expect(snapshotTree(site.svcDir)).toEqual(before);
  });
});

describe('DELETE api-files', () => {
  it('removes one file: its route is gone and it is no longer listed', async () => {
    await pushOk(site, { 'delete/one': publicGet(uniqueClass('DeleteOne'), 'one') });
    const response = await remove(site, ['delete/one']);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ deleted: ['delete/one'], release: { id: expect.any(Number), created: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/), user: { id: site.users.admin.id, login: 'admin' }, kind: 'rm', files: expect.any(Number), added: 0, changed: 0, removed: 1, active: true, rollback_of: null, message: null } });
    expectError(await call(site, '/svc-api/v1/delete/one', { as: 'anonymous' }), 404, 'rest_no_route');
    expect(await record(site, 'delete/one')).toBeUndefined();
  });

  it('removes many files at once', async () => {
    await pushOk(site, {
      'delete/many-a': publicGet(uniqueClass('ManyA'), 'a'),
      'delete/many/[b]': publicGet(uniqueClass('ManyB'), 'b'),
      'delete/many-c': publicGet(uniqueClass('ManyC'), 'c'),
    });
    const response = await remove(site, ['delete/many-a', 'delete/many/[b]']);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ deleted: ['delete/many-a', 'delete/many/[b]'], release: { id: expect.any(Number), created: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/), user: { id: site.users.admin.id, login: 'admin' }, kind: 'rm', files: expect.any(Number), added: 0, changed: 0, removed: 2, active: true, rollback_of: null, message: null } });
    const names = (await list(site, '?content=false')).records.map((item) => item.filename);
    expect(names).not.toContain('delete/many-a');
    expect(names).not.toContain('delete/many/[b]');
    expect(names).toContain('delete/many-c');
  });

  it('answers 404 svc_not_found naming the missing slugs, and removes nothing', async () => {
    await pushOk(site, { 'delete/kept': publicGet(uniqueClass('Kept'), 'kept') });
    const before = snapshotTree(site.svcDir);
    const response = await remove(site, ['delete/kept', 'delete/never-deployed', 'nowhere/[x]']);
    expectError(response, 404, 'svc_not_found');
    expect(response.body.data.filenames).toEqual(['delete/never-deployed', 'nowhere/[x]']);
    expect(snapshotTree(site.svcDir)).toEqual(before);
    expect((await call(site, '/svc-api/v1/delete/kept', { as: 'anonymous' })).body).toEqual({ route: 'kept' });
  });

  it('answers 400 svc_invalid_slug with the filename for a malformed slug, and removes nothing', async () => {
    const before = snapshotTree(site.svcDir);
    const response = await remove(site, ['delete/kept', '../delete/kept']);
    expectError(response, 400, 'svc_invalid_slug');
    expect(response.body.data.filename).toBe('../delete/kept');
    expect(snapshotTree(site.svcDir)).toEqual(before);
  });

  it('prunes directories left empty, and only those', async () => {
    await pushOk(site, { 'prune/a/b/c': publicGet(uniqueClass('PruneC'), 'c'), 'prune/keep': publicGet(uniqueClass('PruneKeep'), 'keep') });
    expect(statSync(path.join(apiDir(site), 'prune/a/b')).isDirectory()).toBe(true);
    expect((await remove(site, ['prune/a/b/c'])).status).toBe(200);
    expect(statSync(path.join(apiDir(site), 'prune/a'), { throwIfNoEntry: false })).toBeUndefined();
    expect(readdirSync(path.join(apiDir(site), 'prune')).sort()).toEqual(['index.php', 'keep.php']);
    expect((await remove(site, ['prune/keep'])).status).toBe(200);
    expect(statSync(path.join(apiDir(site), 'prune'), { throwIfNoEntry: false })).toBeUndefined();
    expect(statSync(path.join(apiDir(site), 'index.php')).size).toBe(0);
  });
});
