/** svc secrets set: declared for the registry (../declaration.ts); runs in index.ts. */
import { secretName } from '../argv-checks.js';
import { declareCommand, JSON_OUTPUT, SITE } from '../declaration.js';

/** The value never comes from argv (shell history keeps it): from stdin or a masked prompt. */
export interface SecretsSetCommand {
	readonly name: 'secrets set';
	readonly json: boolean;
	readonly site: string | undefined;
	/** Checked by core/secret-name.ts before stdin or a prompt is read. */
	readonly secret: string;
}

export const secretsSet = declareCommand({
	name: 'secrets set',
	flags: { site: SITE, json: JSON_OUTPUT },
	help: {
		listed: ['secrets set NAME', 'Set a secret route code reads (value from stdin or a masked prompt)'],
		usage: 'secrets set NAME [--site NAME] [--json]',
		heading: 'secrets set NAME',
		text: `
			Reads the value from standard input when it is not a terminal (one trailing line break is
			dropped), else asks for it, masked. Never from an argument: shell history would keep it.
		`,
	},
	parse: ({ args, json, site }): SecretsSetCommand => ({ name: 'secrets set', json, site, secret: secretName('secrets set', args) }),
	runner: () => import('./index.js'),
});
