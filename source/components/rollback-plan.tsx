/**
 * What a rollback would change on the site, as a diff against the active release: files that come
 * back, files that return to their earlier content, and files that go away.
 */
import { Box } from 'ink';
import { Text } from './text.js';
import { describeRelease } from '../core/releases.js';
import type { ReleasePlan, ReleaseSummary } from '../core/site-client.js';
import { PlanLines } from './sync-plan.js';

export interface RollbackPlanProps {
	readonly site: string;
	/** The release a rollback makes active again. */
	readonly target: ReleaseSummary;
	/** The release active now; undefined when the site did not say. */
	readonly active: ReleaseSummary | undefined;
	readonly plan: ReleasePlan;
	readonly dryRun?: boolean;
	/** Lines shown per kind of change before "… and N more" (--json lists everything). */
	readonly limit?: number;
}

export function RollbackPlan({ site, target, active, plan, dryRun = false, limit = 50 }: RollbackPlanProps) {
	const nothing = plan.added.length + plan.changed.length + plan.removed.length === 0;
	const width = Math.max(0, ...[plan.added, plan.changed, plan.removed].flatMap((files) => files.slice(0, limit).map((slug) => slug.length + 4)));
	return (
		<Box flexDirection="column">
			<Text>
				<Text bold>Roll back</Text> {site} to release {target.id} <Text dimColor>({describeRelease(target)})</Text>
				{dryRun ? <Text color="yellow"> (dry run: nothing will change)</Text> : null}
			</Text>
			{active === undefined ? null : (
				<Text dimColor>
					{'  '}active now: release {active.id} ({describeRelease(active)})
				</Text>
			)}
			<PlanLines files={plan.added} sign="+" color="green" note="comes back" limit={limit} width={width} />
			<PlanLines files={plan.changed} sign="~" color="yellow" note={`back to release ${target.id}'s content`} limit={limit} width={width} />
			<PlanLines files={plan.removed} sign="-" color="red" note="remove from the site" limit={limit} width={width} />
			{nothing ? <Text color="green">  Nothing to roll back: release {target.id} has the same files as the active one.</Text> : null}
		</Box>
	);
}
