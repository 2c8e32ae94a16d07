import { describe, expect, it } from '@jest/globals';

import { generateClient, schemaType, type ClientDocument } from './openapi-client.js';

describe('schemaType', () => {
	it.each([
		[{ type: 'integer' }, 'number'],
		[{ type: ['string', 'null'] }, 'string | null'],
		[{ enum: ['open', 'closed'], type: 'string' }, '"open" | "closed"'],
		[{ type: 'array', items: { type: 'boolean' } }, 'Array<boolean>'],
		[{ type: 'array' }, 'Array<unknown>'],
		[{ anyOf: [{ type: 'integer' }, { type: 'string', format: 'email' }] }, 'number | string'],
		[{ type: 'object' }, '{\n\t[key: string]: unknown;\n}'],
		[{ type: 'object', additionalProperties: false }, 'Record<string, never>'],
		[{ type: 'object', properties: { a: { type: 'integer' }, 'b-c': { type: 'string' } }, required: ['a'], additionalProperties: false }, '{\n\ta: number;\n\t"b-c"?: string;\n}'],
		[{ type: 'object', additionalProperties: { type: 'boolean' } }, '{\n\t[key: string]: boolean;\n}'],
		[{}, 'unknown'],
	])('%j → %s', (schema, expected) => {
		expect(schemaType(schema)).toBe(expected);
	});
});

describe('generateClient', () => {
	const document: ClientDocument = {
		info: { title: 'Shop API' },
		paths: {
			'/shop/v1/items/{id}': {
				get: {
					operationId: 'getItemsById',
					summary: 'One item.',
					'x-svc-public': true,
					parameters: [
						{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
						{ name: 'tags', in: 'query', required: false, schema: { type: 'array', items: { type: 'string' } }, style: 'form', explode: false },
					],
					responses: { '200': { content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] } } } } },
				},
				put: {
					operationId: 'putItemsById',
					parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
					requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } } } },
					responses: { '200': {} },
				},
			},
			'/shop/v1/hello': { get: { operationId: 'getHello', responses: { '200': {} } } },
		},
	};
	const source = generateClient(document);

	it('writes one typed function per route and verb, path and query arguments typed from the schemas', () => {
		expect(source).toContain('export type GetItemsByIdArgs = {\n\tid: number;\n\ttags?: Array<string>;\n};');
		expect(source).toContain('export type GetItemsByIdResponse = {\n\tid: number;\n};');
		expect(source).toContain('export async function getItemsById(args: GetItemsByIdArgs, options: ClientOptions): Promise<GetItemsByIdResponse>');
		expect(source).toContain('`/shop/v1/items/${encodeURIComponent(String(args_["id"]))}`');
		expect(source).toContain('[["tags", args_["tags"], "form"]]');
		expect(source).toContain(' * One item.\n * GET /shop/v1/items/{id} (public).');
	});

	it('sends a body verb\'s arguments as JSON, and makes arguments optional when none is required', () => {
		expect(source).toContain('export type PutItemsByIdArgs = {\n\tid: number;\n\tname: string;\n};');
		expect(source).toContain('{ "name": args_["name"] }');
		expect(source).toContain('export async function getHello(_args: GetHelloArgs = {}, options: ClientOptions): Promise<GetHelloResponse>');
		expect(source).toContain('export type GetHelloResponse = unknown;');
		expect(source).toContain('getHello: (args?: GetHelloArgs) => getHello(args ?? {}, options),');
	});

	it('imports nothing: the client runs wherever fetch does', () => {
		expect(source).not.toMatch(/^import /m);
	});
});
