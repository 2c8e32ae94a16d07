<?php
/**
 * Whether a route's answer may be stored for others.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

/**
 * Only a `200` of a route whose GET has `#[Cache]` and is open to anyone is stored. Not another 2xx:
 * a 201 or 202 says something happened for this caller, a 206 answers a range, a 204 is rare
 * enough not to be worth a second shape; never an error (it may be passing) nor a 304 (it has no
 * body). The route's own headers can forbid it too: a `Set-Cookie` is for one visitor, a
 * `Cache-Control` of `private` or `no-store` says so, and a `Vary` on anything but what a shared
 * request never carries (the preview header, Origin) or the encoding names a request header the key does not hold.
 * A body PHP or a plugin compressed (`Content-Encoding`) is for the client that asked for it.
 */
final class StorableAnswer {

	public const NOT_CACHED = 'not_cached';
	public const NOT_PUBLIC = 'not_public';
	public const STATUS     = 'status';
	public const COOKIE     = 'set_cookie';
	public const PRIVATE    = 'private';
	public const VARY       = 'vary';
	public const ENCODED    = 'content_encoding';

	/**
	 * Request headers the key may ignore: a request with a preview token, an Origin or credentials
	 * never shares (SharedRequest), so the answer stored is the one for none of them (WordPress varies
	 * every REST answer on Origin; svc's #[Cache] answers vary on the preview and credential headers,
	 * Runtime\CachePolicy); the encoding is the server's.
	 */
	private const HARMLESS_VARY = array( 'x-svc-preview', 'origin', 'authorization', 'x-svc-authorization', 'accept-encoding' );

	/**
	 * Null when the answer may be stored, else why not.
	 *
	 * @param array<mixed>    $headers     The answer's headers, name => value (or list of values).
	 * @param bool            $cached      The route's GET has `#[Cache]`.
	 * @param list<string>    $public      The route's verbs open to anyone (lower case).
	 */
	public static function refusal( int $status, array $headers, bool $cached, array $public ): ?string {
		if ( ! $cached ) {
			return self::NOT_CACHED;
		}
		if ( ! in_array( 'get', $public, true ) ) {
			return self::NOT_PUBLIC;
		}
		if ( 200 !== $status ) {
			return self::STATUS;
		}
		foreach ( $headers as $name => $values ) {
			$name = strtolower( trim( (string) $name ) );
			foreach ( is_array( $values ) ? $values : array( $values ) as $value ) {
				$value = strtolower( is_scalar( $value ) ? (string) $value : '' );
				if ( 'set-cookie' === $name ) {
					return self::COOKIE;
				}
				if ( 'cache-control' === $name && 1 === preg_match( '/(^|[\s,])(private|no-store|no-cache)\b/', $value ) ) {
					return self::PRIVATE;
				}
				if ( 'vary' === $name && self::varies_on_more( $value ) ) {
					return self::VARY;
				}
				// Compressed for a client that asked (a plugin's ob_gzhandler, zlib.output_compression):
				// a hit would send it to one that did not.
				if ( 'content-encoding' === $name && '' !== trim( $value ) && 'identity' !== trim( $value ) ) {
					return self::ENCODED;
				}
			}
		}
		return null;
	}

	private static function varies_on_more( string $value ): bool {
		foreach ( explode( ',', $value ) as $header ) {
			$header = trim( $header );
			if ( '' !== $header && ! in_array( $header, self::HARMLESS_VARY, true ) ) {
				return true;
			}
		}
		return false;
	}
}
