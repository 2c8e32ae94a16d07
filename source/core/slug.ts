/**
 * Slug rules: the single source of truth in the CLI for what a route file may be called.
 * They mirror docs/management-api.md so a bad name fails locally, with a message that names the
 * segment, instead of as a 422 from the site.
 */

export const MAX_SLUG_SEGMENTS = 16;
export const MAX_SLUG_LENGTH = 200;

const STATIC_SEGMENT = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const PHP_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const DYNAMIC_SEGMENT = /^\[(.*)\]$/s;

export type SlugCheck =
	| { readonly ok: true }
	| { readonly ok: false; readonly message: string; readonly segment?: string };

/**
 * The slug of a file under api/, given its path relative to api/ with `/` separators.
 * Returns null for anything that is not a `.php` file (the extension is case-sensitive, like
 * the server's).
 */
export function slugFromPath(relPath: string): string | null {
	if (!relPath.endsWith('.php')) {
		return null;
	}
	return relPath.slice(0, -'.php'.length);
}

/** The file path under api/ that serves a slug. */
export function pathFromSlug(slug: string): string {
	return `${slug}.php`;
}

export function validateSlug(slug: string): SlugCheck {
	const whole = checkWholeSlug(slug);
	if (whole !== undefined) {
		return { ok: false, message: whole };
	}

	const segments = slug.split('/');
	if (segments.length > MAX_SLUG_SEGMENTS) {
		return {
			ok: false,
			message: `has ${segments.length} segments; at most ${MAX_SLUG_SEGMENTS} are allowed`,
		};
	}

	const seenParams = new Set<string>();
	for (const [index, segment] of segments.entries()) {
		const problem = checkSegment(segment);
		if (problem !== undefined) {
			return { ok: false, segment, message: `segment ${quote(segment)} ${problem}` };
		}
		const param = DYNAMIC_SEGMENT.exec(segment)?.[1];
		if (param !== undefined) {
			if (seenParams.has(param)) {
				return {
					ok: false,
					segment,
					message: `segment ${quote(segment)} repeats the parameter name ${quote(param)}; names within one route are unique`,
				};
			}
			seenParams.add(param);
		}
		if (index === segments.length - 1 && segment === 'index') {
			return {
				ok: false,
				segment,
				message: `segment "index" may not be last: index.php is reserved for the directory guard`,
			};
		}
	}
	return { ok: true };
}

/**
 * Whether `svc api rm` may name this file: looser than validateSlug, since a file copied onto the
 * site over SFTP under a name the slug rules refuse must still be removable; only names that would
 * leave api/ (or are no path at all) are refused.
 */
export function validateRemovableName(name: string): SlugCheck {
	if (name === '' || name.includes('\0') || name.includes('\\') || name.startsWith('/') || name.endsWith('/')) {
		return { ok: false, message: 'is not a relative path inside api/ (empty, NUL byte, backslash, leading or trailing "/")' };
	}
	const bad = name.split('/').find((segment) => segment === '' || segment === '.' || segment === '..');
	return bad === undefined ? { ok: true } : { ok: false, segment: bad, message: `has the segment ${quote(bad)}, which would leave api/ or is empty` };
}

/** Problems that concern the slug as a whole, checked before splitting it into segments. */
function checkWholeSlug(slug: string): string | undefined {
	if (slug === '') {
		return 'is empty';
	}
	if (slug.includes('\0')) {
		return 'contains a NUL byte';
	}
	if (slug.includes('\\')) {
		return 'contains a backslash; segments are separated by "/"';
	}
	if (slug.startsWith('/')) {
		return 'is absolute (starts with "/"); it must be relative to api/';
	}
	if (slug.endsWith('/')) {
		return 'has a trailing slash';
	}
	if (slug.endsWith('.php')) {
		return 'ends in ".php"; a slug is the path without the extension';
	}
	if (slug.length > MAX_SLUG_LENGTH) {
		return `is ${slug.length} characters long; at most ${MAX_SLUG_LENGTH} are allowed`;
	}
	return undefined;
}

/** Why a single segment is invalid, phrased to follow `segment "<s>"`; undefined when valid. */
function checkSegment(segment: string): string | undefined {
	if (segment === '') {
		return 'is empty (two slashes in a row)';
	}
	if (segment === '..' || segment === '.') {
		return 'is a relative path component; ".." and "." are not allowed';
	}
	const dynamic = DYNAMIC_SEGMENT.exec(segment);
	if (dynamic) {
		const param = dynamic[1] ?? '';
		if (param === '') {
			return 'has no parameter name between the brackets';
		}
		if (!PHP_IDENTIFIER.test(param)) {
			return `has an invalid parameter name ${quote(param)}: it must be a PHP identifier (letters, digits and underscores, not starting with a digit)`;
		}
		return undefined;
	}
	if (STATIC_SEGMENT.test(segment)) {
		return undefined;
	}
	return `is not lowercase kebab-case: ${kebabProblem(segment)}`;
}

/** The most specific reason a static segment fails `^[a-z0-9]+(-[a-z0-9]+)*$`. */
function kebabProblem(segment: string): string {
	if (/[A-Z]/.test(segment)) {
		return `it contains uppercase letters (try ${quote(segment.toLowerCase())})`;
	}
	if (segment.includes('[') || segment.includes(']')) {
		return 'a dynamic segment must be the whole segment, like "[id]"';
	}
	if (segment.startsWith('-') || segment.endsWith('-')) {
		return 'it starts or ends with a hyphen';
	}
	if (segment.includes('--')) {
		return 'it has two hyphens in a row';
	}
	const bad = [...segment].find((character) => !/[a-z0-9-]/.test(character));
	return `${describeCharacter(bad ?? '')} is not allowed; use a-z, 0-9 and single hyphens`;
}

function describeCharacter(character: string): string {
	if (character === ' ') {
		return 'a space';
	}
	if (/\p{Cc}/u.test(character)) {
		return `the control character U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
	}
	return quote(character);
}

function quote(text: string): string {
	return JSON.stringify(text);
}

/**
 * The shape a slug matches, with parameter names erased (PHP's `shape`): two slugs with the same
 * shape would serve the same URLs, which the server rejects as `svc_route_conflict`.
 */
export function routeShape(slug: string): string {
	return slug
		.split('/')
		.map((segment) => (DYNAMIC_SEGMENT.test(segment) ? '[]' : segment))
		.join('/');
}

/** Every group of two or more slugs sharing one shape, each group and the list sorted. */
export function findRouteConflicts(slugs: Iterable<string>): string[][] {
	const byShape = new Map<string, Set<string>>();
	for (const slug of slugs) {
		const shape = routeShape(slug);
		const group = byShape.get(shape) ?? new Set<string>();
		group.add(slug);
		byShape.set(shape, group);
	}
	return [...byShape.values()]
		.filter((group) => group.size > 1)
		.map((group) => [...group].sort())
		.sort((a, b) => compareSlugs(a[0] ?? '', b[0] ?? ''));
}

/** Slug order: code-unit order, the same on every machine (localeCompare is not) and as the server sorts. */
export function compareSlugs(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}
