<?php
/**
 * What the early cache must know of the active release before WordPress loads.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

use Svc\Contracts\RouteContract;
use Svc\Manifest\Entry;
use Svc\Routing\Slug;

/**
 * Built from the manifest when a release is activated (and whenever the manifest is rebuilt),
 * read by the early entry point for every REST request: the URL prefix of svc's routes, and per route
 * its pattern, the content hash of its file (the key's part that purges a release), its `#[Cache]`
 * and the query parameters its GET declares. Every route is listed, cached or not, so a URL that
 * two routes could answer is never guessed (WordPress would pick by its own order): it bypasses.
 * Static routes are found by one array lookup, dynamic ones among those with as many segments, so a
 * thousand routes cost a hit no loop over all of them.
 *
 * @phpstan-import-type EntryData from Entry
 * @phpstan-type Cached array{hash: string, max_age: int, swr: int|null, args: list<string>}
 * @phpstan-type Index array{prefix: string, static: array<string, Cached|null>, dynamic: array<int, array<string, array{pattern: string, cache: Cached|null}>>, scope?: string, stamp?: string, options?: string, rest?: array{int, string}}
 * @phpstan-type PurgeCounts array{all?: int, routes?: array<string, int>}
 */
final class RouteIndex {

	/**
	 * @param string                   $prefix  The path of svc's routes, e.g. `/wp-json/svc/v1/`.
	 * @param array<string, EntryData> $entries The active release's manifest, slug => entry.
	 * @param PurgeCounts                   $purges  How many times every route, and each one, was purged:
	 *                                          part of a route's key, so a purge makes its answers unreachable.
	 * @param array{scope?: string, stamp?: string, options?: string} $site Whose index, for which stamp (IndexStamp), and its options table.
	 * @param string                   $rest    The REST URL prefix (`wp-json`), which WordPress's rewrite rule
	 *                                          matches case by case: `/WP-JSON/…` is no REST request there.
	 * @return Index
	 */
	public static function build( string $prefix, array $entries, array $purges = array(), array $site = array(), string $rest = '' ): array {
		$index   = array(
			'prefix'  => '/' . trim( $prefix, '/' ) . '/',
			'static'  => array(),
			'dynamic' => array(),
		) + $site;
		$segment = '/' . trim( $rest, '/' ) . '/';
		$at      = '//' === $segment ? false : stripos( $index['prefix'], $segment );
		if ( false !== $at ) {
			$index['rest'] = array( $at, $segment );
		}
		foreach ( $entries as $slug => $entry ) {
			$slug = (string) $slug;
			if ( null !== $entry['error'] || array() === $entry['verbs'] || ! Slug::is_valid( $slug ) ) {
				continue;
			}
			$cache = self::cached( $entry, ( $purges['all'] ?? 0 ) . '.' . ( $purges['routes'][ $slug ] ?? 0 ) );
			if ( Slug::is_static( $slug ) ) {
				$index['static'][ $slug ] = $cache;
				continue;
			}
			$index['dynamic'][ Slug::segment_count( $slug ) ][ $slug ] = array(
				'pattern' => '#^' . Slug::pattern( $slug, RouteContract::segment_types( $entry, $slug ) ) . '$#i',
				'cache'   => $cache,
			);
		}
		return $index;
	}

	/**
	 * The path of a request URI as WordPress routes it: without the query and not decoded. WordPress
	 * hands a route `/echo/%61bc` as `%61bc` and matches `/items/a%2Fb` as one segment, so a path
	 * decoded here would key one answer for requests WordPress answers differently.
	 */
	public static function request_path( string $uri ): string {
		return (string) strtok( $uri, '?' );
	}

	/**
	 * The one route a request path names, with its path parameters and its cache; null when the
	 * path is not svc's, names no route, or more than one.
	 *
	 * @param Index $index
	 * @param string $path The request path (request_path()).
	 * @return array{slug: string, params: array<string, string>, cache: Cached|null}|null
	 */
	public static function find( array $index, string $path ): ?array {
		// The site's path and svc's namespace in any case, as WordPress matches them; its REST prefix as it is.
		if ( ! str_starts_with( strtolower( $path ), strtolower( $index['prefix'] ) ) || ( isset( $index['rest'] ) && substr( $path, $index['rest'][0], strlen( $index['rest'][1] ) ) !== $index['rest'][1] ) ) {
			return null;
		}
		// WordPress drops one trailing slash; an empty segment (`//`) names no route of svc's.
		$route = substr( $path, strlen( $index['prefix'] ) );
		$route = str_ends_with( $route, '/' ) ? substr( $route, 0, -1 ) : $route;
		if ( '' === $route || str_contains( $route, '//' ) || str_starts_with( $route, '/' ) ) {
			return null;
		}
		$found = array();
		$lower = strtolower( $route );
		if ( array_key_exists( $lower, $index['static'] ) ) {
			$found[] = array(
				'slug'   => $lower,
				'params' => array(),
				'cache'  => $index['static'][ $lower ],
			);
		}
		foreach ( $index['dynamic'][ substr_count( $route, '/' ) + 1 ] ?? array() as $slug => $dynamic ) {
			if ( 1 === preg_match( $dynamic['pattern'], $route, $match ) ) {
				$found[] = array(
					'slug'   => (string) $slug,
					'params' => array_filter( $match, 'is_string', ARRAY_FILTER_USE_KEY ),
					'cache'  => $dynamic['cache'],
				);
			}
		}
		return 1 === count( $found ) ? $found[0] : null;
	}

	/**
	 * Whether any route of the index has its answers kept.
	 *
	 * @param Index $index
	 */
	public static function caches_any( array $index ): bool {
		foreach ( $index['static'] as $cache ) {
			if ( null !== $cache ) {
				return true;
			}
		}
		foreach ( $index['dynamic'] as $routes ) {
			foreach ( $routes as $route ) {
				if ( null !== $route['cache'] ) {
					return true;
				}
			}
		}
		return false;
	}

	/**
	 * Whether the early cache keeps this route's answers: a public GET with `#[Cache]` and no
	 * `#[RateLimit]`, whose limit counts each request and whose headers are the caller's own.
	 *
	 * @param EntryData $entry
	 */
	public static function served_early( array $entry ): bool {
		return null !== ( $entry['cache'] ?? null ) && null === ( $entry['rate']['get'] ?? null ) && null === $entry['error'] && null !== $entry['hash'] && in_array( 'get', $entry['verbs'], true ) && in_array( 'get', $entry['public'], true );
	}

	/**
	 * @param EntryData $entry
	 * @param string    $purged The purge generations the key's hash carries.
	 * @return Cached|null
	 */
	private static function cached( array $entry, string $purged ): ?array {
		$cache = $entry['cache'] ?? null;
		if ( null === $cache || ! self::served_early( $entry ) ) {
			return null;
		}
		return array(
			'hash'    => '0.0' === $purged ? (string) $entry['hash'] : $entry['hash'] . '/' . $purged,
			'max_age' => $cache['max_age'],
			'swr'     => $cache['stale_while_revalidate'],
			'args'    => array_map( 'strval', array_keys( RouteContract::args( $entry, 'get' ) ) ),
		);
	}
}
