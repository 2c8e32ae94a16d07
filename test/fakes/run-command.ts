/**
 * Runs a parsed command in-process, as bin/svc would after parsing argv: its runner, or the error
 * it threw reported the way svc reports it (the exit code and the lines reportError writes).
 */
import type { SvcError } from '../../source/core/errors.js';
import { declarationOf, type RunCommand } from '../../source/commands/registry.js';
import type { Io } from '../../source/commands/shared/io.js';
import { reportError } from '../../source/commands/shared/report.js';

export async function runCommand(command: RunCommand, io: Io): Promise<{ exitCode: number; error: SvcError | undefined }> {
	try {
		return { exitCode: await (await declarationOf(command.name).runner()).run(command, io), error: undefined };
	} catch (caught) {
		return { exitCode: reportError(io, caught, 'json' in command && command.json), error: caught as SvcError };
	}
}
