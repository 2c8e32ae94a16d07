/**
 * Closed routes are not advertised: the REST index, the namespace index and OPTIONS describe a route
 * (path, verbs, argument schemas with their descriptions) only to callers who may call one of its
 * verbs. Administrators see every route; calls answer as before.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { expectError } from './helpers/expectations.js';
import { routeSource, uniqueClass } from './helpers/php-source.js';
import { call, pushOk, startSite, type Caller, type WordPressSite } from './helpers/site.js';

jest.setTimeout(180_000);

let site: WordPressSite;

const SECRET = 'internal billing token';
const OPEN_TEXT = 'the open greeting';
const EDITOR_TEXT = 'what editors may filter by';
const KEY_TEXT = 'what key holders may send';

const ARGS = 'use Svc\\Api\\Attribute\\Args;';
const get = (description: string) =>
  `\t#[Args(['token' => ['type' => 'string', 'description' => '${description}']])]\n\tpublic function get(): array { return array( 'ok' => true ); }`;

beforeAll(async () => {
  site = await startSite();
  await pushOk(site, {
    'hidden/billing': routeSource(uniqueClass('Billing'), [get(SECRET), "\tpublic function post(): array { return array(); }"].join('\n'), { preamble: ARGS }),
    'shown/open': routeSource(uniqueClass('Open'), get(OPEN_TEXT), { preamble: ARGS, classAttribute: '#[Permission(public: true)]' }),
    'keyed/route': routeSource(
      uniqueClass('Keyed'),
      [get(KEY_TEXT), "\tpublic function permission( WP_REST_Request $request ): bool { return 'open-sesame' === $request->get_header( 'X-Key' ); }"].join('\n'),
      { preamble: ARGS },
    ),
    'editors/only': routeSource(uniqueClass('Editors'), get(EDITOR_TEXT), { preamble: ARGS, classAttribute: "#[Permission(capability: 'edit_posts')]" }),
  });
});

afterAll(async () => {
  await site?.stop();
});

/** What `as` is told at a path: the answer as JSON without escaped slashes, so paths can be looked for. */
async function described(path: string, as: Caller, method = 'GET'): Promise<{ status: number; text: string; allow: string | null }> {
  const response = await call(site, path, { as, method });
  return { status: response.status, text: JSON.stringify(response.body ?? response.text), allow: response.headers.get('allow') };
}

describe('the REST index and the namespace index', () => {
  it.each(['/', '/svc-api/v1'])('%s shows an anonymous caller the public route only', async (path) => {
    const { status, text } = await described(path, 'anonymous');
    expect(status).toBe(200);
    expect(text).toContain('/svc-api/v1/shown/open');
    expect(text).toContain(OPEN_TEXT);
    expect(text).not.toContain('hidden/billing');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('editors/only');
    expect(text).not.toContain(EDITOR_TEXT);
  });

  it('does not describe the closed management API to an anonymous caller, and still names its namespace', async () => {
    const index = await call(site, '/', { as: 'anonymous' });
    expect(Object.keys(index.body.routes).filter((route) => route.startsWith('/svc/v1/'))).toEqual([]);
    expect(index.body.namespaces).toContain('svc/v1');
  });

  it('declares every management write body field to an administrator (OPTIONS), and none to an anonymous caller', async () => {
    const fields = async (route: string, as?: Caller, method = 'POST'): Promise<string[]> => {
      const answer = await call<{ endpoints?: { methods: string[]; args: Record<string, unknown> }[] }>(site, route, { method: 'OPTIONS', as });
      const write = answer.body.endpoints?.find((endpoint) => endpoint.methods.includes(method));
      return Object.keys(write?.args ?? {});
    };
    expect(await fields('/svc/v1/api-releases')).toEqual(['files', 'remove', 'base', 'prune', 'dry_run', 'kind', 'message', 'commit_id', 'blobs']);
    expect(await fields('/svc/v1/api-releases/rollback')).toEqual(['to', 'base', 'dry_run', 'message', 'commit_id']);
    expect(await fields('/svc/v1/api-releases/promote')).toEqual(['id', 'base', 'dry_run', 'force', 'message', 'commit_id']);
    expect(await fields('/svc/v1/api-blobs')).toEqual(['blobs']);
    expect(await fields('/svc/v1/api-files')).toEqual(['files', 'dry_run']);
    expect(await fields('/svc/v1/api-files', undefined, 'DELETE')).toEqual(['filenames', 'commit_id']);
    expect(await fields('/svc/v1/api-releases', 'anonymous')).toEqual([]);
  });

  it.each(['/', '/svc-api/v1'])('%s shows an editor the routes an editor may call', async (path) => {
    const { text } = await described(path, 'editor');
    expect(text).toContain(EDITOR_TEXT);
    expect(text).toContain(OPEN_TEXT);
    expect(text).not.toContain(SECRET);
  });

  it('describes a route to an anonymous caller its permission() lets in, from the headers it sends', async () => {
    const path = '/svc-api/v1';
    expect(JSON.stringify((await call(site, path, { as: 'anonymous' })).body)).not.toContain(KEY_TEXT);
    expect(JSON.stringify((await call(site, path, { as: 'anonymous', headers: { 'X-Key': 'open-sesame' } })).body)).toContain(KEY_TEXT);
  });

  it.each(['/', '/svc-api/v1'])('%s shows an administrator every route', async (path) => {
    const { text } = await described(path, 'admin');
    for (const shown of ['/svc-api/v1/hidden/billing', SECRET, '/svc-api/v1/editors/only', EDITOR_TEXT, '/svc-api/v1/shown/open']) {
      expect(text).toContain(shown);
    }
  });
});

describe('OPTIONS', () => {
  it('tells an anonymous caller nothing about a closed route, and no verb it may call', async () => {
    const { status, text, allow } = await described('/svc-api/v1/hidden/billing', 'anonymous', 'OPTIONS');
    expect(status).toBe(200);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('hidden');
    expect(text).not.toContain('POST');
    expect(allow ?? '').not.toMatch(/GET|POST/);
  });

  it('describes a closed route to an administrator, and a public one to anyone', async () => {
    const admin = await described('/svc-api/v1/hidden/billing', 'admin', 'OPTIONS');
    expect(admin.text).toContain(SECRET);
    expect(admin.allow).toMatch(/GET/);
    expect((await described('/svc-api/v1/shown/open', 'anonymous', 'OPTIONS')).text).toContain(OPEN_TEXT);
  });

  it('describes to an editor what an editor may call, not the rest', async () => {
    expect((await described('/svc-api/v1/editors/only', 'editor', 'OPTIONS')).text).toContain(EDITOR_TEXT);
    expect((await described('/svc-api/v1/hidden/billing', 'editor', 'OPTIONS')).text).not.toContain(SECRET);
  });
});

describe('calls are unchanged', () => {
  it('still answers each caller as before', async () => {
    expectError(await call(site, '/svc-api/v1/hidden/billing', { as: 'anonymous' }), 401, 'rest_forbidden');
    expectError(await call(site, '/svc-api/v1/hidden/billing', { as: 'editor' }), 403, 'rest_forbidden');
    expect((await call(site, '/svc-api/v1/hidden/billing')).body).toEqual({ ok: true });
    expect((await call(site, '/svc-api/v1/editors/only', { as: 'editor' })).body).toEqual({ ok: true });
    expect((await call(site, '/svc-api/v1/shown/open', { as: 'anonymous' })).body).toEqual({ ok: true });
  });

  it('keeps the OpenAPI document whole for administrators and closed to others', async () => {
    const document = (await call(site, '/svc/v1/openapi')).body;
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/svc-api/v1/hidden/billing', '/svc-api/v1/editors/only', '/svc-api/v1/shown/open']));
    expectError(await call(site, '/svc/v1/openapi', { as: 'anonymous' }), 401, 'rest_forbidden');
  });
});
