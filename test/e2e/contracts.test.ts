/**
 * Route contracts: `#[Args]` schemas read from a route file's tokens, handed to WordPress, which
 * validates and sanitizes before the verb runs (400 rest_invalid_param naming the parameter); a
 * schema WordPress would misread is refused at push with its line.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

import { expectError } from './helpers/expectations.js';
import { phpLiteral, routeSource, uniqueClass } from './helpers/php-source.js';
import { call, placeFile, push, pushOk, record, startSite, type WordPressSite } from './helpers/site.js';

jest.setTimeout(180_000);

let site: WordPressSite;

interface Feature {
  readonly name: string;
  readonly schema: Record<string, unknown>;
  /** [sent, what the verb receives]. */
  readonly valid: readonly (readonly [unknown, unknown])[];
  readonly invalid: readonly unknown[];
}

/** Every JSON-Schema feature svc accepts, each with values WordPress must let through and refuse. */
const FEATURES: readonly Feature[] = [
  { name: 'type integer', schema: { type: 'integer' }, valid: [[7, 7], ['7', 7]], invalid: ['seven', 1.5] },
  { name: 'type number', schema: { type: 'number' }, valid: [[1.5, 1.5], ['2', 2]], invalid: ['x'] },
  { name: 'type boolean', schema: { type: 'boolean' }, valid: [[true, true], ['false', false]], invalid: ['maybe'] },
  { name: 'type string', schema: { type: 'string' }, valid: [['hi', 'hi']], invalid: [5, ['a']] },
  { name: 'type list with null', schema: { type: ['string', 'null'] }, valid: [[null, null], ['x', 'x']], invalid: [[1]] },
  { name: 'enum (type inferred)', schema: { enum: ['open', 'closed'] }, valid: [['open', 'open']], invalid: ['pending', 1] },
  { name: 'minimum, maximum', schema: { type: 'integer', minimum: 1, maximum: 10 }, valid: [[1, 1], [10, 10]], invalid: [0, 11] },
  { name: 'exclusiveMinimum', schema: { type: 'number', minimum: 0, exclusiveMinimum: true }, valid: [[0.5, 0.5]], invalid: [0] },
  { name: 'exclusiveMaximum', schema: { type: 'number', maximum: 1, exclusiveMaximum: true }, valid: [[0.5, 0.5]], invalid: [1] },
  { name: 'multipleOf', schema: { type: 'integer', multipleOf: 5 }, valid: [[15, 15]], invalid: [7] },
  { name: 'minLength, maxLength', schema: { type: 'string', minLength: 2, maxLength: 4 }, valid: [['abc', 'abc']], invalid: ['a', 'abcde'] },
  { name: 'pattern', schema: { type: 'string', pattern: '^[a-z]+#?$' }, valid: [['abc#', 'abc#']], invalid: ['ABC'] },
  { name: 'format date-time', schema: { type: 'string', format: 'date-time' }, valid: [['2024-01-02T03:04:05Z', '2024-01-02T03:04:05Z']], invalid: ['yesterday'] },
  { name: 'format email', schema: { type: 'string', format: 'email' }, valid: [['a@example.com', 'a@example.com']], invalid: ['not-an-email'] },
  { name: 'format ip', schema: { type: 'string', format: 'ip' }, valid: [['127.0.0.1', '127.0.0.1']], invalid: ['999.1.1.1'] },
  { name: 'format uuid', schema: { type: 'string', format: 'uuid' }, valid: [['123e4567-e89b-12d3-a456-426614174000', '123e4567-e89b-12d3-a456-426614174000']], invalid: ['123'] },
  { name: 'format hex-color', schema: { type: 'string', format: 'hex-color' }, valid: [['#ff0000', '#ff0000']], invalid: ['red'] },
  { name: 'format uri (sanitized)', schema: { type: 'string', format: 'uri' }, valid: [['https://example.com/a b', 'https://example.com/a%20b']], invalid: [] },
  { name: 'format text-field (sanitized)', schema: { type: 'string', format: 'text-field' }, valid: [['<b>hi</b> there', 'hi there']], invalid: [] },
  { name: 'items', schema: { type: 'array', items: { type: 'integer' } }, valid: [[[1, '2'], [1, 2]]], invalid: [['x']] },
  { name: 'minItems, maxItems', schema: { type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: 2 }, valid: [[[1], [1]]], invalid: [[], [1, 2, 3]] },
  { name: 'uniqueItems', schema: { type: 'array', items: { type: 'integer' }, uniqueItems: true }, valid: [[[1, 2], [1, 2]]], invalid: [[1, 1]] },
  {
    name: 'properties, additionalProperties false',
    schema: { type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: false },
    valid: [[{ a: '1' }, { a: 1 }]],
    invalid: [{ a: 1, b: 2 }, { a: 'x' }],
  },
  {
    // On an argument itself `required` says whether the argument must be sent (a boolean).
    name: 'required list (draft 4) on a nested object',
    schema: { type: 'object', properties: { inner: { type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] } } },
    valid: [[{ inner: { a: 1 } }, { inner: { a: 1 } }]],
    invalid: [{ inner: {} }],
  },
  {
    name: 'required per property (draft 3)',
    schema: { type: 'object', properties: { a: { type: 'string', required: true } } },
    valid: [[{ a: 'x' }, { a: 'x' }]],
    invalid: [{ b: 'x' }],
  },
  {
    name: 'patternProperties',
    schema: { type: 'object', patternProperties: { '^x-': { type: 'integer' } }, additionalProperties: false },
    valid: [[{ 'x-a': 1 }, { 'x-a': 1 }]],
    invalid: [{ y: 1 }, { 'x-a': 'one' }],
  },
  {
    name: 'additionalProperties as a schema',
    schema: { type: 'object', additionalProperties: { type: 'boolean' } },
    valid: [[{ on: 'true' }, { on: true }]],
    invalid: [{ on: 'maybe' }],
  },
  { name: 'minProperties, maxProperties', schema: { type: 'object', minProperties: 1, maxProperties: 1 }, valid: [[{ a: 1 }, { a: 1 }]], invalid: [{}, { a: 1, b: 2 }] },
  {
    name: 'anyOf',
    schema: { anyOf: [{ type: 'integer' }, { type: 'string', format: 'email' }] },
    valid: [[5, 5], ['a@example.com', 'a@example.com']],
    invalid: ['nope'],
  },
  {
    name: 'oneOf',
    schema: { oneOf: [{ type: 'integer' }, { type: 'number', minimum: 10 }] },
    valid: [[5, 5], [12.5, 12.5]],
    invalid: [15, 'x'],
  },
];

const argName = (index: number): string => `f${index}`;

/** A public route whose POST declares every feature (none required) and echoes what it received, typed. */
function echoRoute(): string {
  const args = Object.fromEntries(FEATURES.map((feature, index) => [argName(index), feature.schema]));
  return routeSource(
    uniqueClass('Echo'),
    [
      `\t#[Args(${phpLiteral(args)})]`,
      '\tpublic function post( WP_REST_Request $request ): array {',
      '\t\t$received = array();',
      "\t\tforeach ( array_keys( $request->get_attributes()['args'] ) as $name ) {",
      '\t\t\tif ( $request->has_param( $name ) ) {',
      '\t\t\t\t$received[ $name ] = $request->get_param( $name );',
      '\t\t\t}',
      '\t\t}',
      "\t\treturn array( 'received' => (object) $received );",
      '\t}',
    ].join('\n'),
    { classAttribute: '#[Permission(public: true)]', preamble: 'use Svc\\Api\\Attribute\\Args;' },
  );
}

beforeAll(async () => {
  site = await startSite();
  await pushOk(site, { 'contracts/echo': echoRoute() });
});

afterAll(async () => {
  await site?.stop();
});

describe('WordPress validates and sanitizes the declared arguments before the verb runs', () => {
  FEATURES.forEach((feature, index) => {
    const name = argName(index);
    it(`${feature.name}: valid values reach the verb typed, invalid ones get 400 rest_invalid_param naming the parameter`, async () => {
      for (const [sent, received] of feature.valid) {
        const response = await call(site, '/svc-api/v1/contracts/echo', { method: 'POST', json: { [name]: sent }, as: 'anonymous' });
        expect({ sent, status: response.status, body: response.body }).toEqual({ sent, status: 200, body: { received: { [name]: received } } });
      }
      for (const sent of feature.invalid) {
        const response = await call(site, '/svc-api/v1/contracts/echo', { method: 'POST', json: { [name]: sent }, as: 'anonymous' });
        expect({ sent, status: response.status, code: response.body?.code }).toEqual({ sent, status: 400, code: 'rest_invalid_param' });
        expect(Object.keys(response.body.data.params)).toEqual([name]);
      }
    });
  });
});

describe('required, default, query strings and dynamic segments', () => {
  const itemRoute = (className: string): string =>
    routeSource(
      className,
      [
        "\t#[Args(['limit' => ['type' => 'integer', 'default' => 10, 'maximum' => 50], 'tags' => ['type' => 'array', 'items' => ['type' => 'string']], 'on' => ['type' => 'boolean']])]",
        '\tpublic function get( WP_REST_Request $request ): array {',
        "\t\treturn array( 'id' => $request['id'], 'limit' => $request['limit'], 'tags' => $request['tags'], 'on' => $request['on'] );",
        '\t}',
        "\t#[Args(['name' => ['type' => 'string', 'required' => true, 'minLength' => 1]])]",
        '\tpublic function put( WP_REST_Request $request ): array {',
        "\t\treturn array( 'id' => $request['id'], 'name' => $request['name'] );",
        '\t}',
      ].join('\n'),
      {
        preamble: 'use Svc\\Api\\Attribute\\Args;',
        classAttribute: "#[Permission(public: true)]\n#[Args(['id' => ['type' => 'integer', 'minimum' => 1]])]",
      },
    );

  beforeAll(async () => {
    await pushOk(site, { 'contracts/items/[id]': itemRoute(uniqueClass('Item')) });
  });

  it('types query-string values and fills defaults', async () => {
    const response = await call(site, '/svc-api/v1/contracts/items/7?tags[]=a&tags[]=b&on=1', { as: 'anonymous' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: 7, limit: 10, tags: ['a', 'b'], on: true });
    expectError(await call(site, '/svc-api/v1/contracts/items/7?limit=51', { as: 'anonymous' }), 400, 'rest_invalid_param');
  });

  it('answers a missing required argument with 400 rest_missing_callback_param', async () => {
    const missing = await call(site, '/svc-api/v1/contracts/items/7', { method: 'PUT', json: {}, as: 'anonymous' });
    expectError(missing, 400, 'rest_missing_callback_param');
    expect(missing.body.data.params).toEqual(['name']);
    const given = await call(site, '/svc-api/v1/contracts/items/7', { method: 'PUT', json: { name: 'x' }, as: 'anonymous' });
    expect(given.body).toEqual({ id: 7, name: 'x' });
  });

  it('matches an integer dynamic segment on digits only, and validates it like any argument', async () => {
    expectError(await call(site, '/svc-api/v1/contracts/items/abc', { as: 'anonymous' }), 404, 'rest_no_route');
    expectError(await call(site, '/svc-api/v1/contracts/items/0', { as: 'anonymous' }), 400, 'rest_invalid_param');
    expect((await record(site, 'contracts/items/[id]'))?.route).toBe('/svc-api/v1/contracts/items/(?P<id>[0-9]+)');
  });

  it('keeps the segment open to anything while a verb leaves it undeclared', async () => {
    const source = routeSource(
      uniqueClass('Loose'),
      "\t#[Args(['id' => ['type' => 'integer']])]\n\tpublic function get( WP_REST_Request $request ): array { return array( 'id' => $request['id'] ); }\n\tpublic function delete( WP_REST_Request $request ): array { return array( 'id' => $request['id'] ); }",
      { preamble: 'use Svc\\Api\\Attribute\\Args;', classAttribute: '#[Permission(public: true)]' },
    );
    await pushOk(site, { 'contracts/loose/[id]': source });
    expect((await call(site, '/svc-api/v1/contracts/loose/abc', { method: 'DELETE', as: 'anonymous' })).body).toEqual({ id: 'abc' });
    expectError(await call(site, '/svc-api/v1/contracts/loose/abc', { as: 'anonymous' }), 400, 'rest_invalid_param');
  });
});

describe('a schema WordPress would misread is refused at push, naming the file and line', () => {
  const cases: readonly (readonly [string, string, string])[] = [
    ["['id' => ['type' => 'integr']]", 'at "id.type": unknown type "integr" (did you mean "integer"?)', 'unknown type'],
    ["['s' => ['type' => 'string', 'enum' => []]]", "at \"s.enum\": 'enum' must be a non-empty list", 'empty enum'],
    ["['s' => ['type' => 'string', 'maxLenght' => 3]]", 'unknown keyword "maxLenght" (did you mean "maxLength"?)', 'misspelt keyword'],
    ["['n' => ['type' => 'integer', 'minimum' => 5, 'maximum' => 1]]", "'minimum' (5) is above 'maximum' (1)", 'empty range'],
    ["['s' => ['type' => 'string', 'pattern' => '([a-z]']]", 'does not compile', 'bad pattern'],
    ["['s' => ['type' => MY_TYPE]]", 'only literal values', 'a constant'],
  ];
  it.each(cases)('#[Args(%s)] → %s', async (args, message) => {
    const source = routeSource(uniqueClass('Bad'), `\t#[Args(${args})]\n\tpublic function get(): array { return array(); }`, {
      preamble: 'use Svc\\Api\\Attribute\\Args;',
    });
    const line = source.split('\n').findIndex((text) => text.includes('#[Args(')) + 1;
    const response = await push(site, { 'contracts/bad': source });
    expectError(response, 422, 'svc_push_rejected');
    expect(response.body.data.errors).toEqual([
      { filename: 'contracts/bad', code: 'svc_bad_schema', message: expect.stringContaining(`line ${line}: #[Args] on get()`) },
    ]);
    expect(response.body.data.errors[0].message).toContain(message);
  });
});

describe('schemas and the rest of svc', () => {
  it('skips a file with a bad schema copied over SFTP, for the reason a push gives', async () => {
    const source = routeSource(uniqueClass('Sftp'), "\t#[Args(['n' => ['type' => 'int']])]\n\tpublic function get(): array { return array(); }", { preamble: 'use Svc\\Api\\Attribute\\Args;' });
    const line = source.split('\n').findIndex((text) => text.includes('#[Args(')) + 1;
    placeFile(site, 'contracts/sftp', source);
    expect((await record(site, 'contracts/sftp'))?.error).toBe(
      `invalid schema: line ${line}: #[Args] on get() at "n.type": unknown type "int"; WordPress knows string, integer, number, boolean, array, object, null`,
    );
    expectError(await call(site, '/svc-api/v1/contracts/sftp'), 404, 'rest_no_route');
  });

  it('keeps a closed route closed without loading it; WordPress checks the arguments first', async () => {
    const marker = path.join(site.root, 'contracts-closed-marker');
    const source = routeSource(uniqueClass('Closed'), "\t#[Args(['n' => ['type' => 'integer']])]\n\tpublic function get( WP_REST_Request $request ): array { return array( 'n' => $request['n'] ); }", {
      preamble: 'use Svc\\Api\\Attribute\\Args;',
      trailer: `file_put_contents( ${JSON.stringify(marker)}, 'loaded' );`,
    });
    await pushOk(site, { 'contracts/closed': source });
    expectError(await call(site, '/svc-api/v1/contracts/closed?n=1', { as: 'anonymous' }), 401, 'rest_forbidden');
    // WordPress validates arguments before it asks the permission callback (core's order, as for its own routes).
    expectError(await call(site, '/svc-api/v1/contracts/closed?n=x', { as: 'anonymous' }), 400, 'rest_invalid_param');
    expect(existsSync(marker)).toBe(false);
    expect((await call(site, '/svc-api/v1/contracts/closed?n=2')).body).toEqual({ n: 2 });
  });
});
