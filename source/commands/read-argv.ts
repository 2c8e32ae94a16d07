/**
 * The command line as words and flags, read with Node's own util.parseArgs. meow did this before;
 * its bundle (245 KB of yargs-parser, read-package-up and friends) took 28 ms to load, more than
 * half of what Node itself takes to start, and svc's start-up target is 1.5 × Node's.
 *
 * What meow did and svc relies on is kept: flags come camelCased (--dry-run → dryRun), -y and -h
 * are --yes and --help, a boolean takes =false and --no-…, a value flag followed by another flag
 * has an empty value ("--site needs a value"), and unknown flags are kept as typed (camelCased,
 * one letter for a short one) so that parse-argv.ts reports them like every other usage error.
 */
import { parseArgs } from 'node:util';
import type { Flags } from './parse-argv.js';

const VALUE_FLAGS = ['site', 'url', 'user', 'out', 'api-dir', 'verbs', 'capability', 'since', 'route', 'level'] as const;
const BOOLEAN_FLAGS = ['json', 'yes', 'dry-run', 'prune', 'password-stdin', 'insecure-store', 'public', 'follow', 'force', 'help'] as const;
const SHORT: Readonly<Record<string, string>> = { yes: 'y', help: 'h' };

export interface Argv {
	/** The words: `api push` → ['api', 'push']; everything after `--` too. */
	readonly input: string[];
	/** The known flags by their camelCase name, plus any unknown ones as typed (camelCased). */
	readonly flags: Flags;
}

const OPTIONS = Object.fromEntries([
	...VALUE_FLAGS.map((name) => [name, { type: 'string' as const }]),
	...BOOLEAN_FLAGS.map((name) => [name, { type: 'boolean' as const, ...(Object.hasOwn(SHORT, name) ? { short: SHORT[name] } : {}) }]),
]);

export function readArgv(args: readonly string[]): Argv {
	const { tokens } = parseArgs({ args: valuesSeparated(args), options: OPTIONS, strict: false, allowPositionals: true, tokens: true });
	const input: string[] = [];
	const flags: Record<string, string | boolean> = {};
	for (const token of tokens) {
		if (token.kind === 'positional') {
			input.push(token.value);
		} else if (token.kind === 'option') {
			const [name, value] = flagValue(token.name, token.value);
			flags[camelCase(name)] = value;
		}
	}
	return { input, flags: flags as Flags };
}

/** `--site --json`: parseArgs would take "--json" as the site; yargs (meow) gave the site no value. */
function valuesSeparated(args: readonly string[]): string[] {
	const out: string[] = [];
	for (let index = 0; index < args.length; index++) {
		const arg = args[index] ?? '';
		if (arg === '--') {
			out.push(...args.slice(index));
			break;
		}
		const next = args[index + 1];
		const isValueFlag = (VALUE_FLAGS as readonly string[]).includes(arg.slice(2)) && arg.startsWith('--');
		out.push(isValueFlag && (next === undefined || (next.startsWith('-') && next !== '-')) ? `${arg}=` : arg);
	}
	return out;
}

function flagValue(name: string, value: string | undefined): [string, string | boolean] {
	if ((BOOLEAN_FLAGS as readonly string[]).includes(name)) {
		return [name, value !== 'false'];
	}
	const negated = name.startsWith('no-') ? name.slice(3) : undefined;
	if (negated !== undefined && (BOOLEAN_FLAGS as readonly string[]).includes(negated)) {
		return [negated, false];
	}
	return [name, value ?? ((VALUE_FLAGS as readonly string[]).includes(name) ? '' : true)];
}

function camelCase(name: string): string {
	return name.replace(/-([a-z0-9])/gi, (_dash, letter: string) => letter.toUpperCase());
}
