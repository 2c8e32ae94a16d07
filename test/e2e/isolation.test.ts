/**
 * Failure isolation: route files placed on the server directly (as over SFTP), bypassing every
 * push-time check. A faulty file is skipped and logged once with `Svc api/:`, its listing record
 * carries the reason, everything else keeps working, and the failure clears once the file is fixed.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { expectError, expectSiteHealthy } from './helpers/expectations.js';
import { paddedTo, publicGet, routeSource, uniqueClass } from './helpers/php-source.js';
import {
  apiDir,
  call,
  list,
  LogCursor,
  placeFile,
  placeSvcFile,
  push,
  pushOk,
  record,
  setLimits,
  sleep,
  startSite,
  unplace,
  type WordPressSite,
} from './helpers/site.js';

jest.setTimeout(120_000);

let site: WordPressSite;
let healthyClass: string;

beforeAll(async () => {
  site = await startSite();
  healthyClass = uniqueClass('Healthy');
  await pushOk(site, { healthy: publicGet(healthyClass, 'healthy') });
});

afterAll(async () => {
  await site?.stop();
});

/** The rest of the site still works: another route file, a core route, the listing. */
async function expectOthersWork(): Promise<void> {
  expect((await call(site, '/svc-api/v1/healthy', { as: 'anonymous' })).body).toEqual({ route: 'healthy' });
  await expectSiteHealthy(site);
  expect((await call(site, '/svc/v1/api-files?content=false')).status).toBe(200);
}

/** Asserts the file is skipped: its route is not registered, its record has the reason, one log line. */
async function expectSkipped(slug: string, reason: string | RegExp, log: LogCursor): Promise<void> {
  for (let i = 0; i < 2; i++) expectError(await call(site, `/svc-api/v1/${slug}`, { as: 'anonymous' }), 404, 'rest_no_route');
  const listed = await record(site, slug);
  expect(listed).toBeDefined();
  expect(listed?.error).toEqual(expect.stringMatching(reason));
  await expectOthersWork();
  expect((await record(site, 'healthy'))?.error).toBeUndefined();
  const lines = log.svcLines();
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(`${slug}.php`);
  expect(lines[0]).toEqual(expect.stringMatching(reason));
}

/** Fixes the file in place and asserts that its route works and its error is gone, with nothing logged. */
async function expectRecoversWith(slug: string, fixed: string, tag: string): Promise<void> {
  const log = new LogCursor(site);
  placeFile(site, slug, fixed);
  expect((await call(site, `/svc-api/v1/${slug}`, { as: 'anonymous' })).body).toEqual({ route: tag });
  const listed = await record(site, slug);
  expect(listed).toBeDefined();
  expect(listed).not.toHaveProperty('error');
  expect(log.svcLines()).toEqual([]);
}

describe('a faulty route file is skipped, logged once, reported in the listing, and clears when fixed', () => {
  const GET = "\tpublic function get(): array { return array( 'route' => 'broken' ); }";
  const OPEN = { classAttribute: '#[Permission(public: true)]' };

  const cases: Array<[string, string, (className: string) => string, string | RegExp]> = [
    [
      'a parse error',
      'broken/parse-error',
      (name) => routeSource(name, "\tpublic function get(): array { return array( 'route' => ; }", OPEN),
      /Parse error: syntax error/,
    ],
    ['a fatal error while loading (parent class missing)', 'broken/missing-parent', (name) => routeSource(name, GET, OPEN).replace(`class ${name} {`, `class ${name} extends MissingParentClass {`), /MissingParentClass/],
    ['an exception thrown while loading', 'broken/throws', (name) => routeSource(name, GET, { ...OPEN, trailer: "throw new RuntimeException( 'thrown at load time' );" }), /thrown at load time/],
    ['no class', 'broken/no-class', () => "<?php\ndeclare(strict_types=1);\n\nfunction svc_e2e_lonely_function(): int { return 1; }\n", /declares no class/],
    ['two classes', 'broken/two-classes', (name) => routeSource(name, GET, { ...OPEN, trailer: `final class ${name}Second {}` }), /declares 2 classes/],
    ['a class name taken by WordPress core', 'broken/core-name', () => routeSource('WP_Post', GET, OPEN), /WP_Post/],
    [
      'a function name taken by WordPress core',
      'broken/core-function',
      (name) => routeSource(name, GET, { ...OPEN, trailer: 'function wp_die(): void {}' }),
      /function wp_die\(\) is already declared/,
    ],
    ['a class name taken by an active plugin', 'broken/plugin-name', () => routeSource('Plugin', GET, { ...OPEN, namespace: 'Svc' }), /Svc\\Plugin/],
  ];

  it.each(cases)('%s', async (_label, slug, broken, reason) => {
    const className = uniqueClass('Broken');
    const log = new LogCursor(site);
    placeFile(site, slug, broken(className));
    await expectSkipped(slug, reason, log);
    await expectRecoversWith(slug, publicGet(uniqueClass('Fixed'), 'fixed'), 'fixed');
  });

  it('a class name taken by another route file: the newcomer is skipped, the route file owning it keeps working', async () => {
    const log = new LogCursor(site);
    // Sorts before healthy.php on purpose: what matters is which file was there first.
    placeFile(site, 'a-copy-of-healthy', publicGet(healthyClass, 'copy'));
    await expectSkipped('a-copy-of-healthy', new RegExp(`${healthyClass}.*healthy\\.php`), log);
    placeFile(site, 'zz-copy-of-healthy', publicGet(healthyClass, 'copy'));
    expectError(await call(site, '/svc-api/v1/zz-copy-of-healthy', { as: 'anonymous' }), 404, 'rest_no_route');
    expect((await record(site, 'zz-copy-of-healthy'))?.error).toMatch(/healthy\.php/);
    await expectOthersWork();
    unplace(site, 'api/zz-copy-of-healthy.php');
    await expectRecoversWith('a-copy-of-healthy', publicGet(uniqueClass('NoLongerACopy'), 'own class'), 'own class');
  });

  it('a function name declared by another route file: a push is refused, a copy by hand is skipped, and the listing never dies loading both', async () => {
    const helper = (tag: string): string => `function svc_e2e_shared_helper(): string { return '${tag}'; }`;
    const body = "\tpublic function get(): array { return array( 'route' => svc_e2e_shared_helper() ); }";
    await pushOk(site, { 'helpers/first': routeSource(uniqueClass('HelperFirst'), body, { classAttribute: '#[Permission(public: true)]', trailer: helper('first') }) });
    const second = routeSource(uniqueClass('HelperSecond'), body, { classAttribute: '#[Permission(public: true)]', trailer: helper('second') });
    // One rule set: the push refuses what boot would skip, in the same words.
    const refused = await push(site, { 'helpers/second': second });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toMatch(/svc_name_taken.*function svc_e2e_shared_helper\(\) is already declared by route file helpers\/first\.php/);
    const log = new LogCursor(site);
    // Each works on its own route, but the listing loads every route file in one request.
    placeFile(site, 'helpers/second', second);
    const listing = await call(site, '/svc/v1/api-files?content=false');
    expect(listing.status).toBe(200);
    const skipped = (listing.body as Array<{ filename: string; error?: string }>).find((item) => item.filename === 'helpers/second');
    expect(skipped?.error).toMatch(/function svc_e2e_shared_helper\(\) is already declared by route file helpers\/first\.php/);
    expect((await call(site, '/svc-api/v1/helpers/first', { as: 'anonymous' })).body).toEqual({ route: 'first' });
    expectError(await call(site, '/svc-api/v1/helpers/second', { as: 'anonymous' }), 404, 'rest_no_route');
    await expectOthersWork();
    expect(log.svcLines()).toHaveLength(1);
    expect(log.text()).not.toMatch(/PHP Fatal error/);
    unplace(site, 'api/helpers');
  });

  it('a route served by another route file: the newcomer is skipped, the file serving it keeps it', async () => {
    await pushOk(site, { 'shape/[id]': publicGet(uniqueClass('ShapeOwner'), 'owner') });
    expect((await call(site, '/svc-api/v1/shape/1', { as: 'anonymous' })).body).toEqual({ route: 'owner' });
    const log = new LogCursor(site);
    placeFile(site, 'shape/[aaa]', publicGet(uniqueClass('ShapeNewcomer'), 'newcomer'));
    expect((await call(site, '/svc-api/v1/shape/1', { as: 'anonymous' })).body).toEqual({ route: 'owner' });
    expect((await record(site, 'shape/[aaa]'))?.error).toMatch(/shape\/\[id\]\.php already serves this route/);
    expect((await record(site, 'shape/[id]'))?.error).toBeUndefined();
    expect(log.svcLines()).toHaveLength(1);
    expect(log.svcLines()[0]).toContain('shape/[aaa].php');
    unplace(site, 'api/shape/[aaa].php');
  });

  it('a file whose name breaks the slug rules is listed with no route and an error', async () => {
    const log = new LogCursor(site);
    placeFile(site, 'Bad_Name', publicGet(uniqueClass('BadName'), 'bad name'));
    const listed = await record(site, 'Bad_Name');
    expect(listed).toMatchObject({ filename: 'Bad_Name', route: null });
    expect(listed?.error).toMatch(/invalid file name/);
    await expectOthersWork();
    expect(log.svcLines()).toHaveLength(1);
    expect(log.svcLines()[0]).toContain('Bad_Name.php');
    unplace(site, 'api/Bad_Name.php');
    expect(await record(site, 'Bad_Name')).toBeUndefined();
  });
});

describe('fatal errors PHP cannot catch', () => {
  const cases: Array<[string, string, (className: string) => string, RegExp]> = [
    [
      'a class that leaves an interface method unimplemented',
      'fatal/abstract-method',
      (name) =>
        routeSource(name, "\tpublic function get(): array { return array(); }", { classAttribute: '#[Permission(public: true)]' }).replace(
          `class ${name} {`,
          `class ${name} implements Countable {`,
        ),
      /abstract method/,
    ],
    [
      'a method incompatible with the core class it extends',
      'fatal/incompatible',
      (name) =>
        routeSource(name, "\tpublic function get(): array { return array(); }\n\tpublic function get_items( int $request ): int { return 1; }", {
          classAttribute: '#[Permission(public: true)]',
        }).replace(`class ${name} {`, `class ${name} extends WP_REST_Controller {`),
      /must be compatible/,
    ],
  ];

  /** The one request PHP could not finish says so: 503 svc_boot_fatal naming the file, retry at once. */
  async function expectBootFatal(pathOrUrl: string, slug: string, reason: RegExp): Promise<void> {
    // The listing is the administrators'; the routes here are public.
    const response = await site.fetch(pathOrUrl, { as: pathOrUrl.startsWith('/svc/') ? 'admin' : 'anonymous' });
    const body = (await response.json()) as { code: string; message: string; data: { status: number } };
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('0');
    expect(body.code).toBe('svc_boot_fatal');
    expect(body.data.status).toBe(503);
    expect(body.message).toContain(`${slug}.php stopped PHP while it was loading`);
    expect(body.message).toMatch(reason);
  }

  it.each(cases)('%s: only the request that first loads it fails, with 503 svc_boot_fatal; then it is skipped, logged once and listed with the reason', async (_label, slug, broken, reason) => {
    const log = new LogCursor(site);
    placeFile(site, slug, broken(uniqueClass('Fatal')));
    await expectBootFatal(`/svc-api/v1/${slug}`, slug, reason);
    await expectSkipped(slug, reason, log);
    await expectRecoversWith(slug, publicGet(uniqueClass('NotFatal'), 'not fatal'), 'not fatal');
  });

  it('when the listing is the first to load such a file, it answers 503 svc_boot_fatal once, and the next listing shows the file with its reason', async () => {
    const log = new LogCursor(site);
    const slug = 'fatal/listed-first';
    placeFile(site, slug, cases[0]![2](uniqueClass('ListedFatal')));
    await expectBootFatal('/svc/v1/api-files?content=false', slug, /abstract method/);
    await expectSkipped(slug, /abstract method/, log);
    unplace(site, `api/${slug}.php`);
  });

  it('a file known to stop PHP is not loaded again when a size-limit filter changes (which rescans every file)', async () => {
    const slug = 'fatal/limits-change';
    placeFile(site, slug, cases[0]![2](uniqueClass('LimitsFatal')));
    await expectBootFatal('/svc/v1/api-files?content=false', slug, /abstract method/);
    try {
      await setLimits(site, { fileBytes: 400_000 });
      const { records } = await list(site, '?content=false');
      expect(records.find((r) => r.filename === slug)?.error).toMatch(/abstract method/);
    } finally {
      await setLimits(site, { fileBytes: null });
      unplace(site, `api/${slug}.php`);
    }
  });
});

describe('size limits at boot', () => {
  afterAll(async () => {
    await setLimits(site, { fileBytes: null, totalBytes: null });
  });

  it('a file over 512 KB is skipped unopened, logged, left out of the listing and named in X-Svc-Skipped(-Files)', async () => {
    const log = new LogCursor(site);
    const className = uniqueClass('Huge');
    placeFile(site, 'huge', paddedTo(publicGet(className, 'huge'), 512 * 1024 + 1));
    expectError(await call(site, '/svc-api/v1/huge', { as: 'anonymous' }), 404, 'rest_no_route');
    const { records, headers } = await list(site, '?content=false');
    expect(records.map((item) => item.filename)).not.toContain('huge');
    expect(headers.get('x-svc-skipped')).toBe('1');
    expect(JSON.parse(headers.get('x-svc-skipped-files') ?? 'null')).toEqual(['huge']);
    // The listing a push reads with the status names it too.
    expect((await call(site, '/svc/v1/status?listing=true')).body.listing).toEqual({ files: records, skipped_files: ['huge'] });
    await expectOthersWork();
    expect(log.svcLines()).toHaveLength(1);
    expect(log.svcLines()[0]).toMatch(/huge\.php.*over the limit/);

    // Exactly 512 KB is within the limit.
    placeFile(site, 'huge', paddedTo(publicGet(className, 'huge'), 512 * 1024));
    expect((await call(site, '/svc-api/v1/huge', { as: 'anonymous' })).body).toEqual({ route: 'huge' });
    const after = await list(site, '?content=false');
    expect(after.records.map((item) => item.filename)).toContain('huge');
    expect(after.headers.get('x-svc-skipped')).toBe('0');
    expect(after.headers.get('x-svc-skipped-files')).toBe('[]');
    unplace(site, 'api/huge.php');
  });

  it('the per-file limit follows the svc_max_file_bytes filter, called for the api directory', async () => {
    placeFile(site, 'filtered/small', paddedTo(publicGet(uniqueClass('Small'), 'small'), 900));
    expect((await call(site, '/svc-api/v1/filtered/small', { as: 'anonymous' })).status).toBe(200);
    const log = new LogCursor(site);
    await setLimits(site, { fileBytes: 800 });
    expectError(await call(site, '/svc-api/v1/filtered/small', { as: 'anonymous' }), 404, 'rest_no_route');
    expect((await list(site)).records.map((item) => item.filename)).not.toContain('filtered/small');
    await expectOthersWork();
    expect(log.svcLines().filter((line) => line.includes('filtered/small.php'))).toHaveLength(1);
    await setLimits(site, { fileBytes: null });
    expect((await call(site, '/svc-api/v1/filtered/small', { as: 'anonymous' })).body).toEqual({ route: 'small' });
    unplace(site, 'api/filtered');
  });

  it('files past the total limit (svc_max_files_total_bytes) are skipped with the reason; the rest load', async () => {
    const sizes = Object.fromEntries(
      ['total/a', 'total/b', 'total/c'].map((slug) => {
        const file = placeFile(site, slug, paddedTo(publicGet(uniqueClass('Total'), slug), 1000));
        return [slug, readFileSync(file).length];
      }),
    );
    for (const slug of Object.keys(sizes)) expect((await call(site, `/svc-api/v1/${slug}`, { as: 'anonymous' })).status).toBe(200);

    // Everything already deployed, plus a and b, fits; c does not.
    const before = (await list(site, '?content=false')).records;
    const others = before.filter((item) => !item.filename.startsWith('total/')).map((item) => readFileSync(path.join(apiDir(site), `${item.filename}.php`)).length);
    const limit = others.reduce((sum, size) => sum + size, 0) + 2000 + 10;
    const log = new LogCursor(site);
    await setLimits(site, { totalBytes: limit });

    expectError(await call(site, '/svc-api/v1/total/c', { as: 'anonymous' }), 404, 'rest_no_route');
    expect((await call(site, '/svc-api/v1/total/a', { as: 'anonymous' })).status).toBe(200);
    expect((await call(site, '/svc-api/v1/total/b', { as: 'anonymous' })).status).toBe(200);
    expect((await record(site, 'total/c'))?.error).toMatch(/over its limit/);
    expect((await record(site, 'total/a'))?.error).toBeUndefined();
    await expectOthersWork();
    expect(log.svcLines()).toHaveLength(1);
    expect(log.svcLines()[0]).toMatch(/total\/c\.php.*over its limit/);

    await setLimits(site, { totalBytes: null });
    expect((await call(site, '/svc-api/v1/total/c', { as: 'anonymous' })).status).toBe(200);
    expect((await record(site, 'total/c'))?.error).toBeUndefined();
    unplace(site, 'api/total');
  });
});

describe('files changed on the server directly', () => {
  it('an in-place edit is served on the next request, even within the same second and at the same size', async () => {
    const className = uniqueClass('Edited');
    const file = placeFile(site, 'edited', publicGet(className, 'first'));
    expect((await call(site, '/svc-api/v1/edited', { as: 'anonymous' })).body).toEqual({ route: 'first' });
    writeFileSync(file, publicGet(className, 'other')); // same length, same inode
    expect((await call(site, '/svc-api/v1/edited', { as: 'anonymous' })).body).toEqual({ route: 'other' });
    writeFileSync(file, publicGet(className, 'a longer answer'));
    expect((await call(site, '/svc-api/v1/edited', { as: 'anonymous' })).body).toEqual({ route: 'a longer answer' });
  });

  it('a failing file fixed in place (same inode, directory untouched) is served on the next request', async () => {
    const className = uniqueClass('FixedInPlace');
    const file = placeFile(site, 'fixed-in-place', routeSource(className, "\tpublic function get(): array { return array( 'route' => ; }"));
    expectError(await call(site, '/svc-api/v1/fixed-in-place', { as: 'anonymous' }), 404, 'rest_no_route');
    // Let a second pass, so that the next request caches a manifest with no change pending.
    await sleep(1100);
    expectError(await call(site, '/svc-api/v1/fixed-in-place', { as: 'anonymous' }), 404, 'rest_no_route');
    writeFileSync(file, publicGet(className, 'fixed in place'));
    expect((await call(site, '/svc-api/v1/fixed-in-place', { as: 'anonymous' })).body).toEqual({ route: 'fixed in place' });
    expect((await record(site, 'fixed-in-place'))?.error).toBeUndefined();
  });

  it('a file added right after a request is served by the next one', async () => {
    expect((await call(site, '/svc-api/v1/healthy', { as: 'anonymous' })).status).toBe(200);
    placeFile(site, 'added/late', publicGet(uniqueClass('Late'), 'late'));
    expect((await call(site, '/svc-api/v1/added/late', { as: 'anonymous' })).body).toEqual({ route: 'late' });
    expect((await record(site, 'added/late'))?.filename).toBe('added/late');
  });

  it('a file removed from the disk is gone from the routes and the listing on the next request', async () => {
    placeFile(site, 'removed', publicGet(uniqueClass('Removed'), 'removed'));
    expect((await call(site, '/svc-api/v1/removed', { as: 'anonymous' })).status).toBe(200);
    rmSync(path.join(apiDir(site), 'removed.php'));
    expectError(await call(site, '/svc-api/v1/removed', { as: 'anonymous' }), 404, 'rest_no_route');
    expect(await record(site, 'removed')).toBeUndefined();
  });

  it('output printed while a file loads does not corrupt the answer', async () => {
    placeFile(site, 'noisy', publicGet(uniqueClass('Noisy'), 'noisy').replace('declare(strict_types=1);', "declare(strict_types=1);\necho 'noise before';") + '?>\ntrailing HTML\n');
    const response = await call(site, '/svc-api/v1/noisy', { as: 'anonymous' });
    expect(response.text).toBe('{"route":"noisy"}');
  });

  it('index.php guards, dot-files and files without .php are not routes', async () => {
    placeFile(site, 'index', publicGet(uniqueClass('IndexFile'), 'index'));
    placeSvcFile(site, 'api/.hidden.php', publicGet(uniqueClass('Hidden'), 'hidden'));
    placeSvcFile(site, 'api/notes.txt', 'not a route');
    placeSvcFile(site, 'api/readme.md.php.bak', 'not a route');
    const names = (await list(site, '?content=false')).records.map((item) => item.filename);
    expect(names.filter((name) => /index|hidden|notes|readme/.test(name))).toEqual([]);
    expectError(await call(site, '/svc-api/v1/index', { as: 'anonymous' }), 404, 'rest_no_route');
    for (const relative of ['api/index.php', 'api/.hidden.php', 'api/notes.txt', 'api/readme.md.php.bak']) unplace(site, relative);
  });
});

describe('shared code: lib/ and vendor/', () => {
  afterAll(() => {
    unplace(site, 'vendor');
  });

  it('classes in lib/ are autoloaded under SvcLib\\ and never served as routes', async () => {
    placeSvcFile(site, 'lib/Text/Shout.php', "<?php\ndeclare(strict_types=1);\nnamespace SvcLib\\Text;\nfinal class Shout {\n\tpublic static function it( string $s ): string { return strtoupper( $s ) . '!'; }\n\tpublic function get(): array { return array( 'lib' => 'served' ); }\n}\n");
    placeFile(
      site,
      'shout',
      routeSource(uniqueClass('ShoutRoute'), "\tpublic function get(): array { return array( 'said' => \\SvcLib\\Text\\Shout::it( 'hey' ) ); }", {
        classAttribute: '#[Permission(public: true)]',
      }),
    );
    expect((await call(site, '/svc-api/v1/shout', { as: 'anonymous' })).body).toEqual({ said: 'HEY!' });
    expectError(await call(site, '/svc-api/v1/lib/text/shout', { as: 'anonymous' }), 404, 'rest_no_route');
    expect((await list(site, '?content=false')).records.map((item) => item.filename).filter((name) => name.includes('shout') && name !== 'shout')).toEqual([]);
  });

  it('packages from vendor/autoload.php are available in route files without a require', async () => {
    writeVendor();
    placeFile(
      site,
      'greet',
      routeSource(uniqueClass('Greet'), "\tpublic function get(): array { return array( 'greeting' => \\Acme\\Greeter::greet( 'Ada' ) ); }", {
        classAttribute: '#[Permission(public: true)]',
      }),
    );
    expect((await call(site, '/svc-api/v1/greet', { as: 'anonymous' })).body).toEqual({ greeting: 'Hello, Ada' });
  });

  it('a package missing from an intact vendor/ is an ordinary error on that request only, with no Svc api/: line', async () => {
    writeVendor();
    const log = new LogCursor(site);
    unplace(site, 'vendor/acme');
    const failed = await call(site, '/svc-api/v1/greet', { as: 'anonymous' });
    expect(failed.status).toBe(500);
    await expectOthersWork();
    expect((await record(site, 'greet'))?.error).toBeUndefined();
    expect(log.svcLines()).toEqual([]);
    expect(log.text()).toMatch(/Class "Acme\\Greeter" not found/);
    writeVendor();
    expect((await call(site, '/svc-api/v1/greet', { as: 'anonymous' })).body).toEqual({ greeting: 'Hello, Ada' });
  });

  it.each([
    ['with a parse error', "<?php\nreturn $this is not php;\n", /syntax error/],
    ['that throws', "<?php\nthrow new RuntimeException( 'vendor is broken' );\n", /vendor is broken/],
  ])('a corrupt vendor/autoload.php (%s) is logged once, and routes load without it', async (_label, autoload, reason) => {
    writeVendor();
    const log = new LogCursor(site);
    placeSvcFile(site, 'vendor/autoload.php', autoload);
    expect((await call(site, '/svc-api/v1/healthy', { as: 'anonymous' })).body).toEqual({ route: 'healthy' });
    expect((await call(site, '/svc-api/v1/shout', { as: 'anonymous' })).body).toEqual({ said: 'HEY!' });
    expect((await call(site, '/svc-api/v1/healthy', { as: 'anonymous' })).body).toEqual({ route: 'healthy' });
    await expectSiteHealthy(site);
    const lines = log.svcLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('vendor/autoload.php');
    expect(lines[0]).toMatch(reason);
    expect(log.text()).not.toMatch(/PHP (Parse|Fatal) error/);

    writeVendor();
    expect((await call(site, '/svc-api/v1/greet', { as: 'anonymous' })).body).toEqual({ greeting: 'Hello, Ada' });
    expect(log.svcLines()).toHaveLength(1);
  });

  function writeVendor(): void {
    placeSvcFile(
      site,
      'vendor/autoload.php',
      [
        '<?php',
        '// A stand-in for Composer\'s autoloader: PSR-4 for Acme\\ from vendor/acme/greeter/src/.',
        'spl_autoload_register( static function ( string $class ): void {',
        "\tif ( str_starts_with( $class, 'Acme\\\\' ) ) {",
        "\t\t$file = __DIR__ . '/acme/greeter/src/' . str_replace( '\\\\', '/', substr( $class, 5 ) ) . '.php';",
        '\t\tif ( is_file( $file ) ) { require $file; }',
        '\t}',
        '} );',
        '',
      ].join('\n'),
    );
    placeSvcFile(site, 'vendor/acme/greeter/src/Greeter.php', "<?php\nnamespace Acme;\nfinal class Greeter {\n\tpublic static function greet( string $name ): string { return 'Hello, ' . $name; }\n}\n");
  }
});
