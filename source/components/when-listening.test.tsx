/**
 * A key pressed the instant a question appears counts (issue 30). The terminal here behaves as a
 * pty does: keys wait in its buffer until read, and in cooked mode (before raw mode is on) Enter
 * arrives as "\n", which Ink does not take for Return. The person presses keys from within the
 * very write that paints the question, the earliest anyone could.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it, jest } from '@jest/globals';
import { render } from 'ink';
import type { ReactElement } from 'react';
import { Confirm } from './confirm.js';
import { devScreen } from './dev-screen.js';
import { Interruptible } from './interruptible.js';
import { SecretPrompt } from './secret-prompt.js';

class TerminalInput extends EventEmitter {
	readonly isTTY = true;
	raw = false;
	private buffered = '';

	setRawMode(on: boolean): void {
		this.raw = on;
	}

	/** Keys typed: cooked mode turns the Return key's "\r" into "\n" (ICRNL). */
	type(keys: string): void {
		this.buffered += this.raw ? keys : keys.replace(/\r/g, '\n');
		if (this.listenerCount('readable') > 0) this.emit('readable');
	}

	read(): string | null {
		const data = this.buffered;
		this.buffered = '';
		return data === '' ? null : data;
	}

	/** As a stream does, a new 'readable' listener hears of what is already waiting. */
	override addListener(event: string, listener: (...args: unknown[]) => void): this {
		super.addListener(event, listener);
		if (event === 'readable' && this.buffered !== '') process.nextTick(() => this.emit('readable'));
		return this;
	}

	setEncoding(): void {}
	ref(): void {}
	unref(): void {}
	resume(): void {}
	pause(): void {}
}

/** Mounts `app` (a prompt inside Interruptible, as ask() mounts it); `keys` are typed in the write that first shows `question`. */
async function answerAtOnce(app: ReactElement, question: string, keys: string): Promise<{ raw: boolean }> {
	const stdin = new TerminalInput();
	let typed = false;
	let rawWhenTyped = false;
	const stdout = Object.assign(new EventEmitter(), {
		columns: 100,
		write: (frame: string) => {
			if (!typed && frame.includes(question)) {
				typed = true;
				rawWhenTyped = stdin.raw;
				stdin.type(keys);
			}
			return true;
		},
	});
	const instance = render(app, {
		stdin: stdin as unknown as NodeJS.ReadStream,
		stdout: stdout as unknown as NodeJS.WriteStream,
		stderr: stdout as unknown as NodeJS.WriteStream,
		debug: true,
		exitOnCtrlC: false,
		patchConsole: false,
	});
	await new Promise((resolve) => setTimeout(resolve, 100));
	instance.unmount();
	expect(typed).toBe(true);
	return { raw: rawWhenTyped };
}

const prompt = (question: ReactElement) => <Interruptible onInterrupt={() => undefined}>{question}</Interruptible>;

describe('a prompt is shown only once svc reads keys', () => {
	it.each([
		['\r', false],
		['y', true],
	])('Confirm: %j pressed as "(y/N)" appears answers it', async (key, yes) => {
		for (let run = 0; run < 5; run++) {
			const onSubmit = jest.fn<(yes: boolean) => void>();
			const { raw } = await answerAtOnce(prompt(<Confirm message="Remove ping?" onSubmit={onSubmit} />), '(y/N)', key);
			expect(raw).toBe(true);
			expect(onSubmit.mock.calls).toEqual([[yes]]);
		}
	});

	it('a text prompt: a value and Enter typed as it appears are submitted', async () => {
		for (let run = 0; run < 5; run++) {
			const onSubmit = jest.fn<(value: string) => void>();
			const { raw } = await answerAtOnce(prompt(<SecretPrompt name="API_KEY" site="https://example.test" onSubmit={onSubmit} onCancel={() => undefined} />), 'Set secret API_KEY', 's3cret\r');
			expect(raw).toBe(true);
			expect(onSubmit.mock.calls).toEqual([['s3cret']]);
		}
	});

	it('svc dev\'s screen: q pressed as "(q quits)" appears quits', async () => {
		for (let run = 0; run < 5; run++) {
			const onQuit = jest.fn<(how: 'q' | 'ctrl-c') => void>();
			const screen = devScreen({ site: 'https://example.test', apiLabel: 'api', last: undefined, busy: false, routes: [], events: [], onQuit, rows: 20 });
			const { raw } = await answerAtOnce(screen, '(q quits)', 'q');
			expect(raw).toBe(true);
			expect(onQuit.mock.calls).toEqual([['q']]);
		}
	});
});
