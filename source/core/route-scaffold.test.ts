import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { checkRouteSource, HTTP_VERBS } from './php-lexical.js';
import { baseClassName, freeClassName, parseVerbs, scaffoldRoute, type Scaffold } from './route-scaffold.js';

const cases = JSON.parse(readFileSync(new URL('../../test/fixtures/slug-cases.json', import.meta.url), 'utf8')) as { valid: string[] };

const made = (options: Parameters<typeof scaffoldRoute>[0]): Scaffold => {
	const result = scaffoldRoute(options);
	if (!result.ok) throw new Error(result.message);
	return result.scaffold;
};

/** PHP's own syntax check, where a php binary is installed (the site runs the same one at push). */
const phpLint = (source: string): string | undefined => {
	try {
		execFileSync('php', ['--version'], { stdio: 'ignore' });
	} catch {
		return undefined;
	}
	const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-scaffold-'));
	try {
		const file = path.join(dir, 'route.php');
		writeFileSync(file, source);
		return execFileSync('php', ['-l', file], { encoding: 'utf8' });
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
};

describe('scaffoldRoute', () => {
	it.each(cases.valid)('makes a file for %s that passes every local push-time check', (slug) => {
		const scaffold = made({ slug, verbs: [...HTTP_VERBS] });
		const check = checkRouteSource(scaffold.source);
		expect(check.errors).toEqual([]);
		expect(check.classes).toEqual([scaffold.className]);
		expect(check.verbs).toEqual([...HTTP_VERBS]);
		expect(check.isPublic).toBe(false);
		expect(scaffold.relPath).toBe(`${slug}.php`);
	});

	it('passes php -l with every verb, public and with a capability', () => {
		for (const options of [{ isPublic: true }, { capability: 'edit_posts' }, {}]) {
			const output = phpLint(made({ slug: 'users/[id]/posts/[post_id]', verbs: [...HTTP_VERBS], ...options }).source);
			if (output !== undefined) expect(output).toMatch(/No syntax errors/);
		}
	});

	it('--cache, --rate-limit and --schedule write attributes the site accepts as they are', () => {
		const scaffold = made({ slug: 'feed', isPublic: true, verbs: ['GET', 'POST'], cache: 300, rateLimit: { requests: 60, per: 60 }, schedule: { every: 300 } });
		expect(scaffold.source).toContain('use Svc\\Api\\Attribute\\Cache;\nuse Svc\\Api\\Attribute\\RateLimit;\nuse Svc\\Api\\Attribute\\Schedule;');
		expect(scaffold.source).toMatch(/^#\[RateLimit\(requests: 60, per: 60\)\]/m);
		expect(scaffold.source).toMatch(/^\t#\[Cache\(maxAge: 300\)\].*\n\tpublic function get\(/m);
		expect(scaffold.source).toMatch(/^\t#\[Schedule\(every: 300\)\].*\n\tpublic function run\(\): void \{/m);
		const check = checkRouteSource(scaffold.source);
		expect(check.errors).toEqual([]);
		expect(check.problems).toEqual([]);
		expect(check.publicVerbs).toEqual(['GET', 'POST']);
		const daily = made({ slug: 'jobs/sync', schedule: { recurrence: 'daily' } });
		expect(daily.source).toContain("#[Schedule('daily')]");
		expect(daily.source).not.toContain('Permission');
		expect(checkRouteSource(daily.source).problems).toEqual([]);
		for (const source of [scaffold.source, daily.source]) {
			const output = phpLint(source);
			if (output !== undefined) expect(output).toMatch(/No syntax errors/);
		}
	});

	it('refuses --cache on a route without GET', () => {
		expect(scaffoldRoute({ slug: 'contact', verbs: ['POST'], cache: 60 })).toEqual({
			ok: false,
			message: '--cache caches GET answers, and the route has no GET: add get to --verbs',
		});
	});

	it('reads each dynamic segment from the request', () => {
		const scaffold = made({ slug: 'users/[id]/posts/[post_id]' });
		expect(scaffold.params).toEqual(['id', 'post_id']);
		expect(scaffold.source).toContain("'id' => $request['id']");
		expect(scaffold.source).toContain("'post_id' => $request['post_id']");
		expect(scaffold.verbs).toEqual(['GET']);
	});

	it('--public opens every verb, as the lexical scan sees it', () => {
		const check = checkRouteSource(made({ slug: 'hello', verbs: ['GET', 'POST'], isPublic: true }).source);
		expect(check.isPublic).toBe(true);
		expect(check.publicVerbs).toEqual(['GET', 'POST']);
	});

	it('--capability adds the attribute and stays closed to the lexical scan', () => {
		const scaffold = made({ slug: 'drafts', capability: 'edit_posts' });
		expect(scaffold.source).toContain("#[Permission(capability: 'edit_posts')]");
		expect(checkRouteSource(scaffold.source).isPublic).toBe(false);
	});

	it('refuses a bad slug, naming the segment', () => {
		const result = scaffoldRoute({ slug: 'Users/[id]' });
		expect(result).toEqual({ ok: false, message: expect.stringContaining('"Users"') });
	});

	it('refuses --public with --capability, and a capability that is not a name', () => {
		expect(scaffoldRoute({ slug: 'a', isPublic: true, capability: 'edit_posts' })).toMatchObject({ ok: false, message: expect.stringContaining('contradict') });
		expect(scaffoldRoute({ slug: 'a', capability: "x'); exit; ('" })).toMatchObject({ ok: false, message: expect.stringContaining('not a capability name') });
	});

	it('picks a class name no route file has', () => {
		expect(made({ slug: 'users/[id]', takenClasses: ['\\UsersIdRoute', 'usersidroute2'] }).className).toBe('UsersIdRoute3');
	});
});

describe('class names', () => {
	it.each([
		[['users', '[id]'], 'UsersIdRoute'],
		[['v2-status-404'], 'V2Status404Route'],
		[['list'], 'ListRoute'],
		[['2fa'], 'Route2fa'],
		[['items', '[_key]'], 'ItemsKeyRoute'],
	])('%j → %s', (segments, name) => {
		expect(baseClassName(segments)).toBe(name);
	});

	it('ignores case when looking for a free one', () => {
		expect(freeClassName('HelloRoute', ['helloroute'])).toBe('HelloRoute2');
		expect(freeClassName('HelloRoute', [])).toBe('HelloRoute');
	});
});

describe('parseVerbs', () => {
	it('keeps HTTP order and drops repeats', () => {
		expect(parseVerbs('delete,get, GET')).toEqual({ ok: true, verbs: ['GET', 'DELETE'] });
	});
	it('names a verb it does not know', () => {
		expect(parseVerbs('get,fetch')).toEqual({ ok: false, message: expect.stringContaining('"fetch"') });
		expect(parseVerbs(' , ')).toMatchObject({ ok: false });
	});
});
