/**
 * The failure of a command that writes the file or folder named by --out (svc api openapi, svc api
 * client, svc plugin zip): where, why, and that --out picks another place.
 */
import { SvcError } from '../../core/errors.js';

export function cannotWriteOut(target: string, error: unknown): SvcError {
	return new SvcError(`Cannot write ${target} (${(error as NodeJS.ErrnoException).code ?? String(error)}).`, {
		hint: 'Pass --out with a path in a folder you can write to.',
	});
}
