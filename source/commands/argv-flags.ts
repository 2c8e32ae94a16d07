/**
 * Every flag svc knows, declared for meow (read-argv.ts): meow types them, camelCases them
 * (--dry-run → dryRun) and maps the short ones. Which command takes which is parse-argv.ts's job.
 * Pure data with a type-only import of meow, so that what imports it loads no package.
 */
import type { TypedFlags } from 'meow';

export const FLAGS = {
	site: { type: 'string' },
	json: { type: 'boolean' },
	yes: { type: 'boolean', shortFlag: 'y' },
	dryRun: { type: 'boolean' },
	prune: { type: 'boolean' },
	url: { type: 'string' },
	user: { type: 'string' },
	passwordStdin: { type: 'boolean' },
	insecureStore: { type: 'boolean' },
	out: { type: 'string' },
	apiDir: { type: 'string' },
	verbs: { type: 'string' },
	public: { type: 'boolean' },
	capability: { type: 'string' },
	cache: { type: 'string' },
	rateLimit: { type: 'string' },
	schedule: { type: 'string' },
	follow: { type: 'boolean' },
	since: { type: 'string' },
	force: { type: 'boolean' },
	route: { type: 'string' },
	level: { type: 'string' },
	preview: { type: 'boolean' },
	message: { type: 'string', shortFlag: 'm' },
	help: { type: 'boolean', shortFlag: 'h' },
} as const;

/** The flags as meow types them, each undefined when not given (read-argv.ts: booleanDefault). */
export type Flags = Readonly<Partial<TypedFlags<typeof FLAGS>>>;

export type FlagKey = keyof typeof FLAGS;

/** A flag as the user types it: dryRun → --dry-run. */
export function flagName(key: string): string {
	return `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}
