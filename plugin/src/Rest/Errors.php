<?php
/**
 * The management API's answers to malformed requests.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Rest;

use WP_Error;

/**
 * One shape per kind of bad input, shared by every controller (docs/management-api.md).
 */
final class Errors {

	public static function bad_request( string $message ): WP_Error {
		return new WP_Error( 'svc_bad_request', $message, array( 'status' => 400 ) );
	}

	/**
	 * A body field of the wrong type or shape; `data.param` names it, as WordPress's own argument
	 * checks do.
	 */
	public static function bad_field( string $field, string $message ): WP_Error {
		return new WP_Error(
			'svc_bad_request',
			$message,
			array(
				'status' => 400,
				'param'  => $field,
			)
		);
	}

	public static function not_boolean( string $field ): WP_Error {
		/* translators: %s: a request body field, like dry_run */
		return self::bad_field( $field, sprintf( __( '%s must be a boolean (true or false).', 'svc' ), $field ) );
	}

	public static function not_release_id( string $field ): WP_Error {
		/* translators: %s: a request body field, like base */
		return self::bad_field( $field, sprintf( __( '%s must be a release id (an integer).', 'svc' ), $field ) );
	}

	/**
	 * A file name the request gives that breaks a naming rule; $problem says which.
	 */
	public static function invalid_name( string $name, string $problem ): WP_Error {
		return new WP_Error(
			'svc_invalid_slug',
			sprintf( '%s: %s', $name, $problem ),
			array(
				'status'   => 400,
				'filename' => $name,
			)
		);
	}
}
