/**
 * The slice of php-parser's AST the lexical readers (php-contract.ts, php-policies.ts) share: a
 * node, a method's name as PHP compares it, and a declaration's attributes across its groups.
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
