/**
 * Permission attributes as PHP reads them, in the scope of the class that carries them (its
 * namespace and imports): which verbs `#[Permission(public: true)]` opens, and the attributes svc
 * cannot read as PHP would (the site's ScanResult::permission_faults() and PermissionArguments, in
 * the same words). Part of the lexical checks (php-lexical.ts).
 */
import type { HttpVerb } from './http-verbs.js';
import { asNode, identifierName, nodeList, publicMethods, type AstNode } from './php-ast.js';

const PERMISSION_ATTRIBUTE = 'svc\\api\\attribute\\permission';

/** A named class with the names it sees: its namespace and the imports written before it. */
export interface ClassScope {
	readonly node: AstNode;
	readonly fqcn: string;
	readonly namespace: string;
	readonly imports: ReadonlyMap<string, string>;
}

/** PHP's name resolution for a class name as written in the file. */
export function resolveClassName(written: string, scope: ClassScope): string {
	if (written.startsWith('\\')) {
		return written.slice(1);
	}
	const inCurrent = (name: string): string => (scope.namespace === '' ? name : `${scope.namespace}\\${name}`);
	if (/^namespace\\/i.test(written)) {
		return inCurrent(written.slice('namespace\\'.length));
	}
	const [first = '', ...rest] = written.split('\\');
	const imported = scope.imports.get(first.toLowerCase());
	if (imported !== undefined) {
		return [imported, ...rest].join('\\');
	}
	return inCurrent(written);
}

/**
 * The resolution order of docs/rules.md: the method's own Permission attribute wins over the
 * class's. Like PHP's reflection (and the site's Authorizer), only the first one found counts.
 */
export function isVerbPublic(scope: ClassScope, verb: HttpVerb): boolean {
	const method = publicMethods(scope.node).find(
		(member) => identifierName(member['name'])?.toLowerCase() === verb.toLowerCase(),
	);
	const permission = permissionAttributes(method, scope)[0] ?? permissionAttributes(scope.node, scope)[0];
	return permission !== undefined && publicLiteral(publicArgument(permission)) === true;
}

function permissionAttributes(node: AstNode | undefined, scope: ClassScope): AstNode[] {
	if (node === undefined) {
		return [];
	}
	return nodeList(node['attrGroups'])
		.flatMap((group) => nodeList(group['attrs']))
		.filter(
			(attribute) =>
				typeof attribute['name'] === 'string' &&
				resolveClassName(attribute['name'], scope).toLowerCase() === PERMISSION_ATTRIBUTE,
		);
}

/** The `public` argument: named, else the first positional one (the last given, as PHP would bind it). */
function publicArgument(attribute: AstNode): AstNode | undefined {
	const args = nodeList(attribute['args']);
	const named = args.find((arg) => arg.kind === 'namedargument' && arg['name'] === 'public');
	return named === undefined ? positionalFirst(args) : asNode(named['value']);
}

/** How many times `public` is given (PHP throws when it is given twice). */
function publicCount(attribute: AstNode): number {
	const args = nodeList(attribute['args']);
	const named = args.filter((arg) => arg.kind === 'namedargument' && arg['name'] === 'public').length;
	return named + (positionalFirst(args) === undefined ? 0 : 1);
}

/**
 * true or false for the literal (any case, `\true` too), false with no value, undefined for
 * anything else: `1`, `'0'`, `!false`, `(true)` or a constant are refused, not guessed at, since
 * PHP's reading of them depends on coercion rules svc would have to repeat exactly.
 */
function publicLiteral(value: AstNode | undefined): boolean | undefined {
	if (value === undefined) {
		return false;
	}
	if (value['parenthesizedExpression'] === true) {
		return undefined;
	}
	if (value.kind === 'boolean' && typeof value['value'] === 'boolean') {
		return value['value'];
	}
	const name = value.kind === 'name' && typeof value['name'] === 'string' ? value['name'].toLowerCase() : '';
	return name === '\\true' ? true : name === '\\false' ? false : undefined;
}

/**
 * Permission attributes svc cannot read as PHP would (the site's ScanResult::permission_faults(),
 * in the same words): a `public` that is not the literal true or false, `public` given twice, the
 * attribute twice on one declaration.
 */
export function permissionFaults(scope: ClassScope, source: string): string[] {
	const methods = nodeList(scope.node['body']).filter((member) => member.kind === 'method');
	const targets: [string, AstNode][] = [
		['the class', scope.node],
		...methods.map((method): [string, AstNode] => [`${(identifierName(method['name']) ?? '').toLowerCase()}()`, method]),
	];
	const faults: string[] = [];
	for (const [target, node] of targets) {
		permissionAttributes(node, scope).forEach((attribute, index) => {
			const line = lineOf(attribute);
			if (index > 0) {
				faults.push(`line ${line}: #[Permission] is given more than once on ${target}; PHP would throw instead of checking the caller`);
			}
			const value = publicArgument(attribute);
			if (publicCount(attribute) > 1) {
				faults.push(`line ${line}: #[Permission] on ${target} gives public twice (by position and by name); PHP would throw instead of checking the caller`);
			} else if (publicLiteral(value) === undefined) {
				faults.push(
					`line ${line}: #[Permission] on ${target} has public: ${written(value, source)}, which is not true or false; svc reads who may call a route without running the file, so public takes only the literal true or false`,
				);
			}
		});
	}
	return faults;
}

function lineOf(node: AstNode): number {
	const loc = node['loc'] as { start?: { line?: unknown } } | undefined;
	return typeof loc?.start?.line === 'number' ? loc.start.line : 0;
}

/** The value as the author wrote it, short enough to quote in a refusal. */
function written(value: AstNode | undefined, source: string): string {
	const loc = value?.['loc'] as { start?: { offset?: unknown }; end?: { offset?: unknown } } | undefined;
	if (typeof loc?.start?.offset !== 'number' || typeof loc.end?.offset !== 'number') {
		return '(an expression)';
	}
	let start = loc.start.offset;
	let end = loc.end.offset;
	// php-parser's position leaves out the parentheses of `(true)`; the site quotes them.
	if (value?.['parenthesizedExpression'] === true) {
		const open = source.lastIndexOf('(', start - 1);
		const close = source.indexOf(')', end);
		if (open >= 0 && source.slice(open + 1, start).trim() === '') start = open;
		if (close >= 0 && source.slice(end, close).trim() === '') end = close + 1;
	}
	const text = source.slice(start, end).replace(/\s+/g, ' ');
	return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

const PERMISSION_PARAMETERS = new Set(['public', 'capability', 'callback']);

/**
 * Named arguments of Permission attributes (on the class or any method) it has no parameter for:
 * PHP names are case-sensitive, so `PUBLIC: true` throws when the attribute is instantiated.
 */
export function unknownPermissionArguments(scope: ClassScope): string[] {
	const methods = nodeList(scope.node['body']).filter((member) => member.kind === 'method');
	const unknown = new Set<string>();
	for (const attribute of [scope.node, ...methods].flatMap((node) => permissionAttributes(node, scope))) {
		for (const arg of nodeList(attribute['args'])) {
			if (arg.kind === 'namedargument' && typeof arg['name'] === 'string' && !PERMISSION_PARAMETERS.has(arg['name'])) {
				unknown.add(arg['name']);
			}
		}
	}
	return [...unknown];
}

function positionalFirst(args: readonly AstNode[]): AstNode | undefined {
	const first = args[0];
	return first === undefined || first.kind === 'namedargument' ? undefined : first;
}
