/**
 * The CLI's copy of the plugin's Scanning\SchemaRules: what an `#[Args]` or `#[Returns]` schema may
 * say (WordPress's JSON-Schema vocabulary), worded the same, so `svc api push` refuses locally what
 * the site would refuse (test/fixtures/schema-cases.json runs against both). One difference: a
 * `pattern` is compiled by PHP's PCRE on the site only (JavaScript's regular expressions differ).
 *
 * Values are PHP literals as php-lexical.ts reads them: a PHP list is an array, any other PHP array
 * an object (an empty PHP array is an empty JS array, and counts as both, as in PHP).
 */

export interface SchemaProblem {
	/** JSON pointer into the declared value, e.g. `/id/type`. */
	readonly pointer: string;
	readonly message: string;
}

export const TYPES = ['string', 'integer', 'number', 'boolean', 'array', 'object', 'null'] as const;
export const FORMATS = ['date-time', 'email', 'ip', 'uuid', 'hex-color', 'uri', 'text-field', 'textarea-field'] as const;
export const KEYWORDS = [
	'title',
	'description',
	'default',
	'type',
	'format',
	'enum',
	'items',
	'properties',
	'additionalProperties',
	'patternProperties',
	'minProperties',
	'maxProperties',
	'minimum',
	'maximum',
	'exclusiveMinimum',
	'exclusiveMaximum',
	'multipleOf',
	'minLength',
	'maxLength',
	'pattern',
	'minItems',
	'maxItems',
	'uniqueItems',
	'anyOf',
	'oneOf',
	'required',
] as const;
const COUNTS = ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties'];

type Map = Record<string, unknown>;

const isList = (value: unknown): value is unknown[] => Array.isArray(value);
/** A PHP array that is not a non-empty list. */
const isMap = (value: unknown): value is Map =>
	(typeof value === 'object' && value !== null && !Array.isArray(value)) || (Array.isArray(value) && value.length === 0);
const isNumber = (value: unknown): value is number => typeof value === 'number';
const has = (schema: Map, key: string): boolean => Object.hasOwn(schema, key);
const show = (value: unknown): string => JSON.stringify(value);
const problem = (pointer: string, message: string): SchemaProblem => ({ pointer, message });

export function argsProblems(args: unknown): SchemaProblem[] {
	if (!isMap(args)) {
		return [problem('', "must be an array of parameter name => schema, e.g. ['id' => ['type' => 'integer']]")];
	}
	const problems: SchemaProblem[] = [];
	for (const [name, schema] of Object.entries(args)) {
		if (name.trim() === '' || /^(0|-?[1-9][0-9]*)$/.test(name)) {
			problems.push(problem(`/${name}`, `the parameter name ${/^-?[0-9]+$/.test(name) ? name : show(name)} is not a name; key each schema by its parameter`));
			continue;
		}
		problems.push(...schemaProblems(schema, `/${name}`, true));
	}
	return problems;
}

export function schemaProblems(schema: unknown, pointer = '', top = false): SchemaProblem[] {
	if (!isMap(schema)) {
		return [problem(pointer, "a schema must be an array of keywords, e.g. ['type' => 'string']")];
	}
	const s: Map = Array.isArray(schema) ? {} : schema;
	const problems: SchemaProblem[] = [];
	for (const keyword of Object.keys(s)) {
		if (!(KEYWORDS as readonly string[]).includes(keyword)) problems.push(problem(`${pointer}/${keyword}`, unknownKeyword(keyword)));
	}
	const types = typesOf(s);
	if (has(s, 'type')) {
		problems.push(...typeProblems(s['type'], `${pointer}/type`));
	} else if (!has(s, 'anyOf') && !has(s, 'oneOf') && !isList(s['enum'])) {
		problems.push(problem(pointer, `has no 'type': WordPress validates nothing without one (one of ${TYPES.join(', ')})`));
	}
	if (has(s, 'enum')) {
		const values = s['enum'];
		if (!isList(values) || values.length === 0) {
			problems.push(problem(`${pointer}/enum`, "'enum' must be a non-empty list of the allowed values"));
		} else if (types !== undefined) {
			values.forEach((value, index) => {
				if (!fits(value, types)) problems.push(problem(`${pointer}/enum/${index}`, `the enum value ${show(value)} is not of type ${types.join('|')}`));
			});
		}
	}
	if (has(s, 'default') && types !== undefined && !fits(s['default'], types)) {
		problems.push(problem(`${pointer}/default`, `the default ${show(s['default'])} is not of type ${types.join('|')}`));
	}
	for (const keyword of ['minimum', 'maximum']) {
		if (has(s, keyword) && !isNumber(s[keyword])) problems.push(problem(`${pointer}/${keyword}`, `'${keyword}' must be a number`));
	}
	if (isNumber(s['minimum']) && isNumber(s['maximum']) && s['minimum'] > s['maximum']) {
		problems.push(problem(`${pointer}/minimum`, `'minimum' (${s['minimum']}) is above 'maximum' (${s['maximum']}): no value can pass`));
	}
	for (const [keyword, bound] of [
		['exclusiveMinimum', 'minimum'],
		['exclusiveMaximum', 'maximum'],
	] as const) {
		if (!has(s, keyword)) continue;
		if (typeof s[keyword] !== 'boolean') {
			problems.push(problem(`${pointer}/${keyword}`, `'${keyword}' is a flag in WordPress: write '${bound}' => 5, '${keyword}' => true`));
		} else if (!has(s, bound)) {
			problems.push(problem(`${pointer}/${keyword}`, `'${keyword}' needs '${bound}', the bound it makes exclusive`));
		}
	}
	if (has(s, 'multipleOf') && (!isNumber(s['multipleOf']) || s['multipleOf'] <= 0)) {
		problems.push(problem(`${pointer}/multipleOf`, "'multipleOf' must be a number above 0"));
	}
	for (const keyword of COUNTS) {
		const value = s[keyword];
		if (has(s, keyword) && (!Number.isInteger(value) || (value as number) < 0)) {
			problems.push(problem(`${pointer}/${keyword}`, `'${keyword}' must be a whole number, 0 or more`));
		}
	}
	for (const what of ['Length', 'Items', 'Properties']) {
		const min = s[`min${what}`];
		const max = s[`max${what}`];
		if (Number.isInteger(min) && Number.isInteger(max) && (min as number) > (max as number)) {
			problems.push(problem(`${pointer}/min${what}`, `'min${what}' (${String(min)}) is above 'max${what}' (${String(max)}): no value can pass`));
		}
	}
	if (has(s, 'pattern') && typeof s['pattern'] !== 'string') {
		problems.push(problem(`${pointer}/pattern`, 'a pattern must be a string (a regular expression without delimiters)'));
	}
	if (has(s, 'format') && !(FORMATS as readonly unknown[]).includes(s['format'])) {
		problems.push(problem(`${pointer}/format`, `unknown format ${show(s['format'])}; WordPress knows ${FORMATS.join(', ')}`));
	}
	for (const keyword of ['title', 'description']) {
		if (has(s, keyword) && typeof s[keyword] !== 'string') problems.push(problem(`${pointer}/${keyword}`, `'${keyword}' must be a string`));
	}
	if (has(s, 'uniqueItems') && typeof s['uniqueItems'] !== 'boolean') {
		problems.push(problem(`${pointer}/uniqueItems`, "'uniqueItems' must be true or false"));
	}
	if (has(s, 'required')) {
		const required = s['required'];
		const listed = !top && isList(required) && required.every((name) => typeof name === 'string');
		if (typeof required !== 'boolean' && !listed) {
			problems.push(
				problem(`${pointer}/required`, top ? "'required' must be true or false here" : "'required' must be true or false, or (on an object) a list of property names"),
			);
		}
	}
	if (has(s, 'items')) problems.push(...schemaProblems(s['items'], `${pointer}/items`));
	for (const keyword of ['properties', 'patternProperties']) {
		if (!has(s, keyword)) continue;
		const properties = s[keyword];
		if (!isMap(properties)) {
			problems.push(problem(`${pointer}/${keyword}`, `'${keyword}' must be an array of name => schema`));
			continue;
		}
		for (const [name, property] of Object.entries(Array.isArray(properties) ? {} : properties)) {
			problems.push(...schemaProblems(property, `${pointer}/${keyword}/${name}`));
		}
	}
	if (has(s, 'additionalProperties') && typeof s['additionalProperties'] !== 'boolean') {
		problems.push(...schemaProblems(s['additionalProperties'], `${pointer}/additionalProperties`));
	}
	for (const keyword of ['anyOf', 'oneOf']) {
		if (!has(s, keyword)) continue;
		const options = s[keyword];
		if (!isList(options) || options.length === 0) {
			problems.push(problem(`${pointer}/${keyword}`, `'${keyword}' must be a non-empty list of schemas`));
			continue;
		}
		options.forEach((option, index) => problems.push(...schemaProblems(option, `${pointer}/${keyword}/${index}`)));
	}
	return problems;
}

function typesOf(schema: Map): string[] | undefined {
	const type = schema['type'];
	if (typeof type === 'string') return [type];
	if (isList(type)) return type.filter((item): item is string => typeof item === 'string');
	return undefined;
}

/** The JSON type of a literal as a schema names it (a whole number is an integer). */
function typeOf(value: unknown): string {
	if (value === null) return 'null';
	if (typeof value === 'boolean') return 'boolean';
	if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
	if (typeof value === 'string') return 'string';
	return isList(value) ? 'array' : 'object';
}

function fits(value: unknown, types: readonly string[]): boolean {
	const type = typeOf(value);
	if (types.includes(type)) return true;
	if (type === 'integer' && types.includes('number')) return true;
	return isList(value) && value.length === 0 && types.includes('object');
}

function typeProblems(type: unknown, pointer: string): SchemaProblem[] {
	if ((isList(type) && type.length === 0) || (!isList(type) && typeof type === 'object' && type !== null)) {
		return [problem(pointer, "'type' must be a type name or a non-empty list of them")];
	}
	const problems: SchemaProblem[] = [];
	for (const one of isList(type) ? type : [type]) {
		if (typeof one !== 'string' || !(TYPES as readonly string[]).includes(one)) {
			const hint = typeof one === 'string' ? closest(one, TYPES) : undefined;
			problems.push(problem(pointer, `unknown type ${show(one)}${hint === undefined ? '' : ` (did you mean "${hint}"?)`}; WordPress knows ${TYPES.join(', ')}`));
		}
	}
	return problems;
}

function unknownKeyword(keyword: string): string {
	const hint = closest(keyword, KEYWORDS);
	return hint === undefined
		? `unknown keyword "${keyword}"; WordPress validates with ${KEYWORDS.join(', ')}`
		: `unknown keyword "${keyword}" (did you mean "${hint}"?)`;
}

function closest(word: string, known: readonly string[]): string | undefined {
	let best: string | undefined;
	let cost = 3;
	for (const candidate of known) {
		const distance = levenshtein(word.toLowerCase(), candidate.toLowerCase());
		if (distance < cost) {
			best = candidate;
			cost = distance;
		}
	}
	return best;
}

function levenshtein(a: string, b: string): number {
	let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
	for (let i = 1; i <= a.length; i++) {
		const current = [i];
		for (let j = 1; j <= b.length; j++) {
			current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
		}
		previous = current;
	}
	return previous[b.length] ?? 0;
}
