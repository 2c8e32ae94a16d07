import { describe, expect, it } from '@jest/globals';
import { SvcError } from '../../core/errors.js';
import { confirmAction } from './confirm.js';
import type { Io } from './io.js';

// Neither branch under test touches the streams.
const io = {} as Io;

describe('confirmAction', () => {
	it('--yes goes ahead without asking', async () => {
		await expect(confirmAction(io, { yes: true, interactive: false, question: 'q?', action: 'remove 2 routes' })).resolves.toBe(true);
	});

	it('without a terminal and without --yes it refuses with exit code 2 and says how to confirm', async () => {
		const refusal = confirmAction(io, { yes: false, interactive: false, question: 'q?', action: 'remove 2 routes' });
		await expect(refusal).rejects.toBeInstanceOf(SvcError);
		await expect(refusal).rejects.toMatchObject({
			exitCode: 2,
			code: 'confirmation_required',
			message: 'Refusing to remove 2 routes without confirmation: no terminal to ask in.',
			hint: 'Re-run with --yes to confirm (or run in a terminal to be asked).',
		});
	});
});
