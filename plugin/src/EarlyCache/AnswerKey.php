<?php
/**
 * The key of a stored answer.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

/**
 * A stored answer belongs to one site, one route, one content of that route's file and one set of
 * declared argument values. Keying by the file's content hash is what purges a release: a push that
 * changes a file changes its hash, so the answers of the old file are never looked up again (they
 * expire), on every node at once, while an unchanged file keeps its hash and its answers. The
 * arguments are normalized (their names sorted, values as the strings PHP received them), so
 * `?a=1&b=2` and `?b=2&a=1` share an answer; inside one parameter's value the order is kept, as the
 * route gets it (`?t[1]=x&t[0]=y` is ['x', 'y'] to it, `?t[]=y&t[]=x` ['y', 'x']). The rest of the
 * query never reaches the key (SharedRequest refuses undeclared parameters).
 */
final class AnswerKey {

	/** Bumped when the stored shape changes, so no node reads an answer written by another version. */
	private const VERSION = 'v1';

	/**
	 * @param string       $scope     The site (home URL or blog id): one store may serve a network.
	 * @param string       $slug      The route's slug.
	 * @param string       $file_hash The content hash of the route file in the active release.
	 * @param array<mixed> $args      The request's arguments by where they came from (`path`: the route's
	 *                                placeholders; `query`: its declared query parameters), each a
	 *                                map of name to value.
	 * @return string|null Null when the arguments cannot be encoded (invalid UTF-8): no key, no cache.
	 */
	public static function for( string $scope, string $slug, string $file_hash, array $args ): ?string {
		$encoded = json_encode( self::normalized( $args, 2 ), JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ); // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode -- runs before WordPress loads.
		if ( false === $encoded ) {
			return null;
		}
		// NUL cannot appear in a slug or a hash, so no two different triples join to the same string.
		return 'svc-' . self::VERSION . '-' . hash( 'sha256', $scope . "\0" . $slug . "\0" . $file_hash . "\0" . $encoded );
	}

	/**
	 * Keys sorted in the first $sorted levels (where they came from, the names); below, a value's
	 * own keys keep the order PHP received them in, which is the order the route sees.
	 *
	 * @param array<mixed> $value
	 * @return array<mixed>
	 */
	private static function normalized( array $value, int $sorted ): array {
		if ( $sorted > 0 ) {
			ksort( $value, SORT_STRING );
		}
		foreach ( $value as $name => $item ) {
			$value[ $name ] = is_array( $item ) ? self::normalized( $item, $sorted - 1 ) : ( is_scalar( $item ) ? (string) $item : '' );
		}
		return $value;
	}
}
