/**
 * svc's version and description, from its package.json. The build writes them into the bundle
 * (scripts/build.mjs defines SVC_PACKAGE_INFO), so an installed svc reads no file to start; run
 * from source (tsx, jest) they are read from package.json.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageDir } from './package-dir.js';

export interface PackageInfo {
	readonly version: string;
	readonly description: string;
}

declare const SVC_PACKAGE_INFO: PackageInfo | undefined;

export function packageInfo(): PackageInfo {
	if (typeof SVC_PACKAGE_INFO !== 'undefined') {
		return SVC_PACKAGE_INFO;
	}
	const manifest = JSON.parse(readFileSync(path.join(packageDir(), 'package.json'), 'utf8')) as Partial<PackageInfo>;
	return { version: manifest.version ?? 'dev', description: manifest.description ?? '' };
}
