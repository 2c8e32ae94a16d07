/**
 * Which runtime `svc dev` uses for a throwaway WordPress when no site is linked, from what the
 * machine has. Pure: the facts are gathered by the caller (packages.ts, a PATH lookup for npx).
 *
 * - Debian's PHP + MariaDB + WordPress, served by nginx + php-fpm when present (as in production),
 *   else by PHP's built-in server;
 * - without them, WordPress Playground's CLI (PHP compiled to WebAssembly, SQLite) through npx: a
 *   download of several hundred MB, so only with consent, and never a dependency of svc;
 * - without npx either: nothing to offer but the install command.
 */

export interface RuntimeFacts {
  /** What any native site lacks (PHP with mysqli, MariaDB, WordPress); empty when all there. */
  readonly missingForAnySite: readonly string[];
  /** What nginx + php-fpm lack on top; empty when both are there. */
  readonly missingForFpm: readonly string[];
  /** npx is on PATH (it comes with npm). */
  readonly npx: boolean;
}

export type RuntimeChoice =
  | { readonly kind: 'native'; readonly server: 'fpm' | 'php'; readonly label: string }
  | { readonly kind: 'playground'; readonly missing: readonly string[]; readonly label: string }
  | { readonly kind: 'none'; readonly missing: readonly string[] };

export const PLAYGROUND_LABEL = 'WordPress Playground (PHP as WebAssembly, SQLite; @wp-playground/cli through npx)';

export function chooseRuntime(facts: RuntimeFacts): RuntimeChoice {
  if (facts.missingForAnySite.length === 0) {
    return facts.missingForFpm.length === 0
      ? { kind: 'native', server: 'fpm', label: "this machine's PHP, MariaDB and WordPress, served by nginx + php-fpm" }
      : { kind: 'native', server: 'php', label: "this machine's PHP, MariaDB and WordPress, served by PHP's built-in server (php -S)" };
  }
  return facts.npx ? { kind: 'playground', missing: facts.missingForAnySite, label: PLAYGROUND_LABEL } : { kind: 'none', missing: facts.missingForAnySite };
}
