/**
 * #[Schedule] on the production stack (nginx + PHP-FPM, opcache not revalidating) with WordPress's
 * own cron tools (WP-CLI's phar): a release's schedules become WP-Cron events, `wp cron event run`
 * runs them, the management listing shows next and last run, a throwing run is an event with the
 * author's line, rm / prune / rollback unschedule and schedule again, and two runs at once run once.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { checkRouteSource } from '../../source/core/php-lexical.js';
import { runWp } from '../support/wp-cli.js';
import { expectError } from './helpers/expectations.js';
import { routeSource, uniqueClass } from './helpers/php-source.js';
import { call, push, pushOk, record, remove, startSite, type WordPressSite } from './helpers/site.js';

// WP-CLI takes a second or more a run on a busy machine.
jest.setTimeout(240_000);

const IMPORTS = 'use Svc\\Api\\Attribute\\Schedule;';
const HOOK = 'svc_scheduled_run';

let site: WordPressSite;

beforeAll(async () => {
  site = await startSite();
}, 180_000);

afterAll(async () => {
  await site?.stop();
});

interface CronEvent {
  hook: string;
  args: unknown[];
  schedule: string | false;
  interval: number | string;
}

interface ScheduleRecord {
  method: string;
  recurrence: string;
  interval: number;
  next_run: string | null;
  last_run: { started: string; finished: string | null; outcome: string; message: string | null } | null;
}

async function wp(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runWp(site.wpDir, args);
}

/** svc's events as WordPress's own cron tool lists them (the run itself reconciles first, as wp-cron.php does). */
async function svcEvents(): Promise<{ args: unknown[]; schedule: string | false; interval: number }[]> {
  const result = await wp(['cron', 'event', 'list', '--fields=hook,args,schedule,interval', '--format=json']);
  expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
  return (JSON.parse(result.stdout) as CronEvent[])
    .filter((event) => event.hook === HOOK)
    .map((event) => ({ args: event.args, schedule: event.schedule, interval: Number(event.interval) }))
    .sort((a, b) => JSON.stringify(a.args).localeCompare(JSON.stringify(b.args)));
}

async function schedulesOf(slug: string): Promise<ScheduleRecord[] | undefined> {
  return ((await record(site, slug)) as unknown as { schedules?: ScheduleRecord[] } | undefined)?.schedules;
}

async function latestEvent(): Promise<number> {
  return (await call<{ latest: number }>(site, '/svc/v1/events?per_page=1')).body.latest;
}

const counting = routeSource(
  uniqueClass('Nightly'),
  [
    "\tpublic function get(): array { return array( 'runs' => (int) get_option( 'svc_e2e_sync_runs', 0 ) ); }",
    '',
    "\t#[Schedule('hourly')]",
    "\tpublic function syncOrders(): void { update_option( 'svc_e2e_sync_runs', (int) get_option( 'svc_e2e_sync_runs', 0 ) + 1 ); }",
    '',
    '\t#[Schedule(every: 300)]',
    '\tpublic function tick(): void {',
    "\t\tthrow new RuntimeException( 'the feed is down' );",
    '\t}',
  ].join('\n'),
  { preamble: IMPORTS },
);
// The line of the throw as the author numbered it.
const THROW_LINE = counting.split('\n').findIndex((line) => line.includes('the feed is down')) + 1;

describe('#[Schedule]', () => {
  it('a pushed schedule is a WP-Cron event of the active release, listed with its next run', async () => {
    await pushOk(site, { 'jobs/nightly': counting });
    expect(await svcEvents()).toEqual([
      { args: ['jobs/nightly', 'syncOrders'], schedule: 'hourly', interval: 3600 },
      { args: ['jobs/nightly', 'tick'], schedule: 'svc_every_300', interval: 300 },
    ]);
    const schedules = await schedulesOf('jobs/nightly');
    expect(schedules).toEqual([
      { method: 'syncOrders', recurrence: 'hourly', interval: 3600, next_run: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/), last_run: null },
      { method: 'tick', recurrence: 'every', interval: 300, next_run: expect.stringMatching(/Z$/), last_run: null },
    ]);
    // The first run is one interval away, not now.
    expect(Date.parse(schedules![0]!.next_run!) - Date.now()).toBeGreaterThan(3000_000);
  });

  it('wp cron event run runs it; the listing shows the last run; a run that throws is an event naming the author\'s line', async () => {
    const cursor = await latestEvent();
    const run = await wp(['cron', 'event', 'run', HOOK]);
    expect(run.code).toBe(0);
    expect((await call(site, '/svc/v1/api-files?content=false')).status).toBe(200);
    expect((await wp(['option', 'get', 'svc_e2e_sync_runs'])).stdout.trim()).toBe('1');

    const [sync, tick] = (await schedulesOf('jobs/nightly'))!;
    expect(sync!.last_run).toMatchObject({ outcome: 'ok', message: null, finished: expect.stringMatching(/Z$/) });
    expect(tick!.last_run).toMatchObject({ outcome: 'error' });
    expect(tick!.last_run!.message).toBe(`RuntimeException: the feed is down in jobs/nightly.php on line ${THROW_LINE}`);
    // Rescheduled by WordPress, svc's every: interval included.
    expect((await svcEvents()).map((event) => event.schedule)).toEqual(['hourly', 'svc_every_300']);

    const page = await call<{ events: { type: string; slug: string; message: string; data: Record<string, unknown> }[] }>(site, `/svc/v1/events?after=${cursor}&per_page=50`);
    const errors = page.body.events.filter((event) => event.type === 'schedule_error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      slug: 'jobs/nightly',
      message: `scheduled tick() failed: RuntimeException: the feed is down in jobs/nightly.php on line ${THROW_LINE}`,
      data: { method: 'tick', file: 'jobs/nightly.php', line: THROW_LINE, error: 'RuntimeException' },
    });
  });

  it('wp svc routes --fields shows each schedule with its next and last run, as the listing does', async () => {
    const listed = await wp(['svc', 'routes', '--fields=slug,schedules', '--format=json']);
    expect({ code: listed.code, stderr: listed.stderr }).toEqual({ code: 0, stderr: '' });
    const rows = JSON.parse(listed.stdout) as { slug: string; schedules: ScheduleRecord[] }[];
    expect(rows.find((row) => row.slug === 'jobs/nightly')?.schedules).toEqual(await schedulesOf('jobs/nightly'));
    const table = await wp(['svc', 'routes', '--fields=slug,schedules']);
    expect(table.stdout).toMatch(/jobs\/nightly\s+syncOrders\(\) hourly, next \d{4}-\d\d-\d\dT[\d:]+Z, last ok; tick\(\) every 300 s, next .*, last error/);
    // The default columns stay those of the listing.
    expect(Object.keys((JSON.parse((await wp(['svc', 'routes', '--format=json'])).stdout) as object[])[0]!)).toEqual(['slug', 'route', 'verbs', 'public', 'error']);
    const wrong = await wp(['svc', 'routes', '--fields=slug,nope']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('Unknown field "nope"');
  });

  it('a due event runs through wp-cron.php on nginx + FPM, and its next run is an interval later', async () => {
    // Made due now (WP-Cron runs due events; this one's first run was an interval away).
    const due = "wp_unschedule_event( wp_next_scheduled( 'svc_scheduled_run', array( 'jobs/nightly', 'syncOrders' ) ), 'svc_scheduled_run', array( 'jobs/nightly', 'syncOrders' ) ); wp_schedule_event( time() - 5, 'hourly', 'svc_scheduled_run', array( 'jobs/nightly', 'syncOrders' ) );";
    expect((await wp(['eval', due])).code).toBe(0);
    const before = Number((await wp(['option', 'get', 'svc_e2e_sync_runs'])).stdout.trim());
    const cron = await site.fetch(`${site.url}/wp-cron.php`, { as: 'anonymous' });
    expect(cron.status).toBe(200);
    let after = before;
    for (let i = 0; i < 40 && after === before; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      after = (await call<{ runs: number }>(site, '/svc-api/v1/jobs/nightly')).body.runs;
    }
    expect(after).toBe(before + 1);
    const [sync] = (await schedulesOf('jobs/nightly'))!;
    expect(sync!.last_run).toMatchObject({ outcome: 'ok' });
    expect(Date.parse(sync!.next_run!) - Date.now()).toBeGreaterThan(3000_000);
  });

  it('two runs of one schedule at once (two processes): one runs, the other finds it running', async () => {
    const slow = routeSource(
      uniqueClass('Slow'),
      ["\t#[Schedule('daily')]", "\tpublic function crunch(): void { add_option( 'svc_e2e_crunch_' . getmypid(), time(), '', false ); sleep( 4 ); }"].join('\n'),
      { preamble: IMPORTS },
    );
    await pushOk(site, { 'jobs/slow': slow });
    const code = "do_action( 'svc_scheduled_run', 'jobs/slow', 'crunch' );";
    const runs = await Promise.all([wp(['eval', code]), wp(['eval', code])]);
    expect(runs.map((result) => result.code)).toEqual([0, 0]);
    const started = await wp(['option', 'list', '--search=svc_e2e_crunch_*', '--format=count']);
    expect(started.stdout.trim()).toBe('1');
    // The lock is given back: the next run runs.
    expect((await wp(['eval', code])).code).toBe(0);
    expect((await wp(['option', 'list', '--search=svc_e2e_crunch_*', '--format=count'])).stdout.trim()).toBe('2');
  });

  it('a file removed (rm), a prune and a rollback take its events away and bring them back', async () => {
    expect((await remove(site, ['jobs/slow'])).status).toBe(200);
    expect((await svcEvents()).map((event) => event.args)).toEqual([
      ['jobs/nightly', 'syncOrders'],
      ['jobs/nightly', 'tick'],
    ]);

    // The next release without tick() (a prune of everything else): only syncOrders stays, its next run kept.
    const before = (await schedulesOf('jobs/nightly'))![0]!.next_run;
    const withoutTick = counting.replace('\t#[Schedule(every: 300)]\n', '');
    const pruned = await call(site, '/svc/v1/api-files', {
      method: 'POST',
      json: { files: [{ filename: 'jobs/nightly', content: withoutTick }], prune: true },
    });
    expect(pruned.status).toBe(200);
    expect(await svcEvents()).toEqual([{ args: ['jobs/nightly', 'syncOrders'], schedule: 'hourly', interval: 3600 }]);
    expect((await schedulesOf('jobs/nightly'))![0]!.next_run).toBe(before);

    const rollback = await call(site, '/svc/v1/api-releases/rollback', { method: 'POST', json: {} });
    expect(rollback.status).toBe(200);
    expect((await svcEvents()).map((event) => event.args)).toEqual([
      ['jobs/nightly', 'syncOrders'],
      ['jobs/nightly', 'tick'],
    ]);

    expect((await remove(site, ['jobs/nightly'])).status).toBe(200);
    expect(await svcEvents()).toEqual([]);
  });

  it('a run that stops PHP (memory) is recorded as it ran out, and its lock is given back', async () => {
    const fatal = routeSource(
      uniqueClass('Fatal'),
      ["\t#[Schedule('weekly')]", "\tpublic function hog(): void { ini_set( 'memory_limit', (string) ( memory_get_usage() + 16 * 1024 * 1024 ) ); $all = str_repeat( 'x', 64 * 1024 * 1024 ); }"].join('\n'),
      { preamble: IMPORTS },
    );
    const line = fatal.split('\n').findIndex((text) => text.includes('str_repeat')) + 1;
    await pushOk(site, { 'jobs/fatal': fatal });
    const cursor = await latestEvent();
    const code = "do_action( 'svc_scheduled_run', 'jobs/fatal', 'hog' );";
    expect((await wp(['eval', code])).code).not.toBe(0);
    const [hog] = (await schedulesOf('jobs/fatal'))!;
    expect(hog!.last_run).toMatchObject({ outcome: 'error', message: expect.stringMatching(new RegExp(`^PHP Fatal error: Allowed memory size .* in jobs/fatal\\.php on line ${line}$`)) });
    const page = await call<{ events: { type: string; data: Record<string, unknown> }[] }>(site, `/svc/v1/events?after=${cursor}&per_page=50`);
    expect(page.body.events.filter((event) => event.type === 'schedule_error').map((event) => event.data)).toEqual([
      expect.objectContaining({ method: 'hog', file: 'jobs/fatal.php', line, error: 'fatal' }),
    ]);
    // Not left locked until the lock expires: the next run runs (and fails again).
    expect((await wp(['eval', code])).code).not.toBe(0);
    const again = await call<{ events: { type: string }[] }>(site, `/svc/v1/events?after=${cursor}&per_page=50`);
    expect(again.body.events.filter((event) => event.type === 'schedule_error')).toHaveLength(2);
  });

  it('refuses a schedule svc cannot read at push, naming the line', async () => {
    const bad = routeSource(uniqueClass('BadSchedule'), "\t#[Schedule(every: 30)]\n\tpublic function often(): void {}", { preamble: IMPORTS });
    const line = bad.split('\n').findIndex((text) => text.includes('every: 30')) + 1;
    const response = await push(site, { 'jobs/bad': bad });
    expectError(response, 422, 'svc_push_rejected');
    const message = `invalid #[Schedule]: line ${line}: #[Schedule] on often(): every must be a whole number of seconds from 60 to 31536000, written as a literal (svc reads it without running the file)`;
    expect(response.body.data.errors).toEqual([{ filename: 'jobs/bad', code: 'svc_bad_schedule', message }]);
    expect(checkRouteSource(bad).problems).toEqual([{ code: 'svc_bad_schedule', message }]);
  });
});
