/**
 * Reading the site's kept releases: which one a rollback goes back to, and how a release is named
 * in a table or a message. Pure; the site client fetches them.
 */
import type { Release, ReleaseSummary } from './site-client.js';

/**
 * The release that was active before the active one: the next older one in the site's newest-first
 * list (every release but a preview, a rollback included, is made active when it is made).
 */
export function previousRelease(releases: readonly Release[]): Release | undefined {
	const deploys = releases.filter((release) => release.preview === undefined);
	const active = deploys.findIndex((release) => release.active);
	return active === -1 ? undefined : deploys[active + 1];
}

/** `2026-11-22 21:04:05 UTC` from the site's ISO time; anything else as the site sent it. */
export function formatReleaseTime(created: string): string {
	const time = new Date(created);
	if (created === '' || Number.isNaN(time.getTime())) {
		return created;
	}
	return `${time.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** `+1 ~2 -0`: files added, changed and removed against the release before. */
export function formatChanges(release: Pick<Release, 'added' | 'changed' | 'removed'>): string {
	return `+${release.added} ~${release.changed} -${release.removed}`;
}

/** `push by admin, 2026-11-22 21:04:05 UTC` */
export function describeRelease(release: ReleaseSummary): string {
	const by = release.user === null ? '' : ` by ${release.user.login}`;
	const when = formatReleaseTime(release.created);
	return `${release.kind}${by}${when === '' ? '' : `, ${when}`}`;
}
