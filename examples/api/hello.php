<?php
declare(strict_types=1);

use Svc\Api\Attribute\Permission;

/**
 * GET /wp-json/svc-api/v1/hello?name=Ada — open to anyone.
 */
#[Permission(public: true)]
final class Hello {

	public function get( WP_REST_Request $request ): array {
		$name = (string) ( $request->get_param( 'name' ) ?? 'world' );
		return array( 'message' => sprintf( 'Hello, %s!', $name ) );
	}

	/** Sent on every answer of this route, including the CORS preflight. */
	public function headers(): array {
		return array( 'Access-Control-Allow-Origin' => '*' );
	}
}
