/**
 * require() for what svc loads synchronously when first needed: CommonJS packages (php-parser,
 * diff, the keyring addon) and node:crypto. From ES modules (tsx, jest) this is createRequire's;
 * the build swaps this file for the bundle's own require (scripts/build.mjs), because node:module
 * brings Node's ESM loader along, about 1 ms of every start.
 */
import { createRequire } from 'node:module';

export function requireCjs<T>(specifier: string): T {
	return createRequire(import.meta.url)(specifier) as T;
}
