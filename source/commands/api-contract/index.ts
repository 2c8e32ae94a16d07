/**
 * svc api openapi and svc api client: what the deployed routes declare, as the site's OpenAPI 3.1
 * document (printed or written to --out FILE) or as a typed TypeScript client (client.ts in --out
 * DIR, default ./svc-client). Files the site could not load are left out; both say which.
 */
// node:fs's promises, read when first used: node:fs/promises would load at start (about 1 ms).
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { SvcError } from '../../core/errors.js';
import { shownLine } from '../../core/terminal-text.js';
import { generateClient, UnsafeRoutePath } from '../../core/openapi-client.js';
import type { OpenApiDocument } from '../../core/site-client.js';
import type { ApiContractCommand } from './command.js';
import { displayPath, openSite } from '../shared/context.js';
import { note, printJson, type Io } from '../shared/io.js';
import { cannotWriteOut } from '../shared/out-file.js';
import { commandMain } from '../shared/command-main.js';

const CLIENT_DIR = 'svc-client';
const CLIENT_FILE = 'client.ts';

/** What the entry point runs (command-main.ts: Ctrl-C, failures). */
export const main = commandMain(run);

export async function run(command: ApiContractCommand, io: Io): Promise<number> {
	const site = openSite(io, { site: command.site });
	let document: OpenApiDocument;
	try {
		document = await site.client.getOpenApi();
	} catch (error) {
		if (error instanceof SvcError && error.serverCode === 'rest_no_route') {
			throw new SvcError(`${site.url} has no GET svc/v1/openapi: its svc plugin predates route contracts, or is not active.`, {
				code: 'plugin_outdated',
				hint: 'Update the svc plugin on the site to the one that ships with this CLI (svc plugin zip writes it), and activate it.',
			});
		}
		throw error;
	}
	const failed = document['x-svc-failed'] ?? [];
	const operations = Object.values(document.paths).reduce<number>((count, item) => count + Object.keys(item).length, 0);
	for (const file of failed) {
		note(io, `⚠ ${file.file} is left out: it failed to load (${file.error}).`);
	}

	if (command.name === 'api openapi') {
		if (command.out === undefined) {
			printJson(io, document);
			return 0;
		}
		const out = path.resolve(io.cwd, command.out);
		await write(out, `${JSON.stringify(document, null, 2)}\n`);
		if (command.json) {
			printJson(io, { out, paths: Object.keys(document.paths).length, operations, failed: failed.map((file) => file.file) });
		} else {
			io.stdout.write(`✔ Wrote ${displayPath(io.cwd, out)}: OpenAPI ${shownLine(String(document.openapi))}, ${Object.keys(document.paths).length} paths, ${operations} operations.\n`);
		}
		return 0;
	}

	const dir = path.resolve(io.cwd, command.out ?? CLIENT_DIR);
	const out = path.join(dir, CLIENT_FILE);
	await fs.mkdir(dir, { recursive: true }).catch((error: unknown) => {
		throw cannotWriteOut(dir, error);
	});
	let source: string;
	try {
		source = generateClient(document);
	} catch (error) {
		// A path that is no svc route would be the client's code: nothing is written.
		if (error instanceof UnsafeRoutePath) throw new SvcError(error.message, { code: 'unsafe_document', hint: 'The site answered with an OpenAPI document svc does not make; check the site and its plugin.' });
		throw error;
	}
	await write(out, source);
	if (command.json) {
		printJson(io, { out, operations, failed: failed.map((file) => file.file) });
	} else {
		io.stdout.write(
			`✔ Wrote ${displayPath(io.cwd, out)}: ${operations} typed functions.\n  import { createClient } from './${path.relative(io.cwd, dir) || '.'}/client.js';\n  const api = createClient({ root: '${await site.client.restRoot()}', auth: { user, password } });\n`,
		);
	}
	return 0;
}

async function write(file: string, text: string): Promise<void> {
	try {
		await fs.writeFile(file, text);
	} catch (error) {
		throw cannotWriteOut(file, error);
	}
}
