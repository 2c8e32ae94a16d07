<?php
/**
 * How a management endpoint with a checked body is registered.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Rest;

/**
 * Every endpoint takes the management check. An endpoint's `fields` (BodyField) become its `args`
 * and are checked before its callback; a `writes` one stands behind what every write needs first
 * (Management::writes).
 */
final class ManagementRoute {

	/**
	 * @param non-falsy-string           $path
	 * @param list<array<string, mixed>> $endpoints
	 */
	public static function register( string $path, array $endpoints ): void {
		foreach ( $endpoints as &$endpoint ) {
			$endpoint['permission_callback'] = array( Management::class, 'check' );
			$fields                          = $endpoint['fields'] ?? array();
			if ( array() !== $fields ) {
				$endpoint['args']     = BodyField::args( $fields );
				$endpoint['callback'] = BodyField::checked( $fields, $endpoint['callback'] );
			}
			if ( true === ( $endpoint['writes'] ?? false ) ) {
				$endpoint['callback'] = Management::writes( $endpoint['callback'] );
			}
			unset( $endpoint['fields'], $endpoint['writes'] );
		}
		register_rest_route( Management::NAMESPACE, $path, $endpoints );
	}
}
