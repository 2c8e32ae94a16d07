/**
 * The one error type of the CLI core. Commands catch it, render `message` (and `hint`), and exit
 * with `exitCode`; nothing in core calls process.exit, so every failure path stays testable.
 */

/**
 * 1 = the operation failed; 2 = usage error or a destructive action refused without --yes;
 * 130 = interrupted (Ctrl-C), as a shell reports a process ended by SIGINT.
 */
export type ExitCode = 1 | 2 | 130;

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
	| 'too_large'
	| 'server_error'
	| 'bad_response'
	| 'file_exists'
	| 'no_local_runtime';

/** One file's reason for a rejected push, as the server reported it (422 `data.errors`). */
export interface FileError {
	readonly filename: string;
	readonly code: string;
	readonly message: string;
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
	readonly filenames?: readonly string[];
}

export class SvcError extends Error {
	readonly exitCode: ExitCode;
	readonly hint: string | undefined;
	readonly code: SvcErrorCode | undefined;
	readonly status: number | undefined;
	readonly serverCode: string | undefined;
	readonly fileErrors: readonly FileError[];
	readonly filenames: readonly string[];

	constructor(message: string, options: SvcErrorOptions = {}) {
		super(message);
		this.name = 'SvcError';
		this.exitCode = options.exitCode ?? 1;
		this.hint = options.hint;
		this.code = options.code;
		this.status = options.status;
		this.serverCode = options.serverCode;
		this.fileErrors = options.fileErrors ?? [];
		this.filenames = options.filenames ?? [];
	}

	/** A plain object for `--json` output; deliberately without the stack. */
	toJSON(): Record<string, unknown> {
		return {
			error: this.message,
			...(this.hint === undefined ? {} : { hint: this.hint }),
			...(this.code === undefined ? {} : { code: this.code }),
			...(this.status === undefined ? {} : { status: this.status }),
			...(this.serverCode === undefined ? {} : { serverCode: this.serverCode }),
			...(this.fileErrors.length === 0 ? {} : { fileErrors: this.fileErrors }),
			...(this.filenames.length === 0 ? {} : { filenames: this.filenames }),
			exitCode: this.exitCode,
		};
	}
}

export function isSvcError(value: unknown): value is SvcError {
	return value instanceof SvcError;
}
