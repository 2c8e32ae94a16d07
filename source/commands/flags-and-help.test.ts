/**
 * What each command accepts is what its help's usage line shows: a flag a command takes without
 * saying so (`svc api list --yes`) or one its help promises and it refuses both fail here. --site,
 * --json and --help, which nearly every command takes, are left to parse-argv.test.ts. The commands
 * and topics are the registry's; the usage lines are read from the help as it is printed.
 */
import { describe, expect, it } from '@jest/globals';

import { SvcError } from '../core/errors.js';
import { flagName } from './declaration.js';
import { helpTemplate } from './help-texts.js';
import { toCommand } from './parse-argv.js';
import { COMMANDS, declarationTyped, FLAGS, TOPICS, type Flags } from './registry.js';

const COMMON = new Set(['--site', '--json', '--help']);

/** Every `$ svc <command> …` line of the Usage blocks of the help topics but the main one. */
function usageLines(): string[] {
	return TOPICS.map((topic) => helpTemplate(topic)).flatMap((text) => {
		const block = /\n\s*Usage\n([\s\S]*?)\n\s*\n/.exec(text)?.[1] ?? '';
		// A long usage line goes on, indented, on the next ones.
		const lines: string[] = [];
		for (const line of block.split('\n').map((raw) => raw.trim())) {
			if (line.startsWith('$ svc ')) lines.push(line);
			else if (line.startsWith('[') && lines.length > 0) lines[lines.length - 1] += ` ${line}`;
		}
		return lines;
	});
}

/** The command a usage line is about, and a command line that gives it the arguments it needs. */
function commandOf(line: string): { name: string; words: string[] } {
	const words = line.slice('$ svc '.length).split(' ');
	const name = declarationTyped(words)?.declaration.name ?? '';
	// A required argument (<slug>, NAME) gets a value; optional ones ([<id>]) none.
	const args = words.slice(name.split(' ').length).filter((word) => /^(<[a-z]+>(\.\.\.)?|[A-Z]+)$/.test(word)).map(() => 'x');
	return { name, words: [...name.split(' '), ...args] };
}

/** Whether the command refuses the flag as one that does not apply to it (any other outcome: it takes it). */
function refuses(words: string[], key: string): boolean {
	const value = (FLAGS as Record<string, { type: string }>)[key]?.type === 'string' ? 'x' : true;
	try {
		toCommand(words, { [key]: value } as Flags);
		return false;
	} catch (error) {
		return error instanceof SvcError && error.message.includes('does not apply');
	}
}

describe('each command accepts exactly the flags its usage line shows', () => {
	const lines = usageLines();

	it('finds a usage line for every command of the main help', () => {
		const block = /\n\s*Commands\n([\s\S]*?)\n\s*\n/.exec(helpTemplate('main'))?.[1] ?? '';
		const listed = [...block.matchAll(/^\s*((?:api |plugin |secrets )?[a-z]+(?: [a-z]+)*)\s/gm)].map((match) => match[1]);
		const withUsage = new Set(lines.map((line) => commandOf(line).name));
		expect(listed.length).toBeGreaterThan(15);
		expect(listed.filter((name) => name !== undefined && !withUsage.has(name))).toEqual([]);
		// And every declared command is listed, with a usage line.
		expect(COMMANDS.map(({ name }) => name).filter((name) => !listed.includes(name) || !withUsage.has(name))).toEqual([]);
	});

	it.each(lines.map((line) => [commandOf(line).name, line]))('svc %s', (_name, line) => {
		const { words } = commandOf(line);
		const shown = new Set([...line.matchAll(/--[a-z-]+/g)].map((match) => match[0]).filter((flag) => !COMMON.has(flag)));
		const accepted = Object.keys(FLAGS)
			.filter((key) => !COMMON.has(flagName(key)))
			.filter((key) => !refuses(words, key))
			.map(flagName);
		expect(accepted.sort()).toEqual([...shown].sort());
	});
});
