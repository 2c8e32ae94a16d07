<?php
/**
 * The rule for secret names: the one place the plugin says what a valid name is.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Secrets;

/**
 * Environment-variable style (`STRIPE_KEY`), as Vercel and Wrangler name theirs; the CLI holds the
 * same rule (source/core/secret-name.ts) and both run test/fixtures/secret-names.json.
 */
final class Name {

	// \z, not $: "A\n" is not a name.
	public const PATTERN = '/\A[A-Z][A-Z0-9_]{0,63}\z/';

	public const RULE = 'a secret name is an uppercase letter followed by at most 63 uppercase letters, digits or underscores (^[A-Z][A-Z0-9_]{0,63}$)';

	public static function valid( mixed $name ): bool {
		return is_string( $name ) && 1 === preg_match( self::PATTERN, $name );
	}
}
