/**
 * svc logout: forgets a saved site, its profile and its application password (keychain and file).
 * The site is --site, else the one svc would use here (svc.json, the default, the only one).
 */
import { findProjectFile, openUserConfig, selectProfile } from '../core/config.js';
import { deletePassword } from '../core/credentials.js';
import { SvcError } from '../core/errors.js';
import type { LogoutCommand } from './command.js';
import { printJson, type Io } from './shared/io.js';

export async function run(command: LogoutCommand, io: Io): Promise<number> {
	const config = openUserConfig();
	const selected = selectProfile({ flag: command.site, project: findProjectFile(io.cwd), config });
	if (selected === undefined) {
		const known = config.profileNames();
		throw new SvcError(known.length === 0 ? 'No site is saved; there is nothing to log out of.' : 'Which site? Several are saved and none is the default.', {
			code: 'usage',
			exitCode: 2,
			...(known.length === 0 ? {} : { hint: `Pass --site NAME; saved sites: ${known.join(', ')}.` }),
		});
	}
	const removed = deletePassword(selected.name);
	config.removeProfile(selected.name);
	if (command.json) {
		printJson(io, { site: selected.name, url: selected.profile.url, removedPassword: removed.keychain || removed.file });
	} else {
		io.stdout.write(`✔ Logged out of ${selected.profile.url}: site "${selected.name}" and its application password are forgotten.\n`);
	}
	return 0;
}
