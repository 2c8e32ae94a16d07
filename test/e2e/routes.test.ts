/**
 * Route files served as REST routes: path from file path, dynamic segments, verbs, return values,
 * raw downloads, the namespace. Runs with opcache on, as a production site would.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { expectError } from './helpers/expectations.js';
import { OPEN, publicGet, routeSource, uniqueClass } from './helpers/php-source.js';
import { call, list, pushOk, startSite, type WordPressSite } from './helpers/site.js';

jest.setTimeout(120_000);

let site: WordPressSite;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.stop();
});


describe('a route file becomes a route', () => {
  it('serves a file under the default namespace svc-api/v1 at its path without .php', async () => {
    await pushOk(site, { greeting: publicGet(uniqueClass('Greeting'), 'greeting') });
    const response = await call(site, '/svc-api/v1/greeting', { as: 'anonymous' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ route: 'greeting' });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('maps nested directories to nested route paths', async () => {
    await pushOk(site, { 'shop/orders/list-all': publicGet(uniqueClass('ListAll'), 'nested') });
    expect((await call(site, '/svc-api/v1/shop/orders/list-all', { as: 'anonymous' })).body).toEqual({ route: 'nested' });
    // Only the full path is a route; its parent directories are not.
    expectError(await call(site, '/svc-api/v1/shop/orders', { as: 'anonymous' }), 404, 'rest_no_route');
  });

  it('never registers route files under svc/v1, even when a slug equals a management endpoint name', async () => {
    await pushOk(site, { 'api-files': publicGet(uniqueClass('ApiFilesRoute'), 'user route') });
    expect((await call(site, '/svc-api/v1/api-files', { as: 'anonymous' })).body).toEqual({ route: 'user route' });
    const management = await call(site, '/svc/v1/api-files?content=false');
    expect(management.status).toBe(200);
    expect(Array.isArray(management.body)).toBe(true);
  });

  it('does not run a route file to discover it: only a request to its own route loads it', async () => {
    // wp-content: where PHP may write whichever user it runs as (www-data under Apache).
    const marker = path.join(site.contentDir, 'discovery-marker');
    const source = routeSource(uniqueClass('SideEffect'), "\tpublic function get(): array { return array( 'ok' => true ); }", {
      ...OPEN,
      trailer: `file_put_contents( ${JSON.stringify(marker)}, 'loaded' );`,
    });
    await pushOk(site, { 'side-effect': source, 'side-neighbour': publicGet(uniqueClass('Neighbour'), 'neighbour') });
    expect(existsSync(marker)).toBe(false); // the push scanned and linted it without running it
    expect((await call(site, '/', { as: 'anonymous' })).status).toBe(200); // REST index: registers every route
    expect((await call(site, '/svc-api/v1', { as: 'anonymous' })).status).toBe(200); // namespace index
    expect((await call(site, '/svc-api/v1/side-neighbour', { as: 'anonymous' })).status).toBe(200);
    expect((await fetch(`${site.url}/`)).status).toBe(200); // a front-end page
    expect(existsSync(marker)).toBe(false);
    expect((await call(site, '/svc-api/v1/side-effect', { as: 'anonymous' })).body).toEqual({ ok: true });
    expect(existsSync(marker)).toBe(true);
  });

  it('serves the new version of a file on the next request after it is pushed again', async () => {
    const className = uniqueClass('Versioned');
    await pushOk(site, { versioned: publicGet(className, 'version 1') });
    expect((await call(site, '/svc-api/v1/versioned', { as: 'anonymous' })).body).toEqual({ route: 'version 1' });
    await pushOk(site, { versioned: publicGet(className, 'version 2 (longer)') });
    expect((await call(site, '/svc-api/v1/versioned', { as: 'anonymous' })).body).toEqual({ route: 'version 2 (longer)' });
    await pushOk(site, { versioned: publicGet(className, 'version 3 (longer)') }); // same size as version 2
    expect((await call(site, '/svc-api/v1/versioned', { as: 'anonymous' })).body).toEqual({ route: 'version 3 (longer)' });
  });
});

describe('dynamic segments', () => {
  const echoParams = (className: string, names: string[]): string =>
    routeSource(
      className,
      `\tpublic function get( WP_REST_Request $request ): array {\n\t\treturn array(${names
        .map((name) => ` '${name}' => $request->get_param( '${name}' )`)
        .join(',')} );\n\t}`,
      OPEN,
    );

  beforeAll(async () => {
    await pushOk(site, {
      'users/[id]': echoParams(uniqueClass('UserById'), ['id']),
      'users/me': publicGet(uniqueClass('UsersMe'), 'me'),
      'orgs/[org]/repos/[repo_name]/issues': echoParams(uniqueClass('OrgRepoIssues'), ['org', 'repo_name']),
      '[_lang]/about': echoParams(uniqueClass('LangAbout'), ['_lang']),
    });
  });

  it('passes a [param] segment as a request parameter', async () => {
    expect((await call(site, '/svc-api/v1/users/42', { as: 'anonymous' })).body).toEqual({ id: '42' });
    expect((await call(site, '/svc-api/v1/users/ada-lovelace', { as: 'anonymous' })).body).toEqual({ id: 'ada-lovelace' });
  });

  it('accepts several dynamic segments at any depth, including the first', async () => {
    expect((await call(site, '/svc-api/v1/orgs/acme/repos/rocket_1/issues', { as: 'anonymous' })).body).toEqual({
      org: 'acme',
      repo_name: 'rocket_1',
    });
    expect((await call(site, '/svc-api/v1/fr/about', { as: 'anonymous' })).body).toEqual({ _lang: 'fr' });
  });

  it('matches a fixed number of segments: no catch-all', async () => {
    expectError(await call(site, '/svc-api/v1/users/42/extra', { as: 'anonymous' }), 404, 'rest_no_route');
    expectError(await call(site, '/svc-api/v1/users', { as: 'anonymous' }), 404, 'rest_no_route');
    expectError(await call(site, '/svc-api/v1/orgs/acme/repos/issues', { as: 'anonymous' }), 404, 'rest_no_route');
  });

  it('prefers a static file over a dynamic segment at the same position', async () => {
    expect((await call(site, '/svc-api/v1/users/me', { as: 'anonymous' })).body).toEqual({ route: 'me' });
    expect((await call(site, '/svc-api/v1/users/you', { as: 'anonymous' })).body).toEqual({ id: 'you' });
  });
});

describe('verbs', () => {
  let className: string;

  beforeAll(async () => {
    className = uniqueClass('AllVerbs');
    const verbs = ['get', 'post', 'put', 'patch', 'delete']
      .map((verb) => `\tpublic function ${verb}(): array { return array( 'verb' => '${verb}' ); }`)
      .join('\n');
    await pushOk(site, {
      'verbs/all': routeSource(className, verbs, OPEN),
      'verbs/get-only': publicGet(uniqueClass('GetOnly'), 'get only'),
      'verbs/hidden': routeSource(
        uniqueClass('Hidden'),
        [
          "\tpublic function get(): array { return array( 'verb' => 'get' ); }",
          "\tprivate function post(): array { return array( 'verb' => 'private post' ); }",
          "\tprotected function put(): array { return array( 'verb' => 'protected put' ); }",
          "\tprivate static function delete(): array { return array( 'verb' => 'private static delete' ); }",
        ].join('\n'),
        OPEN,
      ),
      'verbs/arity': routeSource(
        uniqueClass('Arity'),
        [
          "\tpublic function get(): array { return array( 'arguments' => func_num_args() ); }",
          "\tpublic function post( WP_REST_Request $request ): array { return array( 'arguments' => func_num_args(), 'route' => $request->get_route() ); }",
        ].join('\n'),
        OPEN,
      ),
    });
  });

  it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])('maps the public method %s to its HTTP verb', async (method) => {
    const response = await call(site, '/svc-api/v1/verbs/all', { as: 'anonymous', method });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ verb: method.toLowerCase() });
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('answers an unimplemented verb (%s) with the standard no-route error', async (method) => {
    expectError(await call(site, '/svc-api/v1/verbs/get-only', { as: 'anonymous', method }), 404, 'rest_no_route');
  });

  it.each(['POST', 'PUT', 'DELETE'])('ignores private and protected verb methods (%s)', async (method) => {
    expectError(await call(site, '/svc-api/v1/verbs/hidden', { as: 'anonymous', method }), 404, 'rest_no_route');
    expect((await call(site, '/svc-api/v1/verbs/hidden', { as: 'anonymous' })).body).toEqual({ verb: 'get' });
    const listed = (await list(site, '?content=false')).records.find((item) => item.filename === 'verbs/hidden');
    expect(listed?.methods).toEqual(['GET']);
  });

  it('calls a verb method declaring no parameter without arguments, and one declaring the request with it', async () => {
    expect((await call(site, '/svc-api/v1/verbs/arity', { as: 'anonymous' })).body).toEqual({ arguments: 0 });
    expect((await call(site, '/svc-api/v1/verbs/arity', { as: 'anonymous', method: 'POST' })).body).toEqual({
      arguments: 1,
      route: '/svc-api/v1/verbs/arity',
    });
  });
});

describe('payload in', () => {
  beforeAll(async () => {
    await pushOk(site, {
      'echo/[item]': routeSource(
        uniqueClass('Echo'),
        [
          '\tpublic function post( WP_REST_Request $request ): array {',
          '\t\treturn array(',
          "\t\t\t'item'   => $request->get_param( 'item' ),",
          "\t\t\t'query'  => $request->get_param( 'q' ),",
          "\t\t\t'body'   => $request->get_param( 'b' ),",
          "\t\t\t'json'   => $request->get_json_params(),",
          "\t\t\t'header' => $request->get_header( 'X-Custom-Thing' ),",
          '\t\t);',
          '\t}',
        ].join('\n'),
        OPEN,
      ),
    });
  });

  it('offers the query string, the JSON body, the dynamic segment and headers through the request object', async () => {
    const response = await call(site, '/svc-api/v1/echo/widget-7?q=from-query', {
      as: 'anonymous',
      method: 'POST',
      json: { b: 'from-body', nested: { list: [1, 2] } },
      headers: { 'X-Custom-Thing': 'from-header' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      item: 'widget-7',
      query: 'from-query',
      body: 'from-body',
      json: { b: 'from-body', nested: { list: [1, 2] } },
      header: 'from-header',
    });
  });
});

describe('return values', () => {
  beforeAll(async () => {
    await pushOk(site, {
      'returns/array': routeSource(uniqueClass('ReturnsArray'), "\tpublic function get(): array { return array( 'list' => array( 1, 'two', null ), 'map' => array( 'k' => true ) ); }", OPEN),
      'returns/response': routeSource(
        uniqueClass('ReturnsResponse'),
        [
          '\tpublic function post(): WP_REST_Response {',
          "\t\t$response = new WP_REST_Response( array( 'created' => 7 ), 201 );",
          "\t\t$response->header( 'X-Per-Response', 'set by the verb' );",
          "\t\t$response->header( 'Location', 'https://example.test/items/7' );",
          '\t\treturn $response;',
          '\t}',
        ].join('\n'),
        OPEN,
      ),
      'returns/error': routeSource(
        uniqueClass('ReturnsError'),
        "\tpublic function get(): WP_Error { return new WP_Error( 'shop_out_of_stock', 'Nothing left.', array( 'status' => 409, 'sku' => 'A-1' ) ); }",
        OPEN,
      ),
      'returns/base64': routeSource(
        uniqueClass('ReturnsBase64'),
        "\tpublic function get(): array { return array( 'data' => base64_encode( implode( '', array_map( 'chr', range( 0, 255 ) ) ) ) ); }",
        OPEN,
      ),
      'returns/download': routeSource(
        uniqueClass('Download'),
        [
          '\tpublic function get(): void {',
          "\t\theader( 'Content-Type: application/octet-stream' );",
          '\t\theader( \'Content-Disposition: attachment; filename="bytes.bin"\' );',
          "\t\techo implode( '', array_map( 'chr', range( 0, 255 ) ) ), implode( '', array_map( 'chr', range( 255, 0, -1 ) ) );",
          '\t\texit;',
          '\t}',
        ].join('\n'),
        OPEN,
      ),
    });
  });

  it('encodes an array as JSON with status 200', async () => {
    const response = await call(site, '/svc-api/v1/returns/array', { as: 'anonymous' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ list: [1, 'two', null], map: { k: true } });
  });

  it('gives a response object full control of status and headers', async () => {
    const response = await call(site, '/svc-api/v1/returns/response', { as: 'anonymous', method: 'POST' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ created: 7 });
    expect(response.headers.get('x-per-response')).toBe('set by the verb');
    expect(response.headers.get('location')).toBe('https://example.test/items/7');
  });

  it('answers an error object with a JSON error body and the status from its data', async () => {
    const response = await call(site, '/svc-api/v1/returns/error', { as: 'anonymous' });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ code: 'shop_out_of_stock', message: 'Nothing left.', data: { status: 409, sku: 'A-1' } });
  });

  it('can carry binary data as base64 inside JSON', async () => {
    const response = await call(site, '/svc-api/v1/returns/base64', { as: 'anonymous' });
    expect(Buffer.from(response.body.data, 'base64')).toEqual(Buffer.from(Array.from({ length: 256 }, (_, i) => i)));
  });

  it('lets a verb send its own headers and raw bytes and end the request (a real download)', async () => {
    const response = await site.fetch('/svc-api/v1/returns/download', { as: 'anonymous' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="bytes.bin"');
    const bytes = Buffer.from(await response.arrayBuffer());
    const expected = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), Buffer.from(Array.from({ length: 256 }, (_, i) => 255 - i))]);
    expect(bytes.length).toBe(512);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(createHash('sha256').update(expected).digest('hex'));
  });
});

describe('the route namespace', () => {
  afterAll(async () => {
    await call(site, '/svc/v1/api-namespace', { method: 'PUT', json: { namespace: 'svc-api/v1' } });
  });

  it('moves every route to the new namespace on the next request, with no redirect from the old URL', async () => {
    await pushOk(site, {
      moving: publicGet(uniqueClass('Moving'), 'moving'),
      'moving-too/[id]': publicGet(uniqueClass('MovingToo'), 'moving too'),
    });
    expect((await call(site, '/svc-api/v1/moving', { as: 'anonymous' })).status).toBe(200);

    const changed = await call(site, '/svc/v1/api-namespace', { method: 'PUT', json: { namespace: 'shop/v2' } });
    expect(changed.status).toBe(200);

    expect((await call(site, '/shop/v2/moving', { as: 'anonymous' })).body).toEqual({ route: 'moving' });
    expect((await call(site, '/shop/v2/moving-too/9', { as: 'anonymous' })).body).toEqual({ route: 'moving too' });
    const old = await site.fetch('/svc-api/v1/moving', { as: 'anonymous', redirect: 'manual' });
    expect(old.status).toBe(404);
    expect(((await old.json()) as { code: string }).code).toBe('rest_no_route');

    const listed = (await list(site, '?content=false')).records.find((item) => item.filename === 'moving-too/[id]');
    expect(listed).toMatchObject({ path: '/shop/v2/moving-too/[id]', route: '/shop/v2/moving-too/(?P<id>[^/]+)' });

    await call(site, '/svc/v1/api-namespace', { method: 'PUT', json: { namespace: 'svc-api/v1' } });
    expect((await call(site, '/svc-api/v1/moving', { as: 'anonymous' })).body).toEqual({ route: 'moving' });
    expectError(await call(site, '/shop/v2/moving', { as: 'anonymous' }), 404, 'rest_no_route');
  });
});
