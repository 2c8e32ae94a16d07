import { describe, expect, it, jest } from '@jest/globals';
import { render } from 'ink-testing-library';
import { LoginForm, type LoginValues } from './login-form.js';
import { KEYS, settle } from '../../test/support/ink-input.js';

function setup(initial?: Partial<LoginValues>) {
	const onSubmit = jest.fn<(values: LoginValues) => void>();
	const onCancel = jest.fn();
	const view = render(<LoginForm onSubmit={onSubmit} onCancel={onCancel} {...(initial === undefined ? {} : { initial })} />);
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
		expect(frame).toContain('admin');
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

	it.each([['Esc', KEYS.escape], ['Ctrl+C', KEYS.ctrlC]])('%s cancels', async (_name, key) => {
		const { stdin, onCancel, onSubmit } = setup();
		await type(stdin, 'abc', key);
		expect(onCancel).toHaveBeenCalledTimes(1);
		expect(onSubmit).not.toHaveBeenCalled();
	});
});
