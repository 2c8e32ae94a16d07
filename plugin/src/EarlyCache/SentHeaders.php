<?php
/**
 * The headers PHP is about to send, as the early cache stores them.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

/**
 * A miss is stored as it was sent: the lines of `headers_list()` once WordPress is done (the
 * route's own `headers()`, svc's `Cache-Control` and `ETag`, WordPress's), split into name and
 * value. A line without a colon is not a header and is dropped.
 */
final class SentHeaders {

	/**
	 * @param list<string> $lines `headers_list()`.
	 * @return array<string, list<string>> Name as sent => its values in order.
	 */
	public static function parse( array $lines ): array {
		$headers = array();
		foreach ( $lines as $line ) {
			$colon = strpos( $line, ':' );
			if ( false === $colon || 0 === $colon ) {
				continue;
			}
			$headers[ trim( substr( $line, 0, $colon ) ) ][] = trim( substr( $line, $colon + 1 ) );
		}
		return $headers;
	}
}
