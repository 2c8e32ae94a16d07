<?php
/**
 * What a route listing gains when WordPress core's routes are registered while it is being built.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Runtime;

/**
 * Pure: the routes registering core's added or changed (a plugin may have registered one of core's
 * paths first; core's handlers are merged into it), kept as WP_REST_Server::get_routes() keeps
 * routes: every one for the whole listing, else those of the namespace asked for.
 */
final class CoreRouteListing {

	/**
	 * The listing being built, with core's routes in it: added, or in place of a route a plugin
	 * registered first, into which core's handlers were merged.
	 *
	 * @param array<mixed>         $listing   What the listing held (rest_endpoints' value).
	 * @param array<string, mixed> $before    The server's routes before core's were registered.
	 * @param array<string, mixed> $after     The server's routes after.
	 * @param string               $namespace What get_routes() was asked for; '' for every route.
	 * @return array<mixed>
	 */
	public static function completed( array $listing, array $before, array $after, string $namespace ): array {
		return array_replace( $listing, self::additions( $before, $after, $namespace ) );
	}

	/**
	 * @param array<string, mixed> $before    The server's routes before core's were registered.
	 * @param array<string, mixed> $after     The server's routes after.
	 * @param string               $namespace What get_routes() was asked for; '' for every route.
	 * @return array<string, mixed> Route => its handlers, as the server stores them.
	 */
	public static function additions( array $before, array $after, string $namespace ): array {
		$added = array();
		foreach ( $after as $route => $handlers ) {
			if ( array_key_exists( $route, $before ) && $before[ $route ] === $handlers ) {
				continue;
			}
			if ( '' === $namespace || ( is_array( $handlers ) && ( $handlers['namespace'] ?? null ) === $namespace ) ) {
				$added[ $route ] = $handlers;
			}
		}
		return $added;
	}
}
