/** svc secrets rm: declared for the registry (../declaration.ts); runs in index.ts. */
import { secretName } from '../argv-checks.js';
import { declareCommand, JSON_OUTPUT, SITE, YES } from '../declaration.js';

export interface SecretsRmCommand {
	readonly name: 'secrets rm';
	readonly json: boolean;
	readonly site: string | undefined;
	readonly yes: boolean;
	readonly secret: string;
}

export const secretsRm = declareCommand({
	name: 'secrets rm',
	flags: { site: SITE, json: JSON_OUTPUT, yes: YES },
	help: {
		listed: ['secrets rm NAME', 'Remove a secret'],
		usage: 'secrets rm NAME [--yes] [--site NAME] [--json]',
		heading: 'secrets rm NAME',
		text: `
			Asks in a terminal; needs --yes otherwise.
		`,
	},
	parse: ({ args, flags, json, site }): SecretsRmCommand => ({ name: 'secrets rm', json, site, yes: flags.yes === true, secret: secretName('secrets rm', args) }),
	runner: () => import('./index.js'),
});
