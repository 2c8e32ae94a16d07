/**
 * What the entry point (cli.tsx) loads for every command line it parses, in one chunk: the plain
 * reader (read-argv-plain.ts), the commands' declarations and toCommand. meow (read-argv.ts, its
 * own chunk) loads only for a line the plain reader leaves to it, and to render a help: `svc api
 * push` and its like never load it (see read-argv-plain.ts for why).
 */
import type { ArgvContext } from './read-argv.js';
import { readPlainArgv } from './read-argv-plain.js';
import { FLAGS, type Flags, type HelpTopic } from './registry.js';

export { toCommand } from './parse-argv.js';
export { declarationOf } from './registry.js';

/** The command line's words and flags: as the plain reader reads it, else as meow does. */
export async function readCommandLine(args: readonly string[], context: ArgvContext): Promise<{ readonly input: string[]; readonly flags: Flags }> {
	const plain = readPlainArgv(args, FLAGS);
	if (plain !== undefined) return { input: plain.input, flags: plain.flags as Flags };
	const { readArgv } = await import('./read-argv.js');
	return readArgv(args, context);
}

/** A topic's help as meow renders it. */
export async function helpText(topic: HelpTopic, context: ArgvContext): Promise<string> {
	const { renderHelp } = await import('./read-argv.js');
	return renderHelp(topic, context);
}
