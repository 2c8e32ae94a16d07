<?php
/**
 * The deployed routes as `wp svc status` and `wp svc routes` print them.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Cli;

use Svc\Components;
use Svc\Rest\FilesController;
use WP_CLI;
use WP_Error;
use WP_REST_Request;

/**
 * The listing's records (FilesController), in the words of `svc api list --json`.
 */
final class RouteRows {

	/**
	 * @return list<array{slug: string, route: ?string, verbs: list<string>, public: bool, error: ?string, schedules: list<array<string, mixed>>}>
	 */
	public static function of( Components $components ): array {
		$controller = new FilesController( $components->files, $components->store, $components->loader, $components->route_namespace, $components->deployer, $components->nodes );
		$request    = new WP_REST_Request( 'GET', '/svc/v1/api-files' );
		$request->set_param( 'content', false );
		$listing = $controller->index( $request );
		if ( $listing instanceof WP_Error ) {
			WP_CLI::error( $listing->get_error_message() );
		}
		$rows = array();
		foreach ( (array) $listing->get_data() as $record ) {
			$record = (array) $record;
			$rows[] = array(
				'slug'      => (string) $record['filename'],
				'route'     => isset( $record['route'] ) ? (string) $record['route'] : null,
				'verbs'     => array_values( array_map( 'strval', (array) ( $record['methods'] ?? array() ) ) ),
				'public'    => true === ( $record['public'] ?? false ),
				'error'     => isset( $record['error'] ) ? (string) $record['error'] : null,
				'schedules' => array_values( array_filter( (array) ( $record['schedules'] ?? array() ), 'is_array' ) ),
			);
		}
		return $rows;
	}
}
