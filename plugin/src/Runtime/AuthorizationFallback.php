<?php
/**
 * svc's own header for application passwords, for hosts that strip `Authorization`.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Runtime;

/**
 * Some hosts drop `Authorization` before PHP and give their customers no way to fix it (PHP as
 * CGI behind Apache, Plesk with nginx in front). The CLI also sends the application password as
 * `X-Svc-Authorization: Basic …`; when, and only when, `Authorization` did not arrive and the
 * request is a REST request, this hands those credentials to PHP's usual variables just before
 * WordPress's own application-password check runs (priority 20), so that check alone decides:
 * a wrong password fails, counts and fires `application_password_failed_authentication` as core
 * makes it. `define( 'SVC_AUTHORIZATION_FALLBACK', false );` turns it off.
 */
final class AuthorizationFallback {

	public const HEADER = 'X-Svc-Authorization';

	/**
	 * What reached PHP before anything here ran: for `svc doctor`.
	 *
	 * @var array{authorization: bool, fallback: bool, fallback_enabled: bool}|null
	 */
	private static ?array $arrived = null;

	public function set_up(): void {
		self::arrived();
		add_filter( 'determine_current_user', array( $this, 'lend_credentials' ), 19 );
	}

	/**
	 * Which of the two headers reached PHP, and whether svc would use its own.
	 *
	 * @return array{authorization: bool, fallback: bool, fallback_enabled: bool}
	 */
	public static function arrived(): array {
		if ( null === self::$arrived ) {
			self::$arrived = array(
				'authorization'    => self::authorization_arrived(),
				'fallback'         => '' !== self::fallback_header(),
				'fallback_enabled' => self::enabled(),
			);
		}
		return self::$arrived;
	}

	/**
	 * @internal A `determine_current_user` filter: returns its input; only fills in PHP_AUTH_*.
	 *
	 * @param mixed $user The user found so far.
	 * @return mixed
	 */
	public function lend_credentials( $user ) {
		if ( ! empty( $user ) || ! self::enabled() || ! ( defined( 'REST_REQUEST' ) && REST_REQUEST ) ) {
			return $user;
		}
		$arrived = self::arrived();
		if ( $arrived['authorization'] || ! $arrived['fallback'] ) {
			return $user;
		}
		$credentials = self::basic_credentials( self::fallback_header() );
		if ( null !== $credentials ) {
			// WordPress's check reads these (wp_validate_application_password, priority 20).
			$_SERVER['PHP_AUTH_USER'] = $credentials[0];
			$_SERVER['PHP_AUTH_PW']   = $credentials[1];
		}
		return $user;
	}

	/**
	 * `Basic base64(user:password)` as user and password; null for anything else.
	 *
	 * @return array{0: string, 1: string}|null
	 */
	public static function basic_credentials( string $header ): ?array {
		if ( ! preg_match( '/^Basic\s+([A-Za-z0-9+\/=]{1,4096})$/i', trim( $header ), $match ) ) {
			return null;
		}
		$decoded = base64_decode( $match[1], true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- HTTP Basic credentials are base64 by definition.
		if ( false === $decoded || ! str_contains( $decoded, ':' ) ) {
			return null;
		}
		list( $login, $password ) = explode( ':', $decoded, 2 );
		return '' === $login ? null : array( $login, $password );
	}

	private static function enabled(): bool {
		return ! defined( 'SVC_AUTHORIZATION_FALLBACK' ) || false !== SVC_AUTHORIZATION_FALLBACK;
	}

	private static function authorization_arrived(): bool {
		foreach ( array( 'PHP_AUTH_USER', 'HTTP_AUTHORIZATION', 'REDIRECT_HTTP_AUTHORIZATION' ) as $key ) {
			if ( ! empty( $_SERVER[ $key ] ) ) {
				return true;
			}
		}
		return false;
	}

	private static function fallback_header(): string {
		// phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- credentials are compared, never shown or stored; sanitizing would change them.
		return isset( $_SERVER['HTTP_X_SVC_AUTHORIZATION'] ) && is_string( $_SERVER['HTTP_X_SVC_AUTHORIZATION'] ) ? wp_unslash( $_SERVER['HTTP_X_SVC_AUTHORIZATION'] ) : '';
	}
}
