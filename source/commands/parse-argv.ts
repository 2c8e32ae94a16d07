/**
 * The one typed command the CLI runs, built from the words and flags meow read (read-argv.ts) with
 * the commands' declarations (registry.ts): which command, the flags it takes, its parse. Pure and
 * free of heavy imports: the entry point loads it before it knows whether the user only asked for
 * --help.
 */
import { closest } from '../core/suggest.js';
import { nonEmpty, topicOf, usage } from './argv-checks.js';
import { flagName } from './declaration.js';
import { declarationTyped, FLAGS, GROUPS, helpTopic, TOPICS, COMMANDS, type CommandName, type Flags, type HelpTopic, type RunCommand } from './registry.js';

export type { Flags, HelpTopic } from './registry.js';
export type { CommandName } from './registry.js';

export interface HelpCommand {
	readonly name: 'help';
	readonly topic: HelpTopic;
}

export type Command = RunCommand | HelpCommand;

/** Each flag as typed: dryRun → --dry-run. */
const FLAG_NAMES: Readonly<Record<string, string>> = Object.fromEntries(Object.keys(FLAGS).map((key) => [key, flagName(key)]));

export function toCommand(input: readonly string[], flags: Flags): Command {
	const [first, second] = input;
	rejectUnknownFlags(flags, first);
	const typed = declarationTyped(input);
	if (typed === undefined) {
		const group = first !== undefined && GROUPS.includes(first);
		if (first === undefined || (group && second === undefined)) {
			return { name: 'help', topic: helpTopic(first) };
		}
		const guess = suggestion(input);
		throw usage(`Unknown command "svc ${input.join(' ')}".${guess === undefined ? '' : ` Did you mean "svc ${guess}"?`}`, helpTopic(first));
	}
	if (flags.help === true) {
		return { name: 'help', topic: helpTopic(first) };
	}
	const { declaration } = typed;
	const { name } = declaration;
	const args = input.slice(typed.words);
	checkFlags(name, Object.keys(declaration.flags), flags);
	return declaration.parse({ args, flags, json: flags.json === true, site: nonEmpty(flags.site, '--site') });
}

/**
 * The command meant by a typo (`svc api pusj` → `api push`), from the declared commands (not their
 * aliases). A member of several words is compared with as many words typed (`api cache purj` →
 * `api cache purge`), and one typed short of its last words is that member (`api cache`).
 */
function suggestion(input: readonly string[]): string | undefined {
	const [first, second] = input;
	const names: readonly string[] = COMMANDS.map((command) => command.name);
	const groups = TOPICS as readonly string[];
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
	const rest = input.slice(1);
	if (rest.length === 0) return undefined;
	const started = members.find((member) => member.startsWith(`${rest.join(' ')} `));
	if (started !== undefined) return `${group} ${started}`;
	const wordsOf = (name: string): number => name.split(' ').length;
	for (const count of [...new Set(members.map(wordsOf))].sort((a, b) => a - b)) {
		const member = closest(rest.slice(0, count).join(' '), members.filter((name) => wordsOf(name) === count));
		if (member !== undefined) return `${group} ${member}`;
	}
	return undefined;
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

/** The flags given that the command does not declare (but --help) are a usage error. */
function checkFlags(name: CommandName, accepts: readonly string[], flags: Flags): void {
	const accepted = new Set([...accepts, 'help']);
	const given = Object.keys(flags).filter((flag) => (flags as Record<string, unknown>)[flag] !== undefined && (flags as Record<string, unknown>)[flag] !== false);
	const foreign = given.filter((flag) => !accepted.has(flag));
	if (foreign.length > 0) {
		throw usage(`${foreign.map((flag) => FLAG_NAMES[flag] ?? flag).join(', ')} ${foreign.length === 1 ? 'does' : 'do'} not apply to "svc ${name}".`, topicOf(name));
	}
}
