/**
 * Fatal errors PHP cannot catch, beyond one file on its own (isolation.test.ts has those):
 *
 * - a route file that loads another while it loads (its class extends the other's, or its top-level
 *   code calls into it): the route-class autoloader loads the other file in the middle of the first,
 *   and when the first then stops PHP, it is the one blamed, once, while the other stays served.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { expectError, expectSiteHealthy } from './helpers/expectations.js';
import { routeSource, uniqueClass } from './helpers/php-source.js';
import { call, list, LOG_PREFIX, LogCursor, placeFile, push, pushOk, record, startSite, type Caller, type WordPressSite } from './helpers/site.js';

jest.setTimeout(120_000);

let site: WordPressSite;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.stop();
});

const PUBLIC = { classAttribute: '#[Permission(public: true)]' };

/** A public GET answering `{ route: <tag> }`, with more class body after it. */
function publicRoute(className: string, tag: string, more = '', options: { final?: boolean; extends?: string; trailer?: string } = {}): string {
  const body = `\tpublic function get(): array {\n\t\treturn array( 'route' => '${tag}' );\n\t}${more === '' ? '' : `\n${more}`}`;
  let source = routeSource(className, body, { ...PUBLIC, ...(options.trailer === undefined ? {} : { trailer: options.trailer }) });
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
