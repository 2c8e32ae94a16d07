/** svc api new: declared for the registry (../declaration.ts); runs in index.ts. */
import { nonEmpty, usage } from '../argv-checks.js';
import { declareCommand, JSON_OUTPUT, SITE } from '../declaration.js';

export interface ApiNewCommand {
	readonly name: 'api new';
	readonly json: boolean;
	readonly site: string | undefined;
	readonly slug: string;
	/** As given to --verbs (checked by core/route-scaffold.ts); undefined: GET only. */
	readonly verbs: string | undefined;
	readonly isPublic: boolean;
	readonly capability: string | undefined;
	/** As given to --cache, --rate-limit and --schedule (checked by core/policy-flags.ts). */
	readonly cache: string | undefined;
	readonly rateLimit: string | undefined;
	readonly schedule: string | undefined;
}

export const apiNew = declareCommand({
	name: 'api new',
	flags: {
		site: SITE,
		json: JSON_OUTPUT,
		verbs: { type: 'string' },
		public: { type: 'boolean' },
		capability: { type: 'string' },
		cache: { type: 'string' },
		rateLimit: { type: 'string' },
		schedule: { type: 'string' },
	},
	help: {
		listed: ['api new <slug>', 'Create a route file that passes every push-time check'],
		usage: ['api new <slug> [--verbs get,post] [--public | --capability CAP] [--json]', '[--cache S] [--rate-limit N/S] [--schedule WHEN]'],
		heading: 'api new <slug>',
		text: `
			Writes api/<slug>.php: one class named after the slug (free among the project's and the
			site's route files), a method per verb, [param] segments read from the request. Never
			overwrites a file.
			--verbs LIST      Verbs to implement (default get): get, post, put, patch, delete
			--public          Anyone may call the route, without logging in
			--capability CAP  Logged-in users holding CAP may call it (default: administrators only)
			--cache S         GET answers carry Cache-Control max-age S seconds and an ETag
			--rate-limit N/S  Each client may call it N times per S seconds, then gets 429
			--schedule WHEN   Adds run(), which WP-Cron calls: hourly, twicedaily, daily, weekly or
			                  every:SECONDS (at least 60)
		`,
	},
	parse: ({ args, flags, json, site }): ApiNewCommand => {
		if (args.length !== 1 || args[0] === undefined) {
			throw usage('svc api new needs one slug, the new file\'s path under api/ without ".php", e.g. "svc api new users/[id]".', 'api');
		}
		return {
			name: 'api new',
			json,
			site,
			slug: args[0],
			verbs: nonEmpty(flags.verbs, '--verbs'),
			isPublic: flags.public === true,
			capability: nonEmpty(flags.capability, '--capability'),
			cache: nonEmpty(flags.cache, '--cache'),
			rateLimit: nonEmpty(flags.rateLimit, '--rate-limit'),
			schedule: nonEmpty(flags.schedule, '--schedule'),
		};
	},
	runner: () => import('./index.js'),
});
