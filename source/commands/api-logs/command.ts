/** svc api logs: declared for the registry (../declaration.ts); runs in index.ts. */
import { EVENT_LEVELS, readLevel, type EventLevel } from '../../core/event-levels.js';
import { noArgs, nonEmpty, usage } from '../argv-checks.js';
import { declareCommand, JSON_OUTPUT, SITE } from '../declaration.js';

export interface ApiLogsCommand {
	readonly name: 'api logs';
	readonly json: boolean;
	readonly site: string | undefined;
	readonly follow: boolean;
	/** Seconds back from now (`--since 1h`); undefined: the latest page. */
	readonly sinceSeconds: number | undefined;
	/** `--route`, as given (slug, file, route or URL: core/slug-argument.ts); undefined: every route. */
	readonly route: string | undefined;
	/** `--level`: events of this level and graver; undefined: all. */
	readonly level: EventLevel | undefined;
}

export const apiLogs = declareCommand({
	name: 'api logs',
	flags: { site: SITE, json: JSON_OUTPUT, follow: { type: 'boolean' }, since: { type: 'string' }, route: { type: 'string' }, level: { type: 'string' } },
	help: {
		listed: ['api logs', "What the site's svc did: load failures, throwing checks, releases"],
		usage: 'api logs [--follow] [--since 1h] [--route R] [--level L] [--site NAME] [--json]',
		heading: 'api logs',
		text: `
			The events the site's svc plugin recorded (the last 1,000), oldest first: files that failed
			to load and loaded again, verbs, permission checks and headers() that threw (file and line),
			fatal errors, and every release (who, how many files).
			--since 1h        Only events this recent (s, m, h, d)
			--route R         Only this route's: its slug, file, route or URL (users/[id], users/{id},
			                  api/users/[id].php, /svc-api/v1/users/{id}, https://…/users/1)
			--level L         Only events of this level and graver: error, warn or info
			--follow          Keep printing new events as they happen (Ctrl-C stops); with --json one
			                  JSON object per line
		`,
		noBlankLineAfter: true,
	},
	parse: ({ args, flags, json, site }): ApiLogsCommand => {
		noArgs('api logs', args);
		return {
			name: 'api logs',
			json,
			site,
			follow: flags.follow === true,
			sinceSeconds: durationSeconds(nonEmpty(flags.since, '--since')),
			route: nonEmpty(flags.route, '--route'),
			level: eventLevel(nonEmpty(flags.level, '--level')),
		};
	},
	runner: () => import('./index.js'),
});

/** `--since 90s|15m|1h|2d` (a bare number is seconds): how far back, in seconds. */
export function durationSeconds(text: string | undefined): number | undefined {
	if (text === undefined) return undefined;
	const match = /^([0-9]{1,9})(s|m|h|d)?$/.exec(text.trim());
	if (match === null || Number(match[1]) === 0) {
		throw usage(`--since ${JSON.stringify(text)} is not a duration: a whole number with s, m, h or d, e.g. "--since 1h".`, 'api');
	}
	const unit = { s: 1, m: 60, h: 3600, d: 86_400 }[(match[2] ?? 's') as 's' | 'm' | 'h' | 'd'];
	return Number(match[1]) * unit;
}

function eventLevel(text: string | undefined): EventLevel | undefined {
	if (text === undefined) return undefined;
	const level = readLevel(text);
	if (level === undefined) {
		throw usage(`--level ${JSON.stringify(text)} is not a level: ${EVENT_LEVELS.join(', ')} (each shows its level and the graver ones).`, 'api');
	}
	return level;
}
