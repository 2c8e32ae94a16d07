<?php
/**
 * The cache headers of a route's answer, decided from the route's policy and the request.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Runtime;

/**
 * An answer is `public` only when it is the same for everyone: GET is open to anyone and the
 * request carried no credentials (EarlyCache\Credentials, the early cache's own rule) and no user
 * is logged in. Any other answer is `private`, which no shared cache may store (RFC 9111
 * §5.2.2.7), and varies on the headers that tell users apart, so a browser's own cache does not
 * hand one login's answer to another.
 * Every answer varies on `X-Svc-Preview` (a preview's routes answer at the same URLs) and on the
 * authorization headers, so a cache never answers a credentialed request with what an anonymous
 * one was shown. `Cookie` is left out of a public answer's Vary: anonymous visitors' cookies
 * (analytics, consent) would split a CDN's one entry into one per visitor.
 */
final class CachePolicy {

	/** Vary of every cached answer. */
	private const VARY = array( 'X-Svc-Preview', 'Authorization', 'X-Svc-Authorization' );

	/**
	 * @return array{cache_control: string, vary: list<string>}
	 */
	public static function headers( bool $open_to_anyone, bool $credentialed, int $max_age, ?int $stale_while_revalidate ): array {
		$public = $open_to_anyone && ! $credentialed;
		$value  = sprintf( '%s, max-age=%d', $public ? 'public' : 'private', $max_age );
		if ( null !== $stale_while_revalidate ) {
			$value .= sprintf( ', stale-while-revalidate=%d', $stale_while_revalidate );
		}
		return array(
			'cache_control' => $value,
			'vary'          => $public ? self::VARY : array( ...self::VARY, 'Cookie' ),
		);
	}

	/**
	 * A strong tag of the answer's JSON.
	 */
	public static function etag( string $json ): string {
		return '"' . substr( hash( 'sha256', $json ), 0, 32 ) . '"';
	}

	/**
	 * The values of every `Vary` line among the headers sent so far, as one value (each name once,
	 * as first written), or null when there is none.
	 *
	 * @param list<string> $lines Header lines, as headers_list() gives them.
	 */
	public static function one_vary( array $lines ): ?string {
		$names = array();
		foreach ( $lines as $line ) {
			if ( 1 !== preg_match( '/^vary\s*:(.*)$/i', $line, $match ) ) {
				continue;
			}
			foreach ( explode( ',', $match[1] ) as $name ) {
				$name = trim( $name );
				if ( '' !== $name && ! isset( $names[ strtolower( $name ) ] ) ) {
					$names[ strtolower( $name ) ] = $name;
				}
			}
		}
		return array() === $names ? null : implode( ', ', $names );
	}
}
