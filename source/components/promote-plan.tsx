/**
 * What promoting a preview would change on the site, as a diff against the active release, with
 * `[PUBLIC]` and the open verbs on each file the preview makes public (and whether that is new),
 * and the preview's message: the person decides on what the site will serve for everyone.
 */
import { Box } from 'ink';
import { Text } from './text.js';
import { describeRelease } from '../core/releases.js';
import type { Release, ReleasePlan, ReleaseSummary } from '../core/site-client.js';
import { PlanLines, type PlanNote } from './sync-plan.js';

export interface PromotePlanProps {
	readonly site: string;
	/** The preview a promote makes active. */
	readonly preview: Release;
	/** The release active now; undefined when the site did not say. */
	readonly active: ReleaseSummary | undefined;
	readonly plan: ReleasePlan;
	/** Slug → the verbs the preview's file opens to anyone, and whether they are closed now. */
	readonly notes?: ReadonlyMap<string, PlanNote>;
	readonly dryRun?: boolean;
	/** Lines shown per kind of change before "… and N more" (--json lists everything). */
	readonly limit?: number;
}

export function PromotePlan({ site, preview, active, plan, notes, dryRun = false, limit = 50 }: PromotePlanProps) {
	const nothing = plan.added.length + plan.changed.length + plan.removed.length === 0;
	const width = Math.max(0, ...[plan.added, plan.changed, plan.removed].flatMap((files) => files.slice(0, limit).map((slug) => slug.length + 4)));
	return (
		<Box flexDirection="column">
			<Text>
				<Text bold>Promote</Text> preview {preview.id} on {site} <Text dimColor>({describeRelease(preview)})</Text>
				{dryRun ? <Text color="yellow"> (dry run: nothing will change)</Text> : null}
			</Text>
			{preview.message === null ? null : (
				<Text>
					{'  '}
					<Text italic>“{preview.message}”</Text>
				</Text>
			)}
			{active === undefined ? null : (
				<Text dimColor>
					{'  '}active now: release {active.id} ({describeRelease(active)})
				</Text>
			)}
			<PlanLines files={plan.added} sign="+" color="green" note="new" limit={limit} width={width} notes={notes} />
			<PlanLines files={plan.changed} sign="~" color="yellow" note="the preview's content" limit={limit} width={width} notes={notes} />
			<PlanLines files={plan.removed} sign="-" color="red" note="remove from the site" limit={limit} width={width} notes={notes} />
			{nothing ? <Text color="green">  Nothing to change: preview {preview.id} has the same files as the active release.</Text> : null}
		</Box>
	);
}
