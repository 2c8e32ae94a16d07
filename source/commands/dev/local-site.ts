/**
 * svc dev without a linked site: a throwaway WordPress of its own, on this machine's PHP, MariaDB
 * and WordPress when present, else on WordPress Playground (fetched by npx, only with consent).
 * Nothing is installed on the system: what is missing is named, with the command that installs it.
 */
import { SvcError } from '../../core/errors.js';
import { createSiteClient } from '../../core/site-client.js';
import type { LocalSite } from '../../local-site/local-site.js';
import { findExecutable, installHint, missingForAnySite, missingForFpm } from '../../local-site/packages.js';
import { PLAYGROUND_PACKAGE } from '../../local-site/playground-package.js';
import { chooseRuntime, type RuntimeChoice, type RuntimeFacts } from '../../local-site/runtime-choice.js';
import type { DevCommand } from './command.js';
import { confirmAction } from '../shared/confirm.js';
import type { Site } from '../shared/context.js';
import { isInteractive, note, type Io } from '../shared/io.js';

export interface LocalDevSite {
	readonly site: Site;
	readonly local: LocalSite;
}

const LOGIN_HINT = 'or run "svc login" to use a WordPress you have';

/** What starting a local site touches of the machine; tests pass their own. */
export interface LocalSiteDeps {
	/** What the machine has, and where npx is. */
	readonly facts: () => RuntimeFacts & { readonly npxPath: string | undefined };
	readonly confirm: typeof confirmAction;
	readonly startNative: (options: { server: 'fpm' | 'php'; label: string }) => Promise<LocalSite>;
	readonly startPlayground: (options: { label: string; npx: string }) => Promise<LocalSite>;
}

const machine: LocalSiteDeps = {
	facts: () => {
		const npxPath = findExecutable('npx');
		return { missingForAnySite: missingForAnySite(), missingForFpm: missingForFpm(), npx: npxPath !== undefined, npxPath };
	},
	confirm: confirmAction,
	startNative: async (options) => (await import('../../local-site/native-site.js')).startNativeSite(options),
	startPlayground: async (options) => (await import('../../local-site/playground.js')).startPlaygroundSite(options),
};

/** Starts the site, or returns undefined when the person declined Playground. */
export async function startLocalDevSite(io: Io, command: DevCommand, deps: LocalSiteDeps = machine): Promise<LocalDevSite | undefined> {
	const facts = deps.facts();
	const local = await start(io, command, chooseRuntime(facts), facts.npxPath, deps);
	if (local === undefined) return undefined;
	const client = createSiteClient({ url: local.url, user: local.admin.login, appPassword: local.appPassword, userAgent: `svc/${io.version}` });
	return { site: { client, url: local.url, profile: undefined }, local };
}

async function start(io: Io, command: DevCommand, choice: RuntimeChoice, npx: string | undefined, deps: LocalSiteDeps): Promise<LocalSite | undefined> {
	switch (choice.kind) {
		case 'native': {
			note(io, `No site is linked: starting a throwaway WordPress on ${choice.label}…`);
			return deps.startNative({ server: choice.server, label: choice.label });
		}
		case 'none':
			throw new SvcError(`svc dev needs a site: none is linked, and a throwaway WordPress needs ${choice.missing.join(', ')}, which this machine lacks.`, {
				code: 'no_local_runtime',
				hint: `Install them (${installHint()}), install Node.js's npx to run WordPress Playground instead, ${LOGIN_HINT}.`,
			});
		case 'playground': {
			const shown = `npx ${PLAYGROUND_PACKAGE} server`;
			const lacking = `none is linked, and this machine lacks ${choice.missing.join(', ')} for a native WordPress`;
			if (!command.yes && !isInteractive(io, command.json)) {
				throw new SvcError(`svc dev needs a site: ${lacking}. It can run WordPress Playground instead (${shown}: fetched by npx on first use, several hundred MB), but only with consent, and there is no terminal to ask in.`, {
					code: 'confirmation_required',
					exitCode: 2,
					hint: `Re-run with --yes to fetch and run WordPress Playground, install the packages (${installHint()}), ${LOGIN_HINT}.`,
				});
			}
			note(io, `svc dev needs a site: ${lacking}.`);
			const yes = await deps.confirm(io, {
				yes: command.yes,
				interactive: true,
				question: `Run WordPress Playground (${shown}; npx fetches it on first use, several hundred MB)?`,
				action: 'fetch WordPress Playground',
			});
			if (!yes) return undefined;
			note(io, `Starting a throwaway WordPress on ${choice.label}… (the first run downloads it: this can take minutes)`);
			return deps.startPlayground({ label: choice.label, npx: npx ?? 'npx' });
		}
	}
}
