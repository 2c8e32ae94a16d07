<?php
/**
 * Calls a route file's verb method for a request.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Runtime;

use ReflectionMethod;
use Throwable;
use WP_Error;
use WP_REST_Request;

/**
 * The method's return value goes back to WordPress as is: an array becomes a 200 JSON answer, a
 * WP_REST_Response or WP_Error keeps its status and headers. Whatever the method (or the class's
 * constructor) throws is answered as RouteError says; so is a fatal error that stops PHP meanwhile
 * (the monitor's shutdown handler).
 */
final class RouteHandler {

	public function __construct(
		private readonly RouteLoader $loader,
		private readonly ?FatalErrorMonitor $monitor = null,
	) {
	}

	public function handle( WP_REST_Request $request, string $slug, string $verb ): mixed {
		$path = (string) ( $this->loader->entry( $slug )['path'] ?? '' );
		$this->monitor?->run( $slug, $verb, $path );
		try {
			$instance = $this->loader->instance( $slug );
			if ( null === $instance ) {
				return self::unavailable();
			}
			// `get()` is called without arguments and `get( WP_REST_Request $request )` with the request.
			return ( new ReflectionMethod( $instance, $verb ) )->getNumberOfParameters() > 0
				? $instance->$verb( $request )
				: $instance->$verb();
		} catch ( Throwable $error ) {
			return RouteError::from_throwable( $error, $slug, $verb, $path );
		} finally {
			$this->monitor?->ran();
		}
	}

	/**
	 * What a route whose file was skipped answers: the same as a route that does not exist.
	 */
	public static function unavailable(): WP_Error {
		return new WP_Error( 'rest_no_route', __( 'No route was found matching the URL and request method.', 'svc' ), array( 'status' => 404 ) );
	}
}
