/**
 * A real subdirectory install: WordPress's home and site URL are http://127.0.0.1:PORT/blog and
 * nginx serves it from /blog/ (nothing at the root). Every command of the installed CLI, run as CI
 * runs it, works there; the routes answer under /blog/wp-json/.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import type { WordPressSite } from '../support/wordpress.js';
import { startCliBench, type CliBench } from './helpers/cli-bench.js';
import { startDev } from './helpers/dev-process.js';
import { routeSource, writeRoute } from './helpers/files.js';
import type { SvcRunner } from './helpers/run-svc.js';

jest.setTimeout(180_000);

let site: WordPressSite;
let svc: SvcRunner;
let bin: string;
let project: string;
let env: Record<string, string>;

let bench: CliBench | undefined;

beforeAll(async () => {
  bench = await startCliBench('subdir', { site: { pathPrefix: '/blog' } });
  ({ site, svc, project, env } = bench);
  bin = bench.cli.bin;
}, 300_000);

afterAll(() => bench?.stop());

const run = (...args: string[]) => svc(args, { env });
const json = <T = any>(stdout: string): T => JSON.parse(stdout) as T;
const call = async (slug: string) => {
  const response = await fetch(`${site.url}/wp-json/svc-api/v1/${slug}`);
  return { status: response.status, body: (await response.text()) };
};

describe('WordPress installed in /blog/', () => {
  it('is served only there: the root has no WordPress', async () => {
    expect(site.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/blog$/);
    expect((await fetch(`${new URL(site.url).origin}/wp-json/`)).status).toBe(404);
    expect((await fetch(`${site.url}/wp-json/`)).status).toBe(200);
  });

  it('svc doctor finds the REST root under /blog/ and passes', async () => {
    const result = await run('doctor', '--json');
    const report = json<{ checks: { id: string; status: string; reason: string }[] }>(result.stdout);
    expect(report.checks.find((check) => check.id === 'rest')).toMatchObject({ status: 'ok', reason: `${site.url}/wp-json/` });
    expect(report.checks.filter((check) => check.status === 'fail')).toEqual([]);
    expect(result.code).toBe(0);
  });

  it('api new, push, list, logs, releases, rm, rollback and pull work, and the routes answer under /blog/', async () => {
    expect(await run('api', 'new', 'where', '--public', '--json')).toMatchObject({ code: 0 });
    expect(await run('api', 'push', '--yes')).toMatchObject({ code: 0 });
    expect((await call('where')).status).toBe(200);
    expect(json<{ slug: string }[]>((await run('api', 'list', '--json')).stdout).map((record) => record.slug)).toEqual(['where']);
    expect(json<{ type: string }[]>((await run('api', 'logs', '--json')).stdout).at(-1)).toMatchObject({ type: 'release' });
    expect(json<unknown[]>((await run('api', 'releases', '--json')).stdout)).toHaveLength(1);

    expect(await run('api', 'rm', 'where', '--yes')).toMatchObject({ code: 0 });
    expect((await call('where')).status).toBe(404);
    expect(await run('api', 'rollback', '--yes')).toMatchObject({ code: 0 });
    expect((await call('where')).status).toBe(200);

    rmSync(path.join(project, 'api'), { recursive: true, force: true });
    expect(await run('api', 'pull', '--yes')).toMatchObject({ code: 0 });
    expect(await run('api', 'push', '--dry-run', '--json')).toMatchObject({ code: 0 });
  });

  it('svc dev pushes each save to the /blog/ site and stops on Ctrl-C (exit 130)', async () => {
    const dev = startDev(bin, [], { cwd: project, env: { PATH: `${path.dirname(bin)}${path.delimiter}${process.env['PATH'] ?? ''}`, HOME: svc.home, XDG_CONFIG_HOME: path.join(svc.home, '.config'), ...env } });
    try {
      expect(await dev.waitFor((line) => line.type === 'ready')).toMatchObject({ site: site.url, local: false });
      const mark = dev.lines.length;
      writeRoute(path.join(project, 'api'), 'saved.php', routeSource('SavedRoute', { open: true, body: "\tpublic function get(): array { return array( 'saved' => true ); }" }));
      expect(await dev.waitFor((line) => line.type === 'pushed', mark)).toMatchObject({ pushed: ['saved'] });
      expect(await call('saved')).toEqual({ status: 200, body: '{"saved":true}' });
    } finally {
      dev.child.kill('SIGINT');
      expect(await dev.exited).toBe(130);
    }
  });
});
