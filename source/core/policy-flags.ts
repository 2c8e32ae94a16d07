import { integerRange, policyAttribute } from './policy-attributes.js';

/**
 * `svc api new`'s `--cache 300`, `--rate-limit 60/60` and `--schedule hourly` / `every:300`: read
 * into what route-scaffold.ts writes, with the ranges the site checks (the descriptors of
 * policy-attributes.ts: a scaffold must pass every push-time check), or why the value is wrong. Pure.
 */

export interface RateLimitFlag {
	readonly requests: number;
	readonly per: number;
}

type ScheduleRecurrence = 'hourly' | 'twicedaily' | 'daily' | 'weekly';

/** `hourly`, `twicedaily`, `daily`, `weekly`, or `every` seconds. */
export type ScheduleFlag = { readonly recurrence: ScheduleRecurrence } | { readonly every: number };

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

const recurrence = policyAttribute('Schedule').parameters['recurrence'];
const RECURRENCES: readonly string[] = recurrence?.type === 'recurrence' ? recurrence.values : [];

export function parseCacheFlag(text: string): Parsed<number> {
	const [min, max] = integerRange('Cache', 'maxAge');
	const value = wholeNumber(text, min, max);
	return value === undefined
		? { ok: false, message: `--cache ${JSON.stringify(text)} is not a max-age in seconds from ${min} to ${max}, e.g. --cache 300` }
		: { ok: true, value };
}

export function parseRateLimitFlag(text: string): Parsed<RateLimitFlag> {
	const [requests, per, extra] = text.split('/');
	const [minCount, maxCount] = integerRange('RateLimit', 'requests');
	const [minPer, maxPer] = integerRange('RateLimit', 'per');
	const count = wholeNumber(requests ?? '', minCount, maxCount);
	const window = wholeNumber(per ?? '', minPer, maxPer);
	if (extra !== undefined || count === undefined || window === undefined) {
		return {
			ok: false,
			message: `--rate-limit ${JSON.stringify(text)} is not requests/seconds (${minCount} to ${maxCount} requests per ${minPer} to ${maxPer} seconds), e.g. --rate-limit 60/60`,
		};
	}
	return { ok: true, value: { requests: count, per: window } };
}

export function parseScheduleFlag(text: string): Parsed<ScheduleFlag> {
	const named = RECURRENCES.find((name) => name === text);
	if (named !== undefined) return { ok: true, value: { recurrence: named as ScheduleRecurrence } };
	const every = /^every:(.*)$/.exec(text);
	const [min, max] = integerRange('Schedule', 'every');
	const seconds = every === null ? undefined : wholeNumber(every[1] ?? '', min, max);
	if (seconds !== undefined) return { ok: true, value: { every: seconds } };
	return {
		ok: false,
		message:
			every === null
				? `--schedule ${JSON.stringify(text)} is not ${RECURRENCES.join(', ')} or every:SECONDS, e.g. --schedule hourly or --schedule every:300`
				: `--schedule ${JSON.stringify(text)}: every: takes whole seconds from ${min} to ${max}, e.g. --schedule every:300`,
	};
}

/** Decimal digits only, as the attribute must be written: no sign, exponent, hex or separator. */
function wholeNumber(text: string, min: number, max: number): number | undefined {
	if (!/^(0|[1-9][0-9]{0,9})$/.test(text)) return undefined;
	const value = Number(text);
	return value >= min && value <= max ? value : undefined;
}
