/** svc plugin zip: declared for the registry (../declaration.ts); runs in index.ts. */
import { noArgs, nonEmpty } from '../argv-checks.js';
import { declareCommand, FORCE, JSON_OUTPUT, OUT } from '../declaration.js';

export interface PluginZipCommand {
	readonly name: 'plugin zip';
	readonly json: boolean;
	readonly out: string | undefined;
	/** Replace an existing file at --out (else refused). */
	readonly force: boolean;
}

export const pluginZip = declareCommand({
	name: 'plugin zip',
	// No --site: the plugin ships with this CLI, no site is asked.
	flags: { json: JSON_OUTPUT, out: OUT, force: FORCE },
	help: {
		listed: ['plugin zip', 'Write the svc plugin as a zip to upload in wp-admin'],
		usage: 'plugin zip [--out FILE] [--force] [--json]',
		text: `
			Writes the svc plugin that ships with this CLI as a zip (default ./svc.zip) to install in
			wp-admin: Plugins → Add New → Upload Plugin. An existing file is replaced only with --force.
		`,
	},
	parse: ({ args, flags, json }): PluginZipCommand => {
		noArgs('plugin zip', args);
		return { name: 'plugin zip', json, out: nonEmpty(flags.out, '--out'), force: flags.force === true };
	},
	runner: () => import('./index.js'),
});
