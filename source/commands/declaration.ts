/**
 * What a command declares about itself, once, in its folder (source/commands/<command>/command.ts):
 * its name, the flags it takes (as meow flag definitions), its help, how its words and flags become
 * the typed command its runner gets, and a lazy import() of that runner. The registry (registry.ts)
 * lists the declarations; meow's flags (read-argv.ts), the checks of argv (parse-argv.ts), the help
 * (help-texts.ts) and the dispatch (cli.tsx) are derived from them.
 *
 * The entry point loads every declaration before it knows which command runs, so a declaration is
 * light: pure data and argv checks, no package (eslint.config.js refuses ink, react, got… in these
 * files, and a static import of a runner), and its runner only through `runner()`.
 */
import type { TypedFlags } from 'meow';

import type { Io } from './shared/io.js';

/** One flag as meow reads it: a value (`--site NAME`) or a switch (`--yes`), maybe with a letter (`-y`). */
export interface FlagSpec {
	readonly type: 'string' | 'boolean';
	readonly shortFlag?: string;
}

export type FlagSpecs = Readonly<Record<string, FlagSpec>>;

/** The flags as meow types them, each undefined when not given (read-argv.ts: booleanDefault). */
export type FlagValues<F extends FlagSpecs> = Readonly<Partial<TypedFlags<F>>>;

/** What every command has: its name, and whether it prints JSON (failures too: command-main.ts). */
export interface RunnableCommand {
	readonly name: string;
	readonly json: boolean;
}

/** What parse gets: the words after the command's name, and the flags, --json and --site already read. */
export interface Given<F extends FlagSpecs> {
	readonly args: readonly string[];
	readonly flags: FlagValues<F>;
	readonly json: boolean;
	/** --site, checked not to be empty; undefined when not given. */
	readonly site: string | undefined;
}

/** What a command's module (source/commands/<command>/index.ts) exports. */
export interface Runner<C> {
	/** What the entry point runs: run, with Ctrl-C and failures handled (shared/command-main.ts). */
	main(command: C, io: Io): Promise<number>;
	/** The command itself, for tests: a failure is thrown. */
	run(command: C, io: Io): Promise<number>;
}

/**
 * A command's part of the help (help-texts.ts puts the parts together, and meow renders them).
 * The texts are meow templates: their common indentation is stripped.
 */
export interface CommandHelp {
	/** Its line in the main help's list of commands: how it is typed (`api rm <slug>`) and what it does. */
	readonly listed: readonly [synopsis: string, summary: string];
	/**
	 * Its Usage line in its topic's help, after "$ svc ". A long one goes on, on further lines,
	 * aligned under its first option.
	 */
	readonly usage: string | readonly string[];
	/**
	 * What its topic's help says of it below the Usage lines. In a topic of several commands (svc api
	 * --help, svc secrets --help) under `heading`, indented by two.
	 */
	readonly text: string;
	/** The heading of `text` in a topic of several commands, e.g. `api rm <slug>`. */
	readonly heading?: string;
	/**
	 * The next command's section follows without a blank line: svc api --help has always printed
	 * api openapi's heading right under api logs's last line.
	 */
	readonly noBlankLineAfter?: true;
}

export interface CommandDeclaration<N extends string = string, F extends FlagSpecs = FlagSpecs, C extends RunnableCommand = RunnableCommand> {
	/** As typed: one word (`doctor`), or a group and words (`api push`, `api cache purge`); its first word names its help topic. */
	readonly name: N;
	/** Other ways to type it (`api ls`), never suggested. */
	readonly aliases?: readonly string[];
	/** The flags it takes besides --help; any other flag given is a usage error ("does not apply"). */
	readonly flags: F;
	readonly help: CommandHelp;
	/** The typed command, or a usage error (argv-checks.ts). */
	parse(given: Given<F>): C;
	/** Its module, bundled apart (scripts/build.mjs): loaded only when it runs. */
	runner(): Promise<Runner<C>>;
}

/** A declaration, its types checked: parse's flags are the ones declared, the runner takes what parse gives. */
export function declareCommand<const N extends string, const F extends FlagSpecs, C extends RunnableCommand>(
	declaration: CommandDeclaration<N, F, C>,
): CommandDeclaration<N, F, C> {
	return declaration;
}

// The flags several commands take, declared once so that each means the same everywhere (meow
// reads argv with one definition per flag, before it knows the command).
export const SITE = { type: 'string' } as const;
export const JSON_OUTPUT = { type: 'boolean' } as const;
export const YES = { type: 'boolean', shortFlag: 'y' } as const;
export const DRY_RUN = { type: 'boolean' } as const;
export const MESSAGE = { type: 'string', shortFlag: 'm' } as const;
export const OUT = { type: 'string' } as const;
export const FORCE = { type: 'boolean' } as const;

/** A flag as the user types it: dryRun → --dry-run. */
export function flagName(key: string): string {
	return `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}
