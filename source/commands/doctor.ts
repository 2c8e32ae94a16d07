import { SvcError } from '../core/errors.js';
import type { Io } from './shared/io.js';

export async function run(_command: unknown, _io: Io): Promise<number> {
	throw new SvcError('Not available yet in this build.', { code: 'usage', exitCode: 2 });
}
