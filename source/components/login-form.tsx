/**
 * Asks for the site URL, the user and the application password (masked), one field at a time.
 * Fields given on the command line arrive filled in; the form starts at the first empty one. The
 * user name defaults to `admin` (Enter on the empty field takes it). Keys are read here, for the
 * whole form: a chunk of input is split at its line breaks and each piece goes to the field that
 * has the focus at that point, so a pasted URL ending in a newline moves on, and typing ahead of
 * the screen fills each field in turn. Esc clears a message first, then cancels.
 */
import { Box, useInput, type Key } from 'ink';
import { keyPresses } from './key-chunks.js';
import { Text } from './text.js';
import { TextField } from './text-field.js';
import { useLatestState } from './use-latest-state.js';

export interface LoginValues {
	readonly url: string;
	readonly user: string;
	readonly password: string;
}

export interface LoginFormProps {
	readonly initial?: Partial<LoginValues>;
	/** Shown above the fields until the next key, e.g. why the site refused the last try. */
	readonly message?: string | undefined;
	readonly onSubmit: (values: LoginValues) => void;
	readonly onCancel: () => void;
}

const FIELDS = ['url', 'user', 'password'] as const;
type Field = (typeof FIELDS)[number];

const LABELS: Record<Field, string> = {
	url: 'Site URL            ',
	user: 'User name           ',
	password: 'Application password',
};

export const DEFAULT_USER = 'admin';

const PLACEHOLDERS: Record<Field, string> = {
	url: 'e.g. https://example.com',
	user: `${DEFAULT_USER} (Enter to use)`,
	password: 'Users → Profile → Application Passwords',
};

interface FormState {
	readonly values: LoginValues;
	/** undefined once submitted or cancelled. */
	readonly focus: Field | undefined;
	readonly message: string | undefined;
}

export function LoginForm({ initial = {}, message, onSubmit, onCancel }: LoginFormProps) {
	const [state, update] = useLatestState<FormState>(() => {
		const values = { url: initial.url ?? '', user: initial.user ?? '', password: initial.password ?? '' };
		return { values, focus: FIELDS.find((field) => values[field] === '') ?? 'password', message };
	});
	const { values, focus } = state;

	const edit = (change: (value: string) => string): void => {
		update((current) =>
			current.focus === undefined ? current : { ...current, message: undefined, values: { ...current.values, [current.focus]: change(current.values[current.focus]) } },
		);
	};

	/** Enter on the focused field: on to the next empty one, or submit the form. */
	const submit = (): void => {
		const next = update((current) => {
			const field = current.focus;
			if (field === undefined) return current;
			const value = field === 'user' && current.values.user.trim() === '' ? DEFAULT_USER : current.values[field];
			if (value.trim() === '') {
				return { ...current, message: `${LABELS[field].trim()} is required.` };
			}
			const values = { ...current.values, [field]: value };
			const empty = FIELDS.slice(FIELDS.indexOf(field) + 1).find((other) => values[other].trim() === '');
			return { ...current, values, message: undefined, focus: empty };
		});
		if (next.focus === undefined) {
			onSubmit({ url: next.values.url.trim(), user: next.values.user.trim(), password: next.values.password });
		}
	};

	// Each key of a chunk in turn (key-chunks.ts): three Backspaces typed at once delete three characters.
	const onKey = (input: string, key: Key): void => {
		if (key.escape) {
			if (update((current) => current).message !== undefined) {
				update((current) => ({ ...current, message: undefined }));
			} else {
				update((current) => ({ ...current, focus: undefined }));
				onCancel();
			}
			return;
		}
		if (key.return) {
			submit();
		} else if (key.backspace || key.delete) {
			// Terminals send DEL (0x7f) for Backspace, which Ink reports as "delete".
			edit((value) => value.slice(0, -1));
		} else if (!key.ctrl && !key.meta && !key.tab && !key.upArrow && !key.downArrow && input !== '') {
			// One chunk may hold several fields' worth: each line break is an Enter, in order.
			const pieces = input.split(/\r\n|\r|\n/);
			pieces.forEach((piece, index) => {
				if (piece !== '') edit((value) => value + piece);
				if (index < pieces.length - 1) submit();
			});
		}
	};
	useInput(
		(chunk, chunkKey) => {
			for (const [input, key] of keyPresses(chunk, chunkKey)) onKey(input, key);
		},
		{ isActive: focus !== undefined },
	);

	return (
		<Box flexDirection="column">
			<Text bold>Log in to a WordPress site with an application password</Text>
			{state.message === undefined ? null : <Text color="red">  {state.message}</Text>}
			{FIELDS.map((field) => (
				<TextField
					key={field}
					label={LABELS[field]}
					value={values[field]}
					mask={field === 'password'}
					placeholder={PLACEHOLDERS[field]}
					focus={focus === field}
				/>
			))}
			{focus === undefined ? null : <Text dimColor>  Enter: next · Esc: {state.message === undefined ? 'cancel' : 'clear the message'}</Text>}
		</Box>
	);
}
