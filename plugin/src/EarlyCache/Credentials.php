<?php
/**
 * Whether a request carries anything that identifies its caller.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

/**
 * Read from PHP's raw request arrays, since the early cache decides before WordPress loads. Any
 * WordPress cookie counts (the logged-in, auth and secure-auth cookies, a post password, a comment
 * author's name), as page caches treat them: an answer to such a request may differ from the one
 * anyone gets, so it is neither served from nor stored into a shared cache, and `#[Cache]`
 * marks it `private` for CDNs and proxies (Runtime\CacheHeaders): one rule for both, so what svc
 * stores and what it lets others store never disagree.
 */
final class Credentials {

	/**
	 * Request headers that authenticate, as PHP names them in `$_SERVER`, when they hold something.
	 * Empty, they carry nothing WordPress or svc authenticates with, and WordPress's own `.htaccess`
	 * sets `HTTP_AUTHORIZATION` (and Apache `REDIRECT_HTTP_AUTHORIZATION`) to '' on every request it
	 * rewrites: taken for credentials, no request on Apache would ever share an answer.
	 */
	private const HEADER_KEYS = array( 'HTTP_AUTHORIZATION', 'REDIRECT_HTTP_AUTHORIZATION', 'HTTP_X_SVC_AUTHORIZATION' );

	/** What PHP made of an `Authorization` header: there even with an empty user name, which WordPress refuses. */
	private const PARSED_KEYS = array( 'PHP_AUTH_USER', 'PHP_AUTH_DIGEST' );

	/** Cookie name prefixes set by WordPress for a known visitor. */
	private const COOKIE_PREFIXES = array( 'wordpress_logged_in_', 'wordpress_sec_', 'wordpress_', 'wp-postpass_', 'comment_author_' );

	/** WordPress's cookie check, the same for every visitor. */
	private const ANONYMOUS_COOKIES = array( 'wordpress_test_cookie' );

	/**
	 * @param array<mixed> $server  `$_SERVER`.
	 * @param array<mixed> $cookies `$_COOKIE`.
	 */
	public static function carried( array $server, array $cookies ): bool {
		foreach ( self::HEADER_KEYS as $key ) {
			$value = $server[ $key ] ?? null;
			if ( null !== $value && ( ! is_string( $value ) || '' !== trim( $value ) ) ) {
				return true;
			}
		}
		foreach ( self::PARSED_KEYS as $key ) {
			if ( array_key_exists( $key, $server ) ) {
				return true;
			}
		}
		foreach ( array_keys( $cookies ) as $name ) {
			$name = (string) $name;
			if ( in_array( $name, self::ANONYMOUS_COOKIES, true ) ) {
				continue;
			}
			foreach ( self::COOKIE_PREFIXES as $prefix ) {
				if ( str_starts_with( $name, $prefix ) ) {
					return true;
				}
			}
		}
		return false;
	}
}
