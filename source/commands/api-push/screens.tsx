/**
 * What svc api push shows in a terminal: the plan with its public-route warnings, the dry run's
 * verdict, the progress bar and the closing line. Apart from index.ts so that the command
 * module itself needs no JSX runtime: React loads with these, once the push has a site to talk to.
 */
import type { ReleasePushResult } from '../../core/release-push.js';
import { formatReleaseTime } from '../../core/releases.js';
import type { Release } from '../../core/site-client.js';
import type { PublicRoute } from '../../components/public-warnings.js';
import type { PushProgressProps } from '../../components/push-progress.js';
import type { SyncPlanProps } from '../../components/sync-plan.js';
import type { Io } from '../shared/io.js';
import { Box, live, Newline, print, PublicWarnings, PushProgress, SyncPlan, Text } from '../shared/views.js';
import { plural } from '../shared/words.js';

export { askConfirm } from '../shared/views.js';

/** The plan, then (before the question, before anything is sent) who may call what. */
export function printPlan(io: Io, plan: SyncPlanProps, open: readonly PublicRoute[]): void {
	print(io.stdout, <SyncPlan {...plan} />);
	print(io.stderr, <PublicWarnings routes={open} dryRun={plan.dryRun ?? false} />);
}

/** Warnings the site's own scan added to the local ones. */
export function printMorePublic(io: Io, routes: readonly PublicRoute[], dryRun: boolean): void {
	print(io.stderr, <PublicWarnings routes={routes} dryRun={dryRun} />);
}

export function printDryRun(io: Io, uploaded: number, removed: number): void {
	print(
		io.stdout,
		<Text>
			Dry run: {uploaded === 0 ? 'nothing to upload' : `the site accepted ${plural(uploaded, 'file')}`}
			{removed > 0 ? `; --prune would remove ${plural(removed, 'route')}` : ''}. Nothing was written.
		</Text>,
	);
}

export interface ProgressView {
	progress(progress: PushProgressProps['progress']): void;
	end(outcome: NonNullable<PushProgressProps['outcome']>): void;
	/** Unmounts, the last frame left on screen. */
	finish(): Promise<void>;
}

/** Bytes staged across every request, then the site's checks and commit; ends with the outcome. */
export function liveProgress(io: Io, interactive: boolean, { count, dryRun }: Pick<PushProgressProps, 'count' | 'dryRun'>): ProgressView {
	let last: PushProgressProps['progress'];
	const view = live(io, <PushProgress count={count} dryRun={dryRun} progress={undefined} />, interactive);
	return {
		progress: (progress) => {
			last = progress;
			view.update(<PushProgress count={count} dryRun={dryRun} progress={progress} />);
		},
		end: (outcome) => view.update(<PushProgress count={count} dryRun={dryRun} progress={last} outcome={outcome} />),
		finish: () => view.finish(),
	};
}

export interface Pushed {
	readonly site: string;
	/** "pushed 2 files (1 new, 1 changed)", "removed 1 route"… */
	readonly done: readonly string[];
	readonly unchanged: number;
	readonly result: ReleasePushResult;
	/** Some pushed file failed to load (named by the error thrown after this line). */
	readonly failed: boolean;
}

export function printPushed(io: Io, { site, done, unchanged, result, failed }: Pushed): void {
	print(
		io.stdout,
		<Text>
			{failed ? <Text color="yellow">⚠</Text> : <Text color="green">✔</Text>} {site}: {done.length > 0 ? done.join(', ') : 'the site already had these files'}
			{unchanged > 0 ? `; ${unchanged} unchanged` : ''}.{result.release === null ? '' : result.previewToken !== undefined ? ` Preview release ${result.release.id} is not active.` : ` Release ${result.release.id} is active.`}
			{result.syntaxCheck === 'skipped' ? (
				<Text dimColor>
					<Newline />
					The site could not run php -l: a file with a compile error will show as failed to load in "svc api list".
				</Text>
			) : null}
		</Text>,
	);
}

/**
 * After a preview: its token (shown this once: the site keeps only a hash), how to ask for it, how
 * to promote it. One Text per line: a line break inside Text would be shown as the escape `\x0a`,
 * as any site text's is. The token was checked to be svc's format (site-parsers.ts); the curl line
 * is quoted word by word, since its route path is the site's text.
 */
export function printPreview(io: Io, { release, token, curl }: { release: Release; token: string; curl: string }): void {
	const until = release.preview === undefined ? '' : ` until ${formatReleaseTime(release.preview.expires)}`;
	print(
		io.stdout,
		<Box flexDirection="column">
			<Text>
				Preview token (shown once; requests carrying it are served release {release.id}
				{until}):
			</Text>
			<Text>
				{'  '}
				<Text bold>{token}</Text>
			</Text>
			<Text>Try it: {curl}</Text>
			<Text>Make it active: svc api promote {String(release.id)}</Text>
		</Box>,
	);
}
