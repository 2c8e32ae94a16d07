/**
 * Route-wide headers: a route file's public `headers()` method.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { expectError } from './helpers/expectations.js';
import { OPEN, routeSource, uniqueClass } from './helpers/php-source.js';
import { call, LogCursor, pushOk, startSite, type WordPressSite } from './helpers/site.js';

jest.setTimeout(120_000);

let site: WordPressSite;


beforeAll(async () => {
  site = await startSite();
  await pushOk(site, {
    'cors/open': routeSource(
      uniqueClass('CorsOpen'),
      [
        "\tpublic function get(): array { return array( 'ok' => true ); }",
        "\tpublic function post(): WP_Error { return new WP_Error( 'nope', 'Refused.', array( 'status' => 422 ) ); }",
        "\tpublic function headers(): array { return array( 'Access-Control-Allow-Origin' => '*', 'X-Route-Wide' => 'yes' ); }",
      ].join('\n'),
      OPEN,
    ),
    'cors/closed': routeSource(
      uniqueClass('CorsClosed'),
      [
        "\tpublic function get(): array { return array( 'ok' => true ); }",
        "\tpublic function headers(): array { return array( 'X-Route-Wide' => 'closed too' ); }",
      ].join('\n'),
    ),
    'cors/preflight': routeSource(
      uniqueClass('CorsPreflight'),
      [
        // If a verb ran on the preflight, its header would show.
        "\tpublic function put(): WP_REST_Response { $r = new WP_REST_Response( array() ); $r->header( 'X-Verb-Ran', 'put' ); return $r; }",
        "\tpublic function headers(): array { return array( 'Access-Control-Allow-Origin' => 'https://app.example.test', 'Access-Control-Allow-Headers' => 'X-Api-Key, Content-Type', 'Access-Control-Max-Age' => '600' ); }",
      ].join('\n'),
      OPEN,
    ),
    'cors/plain': routeSource(uniqueClass('CorsPlain'), "\tpublic function get(): array { return array( 'ok' => true ); }", OPEN),
    // A verb that dispatches another svc route inside its own request.
    'cors/nesting': routeSource(
      uniqueClass('CorsNesting'),
      "\tpublic function get(): array { return array( 'inner' => rest_do_request( new WP_REST_Request( 'GET', '/svc-api/v1/cors/open' ) )->get_data() ); }",
      OPEN,
    ),
    'cors/mixed': routeSource(
      uniqueClass('CorsMixed'),
      [
        "\tpublic function get(): array { return array( 'ok' => true ); }",
        '\tpublic function headers(): array {',
        "\t\treturn array( 'X-Good' => 'kept', 'X-Int' => 5, 'X-Float' => 1.5, 'X-Bool' => true, 'X-Null' => null, 'X-List' => array( 'a' ), 7 => 'numeric name', 'X-Also-Good' => '' );",
        '\t}',
      ].join('\n'),
      OPEN,
    ),
    'cors/throws': routeSource(
      uniqueClass('CorsThrows'),
      [
        "\tpublic function get(): array { return array( 'served' => true ); }",
        "\tpublic function headers(): array { throw new RuntimeException( 'headers exploded' ); }",
      ].join('\n'),
      OPEN,
    ),
    'cors/both': routeSource(
      uniqueClass('CorsBoth'),
      [
        '\tpublic function get(): WP_REST_Response {',
        "\t\t$response = new WP_REST_Response( array( 'ok' => true ) );",
        "\t\t$response->header( 'X-Shared', 'from the verb' );",
        "\t\t$response->header( 'X-Verb-Only', 'verb' );",
        '\t\treturn $response;',
        '\t}',
        "\tpublic function headers(): array { return array( 'X-Shared' => 'from headers()' ); }",
      ].join('\n'),
      OPEN,
    ),
  });
});

afterAll(async () => {
  await site?.stop();
});

describe('headers() of a route file', () => {
  it('is sent on every answer of the route, and on no other route', async () => {
    const ok = await call(site, '/svc-api/v1/cors/open', { as: 'anonymous' });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    expect(ok.headers.get('x-route-wide')).toBe('yes');

    const other = await call(site, '/svc-api/v1/cors/plain', { as: 'anonymous' });
    expect(other.status).toBe(200);
    expect(other.headers.get('x-route-wide')).toBeNull();
  });

  it('is sent on an error answer of the verb', async () => {
    const error = await call(site, '/svc-api/v1/cors/open', { as: 'anonymous', method: 'POST' });
    expect(error.status).toBe(422);
    expect(error.headers.get('x-route-wide')).toBe('yes');
  });

  it('is sent when the request is denied, so a browser can read the error', async () => {
    const denied = await call(site, '/svc-api/v1/cors/closed', { as: 'anonymous' });
    expectError(denied, 401, 'rest_forbidden');
    expect(denied.headers.get('x-route-wide')).toBe('closed too');
  });

  it('is sent on the OPTIONS preflight that WordPress answers without calling a verb', async () => {
    const preflight = await call(site, '/svc-api/v1/cors/preflight', {
      as: 'anonymous',
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example.test', 'Access-Control-Request-Method': 'PUT', 'Access-Control-Request-Headers': 'x-api-key' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example.test');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('X-Api-Key, Content-Type');
    expect(preflight.headers.get('access-control-max-age')).toBe('600');
    expect(preflight.headers.get('x-verb-ran')).toBeNull();
  });

  it("wins over WordPress's own CORS headers, on the preflight and on the verb's answer", async () => {
    const origin = { Origin: 'https://elsewhere.example.test' };
    const preflight = await call(site, '/svc-api/v1/cors/open', { as: 'anonymous', method: 'OPTIONS', headers: origin });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const answer = await call(site, '/svc-api/v1/cors/open', { as: 'anonymous', headers: origin });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('applies only string-to-string pairs and ignores every other entry', async () => {
    const response = await call(site, '/svc-api/v1/cors/mixed', { as: 'anonymous' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    expect(response.headers.get('x-good')).toBe('kept');
    expect(response.headers.get('x-also-good')).toBe('');
    for (const name of ['x-int', 'x-float', 'x-bool', 'x-null', 'x-list', '7']) {
      expect([name, response.headers.get(name)]).toEqual([name, null]);
    }
  });

  it('that throws is logged and the request is served without the custom headers', async () => {
    const log = new LogCursor(site);
    const response = await call(site, '/svc-api/v1/cors/throws', { as: 'anonymous' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ served: true });
    const lines = log.svcLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('cors/throws.php');
    expect(lines[0]).toContain('headers exploded');
    // Still registered and still served on the next request.
    expect((await call(site, '/svc-api/v1/cors/throws', { as: 'anonymous' })).body).toEqual({ served: true });
  });

  it('wins when the verb sets the same header; other verb headers stay', async () => {
    const response = await call(site, '/svc-api/v1/cors/both', { as: 'anonymous' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-shared')).toBe('from headers()');
    expect(response.headers.get('x-verb-only')).toBe('verb');
  });

  it('belong to their own route: a route dispatched inside another request does not lend its headers to the outer answer', async () => {
    const response = await call(site, '/svc-api/v1/cors/nesting', { as: 'anonymous' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ inner: { ok: true } });
    expect(response.headers.get('x-route-wide')).toBeNull();
  });
});
