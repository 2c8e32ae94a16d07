/**
 * The one typed command the CLI runs, built from the words and flags meow read (read-argv.ts). Pure and free of heavy imports: the
 * entry point loads it before it knows whether the user only asked for --help.
 */
import { SvcError } from '../core/errors.js';
import { EVENT_LEVELS, readLevel, type EventLevel } from '../core/event-levels.js';
import { isSecretName, SECRET_NAME_RULE } from '../core/secret-name.js';
import { closest } from '../core/suggest.js';
import { FLAGS, flagName, type FlagKey, type Flags } from './argv-flags.js';

export type { Flags } from './argv-flags.js';

export type HelpTopic = 'main' | 'api' | 'login' | 'logout' | 'link' | 'plugin' | 'doctor' | 'dev' | 'secrets';

export interface ApiPushCommand {
	readonly name: 'api push';
	readonly json: boolean;
	readonly site: string | undefined;
	readonly yes: boolean;
	readonly dryRun: boolean;
	readonly prune: boolean;
	/** `--preview`: a release served only to requests with its token, not made active. */
	readonly preview: boolean;
	/** `--message`: a note kept with the release; undefined: none. */
	readonly message: string | undefined;
}

export interface ApiPullCommand {
	readonly name: 'api pull';
	readonly json: boolean;
	readonly site: string | undefined;
	readonly yes: boolean;
	readonly dryRun: boolean;
}

export interface ApiListCommand {
	readonly name: 'api list';
	readonly json: boolean;
	readonly site: string | undefined;
}

export interface ApiDiffCommand {
	readonly name: 'api diff';
	readonly json: boolean;
	readonly site: string | undefined;
	/** The routes to compare, as given (slug, file or route); empty: every route that differs. */
	readonly slugs: readonly string[];
}

export interface ApiRmCommand {
	readonly name: 'api rm';
	readonly json: boolean;
	readonly site: string | undefined;
	readonly yes: boolean;
	readonly dryRun: boolean;
	readonly slugs: readonly string[];
}

export interface ApiReleasesCommand {
	readonly name: 'api releases';
	readonly json: boolean;
	readonly site: string | undefined;
}

export interface ApiRollbackCommand {
	readonly name: 'api rollback';
	readonly json: boolean;
	readonly site: string | undefined;
	readonly yes: boolean;
	readonly dryRun: boolean;
	/** The release to make active again; undefined: the one before the active one. */
	readonly to: number | undefined;
	readonly message: string | undefined;
}

export interface ApiPromoteCommand {
	readonly name: 'api promote';
	readonly json: boolean;
	readonly site: string | undefined;
	readonly yes: boolean;
	readonly dryRun: boolean;
	/** Promote even though another release became active since the preview was made. */
	readonly force: boolean;
	/** The preview to make active. */
	readonly id: number;
	readonly message: string | undefined;
}

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

export interface DoctorCommand {
	readonly name: 'doctor';
	readonly json: boolean;
	readonly site: string | undefined;
}

export interface DevCommand {
	readonly name: 'dev';
	readonly json: boolean;
	readonly site: string | undefined;
	/** Without a linked site and without PHP/MariaDB: consent to fetch and run WordPress Playground. */
	readonly yes: boolean;
}

/** `svc api openapi [--out FILE]` and `svc api client [--out DIR]`: what the site's routes declare. */
export interface ApiContractCommand {
	readonly name: 'api openapi' | 'api client';
	readonly json: boolean;
	readonly site: string | undefined;
	/** Where to write; undefined: stdout (openapi) or ./svc-client (client). */
	readonly out: string | undefined;
}

export interface LoginCommand {
	readonly name: 'login';
	readonly json: boolean;
	/** The profile name; defaults to one derived from the URL. */
	readonly site: string | undefined;
	readonly url: string | undefined;
	readonly user: string | undefined;
	readonly passwordStdin: boolean;
	readonly insecureStore: boolean;
}

export interface LogoutCommand {
	readonly name: 'logout';
	readonly json: boolean;
	readonly site: string | undefined;
}

export interface LinkCommand {
	readonly name: 'link';
	readonly json: boolean;
	readonly site: string | undefined;
	/** The route folder, as given (relative to the current folder). */
	readonly apiDir: string | undefined;
}

export interface PluginZipCommand {
	readonly name: 'plugin zip';
	readonly json: boolean;
	readonly out: string | undefined;
	/** Replace an existing file at --out (else refused). */
	readonly force: boolean;
}

/** `svc secrets set|list|rm`: the value of `set` never comes from argv (shell history keeps it). */
export interface SecretsSetCommand {
	readonly name: 'secrets set';
	readonly json: boolean;
	readonly site: string | undefined;
	/** Checked by core/secret-name.ts before stdin or a prompt is read. */
	readonly secret: string;
}

export interface SecretsListCommand {
	readonly name: 'secrets list';
	readonly json: boolean;
	readonly site: string | undefined;
}

export interface SecretsRmCommand {
	readonly name: 'secrets rm';
	readonly json: boolean;
	readonly site: string | undefined;
	readonly yes: boolean;
	readonly secret: string;
}

export interface HelpCommand {
	readonly name: 'help';
	readonly topic: HelpTopic;
}

export type Command =
	| ApiPushCommand
	| ApiPullCommand
	| ApiListCommand
	| ApiDiffCommand
	| ApiRmCommand
	| ApiReleasesCommand
	| ApiRollbackCommand
	| ApiPromoteCommand
	| ApiNewCommand
	| ApiLogsCommand
	| DoctorCommand
	| DevCommand
	| ApiContractCommand
	| LoginCommand
	| LogoutCommand
	| LinkCommand
	| PluginZipCommand
	| SecretsSetCommand
	| SecretsListCommand
	| SecretsRmCommand
	| HelpCommand;

export type CommandName = Exclude<Command, HelpCommand>['name'];

/** The flags each command accepts besides --help; any other given flag is a usage error. */
const ACCEPTS: Record<CommandName, readonly (keyof Flags)[]> = {
	'api push': ['site', 'json', 'yes', 'dryRun', 'prune', 'preview', 'message'],
	'api pull': ['site', 'json', 'yes', 'dryRun'],
	'api list': ['site', 'json'],
	'api diff': ['site', 'json'],
	'api rm': ['site', 'json', 'yes', 'dryRun'],
	'api releases': ['site', 'json'],
	'api rollback': ['site', 'json', 'yes', 'dryRun', 'message'],
	'api promote': ['site', 'json', 'yes', 'dryRun', 'force', 'message'],
	'api new': ['site', 'json', 'verbs', 'public', 'capability', 'cache', 'rateLimit', 'schedule'],
	'api logs': ['site', 'json', 'follow', 'since', 'route', 'level'],
	doctor: ['site', 'json'],
	dev: ['site', 'json', 'yes'],
	'api openapi': ['site', 'json', 'out'],
	'api client': ['site', 'json', 'out'],
	login: ['site', 'json', 'url', 'user', 'passwordStdin', 'insecureStore'],
	logout: ['site', 'json'],
	link: ['site', 'json', 'apiDir'],
	'plugin zip': ['json', 'out', 'force'],
	'secrets set': ['site', 'json'],
	'secrets list': ['site', 'json'],
	'secrets rm': ['site', 'json', 'yes'],
};

/** Each flag as typed: dryRun → --dry-run. */
const FLAG_NAMES = Object.fromEntries(Object.keys(FLAGS).map((key) => [key, flagName(key)])) as Record<FlagKey, string>;

/** Which help a bare or partial command line gets, e.g. `svc api` → the api help. */
const GROUPS: Record<string, HelpTopic> = { api: 'api', plugin: 'plugin', secrets: 'secrets' };

export function toCommand(input: readonly string[], flags: Flags): Command {
	const [first, second, ...rest] = input;
	rejectUnknownFlags(flags, first);
	const name = commandName(first, second);
	if (name === undefined) {
		const group = first !== undefined && Object.hasOwn(GROUPS, first);
		if (first === undefined || (group && second === undefined)) {
			return { name: 'help', topic: helpTopic(first) };
		}
		const guess = suggestion(first, second);
		throw usage(`Unknown command "svc ${input.join(' ')}".${guess === undefined ? '' : ` Did you mean "svc ${guess}"?`}`, helpTopic(first));
	}
	if (flags.help === true) {
		return { name: 'help', topic: helpTopic(first) };
	}
	const args = name.includes(' ') ? rest : [second, ...rest].filter((arg): arg is string => arg !== undefined);
	checkFlags(name, flags);
	const json = flags.json === true;
	const site = nonEmpty(flags.site, '--site');
	switch (name) {
		case 'api push':
			noArgs(name, args);
			return {
				name,
				json,
				site,
				yes: flags.yes === true,
				dryRun: flags.dryRun === true,
				prune: flags.prune === true,
				preview: flags.preview === true,
				message: releaseMessage(flags.message),
			};
		case 'api pull':
			noArgs(name, args);
			return { name, json, site, yes: flags.yes === true, dryRun: flags.dryRun === true };
		case 'api list':
			noArgs(name, args);
			return { name, json, site };
		case 'api diff':
			return { name, json, site, slugs: args };
		case 'api rm':
			if (args.length === 0) {
				throw usage('svc api rm needs the slug of the route to remove, e.g. "svc api rm users/[id]".', 'api');
			}
			return { name, json, site, yes: flags.yes === true, dryRun: flags.dryRun === true, slugs: args };
		case 'api releases':
			noArgs(name, args);
			return { name, json, site };
		case 'api rollback':
			return { name, json, site, yes: flags.yes === true, dryRun: flags.dryRun === true, to: releaseId(name, args), message: releaseMessage(flags.message) };
		case 'api promote': {
			const id = releaseId(name, args);
			if (id === undefined) {
				throw usage('svc api promote needs the id of the preview to make active, e.g. "svc api promote 14" ("svc api releases" lists the previews).', 'api');
			}
			return { name, json, site, yes: flags.yes === true, dryRun: flags.dryRun === true, force: flags.force === true, id, message: releaseMessage(flags.message) };
		}
		case 'api new':
			if (args.length !== 1 || args[0] === undefined) {
				throw usage('svc api new needs one slug, the new file\'s path under api/ without ".php", e.g. "svc api new users/[id]".', 'api');
			}
			return {
				name,
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
		case 'api logs':
			noArgs(name, args);
			return {
				name,
				json,
				site,
				follow: flags.follow === true,
				sinceSeconds: durationSeconds(nonEmpty(flags.since, '--since')),
				route: nonEmpty(flags.route, '--route'),
				level: eventLevel(nonEmpty(flags.level, '--level')),
			};
		case 'doctor':
			noArgs(name, args);
			return { name, json, site };
		case 'api openapi':
		case 'api client':
			noArgs(name, args);
			return { name, json, site, out: nonEmpty(flags.out, '--out') };
		case 'dev':
			noArgs(name, args);
			return { name, json, site, yes: flags.yes === true };
		case 'login':
			noArgs(name, args);
			return {
				name,
				json,
				site,
				url: nonEmpty(flags.url, '--url'),
				user: nonEmpty(flags.user, '--user'),
				passwordStdin: flags.passwordStdin === true,
				insecureStore: flags.insecureStore === true,
			};
		case 'logout':
			noArgs(name, args);
			return { name, json, site };
		case 'link':
			noArgs(name, args);
			return { name, json, site, apiDir: nonEmpty(flags.apiDir, '--api-dir') };
		case 'plugin zip':
			noArgs(name, args);
			return { name, json, out: nonEmpty(flags.out, '--out'), force: flags.force === true };
		case 'secrets set':
			return { name, json, site, secret: secretName(name, args) };
		case 'secrets list':
			noArgs(name, args);
			return { name, json, site };
		case 'secrets rm':
			return { name, json, site, yes: flags.yes === true, secret: secretName(name, args) };
	}
}

function commandName(first: string | undefined, second: string | undefined): CommandName | undefined {
	const two = `${first ?? ''} ${second ?? ''}`;
	if (
		two === 'api push' ||
		two === 'api pull' ||
		two === 'api list' ||
		two === 'api diff' ||
		two === 'api rm' ||
		two === 'api releases' ||
		two === 'api rollback' ||
		two === 'api promote' ||
		two === 'api new' ||
		two === 'api logs' ||
		two === 'api openapi' ||
		two === 'api client' ||
		two === 'plugin zip' ||
		two === 'secrets set' ||
		two === 'secrets list' ||
		two === 'secrets rm'
	) {
		return two;
	}
	if (first === 'api' && second === 'ls') {
		return 'api list';
	}
	if (first === 'login' || first === 'logout' || first === 'link' || first === 'doctor' || first === 'dev') {
		return first;
	}
	return undefined;
}

/** The command meant by a typo (`svc api pusj` → `api push`), from the commands ACCEPTS knows. */
function suggestion(first: string | undefined, second: string | undefined): string | undefined {
	const names = Object.keys(ACCEPTS);
	const groups = [...new Set(names.map((name) => name.split(' ')[0] ?? name))];
	// `svc push` for `svc api push`: a command of a group typed without its group.
	if (first !== undefined && !groups.includes(first) && second === undefined) {
		const bare = names.filter((name) => name.startsWith('api ')).map((name) => name.slice('api '.length));
		const member = bare.includes(first) ? first : closest(first, bare);
		if (member !== undefined) return `api ${member}`;
	}
	const group = first !== undefined && groups.includes(first) ? first : closest(first ?? '', groups);
	if (group === undefined) return undefined;
	const members = names.filter((name) => name.startsWith(`${group} `)).map((name) => name.slice(group.length + 1));
	if (members.length === 0) return group === first ? undefined : group;
	const member = second === undefined ? undefined : closest(second, members);
	return member === undefined ? undefined : `${group} ${member}`;
}

function helpTopic(first: string | undefined): HelpTopic {
	if (first === 'login' || first === 'logout' || first === 'link' || first === 'doctor' || first === 'dev') {
		return first;
	}
	return first !== undefined && Object.hasOwn(GROUPS, first) ? (GROUPS[first] ?? 'main') : 'main';
}

/**
 * meow lets unknown flags through (read-argv.ts: allowUnknownFlags), so that they are reported
 * here like every other usage error: with a suggestion, as JSON with --json, exit 2.
 */
function rejectUnknownFlags(flags: Flags, first: string | undefined): void {
	const unknown = Object.keys(flags).filter((flag) => !Object.hasOwn(FLAG_NAMES, flag) && (flags as Record<string, unknown>)[flag] !== undefined);
	if (unknown.length > 0) {
		// As typed: `-v` is a short flag, not `--v`.
		const names = unknown.map((flag) => (flag.length === 1 ? `-${flag}` : flagName(flag)));
		const guesses = names.flatMap((name) => {
			const guess = name.startsWith('--') ? closest(name.slice(2), Object.values(FLAG_NAMES).map((known) => known.slice(2))) : undefined;
			return guess === undefined ? [] : [`--${guess}`];
		});
		const meant = guesses.length === 0 ? '' : ` Did you mean ${guesses.join(', ')}?`;
		throw usage(`Unknown ${names.length === 1 ? 'flag' : 'flags'} ${names.join(', ')}.${meant}`, helpTopic(first));
	}
}

function checkFlags(name: CommandName, flags: Flags): void {
	const accepted = new Set<keyof Flags>([...ACCEPTS[name], 'help']);
	const given = (Object.keys(flags) as (keyof Flags)[]).filter((flag) => flags[flag] !== undefined && flags[flag] !== false);
	const foreign = given.filter((flag) => !accepted.has(flag));
	if (foreign.length > 0) {
		throw usage(
			`${foreign.map((flag) => FLAG_NAMES[flag] ?? flag).join(', ')} ${foreign.length === 1 ? 'does' : 'do'} not apply to "svc ${name}".`,
			helpTopic(name.split(' ')[0]),
		);
	}
}

function noArgs(name: CommandName, args: readonly string[]): void {
	if (args.length > 0) {
		throw usage(`"svc ${name}" takes no arguments; got ${args.map((arg) => JSON.stringify(arg)).join(' ')}.`, helpTopic(name.split(' ')[0]));
	}
}

/** `svc api rollback [<id>]`, `svc api promote <id>`: at most one release id, a positive whole number. */
function releaseId(name: 'api rollback' | 'api promote', args: readonly string[]): number | undefined {
	if (args.length > 1) {
		throw usage(`svc ${name} takes one release id at most; got ${args.map((arg) => JSON.stringify(arg)).join(' ')}.`, 'api');
	}
	const [arg] = args;
	if (arg === undefined) {
		return undefined;
	}
	if (!/^[1-9][0-9]{0,15}$/.test(arg)) {
		throw usage(`${JSON.stringify(arg)} is not a release id: "svc api releases" lists them (e.g. "svc ${name} 11").`, 'api');
	}
	return Number(arg);
}

/** The most characters a release's message may have (the site refuses more). */
export const MESSAGE_MAX_CHARS = 500;

/** `--message "…"`: a note kept with the release, at most 500 characters (counted as the site counts them). */
function releaseMessage(text: string | undefined): string | undefined {
	const message = nonEmpty(text, '--message')?.trim();
	if (message !== undefined && [...message].length > MESSAGE_MAX_CHARS) {
		throw usage(`--message is ${[...message].length} characters long; a release's message may have ${MESSAGE_MAX_CHARS} at most.`, 'api');
	}
	return message;
}

/** The one NAME of `svc secrets set|rm` (never a value: that comes from stdin or a prompt). */
function secretName(name: CommandName, args: readonly string[]): string {
	const [secret] = args;
	if (args.length !== 1 || secret === undefined) {
		throw usage(`svc ${name} needs one secret name, e.g. "svc ${name} STRIPE_KEY"; a value is never an argument (shell history would keep it).`, 'secrets');
	}
	if (!isSecretName(secret)) {
		throw usage(`${JSON.stringify(secret)} is not a secret name: ${SECRET_NAME_RULE}.`, 'secrets');
	}
	return secret;
}

function eventLevel(text: string | undefined): EventLevel | undefined {
	if (text === undefined) return undefined;
	const level = readLevel(text);
	if (level === undefined) {
		throw usage(`--level ${JSON.stringify(text)} is not a level: ${EVENT_LEVELS.join(', ')} (each shows its level and the graver ones).`, 'api');
	}
	return level;
}

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

function nonEmpty(value: string | undefined, flag: string): string | undefined {
	if (value !== undefined && value.trim() === '') {
		throw usage(`${flag} needs a value.`, 'main');
	}
	return value;
}

function usage(message: string, topic: HelpTopic): SvcError {
	return new SvcError(message, {
		code: 'usage',
		exitCode: 2,
		hint: `Run "svc ${topic === 'main' ? '' : `${topic} `}--help" for usage.`,
	});
}
