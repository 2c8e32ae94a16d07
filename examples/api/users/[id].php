<?php
declare(strict_types=1);

use Svc\Api\Attribute\Permission;

/**
 * /wp-json/svc-api/v1/users/{id}: reading needs `list_users`; deleting keeps the closed default
 * (administrators only).
 */
final class UserById {

	#[Permission(capability: 'list_users')]
	public function get( WP_REST_Request $request ): array|WP_Error {
		$user = get_userdata( (int) $request->get_param( 'id' ) );
		if ( false === $user ) {
			return new WP_Error( 'user_not_found', 'No such user.', array( 'status' => 404 ) );
		}
		return array(
			'id'    => $user->ID,
			'login' => $user->user_login,
			'roles' => $user->roles,
		);
	}

	public function delete( WP_REST_Request $request ): WP_REST_Response {
		$response = new WP_REST_Response( array( 'deleted' => false, 'id' => (int) $request['id'] ), 202 );
		$response->header( 'X-Example', 'deletion is only pretended here' );
		return $response;
	}
}
