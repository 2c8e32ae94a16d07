/**
 * svc routes registered lazily (only the routes a request's path can match) must behave as if every
 * route were registered, also for requests made inside a request: rest_do_request() of another svc
 * route, and batches (/batch/v1), direct or nested.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { OPEN, routeSource, uniqueClass } from './helpers/php-source.js';
import { call, pushOk, startSite, type WordPressSite } from './helpers/site.js';

jest.setTimeout(180_000);

let site: WordPressSite;

beforeAll(async () => {
  // Reports, on a request for one svc route, whether svc's management API (svc/v1) was registered
  // by the time WordPress matches the request (svc's own filter runs first, at priority 0).
  const probe = path.join(mkdtempSync(path.join(os.tmpdir(), 'svc-probe-')), 'svc-management-probe.php');
  writeFileSync(
    probe,
    [
      '<?php',
      "add_filter( 'rest_pre_dispatch', static function ( $result, $server, $request ) {",
      "\tif ( str_starts_with( $request->get_route(), '/svc-api/' ) ) {",
      "\t\t$GLOBALS['svc_test_management'] ??= isset( $server->get_routes()['/svc/v1/status'] ) ? 'registered' : 'not registered';",
      '\t}',
      '\treturn $result;',
      '}, 1, 3 );',
      // A REST index built inside a core route's callback (another plugin's code, as core's REST suite
      // does): get_index() called as it is, without the matching that lists the routes first.
      "add_filter( 'rest_request_after_callbacks', static function ( $response, $handler, $request ) {",
      "\tif ( '/wp/v2/types' === $request->get_route() && $request->get_header( 'x_svc_index' ) && $response instanceof WP_REST_Response ) {",
      "\t\t$index = rest_get_server()->get_index( new WP_REST_Request( 'GET', '/' ) )->get_data();",
      "\t\t$response->header( 'X-Svc-Index', wp_json_encode( array( 'namespaces' => $index['namespaces'], 'routes' => array_values( preg_grep( '#^/svc(-api)?/v1(/lister)?$#', array_keys( $index['routes'] ) ) ) ) ) );",
      '\t}',
      '\treturn $response;',
      '}, 10, 3 );',
      // Whether svc built its REST half (its composition root) for this request, by the time it answers.
      "add_filter( 'rest_post_dispatch', static function ( $response ) {",
      "\t$response->header( 'X-Svc-Built', class_exists( 'Svc\\\\Components', false ) ? 'yes' : 'no' );",
      '\treturn $response;',
      '}, 1000 );',
      // Another plugin's routes: one asks an svc route with rest_do_request(), one lists every route.
      "add_action( 'rest_api_init', static function () {",
      "\tregister_rest_route( 'probe/v1', '/inner', array( 'methods' => 'GET', 'permission_callback' => '__return_true', 'callback' => static fn () => rest_do_request( new WP_REST_Request( 'GET', '/svc-api/v1/nested/me' ) )->get_data() ) );",
      "\tregister_rest_route( 'probe/v1', '/routes', array( 'methods' => 'GET', 'permission_callback' => '__return_true', 'callback' => static fn () => array_values( preg_grep( '#^/svc-api/#', array_keys( rest_get_server()->get_routes() ) ) ) ) );",
      '} );',
      // A site that wants core's routes registered on every request (CoreRoutes).
      "add_filter( 'svc_defer_core_routes', static fn ( $defer ) => $defer && ! isset( $_SERVER['HTTP_X_SVC_KEEP_CORE'] ) );",
      // Whether core's routes were registered by the time a management request answers.
      "add_filter( 'rest_post_dispatch', static function ( $response, $server, $request ) {",
      "\tif ( str_starts_with( $request->get_route(), '/svc/v1/' ) ) {",
      "\t\t$response->header( 'X-Svc-Core-Routes', in_array( 'wp/v2', $server->get_namespaces(), true ) ? 'registered' : 'held' );",
      '\t}',
      '\treturn $response;',
      '}, 10, 3 );',
      "add_filter( 'rest_post_dispatch', static function ( $response ) {",
      "\tif ( isset( $GLOBALS['svc_test_management'] ) ) {",
      "\t\t$response->header( 'X-Svc-Management', $GLOBALS['svc_test_management'] );",
      '\t}',
      '\treturn $response;',
      '} );',
      '',
    ].join('\n'),
  );
  site = await startSite({ muPlugins: [probe] });
  await pushOk(site, {
    'nested/[id]': routeSource(
      uniqueClass('NestedDynamic'),
      [
        '\tpublic function get( WP_REST_Request $request ): array {',
        "\t\tif ( 'me' === $request['id'] ) { return array( 'route' => 'dynamic, id me' ); }",
        "\t\t$inner = rest_do_request( new WP_REST_Request( 'GET', '/svc-api/v1/nested/me' ) );",
        "\t\treturn array( 'route' => 'dynamic', 'inner' => $inner->get_data() );",
        '\t}',
      ].join('\n'),
      OPEN,
    ),
    'nested/me': routeSource(uniqueClass('NestedStatic'), "\tpublic function get(): array { return array( 'route' => 'static me' ); }", OPEN),
    lister: routeSource(
      uniqueClass('Lister'),
      [
        '\tpublic function get(): array {',
        "\t\t$ours = array_keys( rest_get_server()->get_routes( 'svc-api/v1' ) );",
        "\t\t$all  = array_keys( rest_get_server()->get_routes() );",
        "\t\t$core = array_keys( rest_get_server()->get_routes( 'wp/v2' ) );",
        "\t\treturn array( 'ours' => $ours, 'in_all' => array_values( array_intersect( $ours, $all ) ), 'svc_in_core' => array_values( preg_grep( '#^/svc-api/#', $core ) ), 'namespaces' => rest_get_server()->get_namespaces() );",
        '\t}',
      ].join('\n'),
      OPEN,
    ),
    indexer: routeSource(
      uniqueClass('Indexer'),
      [
        '\tpublic function get(): array {',
        "\t\t$index = rest_do_request( new WP_REST_Request( 'GET', '/' ) )->get_data();",
        "\t\treturn array( 'namespaces' => $index['namespaces'], 'routes' => array_keys( $index['routes'] ) );",
        '\t}',
      ].join('\n'),
      OPEN,
    ),
    // WordPress core's routes, from svc routes' code: registered when asked for (CoreRoutes).
    'core/namespaces': routeSource(uniqueClass('CoreNamespaces'), "\tpublic function get(): array { return rest_get_server()->get_namespaces(); }", OPEN),
    'core/nested': routeSource(
      uniqueClass('CoreNested'),
      [
        '\tpublic function get(): array {',
        "\t\t$inner = rest_do_request( new WP_REST_Request( 'GET', '/wp/v2/types/post' ) );",
        "\t\treturn array( 'status' => $inner->get_status(), 'slug' => $inner->get_data()['slug'] ?? null, 'namespaces' => rest_get_server()->get_namespaces() );",
        '\t}',
      ].join('\n'),
      OPEN,
    ),
    'core/embedded': routeSource(
      uniqueClass('CoreEmbedded'),
      [
        '\tpublic function get(): WP_REST_Response {',
        "\t\t$response = new WP_REST_Response( array( 'ok' => true ) );",
        "\t\t$response->add_link( 'wp:term', rest_url( 'wp/v2/categories' ), array( 'embeddable' => true ) );",
        '\t\treturn $response;',
        '\t}',
      ].join('\n'),
      OPEN,
    ),
    'core/listed': routeSource(
      uniqueClass('CoreListed'),
      [
        '\tpublic function get( WP_REST_Request $request ): array {',
        "\t\t$routes = array_keys( rest_get_server()->get_routes( (string) $request['namespace'] ) );",
        "\t\treturn array( 'posts' => in_array( '/wp/v2/posts', $routes, true ), 'ours' => in_array( '/svc-api/v1/core/listed', $routes, true ), 'namespaces' => array_values( array_unique( array_map( static fn ( $route ) => explode( '/', trim( $route, '/' ) )[0], $routes ) ) ) );",
        '\t}',
      ].join('\n'),
      OPEN,
    ),
    batched: routeSource(uniqueClass('Batched'), "\tpublic function post( WP_REST_Request $request ): array { return array( 'posted' => $request['n'] ); }", OPEN),
    batcher: routeSource(
      uniqueClass('Batcher'),
      [
        '\tpublic function get(): array {',
        "\t\t$batch = new WP_REST_Request( 'POST', '/batch/v1' );",
        "\t\t$batch->set_body_params( array( 'requests' => array( array( 'method' => 'POST', 'path' => '/svc-api/v1/batched', 'body' => array( 'n' => 7 ) ) ) ) );",
        "\t\treturn rest_do_request( $batch )->get_data();",
        '\t}',
      ].join('\n'),
      OPEN,
    ),
  });
});

beforeAll(async () => {
  // More categories than a collection's page of 10, for the embedded collection.
  await site.php("for ( $i = 1; $i <= 12; $i++ ) { wp_insert_term( 'Embedded ' . $i, 'category' ); }");
});

afterAll(async () => {
  await site?.stop();
});

describe('another plugin\'s routes on a site with svc', () => {
  it('a REST request for a core route builds nothing of svc\'s REST half; one for an svc route does', async () => {
    const core = await call(site, '/wp/v2/types/post', { as: 'anonymous' });
    expect(core.status).toBe(200);
    expect(core.headers.get('x-svc-built')).toBe('no');
    const ours = await call(site, '/svc-api/v1/nested/me', { as: 'anonymous' });
    expect(ours.headers.get('x-svc-built')).toBe('yes');
  });

  it('an svc route asked with rest_do_request() from another plugin\'s route answers', async () => {
    const response = await call(site, '/probe/v1/inner', { as: 'anonymous' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ route: 'static me' });
  });

  it('another plugin\'s route that lists every route sees svc\'s', async () => {
    const response = await call(site, '/probe/v1/routes', { as: 'anonymous' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expect.arrayContaining(['/svc-api/v1/lister', '/svc-api/v1/nested/me', '/svc-api/v1/nested/(?P<id>[^/]+)']));
  });
});

describe('requests inside a request', () => {
  it('rest_do_request() of a static route from a dynamic route of the same shape reaches the static one', async () => {
    const response = await call(site, '/svc-api/v1/nested/7', { as: 'anonymous' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ route: 'dynamic', inner: { route: 'static me' } });
  });

  it('a batch issued with rest_do_request() inside a route reaches svc routes', async () => {
    const response = await call(site, '/svc-api/v1/batcher', { as: 'anonymous' });
    expect(response.status).toBe(200);
    expect(response.body.responses).toEqual([expect.objectContaining({ status: 200, body: { posted: 7 } })]);
  });

  it("get_routes() called from a route's code lists every svc route, in its namespace and in the whole listing, and none in another namespace", async () => {
    const response = await call(site, '/svc-api/v1/lister', { as: 'anonymous' });
    expect(response.status).toBe(200);
    const expected = ['/svc-api/v1', '/svc-api/v1/batched', '/svc-api/v1/batcher', '/svc-api/v1/core/embedded', '/svc-api/v1/core/listed', '/svc-api/v1/core/namespaces', '/svc-api/v1/core/nested', '/svc-api/v1/indexer', '/svc-api/v1/lister', '/svc-api/v1/nested/(?P<id>[^/]+)', '/svc-api/v1/nested/me'];
    expect([...response.body.ours].sort()).toEqual(expected);
    expect([...response.body.in_all].sort()).toEqual(expected);
    expect(response.body.svc_in_core).toEqual([]);
    expect(response.body.namespaces).toContain('svc-api/v1');
  });

  it("a REST index built inside a route's code names every namespace whose routes it lists, with their namespace routes", async () => {
    const inside = await call(site, '/svc-api/v1/indexer');
    expect(inside.status).toBe(200);
    expect(inside.body.routes).toEqual(expect.arrayContaining(['/svc-api/v1', '/svc-api/v1/lister', '/svc/v1', '/svc/v1/status']));
    expect(inside.body.namespaces).toEqual(expect.arrayContaining(['wp/v2', 'svc-api/v1', 'svc/v1']));
    // Anyone gets the namespaces; the management routes are described only to those who may use them.
    const anonymous = await call(site, '/svc-api/v1/indexer', { as: 'anonymous' });
    expect(anonymous.body.namespaces).toEqual(expect.arrayContaining(['svc-api/v1', 'svc/v1']));
    expect(anonymous.body.routes).toContain('/svc-api/v1');
    expect(anonymous.body.routes).not.toContain('/svc/v1');

    // Built inside a core route's callback: svc's routes are registered only as the index lists them,
    // after it read the namespaces.
    const core = await call(site, '/wp/v2/types', { headers: { 'X-Svc-Index': '1' } });
    expect(core.status).toBe(200);
    const index = JSON.parse(core.headers.get('x-svc-index') ?? '{}') as { namespaces: string[]; routes: string[] };
    expect(index.routes).toEqual(expect.arrayContaining(['/svc-api/v1/lister', '/svc-api/v1', '/svc/v1']));
    expect(index.namespaces).toEqual(expect.arrayContaining(['wp/v2', 'svc-api/v1', 'svc/v1']));
    // Each namespace is named once.
    expect(new Set(index.namespaces).size).toBe(index.namespaces.length);
  });

  it("a request for an svc route registers none of WordPress core's routes until something asks for one; a site can keep them registered", async () => {
    const deferred = await call(site, '/svc-api/v1/core/namespaces', { as: 'anonymous' });
    expect(deferred.status).toBe(200);
    expect(deferred.body).toContain('svc-api/v1');
    expect(deferred.body).not.toContain('wp/v2');
    const kept = await call(site, '/svc-api/v1/core/namespaces', { as: 'anonymous', headers: { 'X-Svc-Keep-Core': '1' } });
    expect(kept.body).toEqual(expect.arrayContaining(['wp/v2', 'svc-api/v1']));
    // A request for a core route has them, as always.
    expect((await call(site, '/wp/v2/types/post', { as: 'anonymous' })).status).toBe(200);
  });

  it("a management request registers none of core's routes, and registers them to refuse a namespace core uses", async () => {
    const held = await call(site, '/svc/v1/status');
    expect(held.status).toBe(200);
    expect(held.headers.get('x-svc-core-routes')).toBe('held');
    expect((await call(site, '/svc/v1/status', { headers: { 'X-Svc-Keep-Core': '1' } })).headers.get('x-svc-core-routes')).toBe('registered');
    const taken = await call(site, '/svc/v1/api-namespace', { method: 'PUT', json: { namespace: 'wp/v2' } });
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ code: 'svc_namespace_taken' });
    expect(taken.headers.get('x-svc-core-routes')).toBe('registered');
  });

  it("rest_do_request() of a core route from an svc route's code answers as it would with core's routes registered", async () => {
    const response = await call(site, '/svc-api/v1/core/nested', { as: 'anonymous' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 200, slug: 'post', namespaces: expect.arrayContaining(['wp/v2', 'svc-api/v1']) });
  });

  it("get_routes() from an svc route's code lists core's routes, for their namespace and in the whole listing, and only in them", async () => {
    const namespaced = await call(site, '/svc-api/v1/core/listed?namespace=wp/v2', { as: 'anonymous' });
    expect(namespaced.status).toBe(200);
    expect(namespaced.body).toEqual({ posts: true, ours: false, namespaces: ['wp'] });
    const all = await call(site, '/svc-api/v1/core/listed', { as: 'anonymous' });
    expect(all.body.posts).toBe(true);
    expect(all.body.ours).toBe(true);
    const ours = await call(site, '/svc-api/v1/core/listed?namespace=svc-api/v1', { as: 'anonymous' });
    expect(ours.body).toEqual({ posts: false, ours: true, namespaces: ['svc-api'] });
  });

  it("a response's links to core's routes are embedded (?_embed) as they are with core's routes registered from the start", async () => {
    const response = await call(site, '/svc-api/v1/core/embedded?_embed', { as: 'anonymous' });
    expect(response.status).toBe(200);
    expect(response.body.ok).toBe(true);
    expect(response.body._embedded['wp:term'][0].map((term: { slug: string }) => term.slug)).toContain('embedded-1');
    const kept = await call(site, '/svc-api/v1/core/embedded?_embed', { as: 'anonymous', headers: { 'X-Svc-Keep-Core': '1' } });
    expect(response.body._embedded).toEqual(kept.body._embedded);
  });

  it('svc routes are batchable in a batch request of their own', async () => {
    const response = await call(site, '/batch/v1', {
      method: 'POST',
      as: 'anonymous',
      json: { requests: [{ method: 'POST', path: '/svc-api/v1/batched', body: { n: 1 } }, { method: 'POST', path: '/svc-api/v1/batched', body: { n: 2 } }] },
    });
    expect(response.status).toBe(207);
    expect(response.body.responses.map((item: { body: unknown }) => item.body)).toEqual([{ posted: 1 }, { posted: 2 }]);
  });

  it('a request for one route does not register the management API, and a route that lists routes sees it', async () => {
    const one = await call(site, '/svc-api/v1/nested/me', { as: 'anonymous' });
    expect(one.body).toEqual({ route: 'static me' });
    expect(one.headers.get('x-svc-management')).toBe('not registered');
    const listed = await call(site, '/svc-api/v1/lister', { as: 'anonymous' });
    expect(listed.body.namespaces).toContain('svc/v1');
    // And the management API itself, asked directly, is there.
    expect((await call(site, '/svc/v1/status')).status).toBe(200);
  });
});
