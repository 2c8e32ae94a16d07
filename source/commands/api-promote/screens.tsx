/**
 * What svc api promote shows in a terminal: the plan with [PUBLIC] per verb, who may call what
 * afterwards, the dry run's verdict, the closing line. Apart from index.ts so that the command
 * module needs no JSX runtime (React loads with these).
 */
import type { PublicRoute } from '../../components/public-warnings.js';
import type { PromotePlanProps } from '../../components/promote-plan.js';
import type { Io } from '../shared/io.js';
import { print, PromotePlan, PublicWarnings, Text } from '../shared/views.js';

export { askConfirm } from '../shared/views.js';

export function printPlan(io: Io, plan: PromotePlanProps): void {
	print(io.stdout, <PromotePlan {...plan} />);
}

/** Before the question: the routes the promote opens to anyone that are closed now. */
export function printOpened(io: Io, routes: readonly PublicRoute[]): void {
	print(io.stderr, <PublicWarnings routes={routes} dryRun />);
}

export function printDryRun(io: Io, preview: number): void {
	print(io.stdout, <Text>Dry run: the site accepted promoting preview {preview}. Nothing was changed.</Text>);
}

export function printPromoted(io: Io, { site, preview, made, summary, open }: { site: string; preview: number; made: number | null; summary: string; open: readonly PublicRoute[] }): void {
	print(io.stderr, <PublicWarnings routes={open} />);
	print(
		io.stdout,
		<Text>
			<Text color="green">✔</Text> {site}: promoted preview {preview}
			{made === null ? '; the site already served its files' : `; release ${made} is active`} ({summary}).
		</Text>,
	);
}
