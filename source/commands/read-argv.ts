/**
 * The command line as words and flags, parsed by meow with the flags the commands declare
 * (registry.ts), and each topic's help as meow renders its template (help-texts.ts).
 *
 * The entry point imports this module (and with it meow) only for a command line the plain reader
 * leaves to meow, and to render a help (parse-argv-entry.ts): `svc --version` and the main help
 * need no parser (cli.tsx), and a plain line is read by read-argv-plain.ts. The build bundles meow
 * into this module's chunk (scripts/build.mjs), with the packages meow uses for argv and help but not its package.json
 * reader and normalizer (scripts/lib/meow-dependencies.mjs: they cost more than Node's own start,
 * and svc passes meow what they would find), and prints the help that renderHelp gives into the
 * entry; test/cli/argv-parity.test.ts holds the packed parser to meow's own reading.
 *
 * Left to svc, not meow: unknown flags (allowUnknownFlags: they are kept, camelCased, and
 * parse-argv.ts reports them with a suggestion, as JSON with --json, exit 2; meow's own check
 * prints text and exits), --help and --version (which help depends on the command), and exiting.
 */
import meow, { type Options } from 'meow';

import { SvcError } from '../core/errors.js';
import { helpTemplate } from './help-texts.js';
import { FLAGS, type AllFlagSpecs, type Flags, type HelpTopic } from './registry.js';

export interface Argv {
	/** The words: `api push` → ['api', 'push']; everything after `--` too. */
	readonly input: string[];
	/** The known flags by their camelCase name, plus any unknown ones as typed (camelCased). */
	readonly flags: Flags;
}

/** What meow needs to know of svc besides argv. */
export interface ArgvContext {
	/** The package description, on top of every help. */
	readonly description: string;
	readonly version: string;
}

export function readArgv(args: readonly string[], context: ArgvContext): Argv {
	let parsed;
	try {
		// No help text: meow would render it (redent, trim-newlines) at every parse, for the one run
		// in many that shows it; help renders its topic when asked.
		parsed = meow(meowOptions(args, context));
	} catch (error) {
		// meow throws for a flag given twice ("The flag --site can only be set once."): a usage error.
		throw new SvcError(error instanceof Error ? error.message : String(error), { code: 'usage', exitCode: 2, hint: 'Run "svc --help" for usage.' });
	}
	return {
		input: parsed.input,
		flags: parsed.flags as Flags,
	};
}

/**
 * The topic's help as meow renders its template (the description on top, reindented by two spaces);
 * also what the build prints into the entry point.
 */
export function renderHelp(topic: HelpTopic, context: ArgvContext): string {
	return meow(helpTemplate(topic), meowOptions([], context)).help;
}

function meowOptions(argv: readonly string[], context: ArgvContext): Options<AllFlagSpecs> {
	return {
		importMeta: import.meta,
		argv: valuesSeparated(argv),
		flags: FLAGS,
		description: context.description,
		version: context.version,
		// Given, so that meow needs no package.json of its own (the build leaves its reader out:
		// scripts/lib/meow-dependencies.mjs); meow names the process after it.
		pkg: { name: 'svc' },
		allowUnknownFlags: true,
		autoHelp: false,
		autoVersion: false,
		// Flags not given stay undefined, so that "does not apply" names only what was typed.
		booleanDefault: undefined,
	};
}

/**
 * `svc plugin zip --out -`: yargs (inside meow) takes a lone "-" after a value flag for a word, not
 * the value; "-" is a value here (stdout, by convention), so it is passed as `--out=-`.
 */
function valuesSeparated(args: readonly string[]): string[] {
	const out: string[] = [];
	for (let index = 0; index < args.length; index++) {
		const arg = args[index] ?? '';
		if (arg === '--') {
			out.push(...args.slice(index));
			break;
		}
		const isValueFlag = arg.startsWith('--') && Object.hasOwn(FLAGS, camelCase(arg.slice(2))) && FLAGS[camelCase(arg.slice(2)) as keyof typeof FLAGS].type === 'string';
		if (isValueFlag && args[index + 1] === '-') {
			out.push(`${arg}=-`);
			index++;
		} else {
			out.push(arg);
		}
	}
	return out;
}

function camelCase(name: string): string {
	return name.replace(/-([a-z0-9])/gi, (_dash, letter: string) => letter.toUpperCase());
}
