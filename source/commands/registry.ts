/**
 * Every command svc has, in the order the main help lists them: each declared once in its own folder
 * (<command>/command.ts, see declaration.ts). What the rest of the CLI knows of commands is derived
 * from this list: meow's flags (read-argv.ts), which flags a command takes, unknown commands and
 * flags with their suggestions (parse-argv.ts), the help (help-texts.ts) and which module runs
 * (cli.tsx). A new command is a folder with its command.ts and index.ts, and a line here.
 *
 * Loaded with the parser (read-argv.ts), by every run that parses argv, before svc knows which
 * command runs: declarations only, no runner (each is imported by its declaration's runner() when
 * it runs).
 */
import { apiCachePurge, type ApiCachePurgeCommand } from './api-cache-purge/command.js';
import { apiClient, apiOpenapi, type ApiContractCommand } from './api-contract/command.js';
import { apiDiff, type ApiDiffCommand } from './api-diff/command.js';
import { apiList, type ApiListCommand } from './api-list/command.js';
import { apiLogs, type ApiLogsCommand } from './api-logs/command.js';
import { apiNew, type ApiNewCommand } from './api-new/command.js';
import { apiPromote, type ApiPromoteCommand } from './api-promote/command.js';
import { apiPull, type ApiPullCommand } from './api-pull/command.js';
import { apiPush, type ApiPushCommand } from './api-push/command.js';
import { apiReleases, type ApiReleasesCommand } from './api-releases/command.js';
import { apiRm, type ApiRmCommand } from './api-rm/command.js';
import { apiRollback, type ApiRollbackCommand } from './api-rollback/command.js';
import type { CommandDeclaration, FlagSpecs, FlagValues } from './declaration.js';
import { dev, type DevCommand } from './dev/command.js';
import { doctor, type DoctorCommand } from './doctor/command.js';
import { link, type LinkCommand } from './link/command.js';
import { login, type LoginCommand } from './login/command.js';
import { logout, type LogoutCommand } from './logout/command.js';
import { pluginZip, type PluginZipCommand } from './plugin-zip/command.js';
import { secretsList, type SecretsListCommand } from './secrets-list/command.js';
import { secretsRm, type SecretsRmCommand } from './secrets-rm/command.js';
import { secretsSet, type SecretsSetCommand } from './secrets-set/command.js';

export type {
	ApiCachePurgeCommand,
	ApiContractCommand,
	ApiDiffCommand,
	ApiListCommand,
	ApiLogsCommand,
	ApiNewCommand,
	ApiPromoteCommand,
	ApiPullCommand,
	ApiPushCommand,
	ApiReleasesCommand,
	ApiRmCommand,
	ApiRollbackCommand,
	DevCommand,
	DoctorCommand,
	LinkCommand,
	LoginCommand,
	LogoutCommand,
	PluginZipCommand,
	SecretsListCommand,
	SecretsRmCommand,
	SecretsSetCommand,
};

export const COMMANDS = [
	apiPush,
	apiPull,
	apiList,
	apiDiff,
	apiRm,
	apiCachePurge,
	apiReleases,
	apiRollback,
	apiPromote,
	apiNew,
	apiLogs,
	dev,
	doctor,
	apiOpenapi,
	apiClient,
	login,
	logout,
	link,
	pluginZip,
	secretsSet,
	secretsList,
	secretsRm,
] as const;

type Declared = (typeof COMMANDS)[number];

/** The typed command each declaration's parse gives: what its runner gets. */
export type RunCommand = ReturnType<Declared['parse']>;

export type CommandName = Declared['name'];

/** A declaration of any of the commands, as the code that works on all of them sees it. */
export type AnyDeclaration = CommandDeclaration<CommandName, FlagSpecs, RunCommand>;

/** The help topics: the main help, each group's (`svc api --help`) and each one-word command's. */
export type HelpTopic = 'main' | (CommandName extends infer Name ? (Name extends `${infer Group} ${string}` ? Group : Name) : never);

/** --help, which every command takes (its help is its topic's). */
const GLOBAL_FLAGS = { help: { type: 'boolean', shortFlag: 'h' } } as const;

type UnionToIntersection<U> = (U extends unknown ? (from: U) => void : never) extends (from: infer I) => void ? I : never;

/** Every flag any command takes, as meow reads them: a flag several commands take is declared alike by each. */
export type AllFlagSpecs = UnionToIntersection<Declared['flags']> & typeof GLOBAL_FLAGS;

/** The flags as meow read them from a command line, before it is known which command takes which. */
export type Flags = FlagValues<AllFlagSpecs>;

/**
 * meow's flag definitions: every flag of every declaration, --help last. Their order is the order in
 * which "Did you mean" prefers one of two equally close flags (core/suggest.ts: closest), so it is
 * not the main help's, which moves whenever a command is listed elsewhere: the one-word commands
 * first, then the others, by name, each command's flags as it declares them. That keeps every
 * suggestion as it was when the flags were one table (--oute: --out, not --route; --forlo: --follow,
 * not --force; --sice: --site; parse-argv.test.ts).
 */
export const FLAGS = Object.assign({}, ...[...COMMANDS].sort(bySuggestionOrder).map((command) => command.flags), GLOBAL_FLAGS) as AllFlagSpecs;

function bySuggestionOrder(a: { readonly name: string }, b: { readonly name: string }): number {
	const words = a.name.split(' ').length - b.name.split(' ').length;
	return words !== 0 ? words : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

const ALL: readonly AnyDeclaration[] = COMMANDS;

/** The declaration of a command, by its name. */
export function declarationOf(name: CommandName): AnyDeclaration {
	const declaration = ALL.find((command) => command.name === name);
	if (declaration === undefined) {
		throw new Error(`No command "svc ${name}" is declared.`);
	}
	return declaration;
}

/** The most words a command's name (or alias) has: `api cache purge`. */
const MOST_WORDS = Math.max(...ALL.flatMap((command) => [command.name, ...(command.aliases ?? [])]).map((name) => name.split(' ').length));

/**
 * The command the first words of a command line type (`api cache purge`, `api push`, `api ls`,
 * `login`), the longest name that fits first, and how many words it took: the rest are its arguments.
 */
export function declarationTyped(input: readonly string[]): { readonly declaration: AnyDeclaration; readonly words: number } | undefined {
	for (let words = Math.min(input.length, MOST_WORDS); words >= 1; words--) {
		const typed = input.slice(0, words).join(' ');
		const declaration = ALL.find((command) => command.name === typed || command.aliases?.includes(typed) === true);
		if (declaration !== undefined) return { declaration, words };
	}
	return undefined;
}

/** The groups: the first words of the commands of several words (api, plugin, secrets). */
export const GROUPS: readonly string[] = [...new Set(ALL.filter((command) => command.name.includes(' ')).map((command) => topicWord(command.name)))];

/** The topics besides the main help, in the order of their first command. */
export const TOPICS: readonly Exclude<HelpTopic, 'main'>[] = [...new Set(ALL.map((command) => topicWord(command.name) as Exclude<HelpTopic, 'main'>))];

/** The help a command line that starts with `first` gets: its group's, its command's, else the main help. */
export function helpTopic(first: string | undefined): HelpTopic {
	return first !== undefined && (TOPICS as readonly string[]).includes(first) ? (first as HelpTopic) : 'main';
}

/** The commands of a topic, in the registry's order. */
export function commandsOf(topic: Exclude<HelpTopic, 'main'>): readonly AnyDeclaration[] {
	return ALL.filter((command) => topicWord(command.name) === topic);
}

function topicWord(name: string): string {
	return name.split(' ')[0] ?? name;
}
