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
