/**
 * Node's compile cache (Node ≥ 22.1): modules compiled once are read back as V8 code on the next
 * start instead of being compiled again: the parser chunk (meow) and the command's bundle, which
 * load after this is enabled. What they do as they load is not cached (which is why the build
 * leaves out the part of meow's dependencies that does most: scripts/lib/meow-dependencies.mjs). In Node's own place for it: NODE_COMPILE_CACHE if set, else
 * <os.tmpdir()>/node-compile-cache (per user, checked by content hash, so an upgrade never runs
 * stale code); NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 *
 * Never a reason to fail: on Node 20 it does not exist, and a cache directory that cannot be
 * written only makes Node report a status, which svc ignores.
 */
import module from 'node:module';

interface WithCompileCache {
	readonly enableCompileCache?: () => unknown;
}

export function enableCompileCache(): void {
	try {
		(module as WithCompileCache).enableCompileCache?.();
	} catch {
		// A start without the cache is only slower.
	}
}
