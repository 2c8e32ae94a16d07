import { describe, expect, it, jest } from '@jest/globals';
import { render } from 'ink-testing-library';
import { LoginForm, type LoginValues } from './login-form.js';
import { KEYS, settle } from '../../test/support/ink-input.js';

function setup(initial?: Partial<LoginValues>, message?: string) {
	const onSubmit = jest.fn<(values: LoginValues) => void>();
	const onCancel = jest.fn();
	const view = render(<LoginForm onSubmit={onSubmit} onCancel={onCancel} message={message} {...(initial === undefined ? {} : { initial })} />);
	return { ...view, onSubmit, onCancel };
}

async function type(stdin: { write(data: string): void }, ...chunks: string[]): Promise<void> {
	await settle();
	for (const chunk of chunks) {
		stdin.write(chunk);
		await settle();
	}
}

describe('LoginForm', () => {
	it('starts at the site URL with placeholders in the empty fields', () => {
		const frame = setup().lastFrame() ?? '';
		expect(frame).toContain('› Site URL');
		expect(frame).toContain('e.g. https://example.com');
		expect(frame).toContain('admin (Enter to use)');
		expect(frame).toContain('Enter: next · Esc: cancel');
	});

	it('walks through the fields and submits the values; the password is masked', async () => {
		const { stdin, lastFrame, onSubmit } = setup();
		await type(stdin, 'https://example.com', KEYS.enter, 'admin', KEYS.enter, 'abcd EFGH');
		expect(lastFrame()).toContain('•••••••••');
		expect(lastFrame()).not.toContain('abcd');
		await type(stdin, KEYS.enter);
		expect(onSubmit).toHaveBeenCalledWith({ url: 'https://example.com', user: 'admin', password: 'abcd EFGH' });
		expect(lastFrame()).not.toContain('Enter: next');
	});

	it('three Backspaces in one chunk delete three characters (a multiplexer batches keys)', async () => {
		const { stdin, onSubmit } = setup({ url: 'https://example.com', user: 'admin' });
		await type(stdin, 'secret', `${KEYS.backspace}${KEYS.backspace}${KEYS.backspace}${KEYS.enter}`);
		expect(onSubmit).toHaveBeenCalledWith({ url: 'https://example.com', user: 'admin', password: 'sec' });
	});

	it('starts at the first empty field when the command line gave the others', async () => {
		const { stdin, lastFrame, onSubmit } = setup({ url: 'https://example.com', user: 'admin' });
		expect(lastFrame()).toContain('› Application password');
		expect(lastFrame()).toContain('https://example.com');
		await type(stdin, 'secret', KEYS.enter);
		expect(onSubmit).toHaveBeenCalledWith({ url: 'https://example.com', user: 'admin', password: 'secret' });
	});

	it('refuses an empty field and says which', async () => {
		const { stdin, lastFrame, onSubmit } = setup();
		await type(stdin, KEYS.enter);
		expect(lastFrame()).toContain('Site URL is required.');
		expect(lastFrame()).toContain('› Site URL');
		expect(onSubmit).not.toHaveBeenCalled();
	});

	it('Backspace edits the current field', async () => {
		const { stdin, lastFrame } = setup();
		await type(stdin, 'exampel', KEYS.backspace, KEYS.backspace, 'le');
		expect(lastFrame()).toContain('example');
		expect(lastFrame()).not.toContain('exampel');
	});

	it('Esc cancels', async () => {
		const { stdin, onCancel, onSubmit } = setup();
		await type(stdin, 'abc', KEYS.escape);
		expect(onCancel).toHaveBeenCalledTimes(1);
		expect(onSubmit).not.toHaveBeenCalled();
	});

	it('leaves Ctrl+C to the interruption rule (exit 130)', async () => {
		const { stdin, onCancel, onSubmit } = setup();
		await type(stdin, 'abc', KEYS.ctrlC);
		expect(onCancel).not.toHaveBeenCalled();
		expect(onSubmit).not.toHaveBeenCalled();
	});

	it('a pasted URL with its line break moves on to the next field', async () => {
		const { stdin, lastFrame } = setup();
		await type(stdin, 'https://example.com\n');
		expect(lastFrame()).toContain('› User name');
		expect(lastFrame()).toMatch(/Site URL\s+https:\/\/example\.com\s*\n/);
	});

	it('typing ahead of the screen in one chunk fills each field in turn', async () => {
		const { stdin, onSubmit } = setup();
		await type(stdin, 'https://example.com\rbob\rabcd EFGH\r');
		expect(onSubmit).toHaveBeenCalledWith({ url: 'https://example.com', user: 'bob', password: 'abcd EFGH' });
	});

	it('Enter on the empty user name takes the default, admin', async () => {
		const { stdin, onSubmit } = setup({ url: 'https://example.com' });
		await type(stdin, KEYS.enter, 'secret', KEYS.enter);
		expect(onSubmit).toHaveBeenCalledWith({ url: 'https://example.com', user: 'admin', password: 'secret' });
	});

	it('shows why the last try failed; Esc clears the message first, then cancels; typing clears it too', async () => {
		const refused = 'The site refused this user name and application password.';
		const { stdin, lastFrame, onCancel } = setup({ url: 'https://example.com', user: 'bob' }, refused);
		expect(lastFrame()).toContain(refused);
		expect(lastFrame()).toContain('› Application password');
		expect(lastFrame()).toContain('Esc: clear the message');
		await type(stdin, KEYS.escape);
		expect(lastFrame()).not.toContain(refused);
		expect(onCancel).not.toHaveBeenCalled();
		await type(stdin, KEYS.enter);
		expect(lastFrame()).toContain('Application password is required.');
		await type(stdin, 'x');
		expect(lastFrame()).not.toContain('is required');
		await type(stdin, KEYS.escape);
		expect(onCancel).toHaveBeenCalledTimes(1);
	});
});
