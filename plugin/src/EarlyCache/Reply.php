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
 * `ETag` (EntityTag, as CacheHeaders compares it on a miss); no body for HEAD.
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
		if ( null !== $etag && EntityTag::matches( $if_none_match, $etag ) ) {
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
}
