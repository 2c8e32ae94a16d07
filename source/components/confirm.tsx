/**
 * A yes/no question. y or n answers, Enter takes the default, Esc says no: a prompt before a
 * destructive action must never be left by accident on "yes". Ctrl+C is not an answer: it
 * interrupts the command (Interruptible, around every prompt).
 *
 * Not @inkjs/ui's ConfirmInput (2.0.0), tried against this file's tests: it ignores Esc (no
 * answer at all), calls back again for every y typed ahead of the re-render ("answers only once"),
 * and once answered still shows "y/N" rather than the answer, which then stays on screen as the
 * record of what was agreed.
 */
import { useInput } from 'ink';
import { Text } from './text.js';
import { useLatestState } from './use-latest-state.js';

export interface ConfirmProps {
	readonly message: string;
	/** What Enter means; default no. */
	readonly defaultYes?: boolean;
	/** Other keys the question takes, shown dim after the choices, e.g. "d: show the diff". */
	readonly hint?: string | undefined;
	readonly onSubmit: (yes: boolean) => void;
}

export function Confirm({ message, defaultYes = false, hint, onSubmit }: ConfirmProps) {
	const [answer, setAnswer] = useLatestState<boolean | undefined>(() => undefined);
	const answerWith = (yes: boolean): void => {
		// Keys typed ahead of the re-render must not answer twice.
		let isFirst = false;
		setAnswer((current) => {
			isFirst = current === undefined;
			return current ?? yes;
		});
		if (isFirst) {
			onSubmit(yes);
		}
	};
	useInput(
		(input, key) => {
			const lower = input.toLowerCase();
			if (lower === 'y') {
				answerWith(true);
			} else if ((lower === 'n' && !key.ctrl) || key.escape) {
				answerWith(false);
			} else if (key.return) {
				answerWith(defaultYes);
			}
		},
		{ isActive: answer === undefined },
	);
	return (
		<Text>
			<Text color="cyan">?</Text> {message}{' '}
			{answer === undefined ? <Text dimColor>{defaultYes ? '(Y/n)' : '(y/N)'}</Text> : <Text bold>{answer ? 'yes' : 'no'}</Text>}
			{answer === undefined && hint !== undefined ? <Text dimColor> · {hint}</Text> : null}
		</Text>
	);
}
