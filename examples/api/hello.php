<?php
declare(strict_types=1);

use Svc\Api\Attribute\Args;
use Svc\Api\Attribute\Permission;
use Svc\Api\Attribute\Returns;

/**
 * GET /wp-json/svc-api/v1/hello?name=Ada — open to anyone.
 */
#[Permission(public: true)]
final class Hello {

	/**
	 * Greets someone by name.
	 */
	#[Args(['name' => ['type' => 'string', 'minLength' => 1, 'maxLength' => 40, 'default' => 'world']])]
	#[Returns(['type' => 'object', 'properties' => ['message' => ['type' => 'string', 'required' => true]]])]
	public function get( WP_REST_Request $request ): array {
		// WordPress checked `name` against #[Args] before this runs (400 rest_invalid_param otherwise).
		return array( 'message' => sprintf( 'Hello, %s!', $request->get_param( 'name' ) ) );
	}

	/** Sent on every answer of this route, including the CORS preflight. */
	public function headers(): array {
		return array( 'Access-Control-Allow-Origin' => '*' );
	}
}
