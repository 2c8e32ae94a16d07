/**
 * Fatal errors PHP cannot catch, beyond one file on its own (isolation.test.ts has those):
 *
 * - a route file that loads another while it loads (its class extends the other's, or its top-level
 *   code calls into it): the route-class autoloader loads the other file in the middle of the first,
 *   and when the first then stops PHP, it is the one blamed, once, while the other stays served;
 * - what such an answer tells a caller who is not an administrator: the route file by its slug and
 *   no path on the server.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { expectError, expectSiteHealthy } from './helpers/expectations.js';
import { OPEN, routeSource, uniqueClass } from './helpers/php-source.js';
import { call, list, LOG_PREFIX, LogCursor, placeFile, push, pushOk, record, startSite, type Caller, type WordPressSite } from './helpers/site.js';

jest.setTimeout(120_000);

let site: WordPressSite;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.stop();
});


/** A public GET answering `{ route: <tag> }`, with more class body after it. */
function publicRoute(className: string, tag: string, more = '', options: { final?: boolean; extends?: string; trailer?: string } = {}): string {
  const body = `\tpublic function get(): array {\n\t\treturn array( 'route' => '${tag}' );\n\t}${more === '' ? '' : `\n${more}`}`;
  let source = routeSource(className, body, { ...OPEN, ...(options.trailer === undefined ? {} : { trailer: options.trailer }) });
  const head = `${options.final === false ? '' : 'final '}class ${className}${options.extends === undefined ? '' : ` extends ${options.extends}`} {`;
  source = source.replace(`final class ${className} {`, head);
  return source;
}

/**
 * Deploys files that the push-time checks may let through or not (the syntax check compiles each file
 * alone, so it cannot see an incompatibility with another file's class): pushed when accepted, else
 * placed on the server by hand, as an SFTP upload would.
 */
async function deploy(files: Record<string, string>): Promise<void> {
  const pushed = await push(site, files);
  if (pushed.status === 200) return;
  expect(pushed.status).toBe(422);
  for (const [slug, content] of Object.entries(files)) placeFile(site, slug, content);
}

interface FatalAnswer {
  status: number;
  retryAfter: string | null;
  code: string;
  message: string;
  text: string;
}

async function fetchFatal(pathOrUrl: string, as: Caller): Promise<FatalAnswer> {
  const response = await call(site, pathOrUrl, { as });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    code: response.body?.code,
    message: response.body?.message,
    text: response.text,
  };
}

/** The one request PHP could not finish: 503 svc_boot_fatal naming the file, retry at once. */
function expectBootFatal(answer: FatalAnswer, slug: string, reason: RegExp): void {
  expect({ status: answer.status, code: answer.code, retryAfter: answer.retryAfter }).toEqual({ status: 503, code: 'svc_boot_fatal', retryAfter: '0' });
  expect(answer.message).toContain(`${slug}.php stopped PHP while it was loading`);
  expect(answer.message).toMatch(reason);
}

/** Lines of the debug log (since the cursor) that PHP itself wrote for a fatal error (not svc's). */
function phpFatalLines(log: LogCursor): string[] {
  return log
    .text()
    .split('\n')
    .filter((line) => line.includes('PHP Fatal error') && !line.includes(LOG_PREFIX));
}

describe('a route file that loads another route file while it loads, then stops PHP', () => {
  it('an incompatible override of the parent route file\'s method: the child answers 503 once, then 404; it is listed with the reason and never booted again; the parent stays served and unblamed', async () => {
    const parentClass = uniqueClass('Parent');
    const childClass = uniqueClass('Child');
    // The child sorts before the parent, so a listing that booted it again would load it first
    // (and load the parent from inside it) too.
    const parent = 'inherit/parent';
    const child = 'inherit/child';
    await pushOk(site, { [parent]: publicRoute(parentClass, 'parent', '\tpublic function x( int $a ): void {}', { final: false }) });
    expect((await call(site, `/svc-api/v1/${parent}`, { as: 'anonymous' })).body).toEqual({ route: 'parent' });

    const log = new LogCursor(site);
    // Declaring the child links it to the parent, which the route-class autoloader loads first;
    // linking then fails with "Declaration of … must be compatible with …", a fatal error PHP cannot catch.
    await deploy({ [child]: publicRoute(childClass, 'child', '\tpublic function x( string $a ): void {}', { extends: parentClass }) });
    // A request starts with no route class declared and loads only the file its route needs: the
    // parent is loaded from inside the child.
    expectBootFatal(await fetchFatal(`/svc-api/v1/${child}`, 'anonymous'), child, /must be compatible/);

    expectError(await call(site, `/svc-api/v1/${child}`, { as: 'anonymous' }), 404, 'rest_no_route');
    expect((await call(site, `/svc-api/v1/${parent}`, { as: 'anonymous' })).body).toEqual({ route: 'parent' });

    const listed = (await list(site, '?content=false')).records;
    expect(listed.find((item) => item.filename === child)?.error).toMatch(/Declaration of .*must be compatible/);
    expect(listed.find((item) => item.filename === parent)).toBeDefined();
    expect(listed.find((item) => item.filename === parent)?.error).toBeUndefined();
    // Asked again: the child's record stands, nothing loads it again.
    expect((await record(site, child))?.error).toMatch(/must be compatible/);
    expectError(await call(site, `/svc-api/v1/${child}`, { as: 'anonymous' }), 404, 'rest_no_route');
    await expectSiteHealthy(site);

    const lines = log.svcLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`${child}.php skipped`);
    expect(lines[0]).toMatch(/must be compatible/);
    expect(phpFatalLines(log)).toHaveLength(1);
  });

  it('a top-level call into another route file\'s class, then a fatal error: the file being loaded is blamed, not the one it called', async () => {
    const helperClass = uniqueClass('Helper');
    const helper = 'calls/helper';
    const caller = 'calls/caller';
    await pushOk(site, { [helper]: publicRoute(helperClass, 'helper', "\tpublic static function ping(): string { return 'pong'; }") });

    const log = new LogCursor(site);
    // Redeclaring a core function in a block is not seen by the scan (a conditional declaration is
    // made when the code runs), and is a fatal error PHP cannot catch.
    await deploy({
      [caller]: publicRoute(uniqueClass('Caller'), 'caller', '', { trailer: `${helperClass}::ping();\nif ( true ) {\n\tfunction wp_die(): void {}\n}` }),
    });
    expectBootFatal(await fetchFatal(`/svc-api/v1/${caller}`, 'anonymous'), caller, /Cannot redeclare (function )?wp_die\(\)/);
    expectError(await call(site, `/svc-api/v1/${caller}`, { as: 'anonymous' }), 404, 'rest_no_route');
    expect((await call(site, `/svc-api/v1/${helper}`, { as: 'anonymous' })).body).toEqual({ route: 'helper' });
    expect((await record(site, caller))?.error).toMatch(/Cannot redeclare (function )?wp_die\(\)/);
    expect((await record(site, helper))?.error).toBeUndefined();
    expect(log.svcLines()).toHaveLength(1);
    expect(log.svcLines()[0]).toContain(`${caller}.php skipped`);
    expect(phpFatalLines(log)).toHaveLength(1);
  });
});

describe('errors name no server paths to callers who are not administrators', () => {
  /** Asserts that an answer names no directory of the site: not the temp root, not wp-includes/ or wp-content/. */
  function expectNoServerPath(answer: FatalAnswer): void {
    for (const text of [answer.message, answer.text]) {
      expect(text).not.toContain(site.root);
      expect(text).not.toContain(site.contentDir);
      expect(text).not.toMatch(/wp-includes\//);
      expect(text).not.toMatch(/wp-content\//);
      expect(text).not.toMatch(/trees\/r\d+/);
      // Nothing that starts like an absolute path (route files are named by their slug: `paths/x.php`).
      expect(text).not.toMatch(/(^|[\s'"(=])\/[\w.-]/);
    }
  }

  // A fatal error whose text names a core file (redeclaring a core function: "previously declared in
  // /…/wp-includes/functions.php:NNNN") and one naming another route file (redeclaring its function).
  const coreRedeclare = (className: string, tag: string): string => publicRoute(className, tag, '', { trailer: 'if ( true ) {\n\tfunction wp_die(): void {}\n}' });
  const routeRedeclare = (className: string, tag: string, fn: string): string => publicRoute(className, tag, '', { trailer: `if ( true ) {\n\tfunction ${fn}(): void {}\n}` });

  it.each<[Caller]>([['anonymous'], ['editor']])('a boot fatal answered to %s names core files by their basename and no directory', async (as) => {
    const slug = `paths/core-${as}`;
    await deploy({ [slug]: coreRedeclare(uniqueClass('CorePath'), slug) });
    const answer = await fetchFatal(`/svc-api/v1/${slug}`, as);
    expectBootFatal(answer, slug, /Cannot redeclare (function )?wp_die\(\)/);
    expect(answer.message).toMatch(/functions\.php/);
    expectNoServerPath(answer);

    // The administrator's listing keeps the whole reason.
    const reason = (await record(site, slug))?.error;
    expect(reason).toMatch(/Cannot redeclare (function )?wp_die\(\)/);
    expect(reason).toMatch(/previously declared in \/\S*\/wp-includes\/functions\.php:\d+/);
  });

  it.each<[Caller]>([['anonymous'], ['editor']])('a boot fatal answered to %s names another route file by its slug', async (as) => {
    const fn = `svc_e2e_declared_by_${as}`;
    const first = `paths/first-${as}`;
    const second = `paths/second-${as}`;
    const firstClass = uniqueClass('First');
    // The first file declares the function when it runs (conditionally, so no scan sees it).
    await pushOk(site, { [first]: routeRedeclare(firstClass, first, fn) });
    // The second loads the first (making an instance of its class), then declares the same function.
    await deploy({ [second]: publicRoute(uniqueClass('Second'), second, '', { trailer: `new ${firstClass}();\nif ( true ) {\n\tfunction ${fn}(): void {}\n}` }) });
    const answer = await fetchFatal(`/svc-api/v1/${second}`, as);
    expectBootFatal(answer, second, new RegExp(`Cannot redeclare (function )?${fn}\\(\\)`));
    expect(answer.message).toContain(`${first}.php`);
    expectNoServerPath(answer);
    expect((await record(site, second))?.error).toMatch(/trees\/r\d+-[a-f0-9]+\/paths\/first-/);
  });

  it('the administrator answered with a boot fatal (the listing loading such a file first) gets the whole reason', async () => {
    const slug = 'paths/listed';
    await deploy({ [slug]: coreRedeclare(uniqueClass('Listed'), slug) });
    const answer = await fetchFatal('/svc/v1/api-files?content=false', 'admin');
    expectBootFatal(answer, slug, /Cannot redeclare (function )?wp_die\(\)/);
    expect(answer.message).toMatch(/previously declared in \/\S*\/wp-includes\/functions\.php:\d+/);
  });
});
