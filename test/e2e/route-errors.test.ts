/**
 * Errors while a route runs (issue 17, section 2): a verb that throws, or stops PHP, is answered
 * with JSON `svc_route_error` (500), never WordPress's HTML critical error page; PHP's text goes
 * to administrators only; the error is a `route_error` event with the file and the line as the
 * author numbered them (the stored file has svc's guard one line below the declare). The route
 * stays served. Boot failures name the author's line too.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { OPEN, routeSource, uniqueClass } from './helpers/php-source.js';
import { call, LogCursor, pushOk, record, startSite, type WordPressSite } from './helpers/site.js';

jest.setTimeout(120_000);

let site: WordPressSite;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.stop();
});

interface EventRecord {
  id: number;
  type: string;
  slug: string | null;
  message: string;
  data: Record<string, unknown>;
}

async function eventsAfter(cursor: number): Promise<EventRecord[]> {
  const page = await call<{ events: EventRecord[] }>(site, `/svc/v1/events?after=${cursor}&per_page=200`);
  expect(page.status).toBe(200);
  return page.body.events.reverse();
}

async function latestEvent(): Promise<number> {
  return (await call<{ latest: number }>(site, '/svc/v1/events?per_page=1')).body.latest;
}

/** The 1-based line of `needle` in `source`: what the author sees in their editor. */
function lineOf(source: string, needle: string): number {
  const index = source.split('\n').findIndex((line) => line.includes(needle));
  expect(index).toBeGreaterThanOrEqual(0);
  return index + 1;
}

/** A public route whose GET runs `statement`, and whose POST answers normally. */
function failingRoute(statement: string): string {
  return routeSource(
    uniqueClass('Failing'),
    [
      '\tpublic function get(): array {',
      `\t\t${statement}`,
      "\t\treturn array( 'ok' => true );",
      '\t}',
      "\tpublic function post(): array { return array( 'posted' => true ); }",
    ].join('\n'),
    OPEN,
  );
}

describe('a verb that fails', () => {
  it.each([
    ['throws an exception', 'thrown', "throw new RuntimeException( 'the verb exploded' );", /RuntimeException: the verb exploded/],
    ['passes a wrong type (TypeError)', 'typed', 'strlen( array() );', /TypeError: strlen\(\): Argument #1 \(\$string\) must be of type string, array given/],
    ['calls an undefined function (Error)', 'undefined-call', 'svc_no_such_function_anywhere();', /Error: Call to undefined function svc_no_such_function_anywhere\(\)/],
  ])('%s: JSON svc_route_error for everyone, PHP\'s text for administrators, an event with the author\'s line', async (_label, slug, statement, text) => {
    const source = failingRoute(statement);
    const line = lineOf(source, statement);
    await pushOk(site, { [slug]: source });
    const cursor = await latestEvent();

    const anonymous = await call(site, `/svc-api/v1/${slug}`, { as: 'anonymous' });
    expect(anonymous.status).toBe(500);
    expect(anonymous.headers.get('content-type')).toMatch(/application\/json/);
    expect(anonymous.text).not.toMatch(/critical error|<html/i);
    expect(anonymous.body).toEqual({ code: 'svc_route_error', message: expect.any(String), data: { status: 500 } });
    expect(anonymous.body.message).toContain(`${slug}.php`);
    expect(anonymous.body.message).not.toMatch(text);
    expect(anonymous.body.message).not.toMatch(/on line|\/wp-content\//);

    const admin = await call(site, `/svc-api/v1/${slug}`);
    expect(admin.status).toBe(500);
    expect(admin.body.code).toBe('svc_route_error');
    expect(admin.body.message).toMatch(text);
    expect(admin.body.message).toContain(`in ${slug}.php on line ${line}`);

    const recorded = (await eventsAfter(cursor)).filter((event) => event.type === 'route_error');
    expect(recorded).toHaveLength(2);
    expect(recorded[0]).toMatchObject({ slug, data: { verb: 'GET', file: `${slug}.php`, line } });
    expect(recorded[0]!.message).toMatch(text);
    expect(recorded[0]!.message).toContain(`on line ${line}`);

    // Nothing is skipped: another verb of the same file still answers.
    expect((await call(site, `/svc-api/v1/${slug}`, { method: 'POST', as: 'anonymous', json: {} })).body).toEqual({ posted: true });
    expect((await record(site, slug))?.error).toBeUndefined();
  });

  it('a constructor that throws is answered the same way', async () => {
    const source = routeSource(
      uniqueClass('ThrowingConstructor'),
      ["\tpublic function __construct() { throw new LogicException( 'not constructed' ); }", "\tpublic function get(): array { return array(); }"].join('\n'),
      OPEN,
    );
    await pushOk(site, { 'constructor-throws': source });
    const answer = await call(site, '/svc-api/v1/constructor-throws');
    expect(answer.status).toBe(500);
    expect(answer.body.code).toBe('svc_route_error');
    expect(answer.body.message).toContain(`LogicException: not constructed in constructor-throws.php on line ${lineOf(source, 'not constructed')}`);
  });

  it('a fatal error PHP cannot catch (memory exhausted) is JSON too, recorded, and the route stays served', async () => {
    const statement = "ini_set( 'memory_limit', '64M' ); $kept = array(); while ( true ) { $kept[] = str_repeat( 'x', 4 * 1024 * 1024 ); }";
    const source = failingRoute(statement);
    await pushOk(site, { 'exhausts': source });
    const cursor = await latestEvent();
    const log = new LogCursor(site);

    const anonymous = await call(site, '/svc-api/v1/exhausts', { as: 'anonymous' });
    expect(anonymous.status).toBe(500);
    expect(anonymous.text).not.toMatch(/critical error|<html/i);
    // WordPress's JSON die handler adds `additional_errors`.
    expect(anonymous.body).toMatchObject({ code: 'svc_route_error', message: expect.stringContaining('exhausts.php'), data: { status: 500 } });
    expect(anonymous.body.message).not.toMatch(/memory size/);

    const admin = await call(site, '/svc-api/v1/exhausts');
    expect(admin.status).toBe(500);
    expect(admin.body.code).toBe('svc_route_error');
    expect(admin.body.message).toMatch(new RegExp(`Allowed memory size .* in exhausts\\.php on line ${lineOf(source, statement)}`));

    const recorded = (await eventsAfter(cursor)).filter((event) => event.type === 'route_error');
    expect(recorded.map((event) => [event.slug, event.data['line']])).toEqual([
      ['exhausts', lineOf(source, statement)],
      ['exhausts', lineOf(source, statement)],
    ]);
    expect(log.svcLines()).toEqual([]);
    expect((await call(site, '/svc-api/v1/exhausts', { method: 'POST', as: 'anonymous', json: {} })).body).toEqual({ posted: true });
    expect((await record(site, 'exhausts'))?.error).toBeUndefined();
  });
});

describe('boot failures', () => {
  it('name the line as the author numbered it', async () => {
    const source = routeSource(uniqueClass('ThrowsAtLoad'), "\tpublic function get(): array { return array(); }", {
      ...OPEN,
      trailer: "throw new RuntimeException( 'thrown while loading' );",
    });
    await pushOk(site, { 'throws-at-load': source });
    await call(site, '/svc-api/v1/throws-at-load');
    expect((await record(site, 'throws-at-load'))?.error).toMatch(
      new RegExp(`thrown while loading in throws-at-load\\.php on line ${lineOf(source, 'thrown while loading')}$`),
    );
  });
});
