/**
 * What svc api rollback shows in a terminal: the plan, the dry run's verdict, who may call what
 * afterwards, the closing line. Apart from index.ts so that the command module needs no JSX
 * runtime (React loads with these).
 */
import type { PublicRoute } from '../../components/public-warnings.js';
import type { RollbackPlanProps } from '../../components/rollback-plan.js';
import type { Io } from '../shared/io.js';
import { print, PublicWarnings, RollbackPlan, Text } from '../shared/views.js';

export { askConfirm } from '../shared/views.js';

export function printPlan(io: Io, plan: RollbackPlanProps): void {
	print(io.stdout, <RollbackPlan {...plan} />);
}

/** Before the question: the routes the rollback opens to anyone that are closed now. */
export function printOpened(io: Io, routes: readonly PublicRoute[]): void {
	print(io.stderr, <PublicWarnings routes={routes} dryRun />);
}

export function printDryRun(io: Io, target: number): void {
	print(io.stdout, <Text>Dry run: the site accepted the rollback to release {target}. Nothing was changed.</Text>);
}

export function printRolledBack(io: Io, { site, target, made, summary, open }: { site: string; target: number; made: number | null; summary: string; open: readonly PublicRoute[] }): void {
	print(io.stderr, <PublicWarnings routes={open} />);
	print(
		io.stdout,
		<Text>
			<Text color="green">✔</Text> {site}: rolled back to release {target}
			{made === null ? '; the site already had its files' : `; release ${made} is active`} ({summary}).
		</Text>,
	);
}
