/**
 * The command line as words and flags, parsed by meow with svc's flag declarations (argv-flags.ts),
 * and each topic's help as meow renders its template (help-texts.ts).
 *
 * meow is imported when argv is read, not with the entry point: `svc --version` needs no parser,
 * and the build (scripts/build.mjs) keeps the entry point CommonJS, which cannot statically import
 * an ES-module-only package.
 *
 * Left to svc, not meow: unknown flags (allowUnknownFlags: they are kept, camelCased, and
 * parse-argv.ts reports them with a suggestion, as JSON with --json, exit 2; meow's own check
 * prints text and exits), --help and --version (which help depends on the command), and exiting.
 */
import type { Options } from 'meow';

import { SvcError } from '../core/errors.js';
import { FLAGS, type Flags } from './argv-flags.js';
import { HELP } from './help-texts.js';
import type { HelpTopic } from './parse-argv.js';

export interface Argv {
	/** The words: `api push` → ['api', 'push']; everything after `--` too. */
	readonly input: string[];
	/** The known flags by their camelCase name, plus any unknown ones as typed (camelCased). */
	readonly flags: Flags;
	/** A topic's help as meow renders it: the description on top, reindented by two spaces. */
	readonly help: (topic: HelpTopic) => string;
}

/** What meow needs to know of svc besides argv. */
export interface ArgvContext {
	/** The package description, on top of every help. */
	readonly description: string;
	readonly version: string;
}

export async function readArgv(args: readonly string[], context: ArgvContext): Promise<Argv> {
	const { default: meow } = await import('meow');
	const options = (argv: readonly string[]): Options<typeof FLAGS> => ({
		importMeta: import.meta,
		argv: valuesSeparated(argv),
		flags: FLAGS,
		description: context.description,
		version: context.version,
		allowUnknownFlags: true,
		autoHelp: false,
		autoVersion: false,
		// Flags not given stay undefined, so that "does not apply" names only what was typed.
		booleanDefault: undefined,
	});
	let parsed;
	try {
		parsed = meow(HELP.main, options(args));
	} catch (error) {
		// meow throws for a flag given twice ("The flag --site can only be set once."): a usage error.
		throw new SvcError(error instanceof Error ? error.message : String(error), { code: 'usage', exitCode: 2, hint: 'Run "svc --help" for usage.' });
	}
	return {
		input: parsed.input,
		flags: parsed.flags as Flags,
		help: (topic) => (topic === 'main' ? parsed.help : meow(HELP[topic], options([])).help),
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
