/**
 * The one error type of the CLI core. Commands catch it, render `message` (and `hint`), and exit
 * with `exitCode`; nothing in core calls process.exit, so every failure path stays testable.
 */

/**
 * 1 = the operation failed; 2 = usage error or a destructive action refused without --yes;
 * 3 = the change was made on the site (a release is active) but what came after it failed (the
 * check of what the site loads, the connection), so a script does not take it for "nothing changed";
 * 130 = interrupted (Ctrl-C), as a shell reports a process ended by SIGINT.
 */
export type ExitCode = 1 | 2 | 3 | 130;

/** Where a deploy that failed left the site, when svc knows. */
export interface DeployState {
	/** The change was committed: a new release is active (or the preview recorded). */
	readonly committed: boolean;
	/** The release the site serves now, as far as svc knows; null before a site's first release. */
	readonly activeRelease: number | null;
}

/** Why it failed, for callers that branch on the cause rather than on message text. */
export type SvcErrorCode =
	| 'usage'
	| 'interrupted'
	| 'load_failed'
	| 'confirmation_required'
	| 'no_api_dir'
	| 'local_check_failed'
	| 'config_invalid'
	| 'no_credentials'
	| 'keychain_unavailable'
	| 'credential_store_failed'
	| 'unreachable'
	| 'timeout'
	| 'tls'
	| 'no_rest_api'
	| 'unauthorized'
	| 'forbidden'
	| 'plugin_inactive'
	| 'not_found'
	| 'bad_request'
	| 'push_rejected'
	| 'plugin_outdated'
	| 'deploy_disallowed'
	| 'release_moved'
	| 'release_not_found'
	| 'no_previous_release'
	| 'preview_outdated'
	| 'preview_expired'
	| 'not_a_preview'
	| 'release_is_preview'
	| 'too_large'
	| 'answer_too_large'
	| 'redirected'
	| 'server_error'
	| 'database_down'
	| 'proxy_error'
	| 'connection_broken'
	| 'bad_response'
	| 'unsafe_document'
	| 'file_exists'
	| 'no_local_runtime';

/**
 * One file's reason for a failed push: a local check's or the site's (422 `data.errors`), with the
 * same codes (`svc_strict_types`, `svc_syntax_error`…). `file` is where the user edits it
 * (`api/users/[id].php` once the command knows its folder); `slug` is null for a file whose name is
 * not a route's (`api/notes.txt`).
 */
export interface FileError {
	readonly slug: string | null;
	readonly file: string;
	readonly code: string;
	readonly message: string;
}

/** What every `--json` failure prints: docs/cli-json/error.schema.json. */
export interface ErrorDocument {
	readonly error: string;
	/** An `SvcErrorCode`; `failed` when no cause more specific is known, `bug` for svc's own. */
	readonly code: SvcErrorCode | 'failed' | 'bug';
	readonly hint: string | null;
	readonly status: number | null;
	readonly serverCode: string | null;
	readonly fileErrors: readonly FileError[];
	readonly slugs: readonly string[];
	readonly exitCode: ExitCode;
	/** Only on a deploy's failure: whether it was committed and which release is active. */
	readonly committed?: boolean;
	readonly activeRelease?: number | null;
}

export interface SvcErrorOptions {
	readonly exitCode?: ExitCode;
	/** What the user can do about it, shown under the message. */
	readonly hint?: string;
	readonly code?: SvcErrorCode;
	/** HTTP status when the failure came from the site. */
	readonly status?: number;
	/** The WordPress error `code` when the site sent one (e.g. `svc_invalid_namespace`). */
	readonly serverCode?: string;
	/** Per-file reasons of a rejected push, so the UI can show each one. */
	readonly fileErrors?: readonly FileError[];
	/** Slugs the failure is about (e.g. the ones a delete did not find). */
	readonly slugs?: readonly string[];
	readonly deploy?: DeployState;
}

export class SvcError extends Error {
	readonly exitCode: ExitCode;
	readonly hint: string | undefined;
	readonly code: SvcErrorCode | undefined;
	readonly status: number | undefined;
	readonly serverCode: string | undefined;
	readonly fileErrors: readonly FileError[];
	readonly slugs: readonly string[];
	readonly deploy: DeployState | undefined;

	constructor(message: string, options: SvcErrorOptions = {}) {
		super(message);
		this.name = 'SvcError';
		this.exitCode = options.exitCode ?? 1;
		this.hint = options.hint;
		this.code = options.code;
		this.status = options.status;
		this.serverCode = options.serverCode;
		this.fileErrors = options.fileErrors ?? [];
		this.slugs = options.slugs ?? [];
		this.deploy = options.deploy;
	}

	/**
	 * The `--json` error document (docs/cli-json/error.schema.json); deliberately without the stack.
	 * Every key is always there, so a program reads `fileErrors` without checking for it first.
	 */
	toJSON(): ErrorDocument {
		return {
			error: this.message,
			code: this.code ?? 'failed',
			hint: this.hint ?? null,
			status: this.status ?? null,
			serverCode: this.serverCode ?? null,
			fileErrors: this.fileErrors.map(({ slug, file, code, message }) => ({ slug, file, code, message })),
			slugs: this.slugs,
			exitCode: this.exitCode,
			...(this.deploy === undefined ? {} : { committed: this.deploy.committed, activeRelease: this.deploy.activeRelease }),
		};
	}
}

export function isSvcError(value: unknown): value is SvcError {
	return value instanceof SvcError;
}
