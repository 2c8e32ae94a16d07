<?php
/**
 * What JSON type a request body's field arrived as.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Rest;

use stdClass;
use WeakMap;
use WP_Error;
use WP_REST_Request;

/**
 * WordPress decodes JSON bodies into PHP arrays, where `{}` and `[]`, or `{"0": x}` and `[x]`, are
 * the same value; its schema type `object` accepts a list and even `""` (rest_is_object(), in 6.1
 * as in 6.9). A write body whose shape decides what is written (a `files` list would be committed
 * as a route file named `0`) is checked against the body as the client sent it.
 */
final class JsonBody {

	/**
	 * Each request's body decoded with objects kept as objects; null when it is not a JSON object.
	 *
	 * @var WeakMap<WP_REST_Request, stdClass|null>|null
	 */
	private static ?WeakMap $decoded = null;

	/**
	 * Whether the field arrived as a JSON object (a PHP array from a form or the query: one that is
	 * not a non-empty list).
	 */
	public static function is_object( WP_REST_Request $request, string $field ): bool {
		return JsonShape::is_object( self::raw( $request, $field ), $request->get_param( $field ) );
	}

	/**
	 * Whether the field arrived as a JSON array (a PHP list from a form or the query).
	 */
	public static function is_list( WP_REST_Request $request, string $field ): bool {
		return JsonShape::is_list( self::raw( $request, $field ), $request->get_param( $field ) );
	}

	/**
	 * A strict boolean: WordPress's own `boolean` type also takes "true", "0", 1 and the like.
	 *
	 * @internal Validate callback for a REST argument.
	 */
	public static function validate_boolean( mixed $value, WP_REST_Request $request, string $param ): bool|WP_Error {
		unset( $request );
		$problem = FieldRules::boolean( $param, $value );
		return null === $problem ? true : new WP_Error( 'rest_invalid_type', $problem, array( 'param' => $param ) );
	}

	/**
	 * The field's value as the JSON body holds it, in a one-item array (the value may be null); null
	 * when the body is not JSON or lacks the field (WordPress then took it from elsewhere).
	 *
	 * @return array{0: mixed}|null
	 */
	private static function raw( WP_REST_Request $request, string $field ): ?array {
		self::$decoded ??= new WeakMap();
		if ( ! self::$decoded->offsetExists( $request ) ) {
			self::$decoded[ $request ] = $request->is_json_content_type() ? JsonShape::body( $request->get_body() ) : null;
		}
		return JsonShape::sent( self::$decoded[ $request ], $field );
	}
}
