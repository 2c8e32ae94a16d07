/**
 * Asks for the site URL, the user and the application password (masked), one field at a time.
 * Fields given on the command line arrive filled in; the form starts at the first empty one.
 */
import { Box, Text, useInput } from 'ink';
import { TextField } from './text-field.js';
import { useLatestState } from './use-latest-state.js';

export interface LoginValues {
	readonly url: string;
	readonly user: string;
	readonly password: string;
}

export interface LoginFormProps {
	readonly initial?: Partial<LoginValues>;
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

const PLACEHOLDERS: Record<Field, string> = {
	url: 'https://example.com',
	user: 'admin',
	password: 'Users → Profile → Application Passwords',
};

interface FormState {
	readonly values: LoginValues;
	/** undefined once submitted or cancelled. */
	readonly focus: Field | undefined;
	readonly missing: Field | undefined;
}

export function LoginForm({ initial = {}, onSubmit, onCancel }: LoginFormProps) {
	const [state, update] = useLatestState<FormState>(() => {
		const values = { url: initial.url ?? '', user: initial.user ?? '', password: initial.password ?? '' };
		return { values, focus: FIELDS.find((field) => values[field] === '') ?? 'password', missing: undefined };
	});
	const { values, focus, missing } = state;

	useInput(
		(input, key) => {
			if (key.escape || (key.ctrl && input === 'c')) {
				update((current) => ({ ...current, focus: undefined }));
				onCancel();
			}
		},
		{ isActive: focus !== undefined },
	);

	const edit = (field: Field, change: (value: string) => string): void => {
		update((current) => ({ ...current, values: { ...current.values, [field]: change(current.values[field]) } }));
	};

	const submit = (field: Field): void => {
		const next = update((current) => {
			if (current.values[field].trim() === '') {
				return { ...current, missing: field };
			}
			const empty = FIELDS.slice(FIELDS.indexOf(field) + 1).find((other) => current.values[other].trim() === '');
			return { ...current, missing: undefined, focus: empty };
		});
		if (next.focus === undefined) {
			onSubmit({ url: next.values.url.trim(), user: next.values.user.trim(), password: next.values.password });
		}
	};

	return (
		<Box flexDirection="column">
			<Text bold>Log in to a WordPress site with an application password</Text>
			{FIELDS.map((field) => (
				<TextField
					key={field}
					label={LABELS[field]}
					value={values[field]}
					mask={field === 'password'}
					placeholder={PLACEHOLDERS[field]}
					focus={focus === field}
					onInput={(text) => edit(field, (value) => value + text)}
					onBackspace={() => edit(field, (value) => value.slice(0, -1))}
					onSubmit={() => submit(field)}
				/>
			))}
			{missing === undefined ? null : <Text color="red">  {LABELS[missing].trim()} is required.</Text>}
			{focus === undefined ? null : <Text dimColor>  Enter: next · Esc: cancel</Text>}
		</Box>
	);
}
