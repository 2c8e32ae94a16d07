/**
 * What svc api pull shows in a terminal: the plan, the writing progress, the closing line. Apart
 * from index.ts so that the command module needs no JSX runtime (React loads with these).
 */
import type { SyncPlanProps } from '../../components/sync-plan.js';
import type { Io } from '../shared/io.js';
import { live, print, Progress, SyncPlan, Text, type LiveView } from '../shared/views.js';
import { plural } from '../shared/words.js';

export { askConfirm } from '../shared/views.js';

export function printPlan(io: Io, plan: SyncPlanProps): void {
	print(io.stdout, <SyncPlan {...plan} />);
}

export interface WritingView {
	update(done: number): void;
	finish: LiveView['finish'];
}

export function liveWriting(io: Io, interactive: boolean, total: number): WritingView {
	const bar = (done: number) => <Progress label="Writing" done={done} total={total} unit="files" />;
	const view = live(io, bar(0), interactive);
	return { update: (done) => view.update(bar(done)), finish: () => view.finish() };
}

export function printPulled(io: Io, { written, removed, unchanged, apiLabel }: { written: number; removed: number; unchanged: number; apiLabel: string }): void {
	print(
		io.stdout,
		<Text>
			<Text color="green">✔</Text> Pulled {plural(written, 'file')} into {apiLabel}/
			{removed > 0 ? `, deleted ${plural(removed, 'local file')}` : ''}
			{unchanged > 0 ? `; ${unchanged} unchanged` : ''}.
		</Text>,
	);
}
