import { describe, expect, it } from '@jest/globals';
import type { Io } from '../shared/io.js';
import { printLoggedIn } from './screens.js';

describe('printLoggedIn', () => {
	it('prints its two lines as lines, not a line break shown as an escape', () => {
		let written = '';
		const stdout = { isTTY: false, write: (text: string) => (written += text) } as unknown as NodeJS.WriteStream;
		printLoggedIn({ stdout } as unknown as Io, { url: 'https://example.test', user: 'admin', name: 'example', isDefault: true, stored: { where: 'keychain' } });
		expect(written).toBe('✔ Logged in to https://example.test as admin. Saved as site "example" (the default).\n  The application password is in the OS keychain.\n');
	});
});
