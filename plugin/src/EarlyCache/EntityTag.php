<?php
/**
 * Whether a request's `If-None-Match` names an answer's `ETag`.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

/**
 * Compared weakly (RFC 9110 §13.1.2), so `W/"…"` matches too; `*` matches any tag; a list is matched
 * member by member. One rule for the answer WordPress computes (Runtime\CacheHeaders) and the one
 * the early cache sends (Reply): a 304 means the same thing from both.
 */
final class EntityTag {

	public static function matches( string $if_none_match, string $etag ): bool {
		foreach ( explode( ',', $if_none_match ) as $tag ) {
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
