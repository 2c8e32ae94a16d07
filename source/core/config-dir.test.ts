import { describe, expect, it } from '@jest/globals';
import path from 'node:path';
import { userConfigDir } from './config-dir.js';

describe('userConfigDir', () => {
	// Where conf (env-paths, project "svc", no suffix) keeps config.json: logins made by earlier
	// versions of svc must still be found.
	it.each<[string, NodeJS.Platform, Record<string, string>, string]>([
		['XDG_CONFIG_HOME on Linux', 'linux', { XDG_CONFIG_HOME: '/x/conf' }, path.join('/x/conf', 'svc')],
		['~/.config without it', 'linux', {}, path.join('/home/u', '.config', 'svc')],
		['~/.config when it is empty', 'linux', { XDG_CONFIG_HOME: '' }, path.join('/home/u', '.config', 'svc')],
		['~/Library/Preferences on macOS', 'darwin', { XDG_CONFIG_HOME: '/ignored' }, path.join('/home/u', 'Library', 'Preferences', 'svc')],
		['%APPDATA% on Windows', 'win32', { APPDATA: '/appdata' }, path.join('/appdata', 'svc', 'Config')],
		['AppData/Roaming without it', 'win32', {}, path.join('/home/u', 'AppData', 'Roaming', 'svc', 'Config')],
	])('%s', (_case, platform, env, expected) => {
		expect(userConfigDir(env, platform, '/home/u')).toBe(expected);
	});
});
