/**
 * One line of text input for LoginForm. The parent owns the value: it gets each typed or pasted
 * piece, each Backspace and Enter. A masked field shows one bullet per character, never the text.
 */
import { Text, useInput } from 'ink';

export interface TextFieldProps {
	readonly label: string;
	readonly value: string;
	readonly focus: boolean;
	readonly mask?: boolean;
	readonly placeholder?: string;
	readonly onInput: (text: string) => void;
	readonly onBackspace: () => void;
	readonly onSubmit: () => void;
}

export function TextField({ label, value, focus, mask = false, placeholder = '', onInput, onBackspace, onSubmit }: TextFieldProps) {
	useInput(
		(input, key) => {
			if (key.return) {
				onSubmit();
			} else if (key.backspace || key.delete) {
				// Terminals send DEL (0x7f) for Backspace, which Ink reports as "delete".
				onBackspace();
			} else if (!key.ctrl && !key.meta && !key.escape && !key.tab && !key.upArrow && !key.downArrow && input !== '') {
				// A paste arrives as one string; a line break in it is not part of the value.
				onInput(input.replace(/[\r\n]+/g, ''));
			}
		},
		{ isActive: focus },
	);
	const shown = mask ? '•'.repeat([...value].length) : value;
	return (
		<Text>
			<Text color={focus ? 'cyan' : undefined}>{focus ? '›' : ' '}</Text> <Text bold>{label}</Text>{' '}
			{shown === '' && !focus ? <Text dimColor>{placeholder}</Text> : shown}
			{focus ? <Text inverse> </Text> : null}
		</Text>
	);
}
