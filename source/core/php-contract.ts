/**
 * The CLI's copy of the plugin's Scanning\ContractReader check: `#[Args]` and `#[Returns]` on a
 * route class and its verbs must be PHP literals (the site reads them without running the file) and
 * valid schemas (schema-rules.ts). Problems are worded as the site words them, each naming its line.
 */
import { attributesOf, methodName, type AstNode } from './php-ast.js';
import { argsProblems, schemaProblems } from './schema-rules.js';

const ARGS = 'svc\\api\\attribute\\args';
const RETURNS = 'svc\\api\\attribute\\returns';
const VERBS = ['get', 'post', 'put', 'patch', 'delete'];

class NotLiteral extends Error {
	constructor(
		message: string,
		readonly line: number,
	) {
		super(message);
	}
}

interface Read {
	readonly value: unknown;
	readonly lines: ReadonlyMap<string, number>;
}

/**
 * @param resolve PHP's name resolution of an attribute name as written (imports, namespace).
 */
export function contractProblems(classNode: AstNode, resolve: (written: string) => string): string[] {
	const problems: string[] = [];
	// As the site: the first #[Args], then the first #[Returns], of each place.
	const check = (node: AstNode, where: string): void => {
		for (const name of [ARGS, RETURNS]) {
			const attribute = attributesOf(node).find((item) => typeof item['name'] === 'string' && resolve(item['name']).toLowerCase() === name);
			if (attribute === undefined) continue;
			const label = `#[${name === ARGS ? 'Args' : 'Returns'}] on ${where}`;
			const line = lineOf(attribute);
			try {
				const read = argument(attribute, name === ARGS ? 'args' : 'schema', line);
				const found = name === ARGS ? argsProblems(read.value) : schemaProblems(read.value);
				for (const problem of found) {
					const at = problem.pointer === '' ? '' : ` at "${problem.pointer.replace(/^\//, '').replace(/\//g, '.')}"`;
					problems.push(`line ${lineAt(problem.pointer, read.lines, line)}: ${label}${at}: ${problem.message}`);
				}
			} catch (error) {
				if (!(error instanceof NotLiteral)) throw error;
				problems.push(`line ${error.line}: ${label}: ${error.message}`);
			}
		}
	};
	check(classNode, 'the class');
	const body = Array.isArray(classNode['body']) ? (classNode['body'] as AstNode[]) : [];
	const verbs = new Set(
		body
			.filter((member) => member.kind === 'method' && member['visibility'] !== 'private' && member['visibility'] !== 'protected')
			.map((member) => methodName(member)),
	);
	for (const member of body) {
		if (member.kind !== 'method') continue;
		const name = methodName(member);
		if (VERBS.includes(name) && verbs.has(name)) {
			check(member, `${name}()`);
		} else if (attributesOf(member).some((attribute) => [ARGS, RETURNS].includes(typeof attribute['name'] === 'string' ? resolve(attribute['name']).toLowerCase() : ''))) {
			problems.push(`#[Args] and #[Returns] belong on a public verb method (get, post, put, patch, delete), not on ${name}()`);
		}
	}
	return problems;
}


/** The line of the value at the pointer, or of the nearest enclosing one. */
function lineAt(pointer: string, lines: ReadonlyMap<string, number>, fallback: number): number {
	for (let at = pointer; ; at = at.slice(0, Math.max(0, at.lastIndexOf('/')))) {
		const line = lines.get(at);
		if (line !== undefined) return line;
		if (at === '') return fallback;
	}
}

function lineOf(node: AstNode | undefined): number {
	return node?.loc?.start.line ?? 0;
}

function argument(attribute: AstNode, parameter: string, line: number): Read {
	const args = Array.isArray(attribute['args']) ? (attribute['args'] as AstNode[]) : [];
	if (args.length !== 1) {
		throw new NotLiteral(`takes exactly one argument, the schema array; found ${args.length}`, line);
	}
	let value = args[0] as AstNode;
	if (value.kind === 'namedargument') {
		if (value['name'] !== parameter) {
			throw new NotLiteral(`has no parameter "${String(value['name'])}"; its one parameter is "${parameter}"`, lineOf(value));
		}
		value = value['value'] as AstNode;
	}
	const lines = new Map<string, number>();
	return { value: literal(value, '', lines), lines };
}

function literal(node: AstNode, pointer: string, lines: Map<string, number>): unknown {
	lines.set(pointer, lineOf(node));
	switch (node.kind) {
		case 'string':
			return node['value'];
		case 'number':
			return phpNumber(String(node['value']));
		case 'boolean':
			return node['value'] === true;
		case 'nullkeyword':
			return null;
		case 'unary': {
			const what = node['what'] as AstNode | undefined;
			if ((node['type'] === '-' || node['type'] === '+') && what?.kind === 'number') {
				const number = phpNumber(String(what['value']));
				return node['type'] === '-' ? -number : number;
			}
			break;
		}
		case 'name': {
			const name = String(node['name']).replace(/^\\/, '').toLowerCase();
			if (name === 'true' || name === 'false') return name === 'true';
			if (name === 'null') return null;
			break;
		}
		case 'array':
			return phpArray(node, pointer, lines);
	}
	throw new NotLiteral(`only literal values (strings, numbers, true, false, null, arrays) can be read without running the file; found "${describe(node)}"`, lineOf(node));
}

/** A PHP list as an array, any other PHP array as an object (keys in PHP's order). */
function phpArray(node: AstNode, pointer: string, lines: Map<string, number>): unknown {
	const entries: [string | number, unknown][] = [];
	let next = 0;
	for (const item of (node['items'] as AstNode[] | undefined) ?? []) {
		const entry = item.kind === 'entry' ? item : ({ kind: 'entry', key: null, value: item } as AstNode);
		if (entry['unpack'] === true || entry['byRef'] === true) {
			throw new NotLiteral('only literal values (strings, numbers, true, false, null, arrays) can be read without running the file; found "..."', lineOf(item));
		}
		const keyNode = entry['key'] as AstNode | null | undefined;
		let key: string | number;
		if (keyNode === null || keyNode === undefined) {
			key = next;
		} else {
			const written = literal(keyNode, `${pointer}/${next}`, lines);
			if (typeof written !== 'string' && typeof written !== 'number') {
				throw new NotLiteral('an array key must be a string or an integer', lineOf(keyNode));
			}
			// PHP makes an integer of a decimal integer string key.
			key = typeof written === 'string' && /^(0|-?[1-9][0-9]*)$/.test(written) ? Number(written) : typeof written === 'number' ? Math.trunc(written) : written;
			lines.set(`${pointer}/${key}`, lineOf(keyNode));
		}
		const value = literal(entry['value'] as AstNode, `${pointer}/${key}`, lines);
		const index = entries.findIndex(([existing]) => existing === key);
		if (index >= 0) entries[index] = [key, value];
		else entries.push([key, value]);
		if (typeof key === 'number') next = Math.max(next, key + 1);
	}
	const isList = entries.every(([key], index) => key === index);
	return isList ? entries.map(([, value]) => value) : Object.fromEntries(entries.map(([key, value]) => [String(key), value]));
}

function phpNumber(text: string): number {
	const digits = text.replace(/_/g, '').toLowerCase();
	if (/^0[0-7]+$/.test(digits)) return Number.parseInt(digits, 8);
	return Number(digits);
}

function describe(node: AstNode): string {
	const name = node['name'];
	if (node.kind === 'name' && typeof name === 'string') return name;
	if (node.kind === 'variable' && typeof name === 'string') return `$${name}`;
	if (node.kind === 'call') return describe(node['what'] as AstNode);
	if (node.kind === 'staticlookup' || node.kind === 'classconstant') return describe(node['what'] as AstNode);
	if (node.kind === 'selfreference') return 'self';
	if (node.kind === 'bin') return String(node['type']);
	return node.kind;
}
