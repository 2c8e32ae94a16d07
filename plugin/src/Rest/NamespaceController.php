<?php
/**
 * `svc/v1/api-namespace`: read and change the route namespace.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Rest;

use Svc\Runtime\CoreRoutes;
use Svc\Settings\RouteNamespace;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * See docs/management-api.md.
 */
final class NamespaceController {

	/**
	 * @param CoreRoutes|null $core_routes Core's routes where this request holds them back: the
	 *                                     namespaces in use are read with them registered.
	 */
	public function __construct(
		private readonly RouteNamespace $route_namespace,
		private readonly ?CoreRoutes $core_routes = null,
	) {
	}

	public function register(): void {
		register_rest_route(
			Management::NAMESPACE,
			'/api-namespace',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'read' ),
					'permission_callback' => array( Management::class, 'check' ),
				),
				array(
					'methods'             => WP_REST_Server::EDITABLE,
					'callback'            => array( $this, 'update' ),
					'permission_callback' => array( Management::class, 'check' ),
					'args'                => array(
						'namespace' => array(
							'type'     => 'string',
							'required' => true,
						),
					),
				),
			)
		);
	}

	public function read(): WP_REST_Response {
		return new WP_REST_Response( array( 'namespace' => $this->route_namespace->get() ) );
	}

	public function update( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$previous = $this->route_namespace->get();
		$value    = (string) $request->get_param( 'namespace' );
		$this->core_routes?->register_now();
		$in_use = array_values( array_diff( rest_get_server()->get_namespaces(), array( $previous ) ) );
		$result = $this->route_namespace->set( $value, $in_use );
		if ( is_wp_error( $result ) ) {
			return $result;
		}
		return new WP_REST_Response(
			array(
				'namespace' => $value,
				'previous'  => $previous,
			)
		);
	}
}
