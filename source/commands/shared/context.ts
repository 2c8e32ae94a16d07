/**
 * Where a command works: the project (svc.json, api/ folder) and the site (credentials from the
 * environment or a saved profile, and a client for its management API). Commands call these in the
 * order they need, so "no api/ folder" is reported before anything asks for a login.
 */
import path from 'node:path';
import { findProjectFile, isInsecureRemote, readUserConfig, resolveApiDir, selectProfile, type ProjectFile } from '../../core/config.js';
import { credentialsPath, resolveCredentials } from '../../core/credentials.js';
import { retryLine } from '../../core/retry-policy.js';
import { lazySiteClient } from '../../core/lazy-site-client.js';
import { fileRootMemory } from '../../core/site-root-memory.js';
import type { SiteClient } from '../../core/site-client.js';
import { note, type Io } from './io.js';

export interface Project {
	readonly file: ProjectFile | undefined;
	/** Absolute path of the api/ folder. */
	readonly apiDir: string;
	/** The folder as the user knows it, relative to cwd when inside it (e.g. `api`). */
	readonly apiLabel: string;
}

export function openProject(io: Io): Project {
	const file = findProjectFile(io.cwd);
	const apiDir = resolveApiDir(io.cwd, file);
	return { file, apiDir, apiLabel: displayPath(io.cwd, apiDir) };
}

export function displayPath(cwd: string, target: string): string {
	const relative = path.relative(cwd, target);
	return relative === '' ? '.' : relative.startsWith('..') || path.isAbsolute(relative) ? target : relative.split(path.sep).join('/');
}

export interface Site {
	readonly client: SiteClient;
	readonly url: string;
	/** The profile used, or undefined when SVC_URL/SVC_USER/SVC_APP_PASSWORD decided. */
	readonly profile: string | undefined;
}

export function openSite(io: Io, options: { readonly site: string | undefined; readonly project?: Project | undefined }): Site {
	const project = options.project ?? openProject(io);
	const credentials = resolveCredentials({
		env: io.env,
		profile: () => selectProfile({ flag: options.site, project: project.file, config: readUserConfig(io.configDir) }),
		filePath: credentialsPath(io.configDir),
	});
	warnIfInsecure(io, credentials.url);
	return {
		// Its code loads with the first request (lazy-site-client.ts), not with the command.
		client: lazySiteClient({
			url: credentials.url,
			user: credentials.user,
			appPassword: credentials.appPassword,
			userAgent: `svc/${io.version}`,
			// On stderr, never in --json's stdout: the request is being sent again, safely.
			onRetry: (notice) => note(io, retryLine(notice)),
			// Where the REST API was found last time: no discovery probe for each command.
			rootMemory: fileRootMemory(io.configDir),
		}),
		url: credentials.url,
		profile: credentials.profileName,
	};
}

/** Plain http to another machine sends the application password in clear text. */
export function warnIfInsecure(io: Io, url: string): void {
	if (isInsecureRemote(url)) {
		note(
			io,
			`⚠ ${url} is plain http://: the application password travels in clear text to a host that is not this machine. Use https:// if the site offers it.`,
		);
	}
}
