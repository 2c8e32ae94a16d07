/**
 * npm run demo: the main job end to end. A throwaway WordPress starts on 127.0.0.1, the packed svc
 * CLI is installed into a temporary prefix, `svc api push` deploys examples/api/, `svc api list`
 * shows the routes, each route is called for real, and a removal is rolled back.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startWordPress, type Caller, type WordPressSite } from '../test/support/wordpress.js';
import { installCli, ROOT } from './lib/install-cli.js';
const bold = (text: string) => (process.stdout.isTTY && !process.env.NO_COLOR ? `\x1b[1m${text}\x1b[0m` : text);

function heading(text: string): void {
  process.stdout.write(`\n${bold(`▸ ${text}`)}\n`);
}

function check(status: number | null, what: string): void {
  if (status !== 0) throw new Error(`${what} failed (exit ${status})`);
}

function svc(binary: string, project: string, site: WordPressSite, args: string[]): void {
  process.stdout.write(`$ svc ${args.join(' ')}\n`);
  const result = spawnSync(binary, args, {
    cwd: project,
    stdio: 'inherit',
    env: { ...process.env, SVC_URL: site.url, SVC_USER: site.users.admin.login, SVC_APP_PASSWORD: site.users.admin.appPassword },
  });
  check(result.status, `svc ${args.join(' ')}`);
}

async function call(site: WordPressSite, method: string, route: string, as: Caller, headers: Record<string, string> = {}): Promise<void> {
  const response = await site.fetch(route, { method, as, headers });
  const body = await response.text();
  const sent = Object.entries(headers).filter(([name]) => name.startsWith('X-')).map(([name, value]) => ` + ${name}: ${value}`).join('');
  const shown = [...response.headers].filter(([name]) => name.startsWith('access-control-allow-origin') || name.startsWith('x-example'));
  process.stdout.write(
    `${method.padEnd(7)} ${`/wp-json${route}`.padEnd(42)} as ${`${as}${sent}`.padEnd(10)} → ${response.status} ${body.length > 0 ? body : ''}` +
      `${shown.map(([name, value]) => `\n${' '.repeat(20)}${name}: ${value}`).join('')}\n`,
  );
}

async function main(): Promise<void> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'svc-demo-'));
  const server = process.env.SVC_TEST_SERVER === 'php' ? 'php -S' : 'nginx + php-fpm';
  heading(`Starting a throwaway WordPress on 127.0.0.1 (MariaDB, ${server}, the svc plugin)`);
  // The harness's default server; opcache: true is for php -S (php-fpm always runs with opcache).
  const site = await startWordPress({ opcache: true });
  try {
    process.stdout.write(`${site.url} is up (${site.timings.total} ms)\n`);

    heading('Installing the svc CLI from its npm package (npm pack, npm install -g --prefix)');
    const binary = installCli(scratch);
    const project = path.join(scratch, 'project');
    cpSync(path.join(ROOT, 'examples'), project, { recursive: true });
    process.stdout.write(`project: ${project}/api\n`);

    heading('Deploying examples/api/ with svc');
    svc(binary, project, site, ['api', 'push', '--yes']);

    heading('Listing the deployed routes');
    svc(binary, project, site, ['api', 'list']);

    heading('Calling the routes');
    await call(site, 'GET', '/svc-api/v1/hello?name=Ada', 'anonymous');
    await call(site, 'OPTIONS', '/svc-api/v1/hello', 'anonymous', { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET' });
    await call(site, 'GET', `/svc-api/v1/users/${site.users.editor.id}`, 'anonymous');
    await call(site, 'GET', `/svc-api/v1/users/${site.users.editor.id}`, 'admin');
    await call(site, 'DELETE', `/svc-api/v1/users/${site.users.editor.id}`, 'editor');
    await call(site, 'DELETE', `/svc-api/v1/users/${site.users.editor.id}`, 'admin');
    await call(site, 'GET', '/svc-api/v1/posts/recent', 'anonymous');
    await call(site, 'GET', '/svc-api/v1/posts/recent', 'anonymous', { 'X-Demo-Key': 'let-me-in' });
    await call(site, 'PATCH', '/svc-api/v1/hello', 'admin');

    heading('Route contracts: #[Args] checked by WordPress, an OpenAPI document, a typed client');
    await call(site, 'GET', '/svc-api/v1/hello?name=', 'anonymous');
    await call(site, 'GET', '/svc-api/v1/users/0', 'admin');
    await call(site, 'GET', '/svc-api/v1/users/abc', 'admin');
    svc(binary, project, site, ['api', 'openapi', '--out', 'openapi.json']);
    svc(binary, project, site, ['api', 'client', '--out', 'client']);

    heading('Removing a route');
    svc(binary, project, site, ['api', 'rm', 'posts/recent', '--yes']);
    await call(site, 'GET', '/svc-api/v1/posts/recent', 'anonymous', { 'X-Demo-Key': 'let-me-in' });

    heading('Every change is a release: rolling the removal back');
    svc(binary, project, site, ['api', 'releases']);
    svc(binary, project, site, ['api', 'rollback', '--yes']);
    await call(site, 'GET', '/svc-api/v1/posts/recent', 'anonymous', { 'X-Demo-Key': 'let-me-in' });
    process.stdout.write('\nDone: the site, its database and the temporary install are removed now.\n');
  } finally {
    await site.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`demo failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
