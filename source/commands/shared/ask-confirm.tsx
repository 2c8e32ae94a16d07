/**
 * The yes/no question of a destructive action, on screen (confirm.ts decides whether to ask). Kept
 * with the views: a command module that only might ask does not load React's JSX runtime.
 */
import type { FileDiff } from '../../core/file-diff.js';
import { Confirm } from '../../components/confirm.js';
import { PushConfirm } from '../../components/push-confirm.js';
import type { Io } from './io.js';
import { ask } from './ui.js';

export interface Question {
	readonly question: string;
	readonly defaultYes: boolean;
	/** What is being pushed, for the diff key; absent or empty for other questions. */
	readonly diffs?: readonly FileDiff[] | undefined;
	readonly apiLabel?: string | undefined;
}

export function askConfirm(io: Io, { question, defaultYes, diffs, apiLabel }: Question): Promise<boolean> {
	if (diffs !== undefined && diffs.length > 0) {
		return ask<boolean>(io, (done) => <PushConfirm message={question} defaultYes={defaultYes} diffs={diffs} apiLabel={apiLabel ?? 'api'} onSubmit={done} />);
	}
	return ask<boolean>(io, (done) => <Confirm message={question} defaultYes={defaultYes} onSubmit={done} />);
}
