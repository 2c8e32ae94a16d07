<?php
/**
 * Where the secrets' master key comes from.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Secrets;

/**
 * `SVC_SECRETS_KEY` in wp-config.php when it is defined: any string of at least 32 characters (e.g.
 * `openssl rand -hex 32`), hashed into the key, so its format does not matter. Otherwise the
 * site's own auth and secure-auth salts. Either way the key is never in the database as long as the
 * salts are defined in wp-config.php (WordPress keeps generated salts in the options table, where a
 * dump would carry them along: source() tells, exposure() warns, and such a site should define
 * SVC_SECRETS_KEY).
 *
 * Changing the constant or the salts makes every stored value unreadable: the names stay, listed as
 * unreadable, until they are set again.
 */
final class Keyring {

	public const CONSTANT   = 'SVC_SECRETS_KEY';
	public const MIN_LENGTH = 32;

	/**
	 * The material a key is derived from, as the site configures it: [source, material]; material
	 * is null when the constant is defined but unusable.
	 *
	 * @return array{0: 'constant'|'salts', 1: ?string}
	 */
	public static function material(): array {
		if ( defined( self::CONSTANT ) ) {
			$given = constant( self::CONSTANT );
			return array( 'constant', is_string( $given ) && strlen( $given ) >= self::MIN_LENGTH ? $given : null );
		}
		return array( 'salts', wp_salt( 'auth' ) . "\0" . wp_salt( 'secure_auth' ) );
	}

	/**
	 * Where the key's material is kept (KeySource): SVC_SECRETS_KEY, the salts in wp-config.php, or
	 * salts WordPress keeps in the database, where a dump carries them along with the sealed values.
	 *
	 * @return KeySource::CONSTANT|KeySource::CONFIG|KeySource::DATABASE
	 */
	public static function source(): string {
		if ( defined( self::CONSTANT ) ) {
			return KeySource::CONSTANT;
		}
		$defined = array();
		foreach ( KeySource::SALT_CONSTANTS as $name ) {
			if ( defined( $name ) ) {
				$defined[ $name ] = constant( $name );
			}
		}
		// wp_salt() refuses the sample's phrase in English and as the site's locale translates it.
		$placeholder = 'put your unique phrase here';
		return KeySource::of_salts( $defined, array( $placeholder, __( 'put your unique phrase here' ) ) ); // phpcs:ignore WordPress.WP.I18n.MissingArgDomain -- WordPress's own string, translated as wp_salt() translates it.
	}

	/**
	 * A warning when a database dump opens the secrets (the salts are kept there); null otherwise.
	 */
	public static function exposure(): ?string {
		return KeySource::DATABASE === self::source()
			/* translators: %s: SVC_SECRETS_KEY */
			? sprintf( __( 'WordPress keeps this site\'s salts in the database (wp-config.php lacks them or has the placeholder phrase), so a database dump holds both the sealed secrets and the key that opens them. Define %s in wp-config.php (e.g. the output of "openssl rand -hex 32"), then set the secrets again.', 'svc' ), self::CONSTANT )
			: null;
	}

	/**
	 * The 32-byte key for a material; a context of svc's own, so the key is no other use's hash
	 * of the same salts.
	 */
	public static function derive( string $source, string $material ): string {
		return sodium_crypto_generichash( 'svc-secrets-v1:' . $source . ':' . $material, '', SODIUM_CRYPTO_SECRETBOX_KEYBYTES );
	}

	/**
	 * The site's cipher; null when SVC_SECRETS_KEY is defined but unusable (see problem()).
	 */
	public static function cipher(): ?Cipher {
		list( $source, $material ) = self::material();
		return null === $material ? null : new Cipher( self::derive( $source, $material ) );
	}

	public static function problem(): ?string {
		return null === self::material()[1]
			/* translators: 1: SVC_SECRETS_KEY, 2: a number of characters */
			? sprintf( __( '%1$s in wp-config.php is shorter than %2$d characters (or not a string), so no secret can be read or set. Give it e.g. the output of "openssl rand -hex 32".', 'svc' ), self::CONSTANT, self::MIN_LENGTH )
			: null;
	}
}
