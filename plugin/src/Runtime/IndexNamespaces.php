<?php
/**
 * What a REST index lacks when svc registered its routes while the index was being built.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Runtime;

/**
 * WordPress's get_index() reads the server's namespaces before it lists the routes, and a request
 * made from inside another route's code registers svc's routes only as they are listed (the
 * `rest_endpoints` filter, Registrar::order_endpoints). Such an index lists svc's routes but not
 * their namespaces, nor the namespace routes (`/svc-api/v1`). This completes it from the server as
 * it is once the routes are listed: every namespace named, each namespace route described (as far
 * as the caller may see it: the describer runs WordPress's `rest_route_data`).
 */
final class IndexNamespaces {

	/**
	 * @param array<mixed>                                $index      The index's data, as get_index() made it.
	 * @param list<string>                                $namespaces The server's namespaces now, in registration order.
	 * @param callable(string): array<string, mixed> $describe   A namespace => its namespace route's data, keyed by route; empty when hidden or missing.
	 * @return array<mixed>
	 */
	public static function complete( array $index, array $namespaces, callable $describe ): array {
		if ( ! is_array( $index['namespaces'] ?? null ) || ! is_array( $index['routes'] ?? null ) ) {
			return $index;
		}
		$listed = $index['namespaces'];
		$routes = $index['routes'];
		foreach ( $namespaces as $namespace ) {
			if ( in_array( $namespace, $listed, true ) ) {
				continue;
			}
			$listed[] = $namespace;
			if ( ! isset( $routes[ '/' . $namespace ] ) ) {
				$routes += $describe( $namespace );
			}
		}
		$index['namespaces'] = array_values( $listed );
		$index['routes']     = $routes;
		return $index;
	}
}
