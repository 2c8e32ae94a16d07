/**
 * Generates the typed client of `svc api client` from the site's OpenAPI document: one ESM
 * TypeScript file, no dependencies (global `fetch`), one function per route and verb named after
 * its operationId, its arguments and answer typed from the schemas. Pure: a document in, source out.
 */

import { commentText, objectKey, isIdentifier, propertyKey, stringLiteral, templateText } from './code-text.js';
import { validateSlug } from './slug.js';

/** A JSON Schema as the site writes it (2020-12, WordPress's vocabulary). */
export interface JsonSchema {
	readonly type?: string | readonly string[];
	readonly enum?: readonly unknown[];
	readonly items?: JsonSchema;
	readonly properties?: Readonly<Record<string, JsonSchema>>;
	readonly additionalProperties?: boolean | JsonSchema;
	readonly patternProperties?: Readonly<Record<string, JsonSchema>>;
	readonly required?: readonly string[];
	readonly anyOf?: readonly JsonSchema[];
	readonly oneOf?: readonly JsonSchema[];
	readonly description?: string;
	readonly [keyword: string]: unknown;
}

interface Parameter {
	readonly name: string;
	readonly in: 'path' | 'query' | 'header' | 'cookie';
	readonly required?: boolean;
	readonly schema?: JsonSchema;
	readonly description?: string;
}

interface Operation {
	readonly operationId?: string;
	readonly summary?: string;
	readonly description?: string;
	readonly parameters?: readonly Parameter[];
	readonly requestBody?: { readonly content?: Readonly<Record<string, { readonly schema?: JsonSchema }>> };
	readonly responses?: Readonly<Record<string, { readonly content?: Readonly<Record<string, { readonly schema?: JsonSchema }>> }>>;
	readonly 'x-svc-public'?: boolean;
}

export interface ClientDocument {
	readonly info?: { readonly title?: string; readonly version?: string };
	readonly paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

const VERBS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** A route namespace (`<name>/v<N>`) then the route's segments, `{param}` for a dynamic one. */
const ROUTE_PATH = /^\/([a-z0-9-]+\/v[0-9]+)\/(.+)$/;

/** A document path that is no svc route path is refused, naming it: its text would be the client's URL. */
export class UnsafeRoutePath extends Error {
	constructor(readonly path: string, reason: string) {
		super(`The site's OpenAPI document has a path that is no svc route: ${JSON.stringify(path)} (${reason}). No client was written.`);
		this.name = 'UnsafeRoutePath';
	}
}

/** Checks a document path by the slug rules (source/core/slug.ts) the site's routes are made by. */
export function checkRoutePath(path: string): void {
	const match = ROUTE_PATH.exec(path);
	if (match === null) throw new UnsafeRoutePath(path, 'not /<namespace>/v<N>/<segments>');
	const slug = match[2]!.replace(/\{([^{}/]*)\}/g, '[$1]');
	const check = validateSlug(slug);
	if (!check.ok) throw new UnsafeRoutePath(path, check.message);
}
const RESERVED = new Set(['createClient', 'ApiError', 'ClientOptions', 'request']);

/** A TypeScript type for a schema. */
export function schemaType(schema: JsonSchema | undefined, indent = ''): string {
	if (schema === undefined || typeof schema !== 'object') return 'unknown';
	if (Array.isArray(schema.enum) && schema.enum.length > 0) {
		return union(schema.enum.map((value) => (typeof value === 'string' ? stringLiteral(value) : typeof value === 'number' || typeof value === 'boolean' || value === null ? String(value) : 'unknown')));
	}
	const options = schema.anyOf ?? schema.oneOf;
	if (Array.isArray(options) && options.length > 0) {
		return union(options.map((option) => schemaType({ ...withoutCombinators(schema), ...option }, indent)));
	}
	const types = typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type : [];
	if (types.length === 0) return 'unknown';
	return union(types.map((type) => singleType(type, schema, indent)));
}

function withoutCombinators(schema: JsonSchema): JsonSchema {
	const { anyOf: _anyOf, oneOf: _oneOf, type: _type, ...rest } = schema;
	return rest;
}

function singleType(type: string, schema: JsonSchema, indent: string): string {
	switch (type) {
		case 'string':
			return 'string';
		case 'integer':
		case 'number':
			return 'number';
		case 'boolean':
			return 'boolean';
		case 'null':
			return 'null';
		case 'array':
			return `Array<${schemaType(schema.items, indent)}>`;
		case 'object':
			return objectType(schema, indent);
		default:
			return 'unknown';
	}
}

function objectType(schema: JsonSchema, indent: string): string {
	const properties = Object.entries(schema.properties ?? {});
	const required = new Set(schema.required ?? []);
	const extra = schema.additionalProperties;
	const patterned = Object.values(schema.patternProperties ?? {});
	const members = properties.map(
		([name, property]) => `${indent}\t${doc(property.description, `${indent}\t`)}${key(name)}${required.has(name) ? '' : '?'}: ${schemaType(property, `${indent}\t`)};\n`,
	);
	let index: string | undefined;
	if (typeof extra === 'object') {
		index = schemaType(extra, `${indent}\t`);
	} else if (patterned.length > 0) {
		index = union(patterned.map((item) => schemaType(item, `${indent}\t`)));
	} else if (extra !== false && properties.length === 0) {
		index = 'unknown';
	}
	if (index !== undefined) {
		// An index signature must admit the named properties' types too.
		const named = properties.map(([, property]) => schemaType(property, `${indent}\t`));
		members.push(`${indent}\t[key: string]: ${named.length === 0 || index === 'unknown' ? index : union([index, ...named, 'undefined'])};\n`);
	}
	return members.length === 0 ? 'Record<string, never>' : `{\n${members.join('')}${indent}}`;
}

function union(types: readonly string[]): string {
	const unique = [...new Set(types)];
	return unique.length === 1 ? (unique[0] ?? 'unknown') : unique.map((type) => (type.includes('\n') ? `(${type})` : type)).join(' | ');
}

function key(name: string): string {
	return propertyKey(name);
}

function doc(text: string | undefined, indent: string): string {
	if (text === undefined || text.trim() === '') return '';
	return `/** ${commentText(text)} */\n${indent}`;
}

function pascal(name: string): string {
	return name.charAt(0).toUpperCase() + name.slice(1);
}

/** One route and verb: what the generated function needs to know. */
interface Call {
	readonly name: string;
	readonly verb: (typeof VERBS)[number];
	readonly path: string;
	readonly pathParams: readonly string[];
	readonly queryParams: readonly { readonly name: string; readonly style: 'form' | 'deepObject' | 'plain' }[];
	readonly bodyParams: readonly string[];
	readonly argsType: string;
	readonly argsOptional: boolean;
	readonly responseType: string;
	readonly summary: string | undefined;
	readonly isPublic: boolean;
}

function calls(document: ClientDocument): Call[] {
	const result: Call[] = [];
	const names = new Set<string>();
	for (const [path, item] of Object.entries(document.paths).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
		checkRoutePath(path);
		for (const verb of VERBS) {
			const operation = item[verb] as Operation | undefined;
			if (operation === undefined) continue;
			let name = operation.operationId !== undefined && isIdentifier(operation.operationId) ? operation.operationId : `${verb}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`;
			while (names.has(name) || RESERVED.has(name)) name = `${name}_`;
			names.add(name);
			const parameters = operation.parameters ?? [];
			const members: string[] = [];
			let optional = true;
			for (const parameter of parameters) {
				if (parameter.in !== 'path' && parameter.in !== 'query') continue;
				const required = parameter.in === 'path' || parameter.required === true;
				optional &&= !required;
				members.push(`\t${doc(parameter.description ?? parameter.schema?.description, '\t')}${key(parameter.name)}${required ? '' : '?'}: ${schemaType(parameter.schema, '\t')};\n`);
			}
			const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
			const bodyRequired = new Set(bodySchema?.required ?? []);
			const bodyParams = Object.keys(bodySchema?.properties ?? {});
			for (const [name, schema] of Object.entries(bodySchema?.properties ?? {})) {
				optional &&= !bodyRequired.has(name);
				members.push(`\t${doc(schema.description, '\t')}${key(name)}${bodyRequired.has(name) ? '' : '?'}: ${schemaType(schema, '\t')};\n`);
			}
			const ok = operation.responses?.['200'] ?? operation.responses?.['201'];
			result.push({
				name,
				verb,
				path,
				pathParams: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
				queryParams: parameters
					.filter((parameter) => parameter.in === 'query')
					.map((parameter) => {
						const style = (parameter as { style?: string }).style;
						return { name: parameter.name, style: style === 'deepObject' ? 'deepObject' : style === 'form' ? 'form' : 'plain' };
					}),
				bodyParams,
				argsType: members.length === 0 ? 'Record<string, never>' : `{\n${members.join('')}}`,
				argsOptional: optional,
				responseType: schemaType(ok?.content?.['application/json']?.schema),
				summary: operation.summary,
				isPublic: operation['x-svc-public'] === true,
			});
		}
	}
	return result;
}

const RUNTIME = `/** Where the site's REST API is and how to authenticate. */
export interface ClientOptions {
	/** The REST root, e.g. "https://example.com/wp-json" (or "https://example.com/?rest_route=/"). */
	readonly root: string;
	/** An application password (HTTP Basic), for servers and scripts. */
	readonly auth?: { readonly user: string; readonly password: string };
	/** The REST nonce of a logged-in session (wp_create_nonce('wp_rest')); the browser sends the cookie. */
	readonly nonce?: string;
	/** More headers for every request. */
	readonly headers?: Readonly<Record<string, string>>;
	/** Another fetch (tests, older runtimes); default the global one. */
	readonly fetch?: typeof fetch;
}

/** A WordPress error answer: \`code\` (e.g. "rest_invalid_param"), \`message\`, \`status\`, \`data\`. */
export class ApiError extends Error {
	// Declared fields, not parameter properties: the client stays erasable TypeScript
	// (--erasableSyntaxOnly, Node's own type stripping).
	readonly status: number;
	readonly code: string;
	readonly data: unknown;

	constructor(status: number, code: string, message: string, data: unknown) {
		super(message);
		this.name = 'ApiError';
		this.status = status;
		this.code = code;
		this.data = data;
	}
}

type Query = ReadonlyArray<readonly [name: string, value: unknown, style: 'form' | 'deepObject' | 'plain']>;

function scalar(value: unknown): string {
	return typeof value === 'string' ? value : JSON.stringify(value);
}

function endpoint(root: string, path: string, query: Query): URL {
	const url = new URL(root);
	if (url.searchParams.has('rest_route')) {
		url.searchParams.set('rest_route', path);
	} else {
		url.pathname = url.pathname.replace(/\\/+$/, '') + path;
	}
	const add = (name: string, value: unknown): void => {
		if (value === undefined) return;
		if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
			for (const [key, item] of Object.entries(value)) add(\`\${name}[\${key}]\`, item);
		} else if (Array.isArray(value)) {
			// WordPress splits "a,b" into a list.
			url.searchParams.append(name, value.map(scalar).join(','));
		} else {
			url.searchParams.append(name, scalar(value));
		}
	};
	for (const [name, value] of query) add(name, value);
	return url;
}

async function request(
	options: ClientOptions,
	method: string,
	path: string,
	query: Query,
	body: Record<string, unknown> | undefined,
): Promise<unknown> {
	const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
	if (options.auth !== undefined) {
		const pair = \`\${options.auth.user}:\${options.auth.password}\`;
		headers['authorization'] = \`Basic \${btoa(String.fromCharCode(...new TextEncoder().encode(pair)))}\`;
		// For hosts that strip Authorization: the svc plugin reads this one only where that happened.
		headers['x-svc-authorization'] = headers['authorization'];
	}
	if (options.nonce !== undefined) headers['x-wp-nonce'] = options.nonce;
	if (body !== undefined) headers['content-type'] = 'application/json';
	const response = await (options.fetch ?? fetch)(endpoint(options.root, path, query), {
		method,
		headers,
		...(body === undefined ? {} : { body: JSON.stringify(body) }),
		...(options.nonce === undefined ? {} : { credentials: 'include' as const }),
	});
	const text = await response.text();
	let json: unknown;
	try {
		json = text === '' ? null : JSON.parse(text);
	} catch {
		json = undefined;
	}
	if (!response.ok) {
		const error = (json ?? {}) as { code?: unknown; message?: unknown; data?: unknown };
		throw new ApiError(
			response.status,
			typeof error.code === 'string' ? error.code : 'http_error',
			typeof error.message === 'string' ? error.message : \`HTTP \${response.status} from \${method} \${path}\`,
			error.data,
		);
	}
	if (json === undefined) throw new ApiError(response.status, 'invalid_json', \`\${method} \${path} answered something that is not JSON\`, text);
	return json;
}
`;

/** The client's source (one file, `client.ts`). */
export function generateClient(document: ClientDocument): string {
	const all = calls(document);
	const title = document.info?.title ?? 'svc';
	const parts: string[] = [
		`/**\n * Typed client of ${commentText(title)}, generated by \`svc api client\` from the site's OpenAPI document.\n * Do not edit: generate it again after a push that changes a route's arguments.\n */\n/* eslint-disable */\n`,
		RUNTIME,
	];
	for (const call of all) {
		const type = pascal(call.name);
		parts.push(`\n/** Arguments of ${call.verb.toUpperCase()} ${commentText(call.path)}. */\nexport type ${type}Args = ${call.argsType};\n`);
		parts.push(`/** Answer of ${call.verb.toUpperCase()} ${commentText(call.path)}. */\nexport type ${type}Response = ${call.responseType};\n`);
		// The path's text between its {params} is template text; each param is an expression of its own.
		const pathExpression = `\`${call.path
			.split(/(\{[^{}]*\})/)
			.map((piece) => (/^\{[^{}]*\}$/.test(piece) ? `\${encodeURIComponent(String(args[${stringLiteral(piece.slice(1, -1))}]))}` : templateText(piece)))
			.join('')}\``;
		const query = call.queryParams.map((param) => `[${stringLiteral(param.name)}, args[${stringLiteral(param.name)}], ${stringLiteral(param.style)}]`);
		const body =
			call.bodyParams.length === 0
				? 'undefined'
				: `{ ${call.bodyParams.map((name) => `${objectKey(name)}: args[${stringLiteral(name)}]`).join(', ')} }`;
		const summary = [call.summary, `${call.verb.toUpperCase()} ${call.path}${call.isPublic ? ' (public)' : ''}.`].filter((line) => line !== undefined && line !== '');
		const argsName = call.pathParams.length + call.queryParams.length + call.bodyParams.length === 0 ? '_args' : 'args';
		parts.push(
			`/**\n${summary.map((line) => ` * ${commentText(String(line))}`).join('\n')}\n */\n` +
				`export async function ${call.name}(${argsName}: ${type}Args${call.argsOptional ? ' = {}' : ''}, options: ClientOptions): Promise<${type}Response> {\n` +
				(argsName === '_args' ? '' : `\tconst args_ = args as Record<string, unknown>;\n`) +
				`\treturn (await request(options, ${JSON.stringify(call.verb.toUpperCase())}, ${pathExpression.replace(/args\[/g, 'args_[')}, [${query.join(', ').replace(/args\[/g, 'args_[')}], ${body.replace(/args\[/g, 'args_[')})) as ${type}Response;\n}\n`,
		);
	}
	parts.push(
		`\n/** Every function with the options bound: \`const api = createClient({ root, auth }); await api.${all[0]?.name ?? 'getHello'}(…)\`. */\n` +
			`export function createClient(options: ClientOptions) {\n\treturn {\n${all
				.map((call) => `\t\t${call.name}: (args${call.argsOptional ? '?' : ''}: ${pascal(call.name)}Args) => ${call.name}(args${call.argsOptional ? ' ?? {}' : ''}, options),\n`)
				.join('')}\t};\n}\n`,
	);
	return parts.join('');
}
