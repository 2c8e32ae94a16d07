/**
 * Who may call a route: closed by default, opened by the Permission attribute (method, then class),
 * the file's permission() method, callbacks; anything that throws denies (fail closed).
 */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { expectError } from './helpers/expectations.js';
import { routeSource, uniqueClass } from './helpers/php-source.js';
import { call, LogCursor, placeSvcFile, pushOk, startSite, type Caller, type WordPressSite } from './helpers/site.js';

jest.setTimeout(120_000);

let site: WordPressSite;

const GET_OK = "\tpublic function get(): array { return array( 'ok' => true ); }";
const POST_OK = "\tpublic function post(): array { return array( 'posted' => true ); }";

/** The status each caller gets from a route (admin, editor, subscriber, anonymous). */
async function statuses(route: string, init: { method?: string; headers?: Record<string, string> } = {}): Promise<Record<Caller, number>> {
  const callers: Caller[] = ['admin', 'editor', 'subscriber', 'anonymous'];
  const result = {} as Record<Caller, number>;
  for (const as of callers) result[as] = (await call(site, route, { ...init, as })).status;
  return result;
}

const SHARED_GATE = `<?php
declare(strict_types=1);

namespace SvcLib;

use WP_REST_Request;

/** Shared permission callbacks, autoloaded from wp-content/svc/lib/. */
final class Gate {
	public static function has_key( WP_REST_Request $request ): bool {
		return 'open-sesame' === $request->get_header( 'X-Key' );
	}

	public static function explode( WP_REST_Request $request ): bool {
		throw new \\RuntimeException( 'the shared gate exploded' );
	}

	public function not_static( WP_REST_Request $request ): bool {
		return true;
	}
}
`;

beforeAll(async () => {
  site = await startSite();
  placeSvcFile(site, 'lib/Gate.php', SHARED_GATE);
});

afterAll(async () => {
  await site?.stop();
});

describe('closed by default', () => {
  let marker: string;

  let constructed: string;

  beforeAll(async () => {
    marker = path.join(site.root, 'closed-verb-ran');
    constructed = path.join(site.root, 'closed-constructed');
    await pushOk(site, {
      closed: routeSource(
        uniqueClass('Closed'),
        [GET_OK, `\tpublic function post(): array { file_put_contents( ${JSON.stringify(marker)}, 'ran' ); return array( 'posted' => true ); }`].join('\n'),
      ),
      'closed/constructor': routeSource(
        uniqueClass('ClosedConstructor'),
        [`\tpublic function __construct() { file_put_contents( ${JSON.stringify(constructed)}, 'constructed' ); }`, GET_OK].join('\n'),
      ),
      'closed/throwing-constructor': routeSource(
        uniqueClass('ClosedThrowingConstructor'),
        ["\tpublic function __construct() { throw new RuntimeException( 'constructor exploded' ); }", GET_OK].join('\n'),
      ),
    });
  });

  it('does not even construct the route class for a caller it refuses', async () => {
    expectError(await call(site, '/svc-api/v1/closed/constructor', { as: 'anonymous' }), 401, 'rest_forbidden');
    expectError(await call(site, '/svc-api/v1/closed/constructor', { as: 'editor' }), 403, 'rest_forbidden');
    expect(existsSync(constructed)).toBe(false);
    expect((await call(site, '/svc-api/v1/closed/constructor')).status).toBe(200);
    expect(existsSync(constructed)).toBe(true);
  });

  it("does not even load the file for a caller it refuses, when the tokens show only the closed default applies: none of its top-level code runs", async () => {
    const loaded = path.join(site.root, 'closed-top-level-ran');
    const aliasLoaded = path.join(site.root, 'aliased-top-level-ran');
    await pushOk(site, {
      'closed/top-level': routeSource(uniqueClass('ClosedTopLevel'), GET_OK, { preamble: `file_put_contents( ${JSON.stringify(loaded)}, 'loaded' );` }),
      // An attribute under another name may be Permission: the file must be loaded to decide.
      'closed/aliased': routeSource(uniqueClass('Aliased'), GET_OK, {
        preamble: `use Svc\\Api\\Attribute\\Permission as Gate;\nfile_put_contents( ${JSON.stringify(aliasLoaded)}, 'loaded' );`,
        classAttribute: '#[Gate(public: true)]',
      }),
    });
    expectError(await call(site, '/svc-api/v1/closed/top-level', { as: 'anonymous' }), 401, 'rest_forbidden');
    expectError(await call(site, '/svc-api/v1/closed/top-level', { as: 'subscriber' }), 403, 'rest_forbidden');
    expect(existsSync(loaded)).toBe(false);
    expect((await call(site, '/svc-api/v1/closed/top-level')).status).toBe(200);
    expect(existsSync(loaded)).toBe(true);
    expect((await call(site, '/svc-api/v1/closed/aliased', { as: 'anonymous' })).status).toBe(200);
    expect(existsSync(aliasLoaded)).toBe(true);
  });

  it('refuses an anonymous caller with 401 even when the route class cannot be constructed', async () => {
    expectError(await call(site, '/svc-api/v1/closed/throwing-constructor', { as: 'anonymous' }), 401, 'rest_forbidden');
  });

  it('answers an anonymous caller 401 rest_forbidden without running the verb', async () => {
    expectError(await call(site, '/svc-api/v1/closed', { as: 'anonymous' }), 401, 'rest_forbidden');
    expectError(await call(site, '/svc-api/v1/closed', { as: 'anonymous', method: 'POST' }), 401, 'rest_forbidden');
    expect(existsSync(marker)).toBe(false);
  });

  it('answers an editor and a subscriber 403 rest_forbidden without running the verb', async () => {
    for (const as of ['editor', 'subscriber'] as const) {
      expectError(await call(site, '/svc-api/v1/closed', { as }), 403, 'rest_forbidden');
      expectError(await call(site, '/svc-api/v1/closed', { as, method: 'POST' }), 403, 'rest_forbidden');
    }
    expect(existsSync(marker)).toBe(false);
  });

  it('lets an administrator in with an application password over HTTP Basic', async () => {
    expect((await call(site, '/svc-api/v1/closed')).body).toEqual({ ok: true });
    expect((await call(site, '/svc-api/v1/closed', { method: 'POST' })).body).toEqual({ posted: true });
    expect(existsSync(marker)).toBe(true);
    rmSync(marker);
  });

  it('lets an administrator in with a logged-in session and a REST nonce, not with the session alone', async () => {
    const cookies = await logIn(site, 'admin');
    const nonceResponse = await fetch(`${site.url}/wp-admin/admin-ajax.php?action=rest-nonce`, { headers: { Cookie: cookies } });
    const nonce = (await nonceResponse.text()).trim();
    expect(nonce).toMatch(/^[0-9a-f]{10}$/);

    const withNonce = await call(site, '/svc-api/v1/closed', { as: 'anonymous', headers: { Cookie: cookies, 'X-WP-Nonce': nonce } });
    expect(withNonce.status).toBe(200);
    expect(withNonce.body).toEqual({ ok: true });
    expectError(await call(site, '/svc-api/v1/closed', { as: 'anonymous', headers: { Cookie: cookies } }), 401, 'rest_forbidden');
    // The admin page uses the management endpoints the same way.
    expect((await call(site, '/svc/v1/api-namespace', { as: 'anonymous', headers: { Cookie: cookies, 'X-WP-Nonce': nonce } })).body).toEqual({ namespace: 'svc-api/v1' });
    expectError(await call(site, '/svc/v1/api-namespace', { as: 'anonymous', headers: { Cookie: cookies } }), 401, 'rest_forbidden');
  });
});

describe('the Permission attribute', () => {
  beforeAll(async () => {
    await pushOk(site, {
      'attr/public-class': routeSource(uniqueClass('PublicClass'), [GET_OK, POST_OK].join('\n'), { classAttribute: '#[Permission(public: true)]' }),
      'attr/public-method': routeSource(uniqueClass('PublicMethod'), ['\t#[Permission(public: true)]', GET_OK, POST_OK].join('\n')),
      'attr/capability': routeSource(uniqueClass('Capability'), GET_OK, { classAttribute: "#[Permission(capability: 'edit_posts')]" }),
      'attr/fully-qualified': routeSource(uniqueClass('FullyQualified'), GET_OK, {
        noPermissionImport: true,
        classAttribute: '#[\\Svc\\Api\\Attribute\\Permission(public: true)]',
      }),
      'attr/local-callback': routeSource(
        uniqueClass('LocalCallback'),
        [
          "\t#[Permission(callback: 'may_read')]",
          GET_OK,
          "\tprivate function may_read( WP_REST_Request $request ): bool { return 'yes' === $request->get_param( 'let' ); }",
        ].join('\n'),
      ),
      'attr/shared-one': routeSource(uniqueClass('SharedOne'), GET_OK, { classAttribute: "#[Permission(callback: [\\SvcLib\\Gate::class, 'has_key'])]" }),
      'attr/shared-two': routeSource(uniqueClass('SharedTwo'), POST_OK, {
        preamble: 'use SvcLib\\Gate;',
        classAttribute: "#[Permission(callback: [Gate::class, 'has_key'])]",
      }),
    });
  });

  it('public: true on the class opens every verb to anyone, without authentication', async () => {
    expect(await statuses('/svc-api/v1/attr/public-class')).toEqual({ admin: 200, editor: 200, subscriber: 200, anonymous: 200 });
    expect(await statuses('/svc-api/v1/attr/public-class', { method: 'POST' })).toEqual({ admin: 200, editor: 200, subscriber: 200, anonymous: 200 });
  });

  it('public: true on a verb method opens that verb only', async () => {
    expect(await statuses('/svc-api/v1/attr/public-method')).toEqual({ admin: 200, editor: 200, subscriber: 200, anonymous: 200 });
    expect(await statuses('/svc-api/v1/attr/public-method', { method: 'POST' })).toEqual({ admin: 200, editor: 403, subscriber: 403, anonymous: 401 });
  });

  it('capability requires the caller to hold that capability', async () => {
    expect(await statuses('/svc-api/v1/attr/capability')).toEqual({ admin: 200, editor: 200, subscriber: 403, anonymous: 401 });
    expectError(await call(site, '/svc-api/v1/attr/capability', { as: 'subscriber' }), 403, 'rest_forbidden');
  });

  it('works written fully qualified, without an import and without any require', async () => {
    expect(await statuses('/svc-api/v1/attr/fully-qualified')).toEqual({ admin: 200, editor: 200, subscriber: 200, anonymous: 200 });
  });

  it('callback naming a local method lets that method decide from the request', async () => {
    expect((await call(site, '/svc-api/v1/attr/local-callback?let=yes', { as: 'anonymous' })).body).toEqual({ ok: true });
    expectError(await call(site, '/svc-api/v1/attr/local-callback?let=no', { as: 'anonymous' }), 401, 'rest_forbidden');
    expectError(await call(site, '/svc-api/v1/attr/local-callback', { as: 'subscriber' }), 403, 'rest_forbidden');
    // The callback replaces the default: even an administrator needs to pass it.
    expectError(await call(site, '/svc-api/v1/attr/local-callback'), 403, 'rest_forbidden');
  });

  it('callback [Class, static method] shares one check across files, from wp-content/svc/lib (SvcLib\\)', async () => {
    const key = { 'X-Key': 'open-sesame' };
    expect((await call(site, '/svc-api/v1/attr/shared-one', { as: 'anonymous', headers: key })).body).toEqual({ ok: true });
    expect((await call(site, '/svc-api/v1/attr/shared-two', { as: 'anonymous', method: 'POST', headers: key })).body).toEqual({ posted: true });
    expectError(await call(site, '/svc-api/v1/attr/shared-one', { as: 'anonymous', headers: { 'X-Key': 'wrong' } }), 401, 'rest_forbidden');
    expectError(await call(site, '/svc-api/v1/attr/shared-two', { as: 'editor', method: 'POST' }), 403, 'rest_forbidden');
  });
});

describe('resolution order: method attribute, class attribute, permission(), closed default', () => {
  beforeAll(async () => {
    await pushOk(site, {
      'order/method-over-class': routeSource(
        uniqueClass('MethodOverClass'),
        [GET_OK, "\t#[Permission(capability: 'manage_options')]", POST_OK].join('\n'),
        { classAttribute: '#[Permission(public: true)]' },
      ),
      'order/class-over-permission': routeSource(
        uniqueClass('ClassOverPermission'),
        [GET_OK, '\tpublic function permission( WP_REST_Request $request ): bool { return true; }'].join('\n'),
        { classAttribute: "#[Permission(capability: 'edit_posts')]" },
      ),
      'order/method-over-permission': routeSource(
        uniqueClass('MethodOverPermission'),
        ['\t#[Permission(public: true)]', GET_OK, POST_OK, '\tpublic function permission( WP_REST_Request $request ): bool { return false; }'].join('\n'),
      ),
      'order/permission-replaces-default': routeSource(
        uniqueClass('PermissionReplaces'),
        [
          GET_OK,
          POST_OK,
          "\tpublic function permission( WP_REST_Request $request ): bool { return 'team-secret' === $request->get_header( 'X-Shared-Secret' ); }",
        ].join('\n'),
      ),
      'order/permission-logged-in': routeSource(
        uniqueClass('PermissionLoggedIn'),
        [GET_OK, '\tpublic function permission( WP_REST_Request $request ): bool { return is_user_logged_in(); }'].join('\n'),
      ),
    });
  });

  it('a Permission attribute on the verb method wins over the one on the class', async () => {
    expect(await statuses('/svc-api/v1/order/method-over-class')).toEqual({ admin: 200, editor: 200, subscriber: 200, anonymous: 200 });
    expect(await statuses('/svc-api/v1/order/method-over-class', { method: 'POST' })).toEqual({ admin: 200, editor: 403, subscriber: 403, anonymous: 401 });
  });

  it('a Permission attribute on the class wins over permission()', async () => {
    expect(await statuses('/svc-api/v1/order/class-over-permission')).toEqual({ admin: 200, editor: 200, subscriber: 403, anonymous: 401 });
  });

  it('a Permission attribute on the verb method wins over permission(); verbs without one use permission()', async () => {
    expect(await statuses('/svc-api/v1/order/method-over-permission')).toEqual({ admin: 200, editor: 200, subscriber: 200, anonymous: 200 });
    expect(await statuses('/svc-api/v1/order/method-over-permission', { method: 'POST' })).toEqual({ admin: 403, editor: 403, subscriber: 403, anonymous: 401 });
  });

  it('permission() replaces the closed default for every verb and receives the request', async () => {
    const secret = { 'X-Shared-Secret': 'team-secret' };
    expect(await statuses('/svc-api/v1/order/permission-replaces-default', { headers: secret })).toEqual({ admin: 200, editor: 200, subscriber: 200, anonymous: 200 });
    expect(await statuses('/svc-api/v1/order/permission-replaces-default', { method: 'POST', headers: secret })).toEqual({ admin: 200, editor: 200, subscriber: 200, anonymous: 200 });
    // Without the secret even an administrator is refused: the default no longer applies.
    expect(await statuses('/svc-api/v1/order/permission-replaces-default')).toEqual({ admin: 403, editor: 403, subscriber: 403, anonymous: 401 });
    expectError(await call(site, '/svc-api/v1/order/permission-replaces-default', { as: 'anonymous' }), 401, 'rest_forbidden');
  });

  it('permission() can check who is logged in', async () => {
    expect(await statuses('/svc-api/v1/order/permission-logged-in')).toEqual({ admin: 200, editor: 200, subscriber: 200, anonymous: 401 });
  });
});

describe('fail closed: a check that throws denies that request only, is logged, and the route stays', () => {
  beforeAll(async () => {
    await pushOk(site, {
      'throwing/permission': routeSource(
        uniqueClass('ThrowingPermission'),
        [
          GET_OK,
          '\tpublic function permission( WP_REST_Request $request ): bool {',
          "\t\tif ( null !== $request->get_header( 'X-Boom' ) ) { throw new RuntimeException( 'permission exploded' ); }",
          '\t\treturn true;',
          '\t}',
        ].join('\n'),
      ),
      'throwing/local-callback': routeSource(
        uniqueClass('ThrowingLocal'),
        [
          "\t#[Permission(callback: 'check')]",
          GET_OK,
          '\tpublic function check( WP_REST_Request $request ): bool {',
          "\t\tif ( null !== $request->get_header( 'X-Boom' ) ) { throw new LogicException( 'local callback exploded' ); }",
          '\t\treturn true;',
          '\t}',
        ].join('\n'),
      ),
      'throwing/constructor': routeSource(
        uniqueClass('ThrowingConstructor'),
        [
          GET_OK,
          "\tpublic function __construct() { throw new RuntimeException( 'constructor exploded' ); }",
          '\tpublic function permission( WP_REST_Request $request ): bool { return true; }',
        ].join('\n'),
      ),
      'throwing/static-callback': routeSource(uniqueClass('ThrowingStatic'), GET_OK, {
        classAttribute: "#[Permission(callback: [\\SvcLib\\Gate::class, 'explode'])]",
      }),
      'throwing/missing-class': routeSource(uniqueClass('MissingCallbackClass'), GET_OK, {
        classAttribute: "#[Permission(callback: ['\\\\SvcLib\\\\NoSuchGate', 'allow'])]",
      }),
      'throwing/not-static': routeSource(uniqueClass('NotStaticCallback'), GET_OK, {
        classAttribute: "#[Permission(callback: [\\SvcLib\\Gate::class, 'not_static'])]",
      }),
      'throwing/missing-method': routeSource(uniqueClass('MissingLocal'), GET_OK, { classAttribute: "#[Permission(callback: 'no_such_method')]" }),
      'throwing/other-verb': routeSource(
        uniqueClass('ThrowingOtherVerb'),
        ['\t#[Permission(public: true)]', GET_OK, "\t#[Permission(callback: 'explode')]", POST_OK, "\tpublic function explode(): bool { throw new RuntimeException( 'post check exploded' ); }"].join('\n'),
      ),
    });
  });

  it.each([
    ['permission() that throws', 'throwing/permission', 'permission exploded'],
    ['a local callback that throws', 'throwing/local-callback', 'local callback exploded'],
  ])('%s denies the request and logs the error; the next request is served', async (_label, slug, message) => {
    const boom = { 'X-Boom': '1' };
    const log = new LogCursor(site);
    expectError(await call(site, `/svc-api/v1/${slug}`, { as: 'anonymous', headers: boom }), 401, 'rest_forbidden');
    expectError(await call(site, `/svc-api/v1/${slug}`, { headers: boom }), 403, 'rest_forbidden');
    const lines = log.svcLines();
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).toContain(`${slug}.php`);
      expect(line).toContain(message);
    }
    expect((await call(site, `/svc-api/v1/${slug}`, { as: 'anonymous' })).body).toEqual({ ok: true });
  });

  it.each([
    ['a shared static callback that throws', 'throwing/static-callback', 'the shared gate exploded'],
    ['a callback naming a missing class', 'throwing/missing-class', 'NoSuchGate'],
    ['a callback naming a method that is not static', 'throwing/not-static', 'not static'],
    ['a callback naming a missing local method', 'throwing/missing-method', 'no_such_method'],
  ])('%s denies every caller, administrators included, and logs why', async (_label, slug, message) => {
    const log = new LogCursor(site);
    expectError(await call(site, `/svc-api/v1/${slug}`, { as: 'anonymous' }), 401, 'rest_forbidden');
    expectError(await call(site, `/svc-api/v1/${slug}`), 403, 'rest_forbidden');
    const lines = log.svcLines();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(`${slug}.php`);
    expect(lines[0]).toContain(message);
    // Denied, not unregistered: the route still exists (a missing route would be rest_no_route).
    expectError(await call(site, `/svc-api/v1/${slug}`, { as: 'anonymous' }), 401, 'rest_forbidden');
  });

  it('a constructor that throws while permission() is being asked denies the request (fail closed) and is logged', async () => {
    const log = new LogCursor(site);
    expectError(await call(site, '/svc-api/v1/throwing/constructor', { as: 'anonymous' }), 401, 'rest_forbidden');
    const lines = log.svcLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('throwing/constructor.php');
    expect(lines[0]).toContain('constructor exploded');
  });

  it('a throwing check of another verb neither denies nor logs a request to this verb', async () => {
    const log = new LogCursor(site);
    const served = await call(site, '/svc-api/v1/throwing/other-verb', { as: 'anonymous' });
    expect(served.status).toBe(200);
    expect(served.body).toEqual({ ok: true });
    expect(log.svcLines()).toEqual([]);
    expectError(await call(site, '/svc-api/v1/throwing/other-verb', { as: 'anonymous', method: 'POST' }), 401, 'rest_forbidden');
    expect(log.svcLines()).toHaveLength(1);
    expect(log.svcLines()[0]).toContain('post check exploded');
  });
});

/** Logs in through wp-login.php and returns the Cookie header of the session. */
async function logIn(target: WordPressSite, user: 'admin'): Promise<string> {
  const { login, password } = target.users[user];
  const response = await fetch(`${target.url}/wp-login.php`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: 'wordpress_test_cookie=WP%20Cookie%20check' },
    body: new URLSearchParams({ log: login, pwd: password, testcookie: '1', 'wp-submit': 'Log In', redirect_to: `${target.url}/wp-admin/` }),
  });
  expect(response.status).toBe(302);
  const cookies = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => pair.startsWith('wordpress_'));
  expect(cookies.some((pair) => pair.startsWith('wordpress_logged_in_'))).toBe(true);
  return cookies.join('; ');
}
