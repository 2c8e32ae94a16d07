/**
 * What `svc api rollback` and `svc api promote` share: both make another release's files the active
 * set through the site's plan (a dry run, then the real call planned against the active release),
 * warn of routes it opens to anyone, and print the same --json document but for the release they
 * name (`to`, `preview`).
 */
import type { Release, ReleasePlan, SiteClient } from '../../core/site-client.js';
import type { PublicRoute } from '../../components/public-warnings.js';
import { toReleaseRecord } from './release-records.js';

interface CheckedFile {
	readonly slug: string;
	readonly path: string;
	readonly public: boolean;
	readonly publicVerbs?: readonly string[];
}

/** Files of the release that the site's lexical scan finds public. */
export function publicRoutes(written: readonly CheckedFile[]): PublicRoute[] {
	return written.filter((file) => file.public).map((file) => ({ slug: file.slug, path: file.path, verbs: file.publicVerbs ?? [] }));
}

/**
 * The routes the switch opens to anyone that are closed now. The listing (what is public now) is
 * asked only when someone reads the plan and the release opens something.
 */
export async function routesOpened(client: SiteClient, open: readonly PublicRoute[]): Promise<PublicRoute[]> {
	if (open.length === 0) return [];
	const openNow = new Set((await client.listFiles({ content: false })).files.filter((file) => file.public === true).map((file) => file.slug));
	return open.filter((route) => !openNow.has(route.slug));
}

/** How many files the plan changes, one number. */
export function changeCount(plan: ReleasePlan): number {
	return plan.added.length + plan.changed.length + plan.removed.length;
}

/** "2 restored, 1 removed": `added` names what the plan's additions are to the reader. */
export function planSummary(plan: ReleasePlan, added: string): string {
	return (
		[
			plan.added.length > 0 ? `${plan.added.length} ${added}` : '',
			plan.changed.length > 0 ? `${plan.changed.length} changed` : '',
			plan.removed.length > 0 ? `${plan.removed.length} removed` : '',
		]
			.filter((part) => part !== '')
			.join(', ') || 'no file changed'
	);
}

/**
 * The --json document (docs/cli-json/api-rollback.schema.json, api-promote.schema.json): the plan in
 * the words push and pull use (added, changed, removed), what this run wrote and deleted, and `noop`
 * when the release's files are the active ones.
 */
export function switchDocument(
	report: {
		site: string;
		dryRun: boolean;
		from: number | null;
		plan: ReleasePlan;
		noop: boolean;
		written: readonly string[];
		release: Release | null;
	},
	target: { readonly to: number } | { readonly preview: number },
) {
	const applied = !report.dryRun && report.release !== null;
	return {
		site: report.site,
		dryRun: report.dryRun,
		from: report.from,
		...target,
		added: report.plan.added,
		changed: report.plan.changed,
		removed: report.plan.removed,
		noop: report.noop,
		written: report.written,
		deleted: applied ? report.plan.removed : [],
		release: report.release === null ? null : toReleaseRecord(report.release),
	};
}
