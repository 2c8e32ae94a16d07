/**
 * svc plugin zip: the svc plugin shipped inside this package (plugin/, next to dist/), as a zip
 * that wp-admin's "Upload Plugin" installs: every file under one top-level `svc/` folder. The
 * plugin's tests and dotfiles are left out, as in the npm package.
 */
// node:fs's promises, read when first used: node:fs/promises would load at start (about 1 ms).
import { lstatSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { SvcError } from '../../core/errors.js';
import { packageDir } from '../../core/package-dir.js';
import type { PluginZipCommand } from './command.js';
import { displayPath } from '../shared/context.js';
import { printJson, type Io } from '../shared/io.js';
import { cannotWriteOut } from '../shared/out-file.js';
import { createZip, type ZipEntry } from '../../core/zip.js';
import { commandMain } from '../shared/command-main.js';

export const PLUGIN_DIR = path.join(packageDir(), 'plugin');

const FOLDER = 'svc';
const LEFT_OUT = new Set(['tests']);

/** What the entry point runs (command-main.ts: Ctrl-C, failures). */
export const main = commandMain(run);

export async function run(command: PluginZipCommand, io: Io): Promise<number> {
	const out = path.resolve(io.cwd, command.out ?? `${FOLDER}.zip`);
	// Refused before the plugin is read and zipped: an answer at once, and no work thrown away.
	if (!command.force && exists(out)) throw existsAlready(io, out);
	const entries = await pluginEntries(PLUGIN_DIR);
	const zip = createZip(entries);
	try {
		// 'wx': the check and the write are one step, so no file made meanwhile is overwritten either.
		await fs.writeFile(out, zip, { flag: command.force ? 'w' : 'wx' });
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw existsAlready(io, out);
		throw cannotWriteOut(out, error);
	}
	const files = entries.filter((entry) => entry.data !== undefined).length;
	if (command.json) {
		printJson(io, { out, files, bytes: zip.length });
	} else {
		io.stdout.write(
			`✔ Wrote ${displayPath(io.cwd, out)} (${files} files, ${(zip.length / 1024).toFixed(1)} KB).\n  Install it in wp-admin: Plugins → Add New → Upload Plugin, then activate "svc".\n`,
		);
	}
	return 0;
}

/**
 * One synchronous lstat: a refusal needs no node:fs/promises, whose first use loads its module and
 * readline's (about 6 M instructions, 7 % of `node -e 0`).
 */
function exists(file: string): boolean {
	try {
		return lstatSync(file, { throwIfNoEntry: false }) !== undefined;
	} catch {
		return false;
	}
}

function existsAlready(io: Io, out: string): SvcError {
	return new SvcError(`${displayPath(io.cwd, out)} exists already; nothing was written.`, {
		code: 'usage',
		exitCode: 2,
		hint: `Add --force to replace it, or --out to write another file.`,
	});
}

export async function pluginEntries(pluginDir: string): Promise<ZipEntry[]> {
	try {
		if (!(await fs.stat(path.join(pluginDir, 'svc.php'))).isFile()) throw new Error('not a file');
	} catch {
		throw new SvcError(`The svc plugin is missing from this installation (no svc.php in ${pluginDir}).`, {
			hint: 'Reinstall svc (npm install -g svc).',
		});
	}
	const entries: ZipEntry[] = [];
	const visit = async (dir: string, prefix: string, top: boolean): Promise<void> => {
		const info = await fs.stat(dir);
		entries.push({ name: `${prefix}/`, modified: info.mtime, mode: 0o755 });
		const names = (await fs.readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1));
		for (const item of names) {
			if (item.name.startsWith('.') || (top && LEFT_OUT.has(item.name))) continue;
			const full = path.join(dir, item.name);
			if (item.isDirectory()) {
				await visit(full, `${prefix}/${item.name}`, false);
			} else if (item.isFile()) {
				const [data, fileInfo] = await Promise.all([fs.readFile(full), fs.stat(full)]);
				entries.push({ name: `${prefix}/${item.name}`, data, modified: fileInfo.mtime, mode: 0o644 });
			}
		}
	};
	await visit(pluginDir, FOLDER, true);
	return entries;
}
