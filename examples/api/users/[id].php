<?php
declare(strict_types=1);

use Svc\Api\Attribute\Args;
use Svc\Api\Attribute\Permission;
use Svc\Api\Attribute\Returns;

/**
 * /wp-json/svc-api/v1/users/{id}: reading needs `list_users`; deleting keeps the closed default
 * (administrators only). `id` is an integer for every verb, so /users/abc is no route at all.
 */
#[Args(['id' => ['type' => 'integer', 'minimum' => 1, 'description' => 'The user ID']])]
final class UserById {

	/**
	 * One user: ID, login and roles.
	 */
	#[Permission(capability: 'list_users')]
	#[Returns(['type' => 'object', 'properties' => [
		'id'    => ['type' => 'integer', 'required' => true],
		'login' => ['type' => 'string', 'required' => true],
		'roles' => ['type' => 'array', 'items' => ['type' => 'string'], 'required' => true],
	]])]
	public function get( WP_REST_Request $request ): array|WP_Error {
		$user = get_userdata( $request['id'] ); // Already an int: WordPress sanitized it.
		if ( false === $user ) {
			return new WP_Error( 'user_not_found', 'No such user.', array( 'status' => 404 ) );
		}
		return array(
			'id'    => $user->ID,
			'login' => $user->user_login,
			'roles' => array_values( $user->roles ),
		);
	}

	/**
	 * Pretends to delete the user.
	 */
	#[Returns(['type' => 'object', 'properties' => ['deleted' => ['type' => 'boolean'], 'id' => ['type' => 'integer']]])]
	public function delete( WP_REST_Request $request ): WP_REST_Response {
		$response = new WP_REST_Response( array( 'deleted' => false, 'id' => $request['id'] ), 202 );
		$response->header( 'X-Example', 'deletion is only pretended here' );
		return $response;
	}
}
