/**
 * GET svc/v1/openapi: the OpenAPI 3.1 document of the routes, validated against the OpenAPI 3.1
 * schema by a maintained validator, and real requests built from it succeed.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { expectError } from './helpers/expectations.js';
import { routeSource, uniqueClass } from './helpers/php-source.js';
import { call, placeFile, pushOk, startSite, type WordPressSite } from './helpers/site.js';

jest.setTimeout(180_000);

let site: WordPressSite;
let document: any;

const IMPORTS = 'use Svc\\Api\\Attribute\\Args;\nuse Svc\\Api\\Attribute\\Returns;';

const ROUTES: Record<string, string> = {
  // Public, an integer segment, query arguments, a declared response, docblocks.
  'catalog/items/[id]': routeSource(
    uniqueClass('Item'),
    [
      '\t/**',
      '\t * One item of the catalog.',
      '\t *',
      '\t * Looked up by its id; `fields` narrows the answer.',
      '\t */',
      "\t#[Args(['fields' => ['type' => 'array', 'items' => ['enum' => ['id', 'name']]], 'limit' => ['type' => 'integer', 'minimum' => 1, 'maximum' => 5, 'exclusiveMaximum' => true, 'default' => 1]])]",
      "\t#[Returns(['type' => 'object', 'properties' => ['id' => ['type' => 'integer', 'required' => true], 'limit' => ['type' => 'integer']]])]",
      "\tpublic function get( WP_REST_Request $request ): array { return array( 'id' => $request['id'], 'limit' => $request['limit'] ); }",
      '',
      "\t#[Args(['name' => ['type' => 'string', 'minLength' => 1, 'required' => true], 'tags' => ['type' => 'object', 'properties' => []]])]",
      "\tpublic function put( WP_REST_Request $request ): array { return array( 'id' => $request['id'], 'name' => $request['name'] ); }",
    ].join('\n'),
    {
      preamble: IMPORTS,
      classAttribute: "/** The catalog. */\n#[Permission(public: true)]\n#[Args(['id' => ['type' => 'integer', 'minimum' => 1]])]",
    },
  ),
  // Closed (administrators), no schema at all.
  'catalog/stats': routeSource(uniqueClass('Stats'), "\tpublic function get(): array { return array( 'count' => 3 ); }\n\tpublic function delete(): array { return array(); }"),
};

beforeAll(async () => {
  site = await startSite();
  await pushOk(site, ROUTES);
  // Copied over SFTP, so no push refused it: the document leaves it out and names it.
  placeFile(site, 'catalog/broken', '<?php\ndeclare(strict_types=1);\nfinal class Broken { public function get() { return [ }\n');
  const response = await call(site, '/svc/v1/openapi');
  expect(response.status).toBe(200);
  document = response.body;
});

afterAll(async () => {
  await site?.stop();
});

describe('GET svc/v1/openapi', () => {
  it('is for administrators only, like every management endpoint', async () => {
    expectError(await call(site, '/svc/v1/openapi', { as: 'anonymous' }), 401, 'rest_forbidden');
    expectError(await call(site, '/svc/v1/openapi', { as: 'editor' }), 403, 'rest_forbidden');
  });

  it('validates against the OpenAPI 3.1 schema', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes every route under the namespace: path parameters, verbs, schemas, docblocks, security', () => {
    expect(document.servers).toEqual([{ url: `${site.url}/wp-json` }]);
    expect(Object.keys(document.paths).sort()).toEqual(['/svc-api/v1/catalog/items/{id}', '/svc-api/v1/catalog/stats']);
    const item = document.paths['/svc-api/v1/catalog/items/{id}'];
    expect(item.get).toMatchObject({
      operationId: 'getCatalogItemsById',
      summary: 'One item of the catalog.',
      description: 'Looked up by its id; `fields` narrows the answer.',
      security: [],
      'x-svc-public': true,
      'x-svc-file': 'catalog/items/[id].php',
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
        { name: 'fields', in: 'query', required: false, schema: { type: 'array', items: { enum: ['id', 'name'], type: 'string' } } },
        // WordPress's exclusiveMaximum flag becomes 2020-12's number.
        { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, exclusiveMaximum: 5, default: 1 } },
      ],
    });
    expect(item.get.responses['200'].content['application/json'].schema).toEqual({
      type: 'object',
      properties: { id: { type: 'integer' }, limit: { type: 'integer' } },
      required: ['id'],
    });
    expect(item.put.summary).toBe('The catalog.');
    expect(item.put.requestBody).toEqual({
      required: true,
      content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string', minLength: 1 }, tags: { type: 'object', properties: {} } }, required: ['name'] } } },
    });
    const stats = document.paths['/svc-api/v1/catalog/stats'];
    expect(Object.keys(stats)).toEqual(['get', 'delete']);
    expect(stats.get.security).toEqual([{ applicationPassword: [] }, { wordpressCookie: [], restNonce: [] }]);
    expect(stats.get.responses['401']).toBeDefined();
    expect(document.components.securitySchemes.applicationPassword).toMatchObject({ type: 'http', scheme: 'basic' });
    expect(document.components.securitySchemes.restNonce).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-WP-Nonce' });
    expect(document.components.securitySchemes.wordpressCookie.name).toMatch(/^wordpress_logged_in_/);
  });

  it('leaves out files that fail to load, and names them', () => {
    expect(document['x-svc-failed']).toEqual([{ file: 'catalog/broken.php', error: expect.stringContaining('Parse error') }]);
  });

  it('describes requests the site answers: one built from each operation succeeds', async () => {
    const example = (schema: any): unknown => schema.default ?? schema.enum?.[0] ?? (schema.type === 'integer' ? (schema.minimum ?? 0) + 1 : 'x');
    let operations = 0;
    for (const [template, item] of Object.entries<any>(document.paths)) {
      for (const [verb, operation] of Object.entries<any>(item)) {
        const parameters: any[] = operation.parameters ?? [];
        let path = template;
        const query = new URLSearchParams();
        for (const parameter of parameters) {
          if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(String(example(parameter.schema))));
          else if (parameter.required) query.set(parameter.name, String(example(parameter.schema)));
        }
        const body = operation.requestBody?.content['application/json'].schema;
        const json = body === undefined ? undefined : Object.fromEntries((body.required ?? []).map((name: string) => [name, example(body.properties[name])]));
        const url = `${document.servers[0].url}${path}${query.size > 0 ? `?${query}` : ''}`;
        const response = await call(site, url, { method: verb.toUpperCase(), as: operation.security.length === 0 ? 'anonymous' : 'admin', ...(json === undefined ? {} : { json }) });
        expect({ verb, url, status: response.status }).toEqual({ verb, url, status: 200 });
        operations += 1;
      }
    }
    expect(operations).toBe(4);
  });
});
