<?php
/**
 * Whether a request may be answered from, or its answer stored into, the early cache.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

/**
 * Only a request whose answer is the same for anyone may share a stored one: a GET or HEAD with no
 * credentials (Credentials), no preview token (its answer comes from another release), no nonce
 * (only a logged-in caller has a meaningful one), no method override, no Origin (its answer carries
 * CORS headers for that origin), and no query parameter the route does not declare
 * in `#[Args]` (an undeclared one, `_fields` or `_embed` included, may change the answer while the key
 * would not, and accepting any would let a caller fill the store with keys). The same rule decides
 * both reading and storing, so an answer is never stored for a request that could not be served it.
 */
final class SharedRequest {

	/** Why a request bypasses the cache; the reasons are shown by diagnostics and counted. */
	public const METHOD      = 'method';
	public const CREDENTIALS = 'credentials';
	public const PREVIEW     = 'preview';
	public const NONCE       = 'nonce';
	public const UNDECLARED  = 'undeclared_parameter';
	public const TOO_LONG    = 'query_too_long';
	public const OVERRIDE    = 'method_override';
	public const ORIGIN      = 'cross_origin';

	/** A longer query string is never a key: the key's cost stays bounded. */
	public const MAX_QUERY_BYTES = 2048;

	/**
	 * Null when the request may share a stored answer, else the reason it may not.
	 *
	 * @param array<mixed> $server   `$_SERVER`.
	 * @param array<mixed> $cookies  `$_COOKIE`.
	 * @param array<mixed> $query    `$_GET`.
	 * @param list<string> $declared Parameter names the route declares for GET in `#[Args]`.
	 */
	public static function refusal( array $server, array $cookies, array $query, array $declared ): ?string {
		$method = RequestLine::method( $server );
		if ( 'GET' !== $method && 'HEAD' !== $method ) {
			return self::METHOD;
		}
		// WordPress serves another verb's answer to a GET that names it: that answer is not GET's.
		if ( array_key_exists( 'HTTP_X_HTTP_METHOD_OVERRIDE', $server ) ) {
			return self::OVERRIDE;
		}
		if ( Credentials::carried( $server, $cookies ) ) {
			return self::CREDENTIALS;
		}
		if ( array_key_exists( 'HTTP_X_SVC_PREVIEW', $server ) ) {
			return self::PREVIEW;
		}
		if ( array_key_exists( 'HTTP_X_WP_NONCE', $server ) || array_key_exists( '_wpnonce', $query ) ) {
			return self::NONCE;
		}
		// WordPress answers a browser's cross-origin request with CORS headers made for its Origin
		// (and `Vary: Origin`): a stored answer made for no origin would be refused by that browser.
		if ( array_key_exists( 'HTTP_ORIGIN', $server ) ) {
			return self::ORIGIN;
		}
		if ( strlen( is_string( $server['QUERY_STRING'] ?? null ) ? $server['QUERY_STRING'] : '' ) > self::MAX_QUERY_BYTES ) {
			return self::TOO_LONG;
		}
		foreach ( array_keys( $query ) as $name ) {
			// `rest_route` included: WordPress prefers it to the path, so `/wp-json/a?rest_route=/b`
			// is b's answer, which must never be stored as a's.
			if ( ! in_array( (string) $name, $declared, true ) || 'rest_route' === (string) $name ) {
				return self::UNDECLARED;
			}
		}
		return null;
	}
}
