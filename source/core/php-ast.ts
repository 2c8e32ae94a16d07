/**
 * The slice of php-parser's AST the lexical readers (php-lexical.ts, php-permission.ts,
 * php-contract.ts, php-policies.ts) share: a node, a method's name as PHP compares it, a
 * declaration's attributes across its groups, and walking and reading nodes (php-parser's bundled
 * typings are too loose to use).
 */

export interface AstNode {
	readonly kind: string;
	readonly loc?: { readonly start: { readonly line: number } } | null;
	readonly [key: string]: unknown;
}

export function methodName(member: AstNode): string {
	const name = member['name'];
	const text = typeof name === 'string' ? name : (name as { name?: unknown } | null)?.name;
	return typeof text === 'string' ? text.toLowerCase() : '';
}

export function attributesOf(node: AstNode): AstNode[] {
	const groups = Array.isArray(node['attrGroups']) ? (node['attrGroups'] as AstNode[]) : [];
	return groups.flatMap((group) => (Array.isArray(group['attrs']) ? (group['attrs'] as AstNode[]) : []));
}

/** A class's methods that are not private or protected. */
export function publicMethods(classNode: AstNode): AstNode[] {
	return nodeList(classNode['body']).filter(
		(member) => member.kind === 'method' && member['visibility'] !== 'private' && member['visibility'] !== 'protected',
	);
}

/** Visits $node and every node under it, depth first. */
export function walk(node: AstNode, visit: (node: AstNode) => void): void {
	visit(node);
	for (const [key, value] of Object.entries(node)) {
		if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') {
			continue;
		}
		if (Array.isArray(value)) {
			for (const item of value) {
				const child = asNode(item);
				if (child !== undefined) walk(child, visit);
			}
		} else {
			const child = asNode(value);
			if (child !== undefined) walk(child, visit);
		}
	}
}

export function asNode(value: unknown): AstNode | undefined {
	return typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string'
		? (value as AstNode)
		: undefined;
}

export function nodeList(value: unknown): AstNode[] {
	return Array.isArray(value) ? value.flatMap((item) => asNode(item) ?? []) : [];
}

export function identifierName(value: unknown): string | undefined {
	if (typeof value === 'string') {
		return value;
	}
	const name = asNode(value)?.['name'];
	return typeof name === 'string' ? name : undefined;
}
