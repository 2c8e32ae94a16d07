/** svc doctor: declared for the registry (../declaration.ts); runs in index.ts. */
import { siteOnly, type SiteCommand } from '../argv-checks.js';
import { declareCommand, JSON_OUTPUT, SITE } from '../declaration.js';

export type DoctorCommand = SiteCommand<'doctor'>;

export const doctor = declareCommand({
	name: 'doctor',
	flags: { site: SITE, json: JSON_OUTPUT },
	help: {
		listed: ['doctor', 'Check the site and the project, with a fix for each problem'],
		usage: 'doctor [--site NAME] [--json]',
		text: `
			Checks the linked site and the local project, one line each: ✔ fine, ⚠ works but should be
			fixed, ✖ broken; each problem with its fix. The REST API (pretty or plain permalinks,
			subdirectory installs), HTTPS or a local environment, the Authorization header, the plugin
			and its version, deploying allowed, the svc folder, the syntax check, body limits, opcache,
			the early cache (answers served before WordPress loads), svc.json, the api/ folder and files
			the site skips.
			Exit code 1 when a check fails (✖).
		`,
	},
	parse: siteOnly('doctor'),
	runner: () => import('./index.js'),
});
