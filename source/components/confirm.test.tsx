import { describe, expect, it, jest } from '@jest/globals';
import { render } from 'ink-testing-library';
import { Confirm } from './confirm.js';
import { KEYS, settle } from '../../test/support/ink-input.js';

function setup(defaultYes?: boolean) {
	const onSubmit = jest.fn<(yes: boolean) => void>();
	const view = render(<Confirm message="Remove 2 routes?" onSubmit={onSubmit} {...(defaultYes === undefined ? {} : { defaultYes })} />);
	return { ...view, onSubmit };
}

describe('Confirm', () => {
	it('asks with the default shown as the capital letter', () => {
		expect(setup().lastFrame()).toBe('? Remove 2 routes? (y/N)');
		expect(setup(true).lastFrame()).toBe('? Remove 2 routes? (Y/n)');
	});

	it.each([
		['y', true],
		['Y', true],
		['n', false],
		['N', false],
		[KEYS.escape, false],
	])('answers %j with %s and shows the answer', async (key, yes) => {
		const { stdin, lastFrame, onSubmit } = setup();
		await settle();
		stdin.write(key);
		await settle();
		expect(onSubmit).toHaveBeenCalledWith(yes);
		expect(lastFrame()).toBe(`? Remove 2 routes? ${yes ? 'yes' : 'no'}`);
	});

	it('takes the default on Enter: no unless told otherwise', async () => {
		for (const [defaultYes, expected] of [[undefined, false], [true, true]] as const) {
			const { stdin, onSubmit } = setup(defaultYes);
			await settle();
			stdin.write(KEYS.enter);
			await settle();
			expect(onSubmit).toHaveBeenCalledWith(expected);
		}
	});

	it('leaves Ctrl+C to the interruption rule: it is not an answer', async () => {
		const { stdin, onSubmit } = setup();
		await settle();
		stdin.write(KEYS.ctrlC);
		await settle();
		expect(onSubmit).not.toHaveBeenCalled();
	});

	it('ignores other keys and answers only once', async () => {
		const { stdin, onSubmit } = setup();
		await settle();
		stdin.write('x');
		await settle();
		expect(onSubmit).not.toHaveBeenCalled();
		stdin.write('y');
		await settle();
		stdin.write('n');
		await settle();
		expect(onSubmit.mock.calls).toEqual([[true]]);
	});
});
