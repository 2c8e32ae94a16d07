/**
 * svc secrets set NAME: the value comes from standard input when it is not a terminal, else from
 * a masked prompt; never from an argument (shell history would keep it). Nothing svc prints holds
 * the value, only the name.
 */
import { answersPurgedField, answersPurgeWarning } from '../../core/answers-purge-text.js';
import { SvcError } from '../../core/errors.js';
import { readAll } from '../login/stdin.js';
import { keyExposureWarning } from '../../core/secrets-key.js';
import type { SecretsSetCommand } from './command.js';
import { commandMain } from '../shared/command-main.js';
import { openSite } from '../shared/context.js';
import { isInteractive, printJson, type Io } from '../shared/io.js';

/** What the entry point runs (command-main.ts: Ctrl-C, failures). */
export const main = commandMain(run);

/** The site's own bound (plugin/src/Secrets/SecretStore.php), checked before anything is sent. */
const MAX_BYTES = 65_536;

export async function run(command: SecretsSetCommand, io: Io): Promise<number> {
	const site = openSite(io, { site: command.site });
	const value = await readValue(command, io, site.url);
	if (value === undefined) {
		io.stderr.write('Cancelled: no secret was set.\n');
		return 1;
	}
	const set = await site.client.setSecret(command.secret, value);
	const { created, updated, keySource } = set;
	// Set all the same (the admin asked for it), but told on standard error that a dump opens it.
	const exposure = keyExposureWarning(keySource);
	if (exposure !== undefined) io.stderr.write(exposure);
	const stale = answersPurgeWarning(set, command.secret, command.site);
	if (stale !== undefined) io.stderr.write(stale);
	if (command.json) {
		printJson(io, { site: site.url, name: command.secret, created, updated: new Date(updated * 1000).toISOString(), ...answersPurgedField(set) });
	} else {
		io.stdout.write(`✔ ${created ? 'Set' : 'Replaced'} secret ${command.secret} on ${site.url}. Route code reads it with \\Svc\\Api\\Secrets::get('${command.secret}').\n`);
	}
	return 0;
}

async function readValue(command: SecretsSetCommand, io: Io, siteUrl: string): Promise<string | undefined> {
	let value: string | undefined;
	if (io.stdin.isTTY !== true) {
		// Only the line end `echo` or a file adds is dropped: printf %s keeps a value exact.
		value = (await readAll(io.stdin)).replace(/\r?\n$/, '');
	} else if (isInteractive(io, command.json)) {
		value = await (await import('./screens.js')).askSecret(io, command.secret, siteUrl);
		if (value === undefined) return undefined;
	} else {
		throw new SvcError(`svc secrets set ${command.secret} reads the value from standard input here (no terminal to ask in, or --json).`, {
			code: 'usage',
			exitCode: 2,
			hint: `Pipe it in, e.g. printf %s "$VALUE" | svc secrets set ${command.secret} --json`,
		});
	}
	if (value === '') {
		throw new SvcError(`No value for ${command.secret}: standard input was empty.`, {
			code: 'usage',
			exitCode: 2,
			hint: `Pipe it in, e.g. printf %s "$VALUE" | svc secrets set ${command.secret}; to remove a secret, svc secrets rm ${command.secret}.`,
		});
	}
	if (Buffer.byteLength(value) > MAX_BYTES) {
		throw new SvcError(`The value for ${command.secret} is ${Buffer.byteLength(value)} bytes; a secret holds at most ${MAX_BYTES}.`, { code: 'usage', exitCode: 2 });
	}
	return value;
}
