<?php
/**
 * What a stored answer becomes for the request that asked.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

/**
 * The stored status, headers and body; `304` with no body when `If-None-Match` names the stored
 * `ETag` (compared weakly, RFC 9110, as CacheHeaders compares it on a miss); no body for HEAD.
 *
 * @phpstan-import-type Answer from StoredAnswer
 */
final class Reply {

	/**
	 * @param Answer $answer
	 * @return array{status: int, headers: list<array{string, string}>, body: string}
	 */
	public static function to( array $answer, string $method, string $if_none_match ): array {
		$etag = null;
		foreach ( $answer['headers'] as list( $name, $value ) ) {
			if ( 'etag' === strtolower( $name ) ) {
				$etag = $value;
			}
		}
		if ( null !== $etag && self::matches( $if_none_match, $etag ) ) {
			return array(
				'status'  => 304,
				// A 304 repeats what a cache needs to refresh its copy, not what describes a body.
				'headers' => array_values( array_filter( $answer['headers'], static fn ( array $pair ): bool => in_array( strtolower( $pair[0] ), array( 'etag', 'cache-control', 'vary', 'expires' ), true ) ) ),
				'body'    => '',
			);
		}
		return array(
			'status'  => $answer['status'],
			'headers' => $answer['headers'],
			'body'    => 'HEAD' === strtoupper( $method ) ? '' : $answer['body'],
		);
	}

	private static function matches( string $header, string $etag ): bool {
		foreach ( explode( ',', $header ) as $tag ) {
			$tag = trim( $tag );
			if ( '' !== $tag && ( '*' === $tag || self::opaque( $tag ) === self::opaque( $etag ) ) ) {
				return true;
			}
		}
		return false;
	}

	/** The tag without its weakness mark. */
	private static function opaque( string $tag ): string {
		return str_starts_with( $tag, 'W/' ) ? substr( $tag, 2 ) : $tag;
	}
}
