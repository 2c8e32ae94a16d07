<?php
/**
 * What #[Cache] and #[RateLimit] add to an operation of the OpenAPI document.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\OpenApi;

use Svc\Manifest\Entry;
use Svc\Scanning\PolicyAttributes;

/**
 * A cached GET documents its `Cache-Control` and `ETag` headers and the `304` an `If-None-Match`
 * gets; a rate-limited verb documents the `RateLimit-*` headers of every answer and the `429`.
 * Read from the manifest entry, as the runtime applies them (Runtime\CacheHeaders, Limits\RateLimiter).
 *
 * @phpstan-import-type EntryData from Entry
 */
final class PolicyResponses {

	/**
	 * @param array<int|string, mixed> $responses Status => response object.
	 * @param EntryData                $entry     The manifest entry.
	 * @return array<int|string, mixed>
	 */
	public static function add( array $responses, array $entry, string $verb ): array {
		// In the descriptors' order: a limit's headers go on every answer, the 304 of a cache too.
		foreach ( PolicyAttributes::ALL as $descriptor ) {
			$responses = match ( $descriptor['name'] ) {
				'Cache'     => self::cached( $responses, $entry, $verb ),
				'RateLimit' => self::limited( $responses, $entry, $verb ),
				default     => $responses,
			};
		}
		return $responses;
	}

	/**
	 * @param array<int|string, mixed> $responses
	 * @param EntryData                $entry
	 * @return array<int|string, mixed>
	 */
	private static function cached( array $responses, array $entry, string $verb ): array {
		$cache = 'get' === $verb && is_array( $entry['cache'] ?? null ) ? $entry['cache'] : null;
		if ( null !== $cache && isset( $responses[200] ) && is_array( $responses[200] ) ) {
			$public = in_array( 'get', $entry['public'], true );
			$value  = sprintf( '%s, max-age=%d', $public ? 'public' : 'private', (int) $cache['max_age'] );
			if ( null !== ( $cache['stale_while_revalidate'] ?? null ) ) {
				$value .= sprintf( ', stale-while-revalidate=%d', (int) $cache['stale_while_revalidate'] );
			}
			$cached                    = array(
				'Cache-Control' => self::header( 'How long the answer may be cached.', array( 'const' => $value ) ),
				'ETag'          => self::header( 'A strong tag of the answer; send it back as If-None-Match.' ),
			);
			$responses[200]['headers'] = $cached + ( $responses[200]['headers'] ?? array() );
			$responses[304]            = array(
				'description' => 'Not modified: If-None-Match named the current ETag. No body.',
				'headers'     => $cached,
			);
		}
		return $responses;
	}

	/**
	 * @param array<int|string, mixed> $responses
	 * @param EntryData                $entry
	 * @return array<int|string, mixed>
	 */
	private static function limited( array $responses, array $entry, string $verb ): array {
		$rate = is_array( $entry['rate'][ $verb ] ?? null ) ? $entry['rate'][ $verb ] : null;
		if ( null !== $rate ) {
			$limits = array(
				'RateLimit-Limit'     => self::header( sprintf( 'Requests one client may make per %d seconds.', (int) $rate['per'] ), array( 'const' => (int) $rate['requests'] ), 'integer' ),
				'RateLimit-Remaining' => self::header( 'Requests left in the current window.', array(), 'integer' ),
				'RateLimit-Reset'     => self::header( 'Seconds until the window ends.', array(), 'integer' ),
			);
			foreach ( $responses as $status => $response ) {
				if ( is_array( $response ) ) {
					$responses[ $status ]['headers'] = ( $response['headers'] ?? array() ) + $limits;
				}
			}
			$responses[429] = array(
				'description' => 'Too many requests from this client in the window (svc_rate_limited); the route\'s code did not run.',
				'headers'     => $limits + array( 'Retry-After' => self::header( 'Seconds to wait.', array(), 'integer' ) ),
				'content'     => array( 'application/json' => array( 'schema' => array( '$ref' => OpenApiDocument::ERROR_SCHEMA ) ) ),
			);
		}
		return $responses;
	}

	/**
	 * @param array<string, mixed> $extra
	 * @return array<string, mixed>
	 */
	private static function header( string $description, array $extra = array(), string $type = 'string' ): array {
		return array(
			'description' => $description,
			'schema'      => array( 'type' => $type ) + $extra,
		);
	}
}
