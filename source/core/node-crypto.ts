/**
 * node:crypto, loaded on first use: importing it costs about 2.5 ms (an eighth of Node's own
 * start), which a command that stops before hashing or writing a temp file should not pay.
 * require keeps the callers synchronous.
 */
import { requireCjs } from './require-cjs.js';

let loaded: typeof import('node:crypto') | undefined;

export function nodeCrypto(): typeof import('node:crypto') {
	loaded ??= requireCjs<typeof import('node:crypto')>('node:crypto');
	return loaded;
}
