<?php
/**
 * Where the material of the secrets' key is kept, which decides what a database dump opens.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Secrets;

/**
 * Without SVC_SECRETS_KEY the key is derived from wp_salt( 'auth' ) and wp_salt( 'secure_auth' ),
 * four values: each scheme's key and salt. WordPress takes each from wp-config.php when its
 * constant is defined, not empty, not the sample's placeholder and not shared with another salt
 * constant; otherwise (SECRET_KEY / SECRET_SALT aside) from the database, where it generates it
 * once (the `{scheme}_key` / `{scheme}_salt` site options). One value kept there is enough for a
 * dump to hold the whole key: such a site must define SVC_SECRETS_KEY.
 */
final class KeySource {

	public const CONSTANT = 'constant';
	public const CONFIG   = 'config-salts';
	public const DATABASE = 'database-salts';

	/** The constants wp_salt() reads and compares for duplicates, in its order. */
	public const SALT_CONSTANTS = array( 'AUTH_KEY', 'AUTH_SALT', 'SECURE_AUTH_KEY', 'SECURE_AUTH_SALT', 'LOGGED_IN_KEY', 'LOGGED_IN_SALT', 'NONCE_KEY', 'NONCE_SALT', 'SECRET_KEY', 'SECRET_SALT' );

	/**
	 * @param array<string, mixed> $defined      The salt constants that are defined, name => value.
	 * @param list<string>         $placeholders What wp-config-sample.php says (and its translation).
	 * @return self::CONFIG|self::DATABASE
	 */
	public static function of_salts( array $defined, array $placeholders ): string {
		$usable = self::usable( $defined, $placeholders );
		foreach ( array( 'auth', 'secure_auth' ) as $scheme ) {
			$key  = $usable[ strtoupper( $scheme ) . '_KEY' ] ?? $usable['SECRET_KEY'] ?? null;
			$salt = $usable[ strtoupper( $scheme ) . '_SALT' ] ?? ( 'auth' === $scheme ? $usable['SECRET_SALT'] ?? null : null );
			if ( null === $key || null === $salt ) {
				return self::DATABASE;
			}
		}
		return self::CONFIG;
	}

	/**
	 * The constants wp_salt() takes as they are: truthy, no placeholder, no value two constants share.
	 *
	 * @param array<string, mixed> $defined
	 * @param list<string>         $placeholders
	 * @return array<string, true>
	 */
	private static function usable( array $defined, array $placeholders ): array {
		$seen = array();
		foreach ( self::SALT_CONSTANTS as $name ) {
			if ( array_key_exists( $name, $defined ) && is_scalar( $defined[ $name ] ) ) {
				$value          = (string) $defined[ $name ];
				$seen[ $value ] = ( $seen[ $value ] ?? 0 ) + 1;
			}
		}
		$usable = array();
		foreach ( self::SALT_CONSTANTS as $name ) {
			$value = $defined[ $name ] ?? null;
			// PHP's truthiness, as wp_salt() tests it: '' and '0' count as missing.
			if ( ! is_scalar( $value ) || ! $value || in_array( (string) $value, $placeholders, true ) || $seen[ (string) $value ] > 1 ) {
				continue;
			}
			$usable[ $name ] = true;
		}
		return $usable;
	}
}
