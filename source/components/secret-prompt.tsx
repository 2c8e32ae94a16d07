/**
 * Asks for one secret's value, masked: one bullet per character, never the text. Keys are read as
 * the login form reads them (key-chunks.ts), so a pasted value arrives whole; a line break in the
 * paste submits, like Enter. Esc cancels.
 */
import { Box, useInput, type Key } from 'ink';
import { keyPresses } from './key-chunks.js';
import { Text } from './text.js';
import { TextField } from './text-field.js';
import { useLatestState } from './use-latest-state.js';

export interface SecretPromptProps {
	readonly name: string;
	readonly site: string;
	readonly onSubmit: (value: string) => void;
	readonly onCancel: () => void;
}

interface PromptState {
	readonly value: string;
	readonly done: boolean;
	readonly message: string | undefined;
}

export function SecretPrompt({ name, site, onSubmit, onCancel }: SecretPromptProps) {
	const [state, update] = useLatestState<PromptState>(() => ({ value: '', done: false, message: undefined }));

	const submit = (): void => {
		const next = update((current) => (current.value === '' ? { ...current, message: 'The value is required (Esc cancels).' } : { ...current, done: true }));
		if (next.done) onSubmit(next.value);
	};

	const onKey = (input: string, key: Key): void => {
		if (update((current) => current).done) return;
		if (key.escape) {
			update((current) => ({ ...current, done: true }));
			onCancel();
		} else if (key.return) {
			submit();
		} else if (key.backspace || key.delete) {
			update((current) => ({ ...current, message: undefined, value: current.value.slice(0, -1) }));
		} else if (!key.ctrl && !key.meta && !key.tab && !key.upArrow && !key.downArrow && input !== '') {
			const [first = '', ...rest] = input.split(/\r\n|\r|\n/);
			update((current) => ({ ...current, message: undefined, value: current.value + first }));
			if (rest.length > 0) submit();
		}
	};
	useInput(
		(chunk, chunkKey) => {
			for (const [input, key] of keyPresses(chunk, chunkKey)) onKey(input, key);
		},
		{ isActive: !state.done },
	);

	return (
		<Box flexDirection="column">
			<Text bold>
				Set secret {name} on {site}
			</Text>
			{state.message === undefined ? null : <Text color="red">  {state.message}</Text>}
			<TextField label="Value" value={state.value} mask focus={!state.done} placeholder="typed or pasted; never shown" />
			{state.done ? null : <Text dimColor>  Enter: set · Esc: cancel</Text>}
		</Box>
	);
}
