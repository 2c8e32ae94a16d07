/**
 * The CLI's copy of the plugin's Scanning\PolicyReader check: `#[Cache(maxAge: 300)]` (on get() or
 * the class) and `#[RateLimit(requests: 60, per: 60)]` (on a verb or the class) take decimal integer
 * literals in range, since the site reads them without running the file. Problems are worded as the
 * site words them, each naming its line (test/fixtures/policy-cases.json); the parameters, ranges and
 * places are the descriptors of policy-attributes.ts.
 */

import { attributesOf, methodName, type AstNode } from './php-ast.js';
import { integerRange, isAttributeClass, POLICY_ATTRIBUTES, policyAttribute, type PolicyAttribute, type PolicyName } from './policy-attributes.js';

/** Problems keyed by the attribute's short name, one list per descriptor read here. */
export type PolicyProblems = Partial<Record<PolicyName, string[]>>;

const VERBS = ['get', 'post', 'put', 'patch', 'delete'];

/** The places a descriptor read here may stand, as a misplaced one's problem names them. */
const PLACES: Partial<Record<PolicyAttribute['stands'], string>> = {
	'get-or-class': 'get() or on the class',
	'verb-or-class': 'a verb method (get, post, put, patch, delete) or on the class',
};

/**
 * @param resolve PHP's name resolution of an attribute name as written (imports, namespace).
 */
export function policyProblems(classNode: AstNode, resolve: (written: string) => string): PolicyProblems {
	const body = Array.isArray(classNode['body']) ? (classNode['body'] as AstNode[]) : [];
	const methods = body.filter((member) => member.kind === 'method');
	const verbs = new Set(
		methods
			.filter((member) => member['visibility'] !== 'private' && member['visibility'] !== 'protected')
			.map(methodName)
			.filter((name) => VERBS.includes(name)),
	);
	const targets: [string, AstNode][] = [['the class', classNode], ...methods.map((method): [string, AstNode] => [`${methodName(method)}()`, method])];
	const descriptors = POLICY_ATTRIBUTES.filter((descriptor) => PLACES[descriptor.stands] !== undefined);
	const problems: PolicyProblems = Object.fromEntries(descriptors.map((descriptor) => [descriptor.name, []]));
	for (const [target, node] of targets) {
		for (const descriptor of descriptors) {
			const kind = descriptor.name;
			const found = attributesNamed(node, kind, resolve);
			const told = problems[kind] ?? [];
			found.forEach((attribute, index) => {
				const line = attribute.loc?.start.line ?? 0;
				if (index > 0) {
					told.push(`line ${line}: #[${kind}] is given more than once on ${target}`);
					return;
				}
				const misplaced = misplacedProblem(descriptor, target, verbs, line);
				if (misplaced !== undefined) {
					told.push(misplaced);
					return;
				}
				told.push(...valueProblems(descriptor, `line ${line}: #[${kind}] on ${target}`, attribute));
			});
		}
	}
	return problems;
}

/** The attributes on a class or method that are the descriptor's, as PHP resolves their written names. */
function attributesNamed(node: AstNode, name: PolicyName, resolve: (written: string) => string): AstNode[] {
	return attributesOf(node).filter((item) => typeof item['name'] === 'string' && isAttributeClass(resolve(item['name']), name));
}

function misplacedProblem(descriptor: PolicyAttribute, target: string, verbs: ReadonlySet<string>, line: number): string | undefined {
	if (target === 'the class') return undefined;
	const method = target.slice(0, -2);
	const fits = descriptor.stands === 'get-or-class' ? method === 'get' && verbs.has('get') : verbs.has(method);
	return fits ? undefined : `line ${line}: #[${descriptor.name}] belongs on ${PLACES[descriptor.stands] ?? ''}, not on ${target}`;
}

/**
 * An attribute's arguments bound to its parameters as PHP binds them (by position, or by name), each
 * mistake PHP would make a fatal error of told as a problem: an unknown name, one argument too many,
 * a parameter given twice. `check` is asked about every bound argument, in order, and its problem
 * (if any) takes its place among the others.
 */
function bindArguments(
	label: string,
	attribute: AstNode,
	names: readonly string[],
	check: (name: string, value: AstNode | undefined) => string | undefined,
): { problems: string[]; given: Set<string> } {
	const problems: string[] = [];
	const given = new Set<string>();
	const args = Array.isArray(attribute['args']) ? (attribute['args'] as AstNode[]) : [];
	args.forEach((arg, position) => {
		let name: string;
		let value: AstNode | undefined = arg;
		if (arg.kind === 'namedargument') {
			name = String(arg['name']);
			if (!names.includes(name)) {
				problems.push(`${label} has no parameter ${name}: (its parameters are ${names.map((known) => `${known}:`).join(', ')})`);
				return;
			}
			value = arg['value'] as AstNode | undefined;
		} else if (position >= names.length) {
			problems.push(`${label} takes at most ${names.length} arguments`);
			return;
		} else {
			name = names[position] ?? '';
		}
		if (given.has(name)) {
			problems.push(`${label} gives ${name} twice`);
			return;
		}
		given.add(name);
		const problem = check(name, value);
		if (problem !== undefined) problems.push(problem);
	});
	return { problems, given };
}

function valueProblems(descriptor: PolicyAttribute, label: string, attribute: AstNode): string[] {
	const parameters = Object.entries(descriptor.parameters);
	const { problems, given } = bindArguments(
		label,
		attribute,
		parameters.map(([name]) => name),
		(name, value) => {
			const [min, max] = integerRange(descriptor.name, name);
			return integerLiteral(value, min, max) === undefined
				? `${label}: ${name} must be a whole number from ${min} to ${max}, written as a literal (svc reads it without running the file)`
				: undefined;
		},
	);
	return [...problems, ...parameters.filter(([name, rule]) => rule.required && !given.has(name)).map(([name]) => `${label} needs ${name}`)];
}

/** `0x10`, `1_000`, `-1`, `(300)` or a constant are refused rather than evaluated as PHP would. */
function integerLiteral(node: AstNode | undefined, min: number, max: number): number | undefined {
	if (node?.kind !== 'number' || node['parenthesizedExpression'] === true) return undefined;
	const text = String(node['value']);
	if (!/^(0|[1-9][0-9]{0,9})$/.test(text)) return undefined;
	const value = Number(text);
	return value >= min && value <= max ? value : undefined;
}


/** `every:` takes seconds in this range instead of one of WordPress's own recurrences. */
const [MIN_EVERY, MAX_EVERY] = integerRange('Schedule', 'every');
const recurrence = policyAttribute('Schedule').parameters['recurrence'];
/** WordPress's own recurrences, and as a problem names them. */
const RECURRENCES: readonly string[] = recurrence?.type === 'recurrence' ? recurrence.values : [];
const QUOTED = RECURRENCES.map((name) => `'${name}'`);

/** Methods that answer requests or that PHP or svc call for another purpose. */
const NOT_SCHEDULABLE = new Set([...VERBS, 'headers', 'permission']);

/**
 * The CLI's copy of the plugin's Scanning\ScheduleReader check: `#[Schedule('hourly')]` or
 * `#[Schedule(every: 300)]` on a public method that is not a verb, once, with literal values
 * (test/fixtures/schedule-cases.json).
 */
export function scheduleProblems(classNode: AstNode, resolve: (written: string) => string): string[] {
	const problems = attributesNamed(classNode, 'Schedule', resolve).map(
		(attribute) => `line ${attribute.loc?.start.line ?? 0}: #[Schedule] belongs on a public method of the class, not on the class`,
	);
	const body = Array.isArray(classNode['body']) ? (classNode['body'] as AstNode[]) : [];
	for (const method of body.filter((member) => member.kind === 'method')) {
		const key = methodName(method);
		const target = `${writtenName(method) ?? key}()`;
		attributesNamed(method, 'Schedule', resolve).forEach((attribute, index) => {
			const line = attribute.loc?.start.line ?? 0;
			const visibility = typeof method['visibility'] === 'string' && method['visibility'] !== '' ? method['visibility'] : 'public';
			if (index > 0) {
				problems.push(`line ${line}: #[Schedule] is given more than once on ${target}`);
			} else if (NOT_SCHEDULABLE.has(key) || key.startsWith('__')) {
				problems.push(
					`line ${line}: #[Schedule] belongs on a method of its own, not on ${target} (verbs, headers(), permission() and magic methods have another caller)`,
				);
			} else if (visibility !== 'public') {
				problems.push(`line ${line}: #[Schedule] is on ${target}, which is ${visibility}: WP-Cron can only call a public method`);
			} else {
				problems.push(...scheduleValueProblems(`line ${line}: #[Schedule] on ${target}`, attribute));
			}
		});
	}
	return problems;
}

function writtenName(method: AstNode): string | undefined {
	const name = method['name'];
	const text = typeof name === 'string' ? name : (name as { name?: unknown } | null)?.name;
	return typeof text === 'string' ? text : undefined;
}

function scheduleValueProblems(label: string, attribute: AstNode): string[] {
	const { problems, given } = bindArguments(label, attribute, Object.keys(policyAttribute('Schedule').parameters), (name, value) => {
		if (name === 'every' && integerLiteral(value, MIN_EVERY, MAX_EVERY) === undefined) {
			return `${label}: every must be a whole number of seconds from ${MIN_EVERY} to ${MAX_EVERY}, written as a literal (svc reads it without running the file)`;
		}
		if (name === 'recurrence' && !isRecurrenceLiteral(value)) {
			return `${label}: the recurrence must be ${QUOTED.slice(0, -1).join(', ')} or ${QUOTED.at(-1) ?? ''}, written as a string literal (svc reads it without running the file)`;
		}
		return undefined;
	});
	if (problems.length > 0) return problems;
	if (given.size === 2) return [`${label} takes a recurrence or every:, not both`];
	if (given.size === 0) return [`${label} needs a recurrence (${QUOTED.join(', ')}) or every: seconds`];
	return [];
}

/** A plain quoted string, as written: `'HOURLY'`, a constant or `"{$x}"` are refused rather than evaluated. */
function isRecurrenceLiteral(node: AstNode | undefined): boolean {
	if (node?.kind !== 'string' || node['parenthesizedExpression'] === true) return false;
	const match = /^(['"])([a-z]+)\1$/.exec(String(node['raw']));
	return match !== null && RECURRENCES.includes(match[2] ?? '');
}
