/**
 * The checks of argv that several commands' declarations (<command>/command.ts) share, each a usage
 * error (exit 2) that points at the help to read. Pure and light, as the declarations must be.
 */
import { SvcError } from '../core/errors.js';
import { isSecretName, SECRET_NAME_RULE } from '../core/secret-name.js';

/** The help a command's usage errors point at: its first word (`svc api --help`, `svc login --help`). */
export function topicOf(name: string): string {
	return name.split(' ')[0] ?? name;
}

export function usage(message: string, topic: string): SvcError {
	return new SvcError(message, {
		code: 'usage',
		exitCode: 2,
		hint: `Run "svc ${topic === 'main' ? '' : `${topic} `}--help" for usage.`,
	});
}

export function noArgs(name: string, args: readonly string[]): void {
	if (args.length > 0) {
		throw usage(`"svc ${name}" takes no arguments; got ${args.map((arg) => JSON.stringify(arg)).join(' ')}.`, topicOf(name));
	}
}

/** The typed command of one that takes no words, only --site and --json. */
export interface SiteCommand<N extends string> {
	readonly name: N;
	readonly json: boolean;
	readonly site: string | undefined;
}

/** The parse of such a command: its words refused, --site and --json kept. */
export function siteOnly<N extends string>(name: N): (given: { readonly args: readonly string[]; readonly json: boolean; readonly site: string | undefined }) => SiteCommand<N> {
	return ({ args, json, site }) => {
		noArgs(name, args);
		return { name, json, site };
	};
}

export function nonEmpty(value: string | undefined, flag: string): string | undefined {
	if (value !== undefined && value.trim() === '') {
		throw usage(`${flag} needs a value.`, 'main');
	}
	return value;
}

/** `svc api rollback [<id>]`, `svc api promote <id>`: at most one release id, a positive whole number. */
export function releaseId(name: 'api rollback' | 'api promote', args: readonly string[]): number | undefined {
	if (args.length > 1) {
		throw usage(`svc ${name} takes one release id at most; got ${args.map((arg) => JSON.stringify(arg)).join(' ')}.`, 'api');
	}
	const [arg] = args;
	if (arg === undefined) {
		return undefined;
	}
	if (!/^[1-9][0-9]{0,15}$/.test(arg)) {
		throw usage(`${JSON.stringify(arg)} is not a release id: "svc api releases" lists them (e.g. "svc ${name} 11").`, 'api');
	}
	return Number(arg);
}

/** The most characters a release's message may have (the site refuses more). */
export const MESSAGE_MAX_CHARS = 500;

/** `--message "…"`: a note kept with the release, at most 500 characters (counted as the site counts them). */
export function releaseMessage(text: string | undefined): string | undefined {
	const message = nonEmpty(text, '--message')?.trim();
	if (message !== undefined && [...message].length > MESSAGE_MAX_CHARS) {
		throw usage(`--message is ${[...message].length} characters long; a release's message may have ${MESSAGE_MAX_CHARS} at most.`, 'api');
	}
	return message;
}

/** The one NAME of `svc secrets set|rm` (never a value: that comes from stdin or a prompt). */
export function secretName(name: 'secrets set' | 'secrets rm', args: readonly string[]): string {
	const [secret] = args;
	if (args.length !== 1 || secret === undefined) {
		throw usage(`svc ${name} needs one secret name, e.g. "svc ${name} STRIPE_KEY"; a value is never an argument (shell history would keep it).`, 'secrets');
	}
	if (!isSecretName(secret)) {
		throw usage(`${JSON.stringify(secret)} is not a secret name: ${SECRET_NAME_RULE}.`, 'secrets');
	}
	return secret;
}
