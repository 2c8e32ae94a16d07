/**
 * The registry is the one list of commands: every command folder's declaration is in it, names and
 * aliases are unique, and a flag several commands take is declared alike by each (meow reads argv
 * with one definition per flag, before it knows the command).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from '@jest/globals';

import type { CommandDeclaration } from './declaration.js';
import { COMMANDS, FLAGS } from './registry.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** The folders of source/commands/ that hold a command (as scripts/build.mjs bundles them). */
function commandFolders(): string[] {
	return readdirSync(HERE, { withFileTypes: true })
		.filter((entry) => entry.isDirectory() && entry.name !== 'shared')
		.map((entry) => entry.name);
}

function isDeclaration(value: unknown): value is CommandDeclaration {
	return typeof value === 'object' && value !== null && 'name' in value && 'parse' in value && 'runner' in value;
}

describe('the registry', () => {
	it("lists every command folder's declarations, and nothing else", async () => {
		const declared: string[] = [];
		for (const folder of commandFolders()) {
			const module = (await import(`./${folder}/command.js`)) as Record<string, unknown>;
			const declarations = Object.values(module).filter(isDeclaration);
			expect([folder, declarations.length > 0]).toEqual([folder, true]);
			declared.push(...declarations.map((declaration) => declaration.name));
		}
		expect([...declared].sort()).toEqual(COMMANDS.map((command) => command.name as string).sort());
	});

	it('names each command once, aliases included', () => {
		const names = COMMANDS.flatMap((command: CommandDeclaration) => [command.name, ...(command.aliases ?? [])]);
		expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
	});

	it('has each flag declared alike by every command that takes it', () => {
		const unlike = COMMANDS.flatMap((command: CommandDeclaration) =>
			Object.entries(command.flags)
				.filter(([key, spec]) => JSON.stringify(spec) !== JSON.stringify((FLAGS as Record<string, unknown>)[key]))
				.map(([key]) => `${command.name}: --${key}`),
		);
		expect(unlike).toEqual([]);
	});

	it('leaves --help to every command, declared by none', () => {
		expect(COMMANDS.filter((command: CommandDeclaration) => Object.hasOwn(command.flags, 'help')).map((command) => command.name)).toEqual([]);
	});
});
