/**
 * The user's svc config directory (config.json with the saved sites, credentials.json when the
 * password is kept in a file), where conf's env-paths would put it, worked out without loading conf:
 * every command needs the path, only login, logout and link need conf to write there.
 */
import os from 'node:os';
import path from 'node:path';

export type Env = Readonly<Record<string, string | undefined>>;

/** ~/.config/svc (or $XDG_CONFIG_HOME/svc) on Linux, ~/Library/Preferences/svc on macOS, %APPDATA%\svc\Config on Windows. */
export function userConfigDir(env: Env, platform: NodeJS.Platform = process.platform, home: string = os.homedir()): string {
	// env-paths treats an empty variable as unset: so do we, or the directory would move.
	const given = (name: string): string | undefined => ((env[name] ?? '') === '' ? undefined : env[name]);
	if (platform === 'darwin') {
		return path.join(home, 'Library', 'Preferences', 'svc');
	}
	if (platform === 'win32') {
		return path.join(given('APPDATA') ?? path.join(home, 'AppData', 'Roaming'), 'svc', 'Config');
	}
	return path.join(given('XDG_CONFIG_HOME') ?? path.join(home, '.config'), 'svc');
}
