<?php
/**
 * The rules for route-file slugs: the one place that says what a valid name is.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Routing;

/**
 * A slug is a route file's path under `api/` without `.php`, e.g. `users/[id]`.
 */
final class Slug {

	public const MAX_SEGMENTS = 16;
	public const MAX_LENGTH   = 200;

	private const STATIC_SEGMENT  = '/^[a-z0-9]+(?:-[a-z0-9]+)*$/D';
	private const DYNAMIC_SEGMENT = '/^\[([A-Za-z_][A-Za-z0-9_]*)\]$/D';

	/**
	 * Why a slug is not acceptable, or null when it is.
	 */
	/**
	 * Why a name cannot be removed; null when it is a safe path inside api/. Looser than problem():
	 * a file copied over SFTP under a name that breaks the slug rules must still be removable.
	 */
	public static function removal_problem( string $name ): ?string {
		if ( '' === $name ) {
			return 'the file name is empty';
		}
		if ( str_contains( $name, "\0" ) || str_contains( $name, '\\' ) || str_starts_with( $name, '/' ) || str_ends_with( $name, '/' ) ) {
			return 'the file name is not a relative path inside api/ (NUL byte, backslash, leading or trailing "/")';
		}
		foreach ( explode( '/', $name ) as $segment ) {
			if ( '' === $segment || '.' === $segment || '..' === $segment ) {
				return sprintf( 'the path segment "%s" would leave the api/ directory or is empty', $segment );
			}
		}
		return null;
	}

	public static function problem( string $slug ): ?string {
		if ( '' === $slug ) {
			return 'the file name is empty';
		}
		if ( str_contains( $slug, "\0" ) ) {
			return 'the file name contains a NUL byte';
		}
		if ( str_contains( $slug, '\\' ) ) {
			return 'the file name contains a backslash; use "/" between directories';
		}
		if ( str_starts_with( $slug, '/' ) ) {
			return 'the file name is an absolute path; give it relative to api/';
		}
		if ( str_ends_with( $slug, '/' ) ) {
			return 'the file name ends with "/"';
		}
		if ( str_ends_with( $slug, '.php' ) ) {
			return 'give the file name without its ".php" extension';
		}
		if ( strlen( $slug ) > self::MAX_LENGTH ) {
			return sprintf( 'the file name is longer than %d characters', self::MAX_LENGTH );
		}
		$segments = explode( '/', $slug );
		if ( count( $segments ) > self::MAX_SEGMENTS ) {
			return sprintf( 'the path has more than %d segments', self::MAX_SEGMENTS );
		}
		$params = array();
		foreach ( $segments as $segment ) {
			if ( '' === $segment ) {
				return 'the path has an empty segment ("//")';
			}
			if ( '.' === $segment || '..' === $segment ) {
				return sprintf( 'the path segment "%s" would leave the api/ directory', $segment );
			}
			if ( preg_match( self::DYNAMIC_SEGMENT, $segment, $match ) ) {
				if ( isset( $params[ $match[1] ] ) ) {
					return sprintf( 'the parameter "%s" appears twice in the path', $match[1] );
				}
				$params[ $match[1] ] = true;
				continue;
			}
			if ( ! preg_match( self::STATIC_SEGMENT, $segment ) ) {
				return sprintf(
					'the path segment "%s" is neither lowercase kebab-case (a-z, 0-9, single hyphens) nor a [param] with a PHP identifier',
					$segment
				);
			}
		}
		if ( 'index' === end( $segments ) ) {
			return '"index" is reserved for the directory guard file; choose another name';
		}
		return null;
	}

	public static function is_valid( string $slug ): bool {
		return null === self::problem( $slug );
	}

	/**
	 * The route pattern WordPress matches, without the namespace: `users/(?P<id>[^/]+)`, or with
	 * `$types['id'] = 'integer'` (the file's schema says so) `users/(?P<id>[0-9]+)`.
	 *
	 * @param array<string, string> $types Parameter => schema type, for the segments that have one.
	 */
	public static function pattern( string $slug, array $types = array() ): string {
		$parts = array();
		foreach ( explode( '/', $slug ) as $segment ) {
			$parts[] = preg_match( self::DYNAMIC_SEGMENT, $segment, $match )
				? '(?P<' . $match[1] . '>' . ( 'integer' === ( $types[ $match[1] ] ?? null ) ? '[0-9]+' : '[^/]+' ) . ')'
				: $segment; // Kebab-case holds no regex metacharacter.
		}
		return implode( '/', $parts );
	}

	/**
	 * The slug with parameter names erased: two slugs with the same shape serve the same URLs.
	 */
	public static function shape( string $slug ): string {
		return (string) preg_replace( '/\[[A-Za-z_][A-Za-z0-9_]*\]/', '[]', $slug );
	}

	public static function is_static( string $slug ): bool {
		return ! str_contains( $slug, '[' );
	}

	/**
	 * The names of the dynamic segments, in path order.
	 *
	 * @return list<string>
	 */
	public static function params( string $slug ): array {
		preg_match_all( '/\[([A-Za-z_][A-Za-z0-9_]*)\]/', $slug, $matches );
		return $matches[1];
	}

	public static function segment_count( string $slug ): int {
		return substr_count( $slug, '/' ) + 1;
	}
}
