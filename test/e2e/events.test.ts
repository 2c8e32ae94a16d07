/**
 * The plugin's event log (docs/management-api.md, "Events"): what it records and when, the
 * `GET svc/v1/events` contract (administrators only, newest first, paged by id, `after` for
 * followers, `max_age`), and its bound. The `Svc api/:` log lines stay as they were.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { routeSource, uniqueClass } from './helpers/php-source.js';
import { call, LOG_PREFIX, placeFile, pushOk, remove, startSite, type WordPressSite } from './helpers/site.js';

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
  time: string;
  type: string;
  slug: string | null;
  message: string;
  user: { id: number; login: string } | null;
  data: Record<string, unknown>;
}

interface EventPage {
  events: EventRecord[];
  before: number | null;
  latest: number;
}

const events = async (query = ''): Promise<EventPage> => {
  const response = await call<EventPage>(site, `/svc/v1/events${query}`);
  expect(response.status).toBe(200);
  return response.body;
};

/** The events after `cursor`, oldest first. */
const since = async (cursor: number): Promise<EventRecord[]> => (await events(`?after=${cursor}&per_page=200`)).events.reverse();

const OPEN = { classAttribute: '#[Permission(public: true)]' };
const GET = "\tpublic function get(): array { return array( 'ok' => true ); }";

describe('what is recorded', () => {
  it('a push, an rm and a rollback: who and how many files', async () => {
    const cursor = (await events()).latest;
    await pushOk(site, { 'a': routeSource(uniqueClass(), GET, OPEN), 'b': routeSource(uniqueClass(), GET, OPEN) });
    expect((await remove(site, ['b'])).status).toBe(200);
    expect((await call(site, '/svc/v1/api-releases/rollback', { method: 'POST', json: {} })).status).toBe(200);
    const recorded = await since(cursor);
    expect(recorded.map((event) => [event.type, event.data['kind'], event.data['files']])).toEqual([
      ['release', 'push', 2],
      ['release', 'rm', 1],
      ['release', 'rollback', 2],
    ]);
    expect(recorded[0]).toMatchObject({
      slug: null,
      user: { id: site.users.admin.id, login: 'admin' },
      message: expect.stringMatching(/^push by admin: release \d+, 2 files \(2 added, 0 changed, 0 removed\)$/),
      data: { added: 2, changed: 0, removed: 0, release: expect.any(Number) },
    });
    expect(recorded[0]!.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('a file that fails to load (with the reason) once, and loads again once fixed', async () => {
    const cursor = (await events()).latest;
    const log = site.readLog().length;
    // Passes every push-time check, but throws while loading.
    await pushOk(site, { 'broken': routeSource(uniqueClass(), GET, { ...OPEN, trailer: "throw new RuntimeException( 'boom at load' );" }) });
    for (let attempt = 0; attempt < 3; attempt++) expect((await site.fetch('/svc-api/v1/broken', { as: 'anonymous' })).status).toBe(404);
    await pushOk(site, { 'broken': routeSource(uniqueClass(), GET, OPEN) });
    expect((await site.fetch('/svc-api/v1/broken', { as: 'anonymous' })).status).toBe(200);
    expect((await site.fetch('/svc-api/v1/broken', { as: 'anonymous' })).status).toBe(200);
    const recorded = (await since(cursor)).filter((event) => event.type !== 'release');
    expect(recorded.map((event) => [event.type, event.slug])).toEqual([
      ['load_failed', 'broken'],
      ['load_recovered', 'broken'],
    ]);
    expect(recorded[0]!.message).toMatch(/^broken\.php skipped: PHP RuntimeException: boom at load/);
    expect(recorded[1]!.message).toBe('broken.php loads again');
    // The log line stays, once.
    expect(site.readLog().slice(log).match(new RegExp(`${LOG_PREFIX.replace(/[/]/g, '\\/')} broken\\.php skipped`, 'g'))).toHaveLength(1);
  });

  it('a file copied over SFTP that breaks a rule', async () => {
    const cursor = (await events()).latest;
    placeFile(site, 'sftp-two-classes', routeSource(uniqueClass(), GET, { ...OPEN, trailer: `final class ${uniqueClass()} {}` }));
    await site.fetch('/svc/v1/api-files?content=false');
    const recorded = await since(cursor);
    expect(recorded).toEqual([expect.objectContaining({ type: 'load_failed', slug: 'sftp-two-classes' })]);
  });

  it('a permission check and headers() that throw: each request that hits them', async () => {
    const cursor = (await events()).latest;
    await pushOk(site, {
      'guarded': routeSource(uniqueClass(), `${GET}\n\tpublic function permission(): bool { throw new LogicException( 'no guard' ); }`),
      'with-headers': routeSource(uniqueClass(), `${GET}\n\tpublic function headers(): array { throw new LogicException( 'no headers' ); }`, OPEN),
    });
    expect((await site.fetch('/svc-api/v1/guarded', { as: 'anonymous' })).status).toBe(401);
    expect((await site.fetch('/svc-api/v1/with-headers', { as: 'anonymous' })).status).toBe(200);
    const recorded = (await since(cursor)).filter((event) => event.type !== 'release');
    expect(recorded).toEqual([
      expect.objectContaining({ type: 'permission_threw', slug: 'guarded', data: { verb: 'GET' }, user: null }),
      expect.objectContaining({ type: 'headers_threw', slug: 'with-headers' }),
    ]);
    expect(recorded[0]!.message).toMatch(/^the permission check for GET threw, so the request was denied: LogicException: no guard/);
    expect(recorded[1]!.message).toMatch(/^headers\(\) threw, so the response was sent without its headers: LogicException: no headers/);
  });

  it('a fatal error PHP cannot catch while loading', async () => {
    const cursor = (await events()).latest;
    const name = uniqueClass('Fatal');
    placeFile(site, 'fatal', routeSource(name, "\tpublic function get(): array { return array(); }", OPEN).replace(`class ${name} {`, `class ${name} implements Countable {`));
    expect((await site.fetch('/svc-api/v1/fatal', { as: 'anonymous' })).status).toBe(503);
    const types = (await since(cursor)).map((event) => [event.type, event.slug]);
    expect(types).toContainEqual(['boot_fatal', 'fatal']);
    expect(types).toContainEqual(['load_failed', 'fatal']);
  });
});

describe('GET svc/v1/events', () => {
  it('is for administrators only', async () => {
    expect((await call(site, '/svc/v1/events', { as: 'anonymous' })).status).toBe(401);
    expect((await call(site, '/svc/v1/events', { as: 'editor' })).status).toBe(403);
  });

  it('pages newest first with a before cursor', async () => {
    const all = (await events('?per_page=200')).events;
    expect(all.length).toBeGreaterThan(5);
    expect(all.map((event) => event.id)).toEqual([...all.map((event) => event.id)].sort((a, b) => b - a));
    const first = await events('?per_page=2');
    expect(first.events.map((event) => event.id)).toEqual(all.slice(0, 2).map((event) => event.id));
    expect(first.before).toBe(all[1]!.id);
    expect(first.latest).toBe(all[0]!.id);
    const second = await events(`?per_page=2&before=${first.before}`);
    expect(second.events.map((event) => event.id)).toEqual(all.slice(2, 4).map((event) => event.id));
    const last = await events(`?per_page=200&before=${all.at(-1)!.id + 1}`);
    expect(last).toMatchObject({ before: null, events: [expect.objectContaining({ id: all.at(-1)!.id })] });
  });

  it('max_age leaves out older events', async () => {
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await events('?max_age=2')).events).toEqual([]);
    expect((await events('?max_age=3600')).events.length).toBeGreaterThan(0);
  });

  it('refuses a bad cursor', async () => {
    const response = await call(site, '/svc/v1/events?before=soon');
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('rest_invalid_param');
    expect((await call(site, '/svc/v1/events?per_page=1000')).status).toBe(400);
  });

  it('keeps only the last svc_events_keep (default 1,000)', async () => {
    const count = await site.php(`
      add_filter( 'svc_events_keep', fn () => 7 );
      for ( $i = 0; $i < 20; $i++ ) { do_action( 'svc_event', 'vendor_failed', array( 'message' => "m$i" ) ); }
      global $wpdb;
      echo $wpdb->get_var( 'SELECT COUNT(*) FROM ' . \\Svc\\Events\\EventTable::name() );
    `);
    expect(count.trim()).toBe('7');
    const kept = (await events()).events;
    expect(kept.map((event) => event.message)).toEqual(['m19', 'm18', 'm17', 'm16', 'm15', 'm14', 'm13']);
  });
});
