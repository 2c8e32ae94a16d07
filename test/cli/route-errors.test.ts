/**
 * Issue 17 through the installed binary against a real WordPress (nginx + php-fpm): a verb that
 * throws shows in `svc api logs` with the author's file and line, --route (any way of naming the
 * route) and --level choose the events, also with --follow; `svc api list --json` names the public
 * verbs; rm and diff take the route as a client calls it. The tests build on each other's state.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import type { WordPressSite } from '../support/wordpress.js';
import { startCliBench, type CliBench } from './helpers/cli-bench.js';
import { routeSource, writeRoute } from './helpers/files.js';
import { assertJsonContract } from './helpers/json-contract.js';
import type { SvcRunner } from './helpers/run-svc.js';
import { until } from './helpers/until.js';

jest.setTimeout(180_000);

let site: WordPressSite;
let svc: SvcRunner;
let project: string;
let apiDir: string;
let env: Record<string, string>;
let bin: string;
let bench: CliBench | undefined;

beforeAll(async () => {
  bench = await startCliBench('route-errors');
  ({ site, svc, project, apiDir, env } = bench);
  bin = bench.cli.bin;
}, 300_000);

afterAll(() => bench?.stop());

const run = (...args: string[]) => svc(args, { env });
const json = <T = any>(stdout: string): T => JSON.parse(stdout) as T;

/** users/[id]: GET open to anyone, throwing on id 0; DELETE closed. */
const USERS = routeSource('UsersRoute', {
  body: [
    '\t#[Permission(public: true)]',
    '\tpublic function get( WP_REST_Request $request ): array {',
    "\t\tif ( '0' === $request->get_param( 'id' ) ) {",
    "\t\t\tthrow new DomainException( 'no user zero' );",
    '\t\t}',
    "\t\treturn array( 'id' => $request->get_param( 'id' ) );",
    '\t}',
    "\tpublic function delete(): array { return array(); }",
  ].join('\n'),
});
const THROW_LINE = USERS.split('\n').findIndex((line) => line.includes('no user zero')) + 1;

describe('a route that throws, in svc api logs', () => {
  beforeAll(async () => {
    writeRoute(apiDir, 'users/[id].php', USERS);
    writeRoute(apiDir, 'other.php', routeSource('OtherRoute', { open: true, body: "\tpublic function get(): array { throw new LogicException( 'other failed' ); }" }));
    expect(await run('api', 'push', '--yes')).toMatchObject({ code: 0 });
  });

  it('the client gets JSON; the log names the file and the line as written', async () => {
    const answer = await site.fetch('/svc-api/v1/users/0', { as: 'anonymous' });
    expect(answer.status).toBe(500);
    expect(await answer.json()).toMatchObject({ code: 'svc_route_error', data: { status: 500 } });
    await site.fetch('/svc-api/v1/other', { as: 'anonymous' });
    const logs = await run('api', 'logs', '--since', '1m');
    expect(logs).toMatchObject({ code: 0, stderr: '' });
    expect(logs.stdout).toMatch(new RegExp(`✖ route_error +GET failed: DomainException: no user zero in users/\\[id\\]\\.php on line ${THROW_LINE}\\n`));
  });

  it.each([
    'users/[id]',
    'users/{id}',
    'api/users/[id].php',
    '/svc-api/v1/users/{id}',
    'URL',
  ])('--route %s --level error shows that route\'s errors only', async (form) => {
    const route = form === 'URL' ? `${site.url}/wp-json/svc-api/v1/users/1` : form;
    const logs = await run('api', 'logs', '--route', route, '--level', 'error', '--json');
    expect(logs).toMatchObject({ code: 0, stderr: '' });
    assertJsonContract(['api', 'logs', '--json'], logs.stdout);
    const records = json<{ type: string; slug: string; data: Record<string, unknown> }[]>(logs.stdout);
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((record) => record.slug === 'users/[id]' && record.type === 'route_error')).toBe(true);
    expect(records.at(-1)?.data).toMatchObject({ verb: 'GET', file: 'users/[id].php', line: THROW_LINE });
  });

  it('--level info keeps the releases, --level error leaves them out', async () => {
    const types = async (level: string) => json<{ type: string }[]>((await run('api', 'logs', '--level', level, '--json')).stdout).map((record) => record.type);
    expect(await types('info')).toContain('release');
    expect(await types('error')).not.toContain('release');
    expect(await types('error')).toContain('route_error');
  });

  it('--follow --json --route --level prints only the matching new events', async () => {
    const child = spawn(bin, ['api', 'logs', '--follow', '--json', '--since', '1s', '--route', '/svc-api/v1/users/{id}', '--level', 'error'], {
      cwd: project,
      env: { PATH: `${path.dirname(bin)}${path.delimiter}${process.env['PATH'] ?? ''}`, HOME: svc.home, XDG_CONFIG_HOME: path.join(svc.home, '.config'), ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    // Every event after this line is printed, however slowly svc started.
    await until(() => stderr.includes('Following the events of'), 60_000, 'svc api logs --follow to start following');
    await site.fetch('/svc-api/v1/other', { as: 'anonymous' });
    await site.fetch('/svc-api/v1/users/0', { as: 'anonymous' });
    await until(() => stdout.includes('route_error'), 60_000, 'the route_error event on stdout');
    // One more poll: the other route's event, recorded first, would have come with it.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    assertJsonContract(['api', 'logs', '--follow', '--json'], stdout);
    const lines = stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; slug: string });
    expect(lines).toEqual([expect.objectContaining({ type: 'route_error', slug: 'users/[id]' })]);
  });

  it('refuses a level it does not know', async () => {
    expect(await run('api', 'logs', '--level', 'loud')).toMatchObject({ code: 2, stderr: expect.stringContaining('--level "loud" is not a level') });
  });
});

describe('one way to name a route', () => {
  it('svc api list --json says which verbs anyone may call', async () => {
    const listed = json<{ slug: string; public: boolean; publicVerbs: string[]; verbs: string[] }[]>((await run('api', 'list', '--json')).stdout);
    expect(listed.find((route) => route.slug === 'users/[id]')).toMatchObject({ verbs: ['GET', 'DELETE'], public: true, publicVerbs: ['GET'] });
    expect(listed.find((route) => route.slug === 'other')).toMatchObject({ public: true, publicVerbs: ['GET'] });
  });

  it('svc api diff and rm take the route as a client calls it', async () => {
    writeRoute(apiDir, 'users/[id].php', USERS.replace('no user zero', 'no user 0'));
    const diff = await run('api', 'diff', '/svc-api/v1/users/{id}', '--json');
    expect(diff).toMatchObject({ code: 0 });
    expect(json<{ files: { slug: string }[] }>(diff.stdout).files.map((file) => file.slug)).toEqual(['users/[id]']);
    const removed = await run('api', 'rm', `${site.url}/wp-json/svc-api/v1/users/7`, '--yes', '--json');
    expect(removed).toMatchObject({ code: 0 });
    expect(json<{ removed: string[] }>(removed.stdout).removed).toEqual(['users/[id]']);
  });
});
