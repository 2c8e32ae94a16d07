<?php
/**
 * Whether a request carries credentials, read from its headers and cookies alone.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Runtime;

/**
 * A request that carries credentials may be answered for one user: its answer must never be kept
 * by a shared cache (CacheHeaders), whatever the route says. Credentials are any `Authorization`
 * (Basic with an application password, Bearer, anything a plugin reads), svc's own
 * `X-Svc-Authorization` (AuthorizationFallback) and WordPress's login cookies. Whether they are
 * valid does not matter: a request that presents them is answered as someone, or refused.
 */
final class RequestCredentials {

	/** `$_SERVER` keys that hold credentials (PHP, CGI and Apache's rewrite name them differently). */
	private const SERVER_KEYS = array( 'HTTP_AUTHORIZATION', 'REDIRECT_HTTP_AUTHORIZATION', 'HTTP_X_SVC_AUTHORIZATION', 'PHP_AUTH_USER', 'PHP_AUTH_DIGEST' );

	/**
	 * WordPress's login cookies: `wordpress_logged_in_<hash>`, and the auth cookies
	 * `wordpress_sec_<hash>` / `wordpress_<hash>` (their names come from COOKIEHASH, any site's).
	 */
	private const COOKIE_PATTERN = '/^wordpress_(?:logged_in_|sec_)?[0-9a-f]{32}$/';

	/**
	 * @param array<mixed> $server  `$_SERVER`.
	 * @param array<mixed> $cookies `$_COOKIE`.
	 */
	public static function carried( array $server, array $cookies ): bool {
		foreach ( self::SERVER_KEYS as $key ) {
			if ( is_string( $server[ $key ] ?? null ) && '' !== trim( $server[ $key ] ) ) {
				return true;
			}
		}
		foreach ( $cookies as $name => $value ) {
			if ( 1 === preg_match( self::COOKIE_PATTERN, (string) $name ) && is_string( $value ) && '' !== $value ) {
				return true;
			}
		}
		return false;
	}
}
