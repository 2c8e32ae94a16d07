<?php
/**
 * One field of a management request body, declared once.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Rest;

use Closure;
use Svc\Release\CommitId;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;

/**
 * What WordPress lists for the field (the REST index, OPTIONS) and the check svc runs on it before
 * the endpoint's callback. svc checks instead of WordPress because the contract answers a bad field
 * with `svc_bad_request` and `data.param` naming it (docs/management-api.md), where WordPress's own
 * type check answers `rest_invalid_param`, and takes `"true"` for true and `"5"` for 5; the argument
 * therefore says `sanitize_callback: null` (no WordPress coercion) and carries no `required`.
 */
final class BodyField {

	/**
	 * @param array<string, mixed>                       $schema   WordPress's argument: type, description.
	 * @param Closure(mixed, WP_REST_Request): ?WP_Error $check    The value's problem; not called when absent and optional.
	 */
	private function __construct(
		public readonly string $name,
		private readonly array $schema,
		private readonly Closure $check,
		private readonly bool $required = false,
	) {
	}

	/**
	 * `true` or `false`, nothing WordPress would coerce.
	 */
	public static function boolean( string $name, string $description ): self {
		return new self(
			$name,
			array(
				'type'        => 'boolean',
				'description' => $description,
			),
			static fn ( mixed $value ): ?WP_Error => self::said( $name, FieldRules::boolean( $name, $value ) )
		);
	}

	/**
	 * A release id: a JSON integer.
	 */
	public static function release_id( string $name, string $description, bool $required = false ): self {
		return new self(
			$name,
			array(
				'type'        => 'integer',
				'description' => $description,
			),
			static fn ( mixed $value ): ?WP_Error => self::said( $name, FieldRules::release_id( $name, $value ) ),
			$required
		);
	}

	/**
	 * What the person says of the release they make (ReleaseMessage).
	 */
	public static function message(): self {
		return new self(
			'message',
			array(
				'type'        => 'string',
				'description' => __( 'A note kept with the release (at most 500 characters).', 'svc' ),
			),
			static fn ( mixed $value ): ?WP_Error => self::said( 'message', FieldRules::message( $value ) )
		);
	}

	/**
	 * The client's id of a change (CommitId): a write repeated with it answers the release it made.
	 */
	public static function commit_id(): self {
		return new self(
			'commit_id',
			array(
				'type'        => 'string',
				'description' => __( 'The client\'s id of this change (16 to 64 letters, digits, - or _): a commit repeated with it answers the release it already made.', 'svc' ),
			),
			static fn ( mixed $id ): ?WP_Error => CommitId::well_formed( $id ) ? null : Errors::bad_field( 'commit_id', __( 'commit_id must be 16 to 64 letters, digits, - or _.', 'svc' ) )
		);
	}

	/**
	 * Any other shape; $check sees the value and the request (JsonBody needs the body as sent).
	 *
	 * @param array<string, mixed>                       $schema
	 * @param Closure(mixed, WP_REST_Request): ?WP_Error $check
	 */
	public static function shaped( string $name, array $schema, Closure $check, bool $required = false ): self {
		return new self( $name, $schema, $check, $required );
	}

	/**
	 * The fields as a route's `args`.
	 *
	 * @param list<BodyField> $fields
	 * @return array<string, array<string, mixed>>
	 */
	public static function args( array $fields ): array {
		$args = array();
		foreach ( $fields as $field ) {
			$args[ $field->name ] = $field->schema + array( 'sanitize_callback' => null );
		}
		return $args;
	}

	/**
	 * $callback behind the fields' checks, in their order: the first bad field is the answer.
	 *
	 * @param list<BodyField>                                      $fields
	 * @param callable(WP_REST_Request): (WP_REST_Response|WP_Error) $callback
	 * @return Closure(WP_REST_Request): (WP_REST_Response|WP_Error)
	 */
	public static function checked( array $fields, callable $callback ): Closure {
		return static function ( WP_REST_Request $request ) use ( $fields, $callback ): WP_REST_Response|WP_Error {
			foreach ( $fields as $field ) {
				$value = $request->get_param( $field->name );
				if ( ! FieldRules::checked( $value, $field->required ) ) {
					continue;
				}
				$problem = ( $field->check )( $value, $request );
				if ( null !== $problem ) {
					return $problem;
				}
			}
			return $callback( $request );
		};
	}

	/**
	 * A rule's problem as the contract's answer naming the field; null when there is none.
	 */
	private static function said( string $field, ?string $problem ): ?WP_Error {
		return null === $problem ? null : Errors::bad_field( $field, $problem );
	}
}
