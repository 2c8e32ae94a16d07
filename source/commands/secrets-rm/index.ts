/**
 * svc secrets rm NAME: removes a secret; route code gets null for it from the next request on.
 * Asked in a terminal, --yes elsewhere (confirm.ts), as every removal.
 */
import { answersPurgedField, answersPurgeWarning } from '../../core/answers-purge-text.js';
import { SvcError } from '../../core/errors.js';
import type { AnswersPurge } from '../../core/site-types.js';
import type { SecretsRmCommand } from './command.js';
import { commandMain } from '../shared/command-main.js';
import { confirmAction, declined } from '../shared/confirm.js';
import { openSite } from '../shared/context.js';
import { isInteractive, printJson, type Io } from '../shared/io.js';

/** What the entry point runs (command-main.ts: Ctrl-C, failures). */
export const main = commandMain(run);

export async function run(command: SecretsRmCommand, io: Io): Promise<number> {
	const site = openSite(io, { site: command.site });
	const go = await confirmAction(io, {
		yes: command.yes,
		interactive: isInteractive(io, command.json),
		question: `Remove secret ${command.secret} from ${site.url}? Route code reading it gets null from the next request on.`,
		action: `remove secret ${command.secret}`,
	});
	if (!go) {
		return declined(io, 'no secret was removed');
	}
	let purge: AnswersPurge;
	try {
		purge = await site.client.deleteSecret(command.secret);
	} catch (error) {
		if (error instanceof SvcError && error.serverCode === 'svc_secret_not_found') {
			throw new SvcError(`No secret named ${command.secret} on ${site.url}. Nothing was removed.`, {
				code: 'not_found',
				hint: 'Run "svc secrets list" to see the names.',
			});
		}
		throw error;
	}
	const stale = answersPurgeWarning(purge, command.secret, command.site);
	if (stale !== undefined) io.stderr.write(stale);
	if (command.json) {
		printJson(io, { site: site.url, name: command.secret, removed: true, ...answersPurgedField(purge) });
	} else {
		io.stdout.write(`✔ Removed secret ${command.secret} from ${site.url}.\n`);
	}
	return 0;
}
