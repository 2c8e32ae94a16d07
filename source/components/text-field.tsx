/**
 * One line of the login form, as shown: label, value (a masked field shows one bullet per
 * character, never the text), a cursor when focused, and a dim hint when empty. It reads no keys:
 * the form does, because one input chunk may span fields (a pasted URL with its line break, fast
 * typing that runs ahead of the re-render) and only the form can send each piece to its field.
 * That is also why @inkjs/ui's TextInput and PasswordInput (2.0.0) are not used here: given the
 * chunk "https://example.com\radmin" (login-form.test.tsx: a pasted URL with its line break, typing
 * ahead), TextInput keeps it all in one field, the \r included, and never submits.
 */
import { Text } from './text.js';

export interface TextFieldProps {
	readonly label: string;
	readonly value: string;
	readonly focus: boolean;
	readonly mask?: boolean;
	readonly placeholder?: string;
}

export function TextField({ label, value, focus, mask = false, placeholder = '' }: TextFieldProps) {
	const shown = mask ? '•'.repeat([...value].length) : value;
	return (
		<Text>
			<Text color={focus ? 'cyan' : undefined}>{focus ? '›' : ' '}</Text> <Text bold>{label}</Text> {shown}
			{focus ? <Text inverse> </Text> : null}
			{shown === '' ? <Text dimColor>{focus ? ' ' : ''}{placeholder}</Text> : null}
		</Text>
	);
}
