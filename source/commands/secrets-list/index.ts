/**
 * svc secrets list: the site's secret names, when each was last set, and the ones its key no
 * longer opens. Never a value: the site never sends one.
 */
import type { SecretRecord } from '../../core/site-client.js';
import { keyExposureWarning } from '../../core/secrets-key.js';
import { shownLine } from '../../core/terminal-text.js';
import type { SecretsListCommand } from './command.js';
import { commandMain } from '../shared/command-main.js';
import { openSite } from '../shared/context.js';
import { printJson, type Io } from '../shared/io.js';

/** What the entry point runs (command-main.ts: Ctrl-C, failures). */
export const main = commandMain(run);

export async function run(command: SecretsListCommand, io: Io): Promise<number> {
	const site = openSite(io, { site: command.site });
	const secrets = await site.client.listSecrets();
	// On standard error, so that --json stays the records: a dump of this site opens them all.
	const exposure = keyExposureWarning(secrets[0]?.keySource);
	if (exposure !== undefined) io.stderr.write(exposure);
	if (command.json) {
		printJson(
			io,
			secrets.map((secret) => ({ name: secret.name, updated: new Date(secret.updated * 1000).toISOString(), readable: secret.readable })),
		);
		return 0;
	}
	io.stdout.write(secrets.length === 0 ? `No secrets on ${site.url}: "svc secrets set NAME" sets one.\n` : `${plainTable(secrets)}\n`);
	const unreadable = secrets.filter((secret) => !secret.readable);
	if (unreadable.length > 0) {
		io.stderr.write(
			`⚠ ${unreadable.map((secret) => shownLine(secret.name)).join(', ')}: the site can no longer read ${unreadable.length === 1 ? 'it' : 'them'} (SVC_SECRETS_KEY or its salts changed); set ${unreadable.length === 1 ? 'it' : 'each'} again with "svc secrets set NAME".\n`,
		);
	}
	return 0;
}

/** NAME, LAST SET (UTC) and a mark on the unreadable ones; site text goes through shownLine. */
function plainTable(secrets: readonly SecretRecord[]): string {
	const rows = secrets.map((secret) => [shownLine(secret.name), new Date(secret.updated * 1000).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC'), secret.readable ? '' : 'unreadable: set it again']);
	const width = Math.max(4, ...rows.map((row) => row[0]!.length));
	return [['NAME', 'LAST SET', ''], ...rows].map(([name, when, mark]) => `${name!.padEnd(width)}  ${when}${mark === '' ? '' : `  ${mark}`}`.trimEnd()).join('\n');
}
