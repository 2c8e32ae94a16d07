/**
 * A plain command line read without meow: words, and declared long flags typed as `--name`,
 * `--no-name` (a switch), `--name=value` or `--name value` (a value). Anything else (a letter flag,
 * an unknown flag, `--`, a flag given twice, an empty or dash-led value, a switch followed by
 * true/false, a value in quotes) is not plain: undefined, and meow reads the line (read-argv.ts).
 *
 * Why: loading meow and its parse of one command line cost about as much as a third of Node's own
 * start at every command (see the commit that added this file for the figures), and nearly every
 * line typed is plain. test/cli/argv-parity.test.ts holds this reader to meow's reading of every
 * command with every flag shape: what it accepts, it reads exactly as meow does.
 */
import type { FlagSpecs } from './declaration.js';

export interface PlainArgv {
	readonly input: string[];
	/** The flags given, by their camelCase names, in the order typed (as meow gives them). */
	readonly flags: Record<string, string | boolean>;
}

export function readPlainArgv(args: readonly string[], specs: FlagSpecs): PlainArgv | undefined {
	const input: string[] = [];
	const flags: Record<string, string | boolean> = {};
	for (let index = 0; index < args.length; index++) {
		const arg = args[index] ?? '';
		if (arg === '' || arg === '-') return undefined;
		if (!arg.startsWith('-')) {
			input.push(arg);
			continue;
		}
		if (!arg.startsWith('--')) return undefined;
		const equals = arg.indexOf('=');
		const typed = equals === -1 ? arg.slice(2) : arg.slice(2, equals);
		const negated = equals === -1 && typed.startsWith('no-');
		const key = keyOf(negated ? typed.slice(3) : typed);
		if (key === undefined || !Object.hasOwn(specs, key) || Object.hasOwn(flags, key)) return undefined;
		const spec = specs[key];
		if (spec?.type === 'boolean') {
			const next = args[index + 1];
			if (equals !== -1 || next === 'true' || next === 'false') return undefined;
			flags[key] = !negated;
			continue;
		}
		if (negated) return undefined;
		const value = equals === -1 ? args[++index] : arg.slice(equals + 1);
		if (value === undefined || !plainValue(value)) return undefined;
		flags[key] = value;
	}
	return { input, flags };
}

/** `dry-run` → dryRun; undefined for a name meow would read otherwise (capitals, digits, dots, dashes doubled or at an end). */
function keyOf(typed: string): string | undefined {
	if (!/^[a-z]+(?:-[a-z]+)*$/.test(typed)) return undefined;
	return typed.replace(/-([a-z])/g, (_dash, letter: string) => letter.toUpperCase());
}

/** A value meow takes as it is: not empty, not led by a dash, not wrapped in quotes. */
function plainValue(value: string): boolean {
	return value !== '' && !value.startsWith('-') && !/^["']|["']$/.test(value);
}
