<?php
/**
 * Which part of the manifest a route, a request path or a class name lives in.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Manifest;

use Svc\Routing\Slug;

/**
 * The manifest is saved in shards so that a request reads only the part its path can need: without
 * opcache every included literal is compiled on every request, and a 5,000-file manifest costs as
 * much as the route itself. Entries are grouped by a routing key that a request path determines:
 *
 * - a static route `a/b` by its path, which only the request for `a/b` needs;
 * - a dynamic route by its segment count and the static segments before its first dynamic one
 *   (`users/[id]/posts` → 3 segments after `users`), so a request for `x/y/z` reads the keys of its
 *   three prefixes (``, `x`, `x/y`) with 3 segments, and its own static key: at most one shard more
 *   per segment, whatever the number of files.
 *
 * Class names (for the route-class autoloader) have shards of the same numbering.
 */
final class Shards {

	/** About this many entries per shard: small enough to compile fast, few files for a small site. */
	private const ENTRIES_PER_SHARD = 64;

	public static function count( int $files ): int {
		return max( 1, intdiv( $files + self::ENTRIES_PER_SHARD - 1, self::ENTRIES_PER_SHARD ) );
	}

	/**
	 * The shard of a route file (of any name: one that breaks the slug rules is kept by its name).
	 */
	public static function of_slug( string $slug, int $count ): int {
		// One shard (a small site, its entries inline in the head): no key to work out.
		return 1 === $count ? 0 : self::number( self::key_of_slug( $slug ), $count );
	}

	/**
	 * The shards holding every route that can match a request path (lowercase, no slashes around).
	 *
	 * @return list<int>
	 */
	public static function for_path( string $path, int $count ): array {
		if ( 1 === $count ) {
			return array( 0 );
		}
		$segments = explode( '/', $path );
		$total    = count( $segments );
		$numbers  = array( self::number( 's:' . $path, $count ) => true );
		for ( $prefix = 0; $prefix < $total; $prefix++ ) {
			$numbers[ self::number( self::dynamic_key( $total, array_slice( $segments, 0, $prefix ) ), $count ) ] = true;
		}
		return array_keys( $numbers );
	}

	/**
	 * @param string $class_name Lowercase, without a leading backslash.
	 */
	public static function of_class( string $class_name, int $count ): int {
		return self::number( 'c:' . $class_name, $count );
	}

	private static function key_of_slug( string $slug ): string {
		if ( ! Slug::is_valid( $slug ) || Slug::is_static( $slug ) ) {
			return 's:' . $slug;
		}
		$segments = explode( '/', $slug );
		$prefix   = array();
		foreach ( $segments as $segment ) {
			if ( str_starts_with( $segment, '[' ) ) {
				break;
			}
			$prefix[] = $segment;
		}
		return self::dynamic_key( count( $segments ), $prefix );
	}

	/**
	 * @param list<string> $prefix
	 */
	private static function dynamic_key( int $segments, array $prefix ): string {
		return 'd:' . $segments . ':' . implode( '/', $prefix );
	}

	private static function number( string $key, int $count ): int {
		return 1 === $count ? 0 : crc32( $key ) % $count;
	}
}
