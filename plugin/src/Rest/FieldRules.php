<?php
/**
 * What is wrong with a management body field's value, in words: BodyField's checks, without a request.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Rest;

use Svc\Release\ReleaseMessage;

/**
 * Strict where WordPress coerces: its `boolean` takes "true", "0" and 1, its `integer` takes "5".
 * Each rule returns the problem, or null when the value is right.
 */
final class FieldRules {

	public static function boolean( string $field, mixed $value ): ?string {
		/* translators: %s: a request body field, like dry_run */
		return is_bool( $value ) ? null : sprintf( __( '%s must be a boolean (true or false).', 'svc' ), $field );
	}

	public static function release_id( string $field, mixed $value ): ?string {
		/* translators: %s: a request body field, like base */
		return is_int( $value ) ? null : sprintf( __( '%s must be a release id (an integer).', 'svc' ), $field );
	}

	public static function message( mixed $value ): ?string {
		return ReleaseMessage::problem( $value );
	}

	/**
	 * Whether a field's value is checked at all: an absent (null) optional field is not.
	 */
	public static function checked( mixed $value, bool $required ): bool {
		return null !== $value || $required;
	}
}
