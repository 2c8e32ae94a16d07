/**
 * Where a site keeps its secrets' key (`key_source` in the diagnostics and the secrets answers), and
 * the one warning svc gives when a database dump holds that key along with the sealed values.
 */

export type KeySource = 'constant' | 'config-salts' | 'database-salts';

const SOURCES: readonly KeySource[] = ['constant', 'config-salts', 'database-salts'];

/** The site's `key_source`; undefined when absent (an older plugin) or not one svc knows. */
export function parseKeySource(value: unknown): KeySource | undefined {
	return SOURCES.find((source) => source === value);
}

/** What svc doctor, svc secrets set and svc secrets list say when the key is kept in the database. */
export const KEY_EXPOSURE = {
	reason:
		"WordPress keeps this site's salts in the database (wp-config.php lacks them or has the placeholder phrase), so a database dump holds both the sealed secrets and the key that opens them.",
	fix: 'Define SVC_SECRETS_KEY in wp-config.php (e.g. the output of "openssl rand -hex 32"), then set each secret again (svc secrets set NAME).',
} as const;

/** One line for a command's standard error, or undefined when the key is not in the database. */
export function keyExposureWarning(source: KeySource | undefined): string | undefined {
	return source === 'database-salts' ? `⚠ ${KEY_EXPOSURE.reason} ${KEY_EXPOSURE.fix}\n` : undefined;
}
