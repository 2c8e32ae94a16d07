/**
 * svc logout: forgets a saved site, its profile and its application password (keychain and file).
 * The site is --site, else the one svc would use here (svc.json, the default, the only one).
 */
import { findProjectFile, openUserConfig, readUserConfig, requireProfile } from '../../core/config.js';
import { credentialsPath, deletePassword } from '../../core/credentials.js';
import type { LogoutCommand } from './command.js';
import { printJson, type Io } from '../shared/io.js';
import { commandMain } from '../shared/command-main.js';

/** What the entry point runs (command-main.ts: Ctrl-C, failures). */
export const main = commandMain(run);

export async function run(command: LogoutCommand, io: Io): Promise<number> {
	const selected = requireProfile({ flag: command.site, project: findProjectFile(io.cwd), config: readUserConfig(io.configDir) }, 'log out of');
	const removed = deletePassword(selected.name, { filePath: credentialsPath(io.configDir) });
	// conf (which writes the file atomically) loads only once there is a site to forget.
	(await openUserConfig(io.configDir)).removeProfile(selected.name);
	if (command.json) {
		printJson(io, { site: selected.name, url: selected.profile.url, removedPassword: removed.keychain || removed.file });
	} else {
		io.stdout.write(`✔ Logged out of ${selected.profile.url}: site "${selected.name}" and its application password are forgotten.\n`);
	}
	return 0;
}
