/**
 * svc api openapi and svc api client, installed as users install svc, against a real WordPress
 * serving examples/api/ (which declares #[Args] and #[Returns]): the document validates against the
 * OpenAPI 3.1 schema, and the generated client type-checks with tsc (wrong argument types are
 * compile errors) and calls the site.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { runProcess } from '../../source/local-site/process.js';
import type { WordPressSite } from '../support/wordpress.js';
import { startCliBench, type CliBench } from './helpers/cli-bench.js';
import { REPO_ROOT } from './helpers/packed-cli.js';
import type { SvcRunner } from './helpers/run-svc.js';

jest.setTimeout(180_000);

let site: WordPressSite;
let svc: SvcRunner;
let project: string;
let env: Record<string, string>;

let bench: CliBench | undefined;

beforeAll(async () => {
  bench = await startCliBench('contracts', { examples: true });
  ({ site, svc, project, env } = bench);
  expect(await svc(['api', 'push', '--yes'], { env })).toMatchObject({ code: 0 });
}, 300_000);

afterAll(() => bench?.stop());

describe('svc api openapi', () => {
  it('writes the document of the example routes, valid OpenAPI 3.1', async () => {
    const result = await svc(['api', 'openapi', '--out', 'openapi.json'], { env });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toBe('✔ Wrote openapi.json: OpenAPI 3.1.0, 3 paths, 4 operations.\n');
    const document = JSON.parse(readFileSync(path.join(project, 'openapi.json'), 'utf8'));
    const validator = new Validator();
    expect(await validator.validate(document)).toEqual({ valid: true });
    expect(Object.keys(document.paths)).toEqual(['/svc-api/v1/hello', '/svc-api/v1/posts/recent', '/svc-api/v1/users/{id}']);
    expect(document.paths['/svc-api/v1/hello'].get.summary).toBe('Greets someone by name.');

    // Without --out it is printed: the same document.
    const printed = await svc(['api', 'openapi'], { env });
    expect(printed).toMatchObject({ code: 0 });
    expect(JSON.parse(printed.stdout)).toEqual(document);
  });

  it('refuses arguments and foreign flags as usage errors', async () => {
    expect(await svc(['api', 'openapi', 'extra'], { env })).toMatchObject({ code: 2 });
    expect(await svc(['api', 'client', '--prune'], { env })).toMatchObject({ code: 2 });
  });
});

describe('svc api client', () => {
  let dir: string;

  beforeAll(async () => {
    const result = await svc(['api', 'client', '--out', 'generated'], { env });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain('✔ Wrote generated/client.ts: 4 typed functions.');
    dir = path.join(project, 'generated');
  });

  it('writes one dependency-free ESM TypeScript file', () => {
    const source = readFileSync(path.join(dir, 'client.ts'), 'utf8');
    expect(source).not.toMatch(/^import /m);
    for (const name of ['getHello', 'getPostsRecent', 'getUsersById', 'deleteUsersById', 'createClient']) {
      expect(source).toContain(`export ${name === 'createClient' ? 'function' : 'async function'} ${name}(`);
    }
  });

  it('type-checks with tsc, wrong arguments being compile errors, and calls the real site', async () => {
    writeFileSync(
      path.join(dir, 'use.ts'),
      [
        "import { ApiError, createClient, getHello, getUsersById, type ClientOptions } from './client.js';",
        '',
        "const options: ClientOptions = { root: process.env['ROOT'] ?? '', auth: { user: 'admin', password: process.env['PASSWORD'] ?? '' } };",
        'const api = createClient(options);',
        '',
        '// Never called: only compiled, to prove the types refuse what WordPress would.',
        'export function wrong(): void {',
        "\t// @ts-expect-error id is an integer",
        "\tvoid getUsersById({ id: '7' }, options);",
        '\t// @ts-expect-error id is required',
        '\tvoid api.getUsersById({});',
        '\t// @ts-expect-error count is a number',
        "\tvoid api.getPostsRecent({ count: 'two' });",
        '\t// @ts-expect-error the answer has no such field',
        '\tvoid getHello({}, options).then((answer) => answer.greeting);',
        '}',
        '',
        "const hello = await getHello({ name: 'Ada' }, { root: options.root });",
        'const message: string = hello.message;',
        'const user = await api.getUsersById({ id: 1 });',
        'const roles: string[] = user.roles;',
        'const removed = await api.deleteUsersById({ id: 1 });',
        "const recent = await createClient({ ...options, auth: undefined, headers: { 'X-Demo-Key': 'let-me-in' } }).getPostsRecent({ count: 1 });",
        'let refused: unknown;',
        'try {',
        '\tawait api.getUsersById({ id: 0 });',
        '} catch (error) {',
        '\trefused = error instanceof ApiError ? { status: error.status, code: error.code } : String(error);',
        '}',
        'console.log(JSON.stringify({ message, login: user.login, roles, removed, posts: recent.posts.length, refused }));',
        '',
      ].join('\n'),
    );
    // An ESM project, as the client is ESM.
    writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');
    const tsc = path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const compiled = await runProcess(
      process.execPath,
      [tsc, '--strict', '--erasableSyntaxOnly', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--lib', 'es2022,dom', '--types', 'node', '--typeRoots', path.join(REPO_ROOT, 'node_modules', '@types'), '--outDir', 'out', 'client.ts', 'use.ts'],
      { cwd: dir, env: { PATH: process.env['PATH'] ?? '' } },
    );
    expect({ code: compiled.code, output: compiled.stdout + compiled.stderr }).toEqual({ code: 0, output: '' });
    expect(existsSync(path.join(dir, 'out', 'client.js'))).toBe(true);

    const ran = await runProcess(process.execPath, [path.join(dir, 'out', 'use.js')], {
      cwd: dir,
      env: { PATH: process.env['PATH'] ?? '', ROOT: `${site.url}/wp-json`, PASSWORD: site.users.admin.appPassword },
    });
    expect({ code: ran.code, stderr: ran.stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(ran.stdout)).toEqual({
      message: 'Hello, Ada!',
      login: 'admin',
      roles: ['administrator'],
      removed: { deleted: false, id: 1 },
      posts: 1,
      refused: { status: 400, code: 'rest_invalid_param' },
    });
  });
});
