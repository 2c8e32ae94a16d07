/**
 * The push question with a look at what is being pushed: `d` prints the diff of the files the
 * push sends (above the question, once, through Ink's Static so it scrolls like any output) and
 * the question stays open for y, n or Enter.
 */
import { Box, Static } from 'ink';
import { useState } from 'react';
import { useInput } from 'ink';
import type { FileDiff } from '../core/file-diff.js';
import { Confirm } from './confirm.js';
import { DiffView } from './diff-view.js';

export interface PushConfirmProps {
	readonly message: string;
	readonly defaultYes: boolean;
	/** The files being pushed, compared with the site. */
	readonly diffs: readonly FileDiff[];
	readonly apiLabel: string;
	readonly onSubmit: (yes: boolean) => void;
}

export function PushConfirm({ message, defaultYes, diffs, apiLabel, onSubmit }: PushConfirmProps) {
	const [shown, setShown] = useState(false);
	const [answered, setAnswered] = useState(false);
	useInput(
		(input, key) => {
			if (input.toLowerCase() === 'd' && !key.ctrl && !key.meta) setShown(true);
		},
		{ isActive: !shown && !answered && diffs.length > 0 },
	);
	return (
		<Box flexDirection="column">
			<Static items={shown ? [diffs] : []}>{(items, index) => <DiffView key={index} diffs={items} apiLabel={apiLabel} />}</Static>
			<Confirm
				message={message}
				defaultYes={defaultYes}
				hint={!shown && !answered && diffs.length > 0 ? 'd: show the diff' : undefined}
				onSubmit={(yes) => {
					setAnswered(true);
					onSubmit(yes);
				}}
			/>
		</Box>
	);
}
