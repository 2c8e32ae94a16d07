/**
 * A site's OpenAPI document is untrusted: the client `svc api client` generates from it never
 * carries the site's text as code. A document whose paths are no svc routes is refused, naming the
 * path; every other string (titles, summaries, descriptions, parameter and property names, enum
 * values, operationIds) is escaped for where it lands. The client generated from a hostile
 * document compiles with `tsc --strict`, is imported and has every function called against a local
 * server: nothing of the site's runs, and every request goes where the route says.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';

import { generateClient, UnsafeRoutePath, type ClientDocument } from '../../source/core/openapi-client.js';
import { runProcess } from '../../source/local-site/process.js';
import { REPO_ROOT } from './helpers/packed-cli.js';

/** Code that would set a flag if it ever ran. */
const RUN = 'globalThis.__svcPwned = 1';
const BREAKOUTS = [`*/ ${RUN}; /*`, `**// ${RUN}; /*`, `\`; ${RUN}; \``, `\${${RUN}}`, `"; ${RUN}; "`, `'; ${RUN}; '`, `\u2028${RUN}`, `\n${RUN}\n`, '\u202e'];
const hostile = (label: string): string => `${label} ${BREAKOUTS.join(' | ')}`;

const HOSTILE_DOCUMENT: ClientDocument = {
  info: { title: hostile('title'), version: hostile('version') },
  paths: {
    '/svc-api/v1/items/{id}': {
      get: {
        operationId: `x; ${RUN}; //`,
        summary: hostile('summary'),
        description: hostile('description'),
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string', description: hostile('id') } },
          { name: `q"]; ${RUN}; //`, in: 'query', schema: { type: 'string', enum: [hostile('enum'), `\`${RUN}\``] } },
          { name: '__proto__', in: 'query', schema: { type: 'integer' } },
        ],
        responses: {
          '200': {
            content: {
              'application/json': {
                schema: { type: 'object', properties: { [hostile('key')]: { type: 'string', description: hostile('prop') }, __proto__: { type: 'number' } } },
              },
            },
          },
        },
      },
      post: {
        summary: hostile('post'),
        requestBody: {
          content: {
            'application/json': {
              schema: { type: 'object', properties: { '__proto__': { type: 'string' }, [`b\`${RUN}`]: { type: 'string', description: hostile('body') } } },
            },
          },
        },
      },
    },
    '/svc-api/v1/plain': { delete: { 'x-svc-public': true } },
  },
};

let dir: string;
let server: Server;
let seen: { method: string; url: string; body: string }[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'svc-hostile-client-'));
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', body });
      response.setHeader('Content-Type', 'application/json');
      response.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('svc api client from a hostile OpenAPI document', () => {
  it.each([
    ['a path that closes a doc comment', `/svc-api/v1/c*/;${RUN};/*`],
    ['a backtick in a path', `/svc-api/v1/a\`;${RUN};\``],
    ['a template expression in a path', '/svc-api/v1/a${globalThis.x}'],
    ['no namespace', '/items'],
    ['a parameter that is no PHP identifier', '/svc-api/v1/items/{a-b}'],
    ['upper case', '/svc-api/v1/Items'],
    ['a line break', '/svc-api/v1/a\nb'],
  ])('refuses %s, naming the path', (_label, badPath) => {
    const document: ClientDocument = { paths: { '/svc-api/v1/fine': { get: {} }, [badPath]: { get: {} } } };
    expect(() => generateClient(document)).toThrow(UnsafeRoutePath);
    expect(() => generateClient(document)).toThrow(JSON.stringify(badPath));
  });

  it('escapes everything else: the client compiles with tsc --strict, runs none of the site\'s text, and calls the right URLs', async () => {
    const source = generateClient(HOSTILE_DOCUMENT);
    writeFileSync(path.join(dir, 'client.ts'), source);
    writeFileSync(
      path.join(dir, 'use.ts'),
      [
        "import * as client from './client.js';",
        "const options: client.ClientOptions = { root: process.env['ROOT'] ?? '' };",
        'const calls: string[] = [];',
        'for (const [name, fn] of Object.entries(client)) {',
        "\tif (typeof fn !== 'function' || name === 'createClient' || name === 'ApiError') continue;",
        "\tawait (fn as (args: Record<string, unknown>, options: client.ClientOptions) => Promise<unknown>)({ id: 'a/b`${x}', __proto__: 5 }, options);",
        '\tcalls.push(name);',
        '}',
        "console.log(JSON.stringify({ calls, pwned: (globalThis as Record<string, unknown>)['__svcPwned'] ?? null }));",
        '',
      ].join('\n'),
    );
    writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');
    const tsc = path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const compiled = await runProcess(
      process.execPath,
      [tsc, '--strict', '--erasableSyntaxOnly', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--lib', 'es2022,dom', '--types', 'node', '--typeRoots', path.join(REPO_ROOT, 'node_modules', '@types'), '--outDir', 'out', 'client.ts', 'use.ts'],
      { cwd: dir, env: { PATH: process.env['PATH'] ?? '' } },
    );
    expect({ code: compiled.code, output: compiled.stdout + compiled.stderr }).toEqual({ code: 0, output: '' });
    expect(existsSync(path.join(dir, 'out', 'client.js'))).toBe(true);

    seen = [];
    const address = server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const ran = await runProcess(process.execPath, [path.join(dir, 'out', 'use.js')], { cwd: dir, env: { PATH: process.env['PATH'] ?? '', ROOT: `http://127.0.0.1:${port}/wp-json` } });
    expect({ code: ran.code, stderr: ran.stderr }).toEqual({ code: 0, stderr: '' });
    const result = JSON.parse(ran.stdout) as { calls: string[]; pwned: unknown };
    expect(result.pwned).toBeNull();
    expect(result.calls.sort()).toEqual(['deleteSvcApiV1Plain', 'getSvcApiV1ItemsId', 'postSvcApiV1ItemsId']);
    expect(seen.map((request) => `${request.method} ${request.url.split('?')[0]}`).sort()).toEqual([
      'DELETE /wp-json/svc-api/v1/plain',
      `GET /wp-json/svc-api/v1/items/${encodeURIComponent('a/b`${x}')}`,
      `POST /wp-json/svc-api/v1/items/${encodeURIComponent('a/b`${x}')}`,
    ]);
    // Nothing of the site's text sits in the source outside a comment or a string.
    expect(source).not.toMatch(/^[^*"\n]*globalThis\.__svcPwned/m);
  }, 120_000);
});
