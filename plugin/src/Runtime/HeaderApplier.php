<?php
/**
 * Applies a route file's `headers()` to every response of its route.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Runtime;

use Svc\Events\Emit;
use Svc\Support\Log;
use Throwable;
use WeakMap;
use WP_HTTP_Response;
use WP_REST_Request;
use WP_REST_Server;

/**
 * Runs on `rest_post_dispatch`, so it sees every answer of the route: the verb's, an error, and the
 * OPTIONS preflight WordPress answers without calling a verb. Being last, its headers win over the
 * verb's. WordPress sends its own CORS headers later still (on `rest_pre_serve_request`, straight to
 * PHP), so the same headers are sent once more after those.
 */
final class HeaderApplier {

	/**
	 * Headers applied per response: a request may dispatch several (batch, `_embed`, a verb calling
	 * rest_do_request()), and each route's headers belong to its own response only.
	 *
	 * @var WeakMap<WP_HTTP_Response, array<string, string>>
	 */
	private WeakMap $applied;

	public function __construct(
		private readonly Registrar $registrar,
		private readonly RouteLoader $loader,
	) {
		$this->applied = new WeakMap();
	}

	/**
	 * @internal Filter callback.
	 */
	public function apply( mixed $response, WP_REST_Server $server, WP_REST_Request $request ): mixed {
		unset( $server, $request );
		if ( ! $response instanceof WP_HTTP_Response || ! method_exists( $response, 'get_matched_route' ) ) {
			return $response;
		}
		$slug = $this->registrar->slug_for_route( (string) $response->get_matched_route() );
		if ( null === $slug || ! $this->registrar->has_headers( $slug ) ) {
			return $response;
		}
		try {
			$instance = $this->loader->instance( $slug );
			$headers  = null !== $instance && method_exists( $instance, 'headers' ) ? $instance->headers() : null;
		} catch ( Throwable $error ) {
			Log::api( sprintf( '%s.php: headers() threw, so the response was sent without its headers: %s', $slug, Log::describe( $error ) ) );
			Emit::event( 'headers_threw', array( 'slug' => $slug, 'message' => 'headers() threw, so the response was sent without its headers: ' . Log::describe( $error ) ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- one line, so edits around it stay small.
			return $response;
		}
		if ( ! is_array( $headers ) ) {
			return $response;
		}
		$applied = array();
		foreach ( $headers as $name => $value ) {
			if ( is_string( $name ) && is_string( $value ) && '' !== $name ) {
				$response->header( $name, $value );
				$applied[ $name ] = $value;
			}
		}
		$this->applied[ $response ] = $applied;
		return $response;
	}

	/**
	 * @internal Filter callback for `rest_pre_serve_request`, after WordPress's CORS headers.
	 */
	public function resend( mixed $served, mixed $result, WP_REST_Request $request, WP_REST_Server $server ): mixed {
		unset( $request );
		$applied = $result instanceof WP_HTTP_Response ? ( $this->applied[ $result ] ?? array() ) : array();
		foreach ( $applied as $name => $value ) {
			$server->send_header( $name, $value );
		}
		return $served;
	}
}
