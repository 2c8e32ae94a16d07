<?php
/**
 * What JSON type a body's field was sent as: JsonBody's rules, without a request.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Rest;

use stdClass;

/**
 * Decoded into PHP arrays, `{}` and `[]`, or `{"0": x}` and `[x]`, are the same value, so a field's
 * shape is read from the body as sent (objects kept as objects) when the body has it; a field
 * WordPress took from a form or the query has only its PHP value to go by.
 */
final class JsonShape {

	/**
	 * A JSON body decoded with objects kept as objects; null when it is not a JSON object.
	 */
	public static function body( string $json ): ?stdClass {
		$body = json_decode( $json );
		return $body instanceof stdClass ? $body : null;
	}

	/**
	 * The field's value as the body holds it, in a one-item array (the value may be null); null when
	 * there is no JSON body or it lacks the field.
	 *
	 * @return array{0: mixed}|null
	 */
	public static function sent( ?stdClass $body, string $field ): ?array {
		return null !== $body && property_exists( $body, $field ) ? array( $body->{$field} ) : null;
	}

	/**
	 * Whether the field is a JSON object: as sent, else a PHP array that is not a non-empty list.
	 *
	 * @param array{0: mixed}|null $sent  What sent() found.
	 * @param mixed                $value The value WordPress holds for the field.
	 */
	public static function is_object( ?array $sent, mixed $value ): bool {
		if ( null !== $sent ) {
			return $sent[0] instanceof stdClass;
		}
		return is_array( $value ) && ( array() === $value || ! array_is_list( $value ) );
	}

	/**
	 * Whether the field is a JSON array: as sent, else a PHP list.
	 *
	 * @param array{0: mixed}|null $sent  What sent() found.
	 * @param mixed                $value The value WordPress holds for the field.
	 */
	public static function is_list( ?array $sent, mixed $value ): bool {
		if ( null !== $sent ) {
			return is_array( $sent[0] );
		}
		return is_array( $value ) && array_is_list( $value );
	}
}
