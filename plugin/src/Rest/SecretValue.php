<?php
/**
 * What is wrong with a secret's value as a PUT sends it: SecretsController's check, without a request.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Rest;

use Svc\Secrets\SecretStore;

/**
 * The value goes in a JSON body, a non-empty string of at most SecretStore::MAX_BYTES; never in the
 * URL, where access logs would keep it, even beside a good body. No problem repeats the value.
 */
final class SecretValue {

	/**
	 * The problem, or null when $body['value'] is the value to keep.
	 *
	 * @param array<int|string, mixed> $query The URL's query parameters.
	 * @param mixed                    $body  The JSON body decoded, null when the request has none.
	 */
	public static function problem( array $query, mixed $body ): ?string {
		if ( array_key_exists( 'value', $query ) ) {
			return __( 'value goes in the JSON body, never in the URL (where access logs would keep it).', 'svc' );
		}
		if ( ! is_array( $body ) || ! array_key_exists( 'value', $body ) ) {
			return __( 'The body must be a JSON object with value, a string.', 'svc' );
		}
		if ( ! is_string( $body['value'] ) ) {
			return __( 'value must be a string.', 'svc' );
		}
		if ( '' === $body['value'] ) {
			return __( 'value is empty; to remove a secret, delete it.', 'svc' );
		}
		if ( strlen( $body['value'] ) > SecretStore::MAX_BYTES ) {
			/* translators: %d: a number of bytes */
			return sprintf( __( 'value is longer than %d bytes.', 'svc' ), SecretStore::MAX_BYTES );
		}
		return null;
	}

	/**
	 * The value to keep, once problem() found none.
	 */
	public static function value( mixed $body ): string {
		return is_array( $body ) && is_string( $body['value'] ?? null ) ? $body['value'] : '';
	}
}
