/**
 * A temp dir per test, removed after it: the project (cwd) and, in config/svc, the user config
 * directory that fakeIo hands to commands (Io.configDir), so no test touches XDG_CONFIG_HOME or
 * the user's own config. Call at the top of a test file.
 */
import { afterEach, beforeEach } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function useTempDir(prefix: string): { readonly dir: string; readonly configDir: string } {
	const state = { dir: '', configDir: '' };
	beforeEach(() => {
		state.dir = mkdtempSync(path.join(tmpdir(), prefix));
		state.configDir = path.join(state.dir, 'config', 'svc');
	});
	afterEach(() => {
		rmSync(state.dir, { recursive: true, force: true });
	});
	return state;
}
