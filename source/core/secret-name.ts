/**
 * The rule for secret names: the CLI's one copy of plugin/src/Secrets/Name.php, both run against
 * test/fixtures/secret-names.json. Checked before anything is read or sent, so a bad name is a
 * usage error (exit 2) and no value is ever typed for it.
 */
import { SvcError } from './errors.js';

const PATTERN = /^[A-Z][A-Z0-9_]{0,63}$/;

export const SECRET_NAME_RULE = 'a secret name is an uppercase letter followed by at most 63 uppercase letters, digits or underscores (^[A-Z][A-Z0-9_]{0,63}$)';

export function isSecretName(name: string): boolean {
	// JavaScript's $ matches only at the very end without the m flag: "A\n" is not a name.
	return PATTERN.test(name);
}

/** The name, or a usage error naming the rule. */
export function checkSecretName(name: string): string {
	if (!isSecretName(name)) {
		throw new SvcError(`${JSON.stringify(name)} is not a secret name: ${SECRET_NAME_RULE}.`, {
			code: 'usage',
			exitCode: 2,
			hint: 'e.g. "svc secrets set STRIPE_KEY".',
		});
	}
	return name;
}
