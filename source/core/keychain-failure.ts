/**
 * Why the OS keychain did not work, in words a person can act on. @napi-rs/keyring (keyring-rs
 * over the secret-service crate on Linux) reports every Secret Service trouble as one kind of
 * error; its text still tells a locked keyring from a missing default one or a missing service.
 * Pure: the patterns are the texts those libraries and D-Bus write.
 */

export type KeychainCause = 'locked' | 'no_default_keyring' | 'no_secret_service' | 'no_session_bus' | 'forgets' | 'other';

export interface KeychainFailure {
	readonly cause: KeychainCause;
	/** A sentence: what is wrong. */
	readonly message: string;
	/** What to do about it (login adds the fallbacks). */
	readonly fix: string;
}

const PATTERNS: readonly [KeychainCause, RegExp][] = [
	['locked', /locked|prompt dismissed|cannot unlock/i],
	['no_default_keyring', /no ?result|result not returned|aliases\/default|no such (object|collection)|does not exist at path|UnknownObject|no default collection/i],
	['no_secret_service', /no secret service|ServiceUnknown|org\.freedesktop\.secrets was not provided|not provided by any \.service files/i],
];

export function keychainFailure(error: unknown): KeychainFailure {
	const text = error instanceof Error ? error.message : String(error);
	const cause = PATTERNS.find(([, pattern]) => pattern.test(text))?.[0] ?? 'other';
	return describe(cause, text);
}

export function describe(cause: KeychainCause, detail = ''): KeychainFailure {
	switch (cause) {
		case 'locked':
			return {
				cause,
				message: 'The OS keychain is locked: the Secret Service keyring that holds svc\'s passwords must be unlocked.',
				fix: 'Unlock it (log in to the desktop session, or unlock the "Login" keyring in Passwords and Keys) and run the command again.',
			};
		case 'no_default_keyring':
			return {
				cause,
				message: 'The Secret Service has no default keyring to keep the application password in.',
				fix: 'Create a keyring and make it the default (Passwords and Keys → New → Password Keyring, then "Set as default") and run the command again.',
			};
		case 'no_secret_service':
			return {
				cause,
				message: 'No Secret Service is running on the D-Bus session (e.g. gnome-keyring-daemon or KeePassXC), so there is no OS keychain.',
				fix: 'Start one (e.g. gnome-keyring-daemon --start --components=secrets) and run the command again.',
			};
		case 'no_session_bus':
			return {
				cause,
				message: 'No OS keychain is available: there is no D-Bus session bus, where the Secret Service lives.',
				fix: 'Run svc inside a desktop session (or start one with dbus-run-session) to use the keychain.',
			};
		case 'forgets':
			return {
				cause,
				message: 'No OS keychain is available that keeps passwords: only the kernel keyring answered, which forgets them at logout or reboot.',
				fix: 'Run svc where a Secret Service (e.g. gnome-keyring) runs on the D-Bus session to use the keychain.',
			};
		case 'other':
			return {
				cause,
				message: `The OS keychain failed${detail === '' ? '' : `: ${detail}`}.`,
				fix: 'Check that the Secret Service (e.g. gnome-keyring) works, then run the command again.',
			};
	}
}
