<?php
/**
 * Which site a request is for, before WordPress knows.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

/**
 * A site's scope is the host (with its port) and path of its home URL, lowercase, without a
 * trailing slash: `example.com/blog`. Each site publishes its route index in a folder named by its
 * scope's hash, and a stored answer's key includes it, so the sites of a network, or two installs
 * sharing one store, never read each other's. A request names at most two scopes: its host alone,
 * and its host with its path's first segment (a network's subdirectory site); the more specific
 * one is tried first. The host is the request's: untrusted, it only picks a folder by its hash.
 */
final class Scope {

	/** A Host header longer than this names no site of ours. */
	private const MAX_HOST_BYTES = 255;

	/**
	 * The scope of a home URL; null when it has no host.
	 */
	public static function of_home( string $home_url ): ?string {
		$parts = parse_url( $home_url ); // phpcs:ignore WordPress.WP.AlternativeFunctions.parse_url_parse_url -- also runs before WordPress loads.
		if ( ! is_array( $parts ) || ! isset( $parts['host'] ) ) {
			return null;
		}
		$host = strtolower( $parts['host'] ) . ( isset( $parts['port'] ) ? ':' . $parts['port'] : '' );
		return $host . rtrim( strtolower( $parts['path'] ?? '' ), '/' );
	}

	/**
	 * The scopes a request may be for, the more specific first.
	 *
	 * @return list<string>
	 */
	public static function candidates( string $host, string $uri ): array {
		$host = strtolower( $host );
		if ( '' === $host || strlen( $host ) > self::MAX_HOST_BYTES ) {
			return array();
		}
		$path  = strtolower( (string) strtok( $uri, '?' ) );
		$first = explode( '/', ltrim( $path, '/' ), 2 );
		// A path of one segment has no subdirectory site before the REST prefix.
		return isset( $first[1] ) && '' !== $first[0] ? array( $host . '/' . $first[0], $host ) : array( $host );
	}

	/** The folder of a scope's index, under the early cache's `sites/`. */
	public static function folder( string $scope ): string {
		return substr( hash( 'sha256', $scope ), 0, 24 );
	}
}
