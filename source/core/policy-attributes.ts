/**
 * The CLI's copy of the plugin's Scanning\PolicyAttributes: #[Cache], #[RateLimit] and #[Schedule],
 * one descriptor each (parameters and ranges, where it may stand, refusal code, manifest and listing
 * keys, OpenAPI statuses). php-policies.ts and php-lexical.ts iterate it; both halves are checked
 * against test/fixtures/policy-attributes.json (policy-attributes.test.ts, PolicyAttributesTest.php).
 */

export interface IntegerParameter {
	readonly type: 'integer';
	readonly min: number;
	readonly max: number;
	readonly required: boolean;
}

export interface RecurrenceParameter {
	readonly type: 'recurrence';
	readonly values: readonly string[];
	readonly required: boolean;
}

export type PolicyName = 'Cache' | 'RateLimit' | 'Schedule';

export interface PolicyAttribute {
	readonly name: PolicyName;
	/** In PHP's positional order. */
	readonly parameters: Readonly<Record<string, IntegerParameter | RecurrenceParameter>>;
	readonly stands: 'get-or-class' | 'verb-or-class' | 'own-method';
	readonly code: 'svc_bad_cache' | 'svc_bad_rate_limit' | 'svc_bad_schedule';
	readonly entry: string;
	readonly listing: string;
	readonly openapi: readonly number[];
}

const YEAR = 31536000;

/** In the order their problems are told. */
export const POLICY_ATTRIBUTES: readonly PolicyAttribute[] = [
	{
		name: 'Cache',
		parameters: {
			maxAge: { type: 'integer', min: 0, max: YEAR, required: true },
			staleWhileRevalidate: { type: 'integer', min: 0, max: YEAR, required: false },
		},
		stands: 'get-or-class',
		code: 'svc_bad_cache',
		entry: 'cache',
		listing: 'cache',
		openapi: [304],
	},
	{
		name: 'RateLimit',
		parameters: {
			requests: { type: 'integer', min: 1, max: 1000000, required: true },
			per: { type: 'integer', min: 1, max: 86400, required: true },
		},
		stands: 'verb-or-class',
		code: 'svc_bad_rate_limit',
		entry: 'rate',
		listing: 'rate_limits',
		openapi: [429],
	},
	{
		name: 'Schedule',
		parameters: {
			recurrence: { type: 'recurrence', values: ['hourly', 'twicedaily', 'daily', 'weekly'], required: false },
			every: { type: 'integer', min: 60, max: YEAR, required: false },
		},
		stands: 'own-method',
		code: 'svc_bad_schedule',
		entry: 'schedules',
		listing: 'schedules',
		openapi: [],
	},
];

/** Where every attribute of svc lives (PolicyAttributes::NAMESPACE_PREFIX); a descriptor names its class by its short name. */
export const NAMESPACE_PREFIX = 'Svc\\Api\\Attribute\\';

/** Whether an attribute name, resolved as PHP resolves it, is the descriptor's class (PHP's class names ignore case). */
export function isAttributeClass(resolved: string, name: PolicyName): boolean {
	return resolved.toLowerCase() === `${NAMESPACE_PREFIX}${name}`.toLowerCase();
}

export function policyAttribute(name: PolicyName): PolicyAttribute {
	const found = POLICY_ATTRIBUTES.find((descriptor) => descriptor.name === name);
	if (found === undefined) throw new Error(`no policy attribute ${name}`);
	return found;
}

/** An integer parameter's range, [min, max]. */
export function integerRange(name: PolicyName, parameter: string): [number, number] {
	const rule = policyAttribute(name).parameters[parameter];
	return rule?.type === 'integer' ? [rule.min, rule.max] : [0, 0];
}
