/**
 * How commands put Ink on screen. Static output goes through renderToString, so piped output is
 * plain text with no cursor codes; only prompts, live progress and the browsable list mount an app,
 * and only in a terminal. Each mounted app is unmounted before the next one starts.
 */
import { render, renderToString } from 'ink';
import type { ReactElement } from 'react';
import { Interruptible } from '../../components/interruptible.js';
import { interrupted } from './interrupt.js';
import type { Io } from './io.js';

type Stream = NodeJS.WriteStream;

/** Piped output is not wrapped at 80 columns: long route paths would break lines that tools parse. */
const PIPED_COLUMNS = 1000;

export function print(stream: Stream, element: ReactElement): void {
	const text = renderToString(element, { columns: stream.isTTY === true ? (stream.columns ?? 80) : PIPED_COLUMNS });
	if (text !== '') {
		stream.write(`${text}\n`);
	}
}

const ANSWER_FRAME_MS = 50;

/**
 * Mounts an app that answers once through `done`, and resolves with that answer after unmounting.
 * Ctrl+C rejects with `interrupted()` (exit 130), whatever the app was doing.
 */
export function ask<T>(io: Io, build: (done: (answer: T) => void) => ReactElement): Promise<T> {
	return new Promise<T>((resolve, reject) => {
		let answer: { value: T } | undefined;
		let stopped = false;
		const instance = render(
			<Interruptible
				onInterrupt={() => {
					stopped = true;
					instance.unmount();
				}}
			>
				{build((value) => {
					answer ??= { value };
					// Let Ink draw the answered state first: it renders at most once a frame (30 fps).
					setTimeout(() => instance.unmount(), ANSWER_FRAME_MS);
				})}
			</Interruptible>,
			inkOptions(io),
		);
		instance.waitUntilExit().then(() => {
			if (stopped) {
				reject(interrupted());
			} else if (answer === undefined) {
				reject(new Error('The prompt closed without an answer.'));
			} else {
				resolve(answer.value);
			}
		}, reject);
	});
}

export interface LiveView {
	update(element: ReactElement): void;
	/** Unmounts, leaving the last frame on screen. */
	finish(): Promise<void>;
}

/** An app re-rendered from outside (progress); a no-op when not interactive. */
export function live(io: Io, element: ReactElement, interactive: boolean): LiveView {
	if (!interactive) {
		return { update: () => undefined, finish: async () => undefined };
	}
	const instance = render(element, inkOptions(io));
	return {
		update: (next) => instance.rerender(next),
		finish: async () => {
			instance.unmount();
			await instance.waitUntilExit();
		},
	};
}

function inkOptions(io: Io) {
	return {
		stdin: io.stdin,
		stdout: io.stdout,
		stderr: io.stderr,
		// Ctrl+C ends the command through `interrupted()` (exit 130), not Ink's own exit.
		exitOnCtrlC: false,
		patchConsole: false,
	};
}
