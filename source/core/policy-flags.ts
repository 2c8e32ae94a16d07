/**
 * `svc api new`'s `--cache 300`, `--rate-limit 60/60` and `--schedule hourly` / `every:300`: read
 * into what route-scaffold.ts writes, with the ranges the site checks (php-policies.ts: a scaffold
 * must pass every push-time check), or why the value is wrong. Pure.
 */

export interface RateLimitFlag {
	readonly requests: number;
	readonly per: number;
}

/** `hourly`, `twicedaily`, `daily`, `weekly`, or `every` seconds. */
export type ScheduleFlag = { readonly recurrence: 'hourly' | 'twicedaily' | 'daily' | 'weekly' } | { readonly every: number };

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

const RECURRENCES = ['hourly', 'twicedaily', 'daily', 'weekly'] as const;

export function parseCacheFlag(text: string): Parsed<number> {
	const value = wholeNumber(text, 0, 31536000);
	return value === undefined
		? { ok: false, message: `--cache ${JSON.stringify(text)} is not a max-age in seconds from 0 to 31536000, e.g. --cache 300` }
		: { ok: true, value };
}

export function parseRateLimitFlag(text: string): Parsed<RateLimitFlag> {
	const [requests, per, extra] = text.split('/');
	const count = wholeNumber(requests ?? '', 1, 1000000);
	const window = wholeNumber(per ?? '', 1, 86400);
	if (extra !== undefined || count === undefined || window === undefined) {
		return {
			ok: false,
			message: `--rate-limit ${JSON.stringify(text)} is not requests/seconds (1 to 1000000 requests per 1 to 86400 seconds), e.g. --rate-limit 60/60`,
		};
	}
	return { ok: true, value: { requests: count, per: window } };
}

export function parseScheduleFlag(text: string): Parsed<ScheduleFlag> {
	const recurrence = RECURRENCES.find((name) => name === text);
	if (recurrence !== undefined) return { ok: true, value: { recurrence } };
	const every = /^every:(.*)$/.exec(text);
	const seconds = every === null ? undefined : wholeNumber(every[1] ?? '', 60, 31536000);
	if (seconds !== undefined) return { ok: true, value: { every: seconds } };
	return {
		ok: false,
		message:
			every === null
				? `--schedule ${JSON.stringify(text)} is not hourly, twicedaily, daily, weekly or every:SECONDS, e.g. --schedule hourly or --schedule every:300`
				: `--schedule ${JSON.stringify(text)}: every: takes whole seconds from 60 to 31536000, e.g. --schedule every:300`,
	};
}

/** Decimal digits only, as the attribute must be written: no sign, exponent, hex or separator. */
function wholeNumber(text: string, min: number, max: number): number | undefined {
	if (!/^(0|[1-9][0-9]{0,9})$/.test(text)) return undefined;
	const value = Number(text);
	return value >= min && value <= max ? value : undefined;
}
