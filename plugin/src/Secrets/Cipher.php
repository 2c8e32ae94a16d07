<?php
/**
 * Seals and opens secret values with libsodium's secretbox.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Secrets;

/**
 * XSalsa20-Poly1305 with a random nonce per value. Each name gets a key of its own derived from the
 * master key, so a value copied onto another name in the database does not open there: someone who
 * can write the options table cannot make route code read STRIPE_KEY's value as WEBHOOK_URL.
 * WordPress ships sodium_compat, so this works where the sodium extension is missing.
 */
final class Cipher {

	private const PREFIX = 'v1:';

	/**
	 * @param string $key 32 bytes (SODIUM_CRYPTO_SECRETBOX_KEYBYTES), from Keyring.
	 */
	public function __construct( private readonly string $key ) {
	}

	public function seal( string $name, string $value ): string {
		$nonce = random_bytes( SODIUM_CRYPTO_SECRETBOX_NONCEBYTES );
		return self::PREFIX . base64_encode( $nonce . sodium_crypto_secretbox( $value, $nonce, $this->name_key( $name ) ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- binary ciphertext kept in a text column.
	}

	/**
	 * The value; null when the box was sealed under another key (salts or SVC_SECRETS_KEY changed),
	 * for another name, or is damaged.
	 */
	public function open( string $name, string $sealed ): ?string {
		if ( ! str_starts_with( $sealed, self::PREFIX ) ) {
			return null;
		}
		$raw = base64_decode( substr( $sealed, strlen( self::PREFIX ) ), true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- see seal().
		if ( false === $raw || strlen( $raw ) < SODIUM_CRYPTO_SECRETBOX_NONCEBYTES + SODIUM_CRYPTO_SECRETBOX_MACBYTES ) {
			return null;
		}
		try {
			$value = sodium_crypto_secretbox_open( substr( $raw, SODIUM_CRYPTO_SECRETBOX_NONCEBYTES ), substr( $raw, 0, SODIUM_CRYPTO_SECRETBOX_NONCEBYTES ), $this->name_key( $name ) );
		} catch ( \SodiumException ) {
			return null;
		}
		return false === $value ? null : $value;
	}

	private function name_key( string $name ): string {
		return sodium_crypto_generichash( 'svc-secret-name:' . $name, $this->key, SODIUM_CRYPTO_SECRETBOX_KEYBYTES );
	}
}
