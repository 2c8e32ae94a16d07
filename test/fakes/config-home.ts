/**
 * A temp dir per test that also holds the user config dir (conf and the credentials file live under
 * XDG_CONFIG_HOME), restored and removed after each test. Call at the top of a test file.
 */
import { afterEach, beforeEach } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function useTempConfigHome(prefix: string): { readonly dir: string } {
	const state = { dir: '' };
	let configHome: string | undefined;
	beforeEach(() => {
		state.dir = mkdtempSync(path.join(tmpdir(), prefix));
		configHome = process.env['XDG_CONFIG_HOME'];
		process.env['XDG_CONFIG_HOME'] = path.join(state.dir, 'config');
	});
	afterEach(() => {
		if (configHome === undefined) delete process.env['XDG_CONFIG_HOME'];
		else process.env['XDG_CONFIG_HOME'] = configHome;
		rmSync(state.dir, { recursive: true, force: true });
	});
	return state;
}
