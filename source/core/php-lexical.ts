/**
 * The local, lexical checks of a route file (docs/rules.md, push-time checks 1 and 2, and
 * public detection). The file is parsed, never run. The site repeats these checks and its `php -l` is
 * authoritative for syntax: php-parser may lag behind the PHP version the site runs.
 */
import { requireCjs } from './require-cjs.js';
import type { Engine } from 'php-parser';
import { contractProblems } from './php-contract.js';
import { policyProblems, scheduleProblems } from './php-policies.js';
import { POLICY_ATTRIBUTES, type PolicyAttribute } from './policy-attributes.js';
import { HTTP_VERBS, type HttpVerb } from './http-verbs.js';
import { asNode, identifierName, nodeList, publicMethods, walk, type AstNode } from './php-ast.js';
import { isVerbPublic, permissionFaults, resolveClassName, unknownPermissionArguments, type ClassScope } from './php-permission.js';

export { HTTP_VERBS, type HttpVerb };

/** The site's codes for the checks both halves run (plugin/src/Validation), so a program branches on one word. */
export type ProblemCode =
	| 'svc_strict_types'
	| 'svc_syntax_error'
	| 'svc_class_count'
	| 'svc_bad_permission'
	| 'svc_bad_schema'
	| PolicyAttribute['code'];

export interface CodedProblem {
	readonly code: ProblemCode;
	readonly message: string;
}

export interface SyntaxProblem {
	readonly line: number;
	readonly message: string;
}

export interface RouteSourceCheck {
	/** Occurrences of `declare(strict_types=1);` in the raw text, comments and strings included. */
	readonly strictTypesCount: number;
	/** Fully qualified names of the named classes the file declares. */
	readonly classes: readonly string[];
	/** Verbs the class implements as public methods, in GET, POST, PUT, PATCH, DELETE order. */
	readonly verbs: readonly HttpVerb[];
	/** The subset of `verbs` that `#[Permission(public: true)]` opens to anyone, however the attribute's name is written. */
	readonly publicVerbs: readonly HttpVerb[];
	readonly isPublic: boolean;
	/** Every failed check, as a sentence; empty when the file passes. */
	readonly errors: readonly string[];
	/** The same failures with the code the site gives each (`svc_strict_types`…), in the same order. */
	readonly problems: readonly CodedProblem[];
	/**
	 * Set when php-parser could not parse the file; its message is also in `errors`. Kept apart
	 * because the site's `php -l` is authoritative: a caller may prefer to let the site judge.
	 */
	readonly syntaxError?: SyntaxProblem;
}

// Whitespace may vary inside the statement, and PHP keywords are case-insensitive.
const STRICT_TYPES = /declare\s*\(\s*strict_types\s*=\s*1\s*\)\s*;/gi;

let engine: Engine | undefined;

/**
 * php-parser (a large CommonJS module) loads with the first file to parse, not with this module:
 * `--help`, a missing api/ folder or "no site selected" never need it. require keeps parsing
 * synchronous.
 */
function phpParser(): Engine {
	if (engine === undefined) {
		const { Engine: PhpEngine } = requireCjs<typeof import('php-parser')>('php-parser');
		engine = new PhpEngine({
			parser: { php8: true, extractDoc: true },
			ast: { withPositions: true },
		});
	}
	return engine;
}

export function countStrictTypes(source: string): number {
	return source.match(STRICT_TYPES)?.length ?? 0;
}

export function checkRouteSource(source: string): RouteSourceCheck {
	const strictTypesCount = countStrictTypes(source);
	const problems: CodedProblem[] = [];
	const errors: string[] = [];
	const add = (code: ProblemCode, message: string) => {
		problems.push({ code, message });
		errors.push(message);
	};
	const countProblem = strictTypesCountProblem(strictTypesCount);
	if (countProblem !== undefined) {
		add('svc_strict_types', countProblem);
	}

	let program: AstNode;
	try {
		program = phpParser().parseCode(source, 'route.php') as unknown as AstNode;
	} catch (error) {
		const syntaxError = describeSyntaxError(error);
		add('svc_syntax_error', `syntax error on line ${syntaxError.line}: ${syntaxError.message}`);
		return { strictTypesCount, classes: [], verbs: [], publicVerbs: [], isPublic: false, errors, problems, syntaxError };
	}

	if (strictTypesCount === 1) {
		const statementProblem = strictTypesStatementProblem(program, source);
		if (statementProblem !== undefined) {
			add('svc_strict_types', statementProblem);
		}
	}

	const scopes = collectClasses(program);
	const classes = scopes.map((scope) => scope.fqcn);
	if (classes.length === 0) {
		add('svc_class_count', 'declares no class; a route file declares exactly one class');
	} else if (classes.length > 1) {
		add('svc_class_count', `declares ${classes.length} classes (${classes.join(', ')}); a route file declares exactly one class`);
	}

	const only = scopes.length === 1 ? scopes[0] : undefined;
	if (only !== undefined) {
		// One problem, as the site gives one svc_bad_permission for all of them.
		const permission = permissionFaults(only, source);
		const unknown = unknownPermissionArguments(only);
		if (unknown.length > 0) {
			const names = unknown.map((name) => `${name}:`).join(', ');
			permission.unshift(
				`the Permission attribute has no parameter ${names} (names are case-sensitive: public:, capability:, callback:); PHP would throw instead of checking the caller`,
			);
		}
		if (permission.length > 0) {
			add('svc_bad_permission', permission.join('; '));
		}
	}
	if (only !== undefined) {
		const schemaProblems = contractProblems(only.node, (written) => resolveClassName(written, only));
		if (schemaProblems.length > 0) {
			add('svc_bad_schema', `invalid schema: ${schemaProblems.join('; ')}`);
		}
		const policies = policyProblems(only.node, (written) => resolveClassName(written, only));
		policies.Schedule = scheduleProblems(only.node, (written) => resolveClassName(written, only));
		for (const descriptor of POLICY_ATTRIBUTES) {
			const found = policies[descriptor.name] ?? [];
			if (found.length > 0) {
				add(descriptor.code, `invalid #[${descriptor.name}]: ${found.join('; ')}`);
			}
		}
	}
	const verbs = only === undefined ? [] : verbMethods(only.node);
	const publicVerbs = only === undefined ? [] : verbs.filter((verb) => isVerbPublic(only, verb));
	return { strictTypesCount, classes, verbs, publicVerbs, isPublic: publicVerbs.length > 0, errors, problems };
}

function strictTypesCountProblem(count: number): string | undefined {
	if (count === 0) {
		return 'declare(strict_types=1); is missing; a route file declares it exactly once, as its first statement';
	}
	if (count > 1) {
		return `declare(strict_types=1); appears ${count} times (comments and strings count too); it must appear exactly once`;
	}
	return undefined;
}

/** With exactly one textual occurrence: is it a real statement, where PHP requires it? */
function strictTypesStatementProblem(program: AstNode, source: string): string | undefined {
	const first = nodeList(program['children'])[0];
	if (first !== undefined && isStrictTypesDeclare(first)) {
		return undefined;
	}
	let isStatement = false;
	walk(program, (node) => {
		isStatement ||= isStrictTypesDeclare(node);
	});
	if (!isStatement) {
		return 'declare(strict_types=1); appears only in a comment or string; it must be a real statement';
	}
	const bom = source.startsWith('\uFEFF') ? ' (the file starts with a byte-order mark, which PHP outputs before it)' : '';
	return `declare(strict_types=1); must be the very first statement of the file${bom}`;
}

function isStrictTypesDeclare(node: AstNode): boolean {
	if (node.kind !== 'declare') {
		return false;
	}
	return nodeList(node['directives']).some((directive) => {
		const key = asNode(directive['key']);
		const value = asNode(directive['value']);
		return (
			typeof key?.['name'] === 'string' &&
			key['name'].toLowerCase() === 'strict_types' &&
			value?.kind === 'number' &&
			value['value'] === '1'
		);
	});
}

function describeSyntaxError(error: unknown): SyntaxProblem {
	const raw = error instanceof Error ? error.message : String(error);
	const lineNumber = (error as { lineNumber?: unknown } | null)?.lineNumber;
	const line = typeof lineNumber === 'number' ? lineNumber : Number(/on line (\d+)/.exec(raw)?.[1] ?? 0);
	const message = raw.replace(/^Parse Error\s*:\s*/i, '').replace(/\s+on line \d+\s*$/, '');
	return { line, message };
}

/**
 * Every named class, wherever it is declared (PHP also declares classes inside functions and
 * conditionals). Anonymous classes and `Foo::class` are not declarations. Each class sees the
 * imports written before it in its namespace, as PHP compiles it.
 */
function collectClasses(program: AstNode): ClassScope[] {
	const found: ClassScope[] = [];
	const inNamespace = (namespace: string, statements: readonly AstNode[]) => {
		const imports = new Map<string, string>();
		for (const statement of statements) {
			if (statement.kind === 'usegroup') {
				addImports(imports, statement);
			} else {
				const snapshot = new Map(imports);
				walk(statement, (node) => addClass(found, node, namespace, snapshot));
			}
		}
	};
	const global: AstNode[] = [];
	for (const child of nodeList(program['children'])) {
		if (child.kind === 'namespace') {
			inNamespace(namespaceName(child['name']), nodeList(child['children']));
		} else {
			global.push(child);
		}
	}
	inNamespace('', global);
	return found;
}

/** `namespace A\B;` gives a string; php-parser names the global `namespace { }` `[""]`. */
function namespaceName(name: unknown): string {
	return typeof name === 'string' ? name.replace(/^\\/, '') : '';
}

function addClass(found: ClassScope[], node: AstNode, namespace: string, imports: ReadonlyMap<string, string>): void {
	if (node.kind !== 'class' || node['isAnonymous'] === true) {
		return;
	}
	const name = identifierName(node['name']);
	if (name === undefined) {
		return;
	}
	found.push({ node, fqcn: namespace === '' ? name : `${namespace}\\${name}`, namespace, imports });
}

/**
 * Adds a `use` statement's class imports by local name (lowercased: PHP class names are
 * case-insensitive): aliased (`use A\B as C`, `use Svc\Api\Attribute as A`) or not, grouped or
 * not. Function and constant imports, whole statements or items of a mixed group, name no class.
 */
function addImports(imports: Map<string, string>, statement: AstNode): void {
	if (statement['type'] !== null && statement['type'] !== undefined) {
		return;
	}
	const prefix = typeof statement['name'] === 'string' ? `${statement['name']}\\` : '';
	for (const item of nodeList(statement['items'])) {
		if ((item['type'] !== null && item['type'] !== undefined) || typeof item['name'] !== 'string') {
			continue;
		}
		const name = `${prefix}${item['name']}`.replace(/^\\/, '');
		const alias = identifierName(item['alias']) ?? name.split('\\').pop() ?? name;
		imports.set(alias.toLowerCase(), name);
	}
}

function verbMethods(classNode: AstNode): HttpVerb[] {
	const names = new Set(publicMethods(classNode).map((method) => identifierName(method['name'])?.toLowerCase()));
	return HTTP_VERBS.filter((verb) => names.has(verb.toLowerCase()));
}

