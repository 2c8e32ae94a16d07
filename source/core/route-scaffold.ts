/**
 * `svc api new <slug>`: the text of a new route file, made so that it passes every push-time check
 * (the slug rules of slug.ts, one class, `declare(strict_types=1);` once, a valid Permission). Pure:
 * the command decides where it goes and which class names are taken.
 */
import { HTTP_VERBS, type HttpVerb } from './http-verbs.js';
import type { RateLimitFlag, ScheduleFlag } from './policy-flags.js';
import { pathFromSlug, validateSlug } from './slug.js';

export interface ScaffoldOptions {
	readonly slug: string;
	/** Default: GET only. */
	readonly verbs?: readonly HttpVerb[];
	/** Adds `#[Permission(public: true)]`: anyone may call the route, without logging in. */
	readonly isPublic?: boolean;
	/** Adds `#[Permission(capability: '…')]`: logged-in users holding it may call the route. */
	readonly capability?: string;
	/** Class names already declared by route files (any case, fully qualified as written). */
	readonly takenClasses?: Iterable<string>;
	/** `#[Cache(maxAge: …)]` on get(), seconds. */
	readonly cache?: number;
	/** `#[RateLimit(requests: …, per: …)]` on the class. */
	readonly rateLimit?: RateLimitFlag;
	/** A `run()` method with `#[Schedule(…)]`. */
	readonly schedule?: ScheduleFlag;
}

export interface Scaffold {
	readonly slug: string;
	/** Path under api/ with `/` separators, e.g. `users/[id].php`. */
	readonly relPath: string;
	readonly className: string;
	readonly verbs: readonly HttpVerb[];
	/** The dynamic segments' parameter names, in path order. */
	readonly params: readonly string[];
	readonly source: string;
}

export type ScaffoldResult = { readonly ok: true; readonly scaffold: Scaffold } | { readonly ok: false; readonly message: string };

/** WordPress capabilities are lowercase words and underscores; anything quote-free is accepted. */
const CAPABILITY = /^[A-Za-z0-9_-]+$/;

/** `--verbs get,post`: the verbs in the order HTTP_VERBS lists them, or why the list is wrong. */
export function parseVerbs(text: string): { readonly ok: true; readonly verbs: HttpVerb[] } | { readonly ok: false; readonly message: string } {
	const words = text
		.split(',')
		.map((word) => word.trim())
		.filter((word) => word !== '');
	if (words.length === 0) {
		return { ok: false, message: '--verbs needs at least one of get, post, put, patch, delete' };
	}
	const unknown = words.filter((word) => !(HTTP_VERBS as readonly string[]).includes(word.toUpperCase()));
	if (unknown.length > 0) {
		return { ok: false, message: `--verbs: ${unknown.map((word) => JSON.stringify(word)).join(', ')} is not one of get, post, put, patch, delete` };
	}
	const wanted = new Set(words.map((word) => word.toUpperCase()));
	return { ok: true, verbs: HTTP_VERBS.filter((verb) => wanted.has(verb)) };
}

export function scaffoldRoute(options: ScaffoldOptions): ScaffoldResult {
	const check = validateSlug(options.slug);
	if (!check.ok) {
		return { ok: false, message: `${JSON.stringify(options.slug)} is not a route slug: it ${check.message}` };
	}
	if (options.isPublic === true && options.capability !== undefined) {
		return { ok: false, message: '--public and --capability contradict each other: a public route needs no capability' };
	}
	if (options.capability !== undefined && !CAPABILITY.test(options.capability)) {
		return { ok: false, message: `--capability ${JSON.stringify(options.capability)} is not a capability name (letters, digits, _ and -), e.g. edit_posts` };
	}
	const verbs = options.verbs === undefined || options.verbs.length === 0 ? (['GET'] as const) : options.verbs;
	if (options.cache !== undefined && !verbs.includes('GET')) {
		return { ok: false, message: '--cache caches GET answers, and the route has no GET: add get to --verbs' };
	}
	const segments = options.slug.split('/');
	const params = segments.flatMap((segment) => (segment.startsWith('[') ? [segment.slice(1, -1)] : []));
	const className = freeClassName(baseClassName(segments), options.takenClasses ?? []);
	const source = render({
		slug: options.slug,
		className,
		verbs,
		params,
		isPublic: options.isPublic === true,
		capability: options.capability,
		cache: options.cache,
		rateLimit: options.rateLimit,
		schedule: options.schedule,
	});
	return { ok: true, scaffold: { slug: options.slug, relPath: pathFromSlug(options.slug), className, verbs, params, source } };
}

/**
 * `users/[id]` → `UsersIdRoute`. The suffix keeps the name clear of PHP's reserved words (`list`,
 * `match`) and of the short names plugins declare; a name cannot start with a digit, so `2fa` → `Route2fa`.
 */
export function baseClassName(segments: readonly string[]): string {
	const words = segments.flatMap((segment) => segment.replace(/^\[|\]$/g, '').split(/[-_]/));
	const stem = words
		.filter((word) => word !== '')
		.map((word) => word.charAt(0).toUpperCase() + word.slice(1))
		.join('');
	return /^[0-9]/.test(stem) ? `Route${stem}` : `${stem}Route`;
}

/** The base name, or with the first number that makes it free (PHP class names ignore case). */
export function freeClassName(base: string, taken: Iterable<string>): string {
	const names = new Set([...taken].map((name) => name.replace(/^\\/, '').toLowerCase()));
	if (!names.has(base.toLowerCase())) return base;
	for (let number = 2; ; number++) {
		const candidate = `${base}${number}`;
		if (!names.has(candidate.toLowerCase())) return candidate;
	}
}

interface RenderInput {
	readonly slug: string;
	readonly className: string;
	readonly verbs: readonly HttpVerb[];
	readonly params: readonly string[];
	readonly isPublic: boolean;
	readonly capability: string | undefined;
	readonly cache: number | undefined;
	readonly rateLimit: RateLimitFlag | undefined;
	readonly schedule: ScheduleFlag | undefined;
}

function render(input: RenderInput): string {
	const attribute = input.isPublic
		? ['#[Permission(public: true)] // anyone may call this route, without logging in']
		: input.capability !== undefined
			? [`#[Permission(capability: '${input.capability}')] // logged-in users who can ${input.capability}`]
			: [];
	if (input.rateLimit !== undefined) {
		const { requests, per } = input.rateLimit;
		attribute.push(`#[RateLimit(requests: ${requests}, per: ${per})] // each client: at most ${requests} requests per ${per} s, then 429`);
	}
	const who = input.isPublic ? 'Anyone' : input.capability !== undefined ? `Users who can ${input.capability}` : 'Administrators (manage_options)';
	const methods = input.verbs.map((verb) => method(verb, input));
	if (input.schedule !== undefined) methods.push(scheduled(input.schedule));
	const imports = [
		...(input.isPublic || input.capability !== undefined ? ['Permission'] : []),
		...(input.cache !== undefined ? ['Cache'] : []),
		...(input.rateLimit !== undefined ? ['RateLimit'] : []),
		...(input.schedule !== undefined ? ['Schedule'] : []),
	].map((name) => `use Svc\\Api\\Attribute\\${name};`);
	return [
		'<?php',
		'declare(strict_types=1);',
		'',
		...(imports.length > 0 ? [...imports, ''] : []),
		'/**',
		` * ${input.verbs.join(', ')} /${input.slug}. ${who} may call it.`,
		' */',
		...attribute,
		`final class ${input.className} {`,
		methods.join('\n\n'),
		'}',
		'',
	].join('\n');
}

function method(verb: HttpVerb, input: RenderInput): string {
	const params = input.params.map((param) => `'${param}' => $request['${param}']`);
	const echo = params.length > 0 ? `${params.join(', ')}` : `'route' => '${input.slug}'`;
	const body: Record<HttpVerb, string[]> = {
		GET: [`return array( ${echo} );`],
		POST: [`return new WP_REST_Response( array( ${params.length > 0 ? `${echo}, ` : ''}'received' => $request->get_json_params() ), 201 );`],
		PUT: [`return array( ${params.length > 0 ? `${echo}, ` : ''}'replaced' => $request->get_json_params() );`],
		PATCH: [`return array( ${params.length > 0 ? `${echo}, ` : ''}'changed' => $request->get_json_params() );`],
		DELETE: [`return array( ${params.length > 0 ? `${echo}, ` : ''}'deleted' => true );`],
	};
	const returns = verb === 'POST' ? 'WP_REST_Response' : 'array';
	const cache = verb === 'GET' && input.cache !== undefined ? [`\t#[Cache(maxAge: ${input.cache})] // clients and CDNs may keep a 200 answer ${input.cache} s`] : [];
	return [
		...cache,
		`\tpublic function ${verb.toLowerCase()}( WP_REST_Request $request ): ${returns} {`,
		...body[verb].map((line) => `\t\t${line}`),
		'\t}',
	].join('\n');
}

/** WP-Cron calls it without arguments while this file's release is active; never twice at once. */
function scheduled(schedule: ScheduleFlag): string {
	const attribute = 'every' in schedule ? `#[Schedule(every: ${schedule.every})]` : `#[Schedule('${schedule.recurrence}')]`;
	const when = 'every' in schedule ? `every ${schedule.every} s` : schedule.recurrence;
	return [
		`\t${attribute} // WP-Cron runs it ${when}; what it throws is in svc api logs`,
		'\tpublic function run(): void {',
		'\t\t// The work to do on schedule, e.g. a sync.',
		'\t}',
	].join('\n');
}
