/**
 * svc link: remembers in svc.json which saved site this project deploys to, and where its route
 * files live, so that push, pull, list and rm need no --site here.
 *
 * The project is the folder of the nearest svc.json, else the current folder.
 */
import path from 'node:path';
import { apiDirInside, DEFAULT_API_DIR, findProjectFile, readUserConfig, requireProfile, writeProjectFile, type ProjectConfig } from '../../core/config.js';
import { SvcError } from '../../core/errors.js';
import type { LinkCommand } from './command.js';
import { printJson, type Io } from '../shared/io.js';
import { commandMain } from '../shared/command-main.js';

/** What the entry point runs (command-main.ts: Ctrl-C, failures). */
export const main = commandMain(run);

export async function run(command: LinkCommand, io: Io): Promise<number> {
	const project = findProjectFile(io.cwd);
	const dir = project?.dir ?? path.resolve(io.cwd);
	const config = readUserConfig(io.configDir);
	const selected = requireProfile({ flag: command.site, project, config }, 'link to');
	const apiDir = command.apiDir === undefined ? project?.config.apiDir : relativeApiDir(dir, command.apiDir);
	// The address is what a teammate's own login is found by; the name is only this user's.
	const linked: ProjectConfig = { ...project?.config, site: selected.name, url: selected.profile.url, ...(apiDir === undefined ? {} : { apiDir }) };
	const file = writeProjectFile(dir, linked);
	if (command.json) {
		printJson(io, { out: file, site: selected.name, url: selected.profile.url, apiDir: linked.apiDir ?? DEFAULT_API_DIR });
	} else {
		io.stdout.write(
			`✔ Linked ${dir} to site "${selected.name}" (${selected.profile.url}); route files in ${linked.apiDir ?? DEFAULT_API_DIR}/.\n` +
				`  Saved in ${file}: commit it so everyone on the project deploys to the same place.\n`,
		);
	}
	return 0;
}

/** The api folder as svc.json stores it: relative to the project, and inside it. */
function relativeApiDir(projectDir: string, given: string): string {
	const inside = apiDirInside(projectDir, given);
	if (inside === undefined) {
		throw new SvcError(`--api-dir ${JSON.stringify(given)} must name a folder inside the project (${projectDir}).`, { code: 'usage', exitCode: 2 });
	}
	return inside;
}
