/**
 * Where svc's own files are (package.json, plugin/, the local site's PHP scripts), from wherever
 * the running code sits: source/… in a checkout (tsx, jest), dist/ or dist/chunks/ in the package.
 * The build moves modules between files (scripts/build.mjs), so no module counts "../.." from itself.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/** This module's file (read when asked: a bundle that never asks leaves this module out). */
function here(): string {
	return fileURLToPath(import.meta.url);
}

/** The package root: the nearest folder above this code with a package.json. */
export function packageDir(): string {
	if (root === undefined) {
		let dir = path.dirname(here());
		while (!existsSync(path.join(dir, 'package.json'))) {
			const up = path.dirname(dir);
			if (up === dir) {
				throw new Error(`svc cannot find its package.json above ${here()}.`);
			}
			dir = up;
		}
		root = dir;
	}
	return root;
}

/**
 * The folder the running code comes from, where the files it reads next to itself are
 * (local-site/php/…): <package>/source in a checkout, <package>/dist once built.
 */
export function codeDir(): string {
	const source = path.join(packageDir(), 'source');
	return here().startsWith(source + path.sep) ? source : path.join(packageDir(), 'dist');
}
