<?php
/**
 * The policy attributes, one descriptor each.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Scanning;

/**
 * #[Cache], #[RateLimit] and #[Schedule]: attributes with literal parameters that the site reads
 * without running the file, stores in the manifest entry, lists and documents. The scanner's
 * ranges, the rules' refusal codes, the listing's keys and OpenAPI's statuses are read from here,
 * and the CLI's mirror (source/core/policy-attributes.ts) holds the same list: both are checked
 * against test/fixtures/policy-attributes.json. docs/architecture.md traces adding one.
 *
 * Permission, Args and Returns are not policies: Permission is read as PHP reads it (constants,
 * name resolution) and Args/Returns carry JSON schemas, each with a reader of its own shape.
 *
 * @phpstan-type Parameter array{type: 'integer'|'recurrence', min?: int, max?: int, values?: list<string>, required: bool}
 * @phpstan-type Descriptor array{name: string, parameters: array<string, Parameter>, stands: 'get-or-class'|'verb-or-class'|'own-method', code: string, entry: string, listing: string, openapi: list<int>}
 */
final class PolicyAttributes {

	/** Where every attribute of svc lives; a descriptor names its class by its short name. */
	public const NAMESPACE_PREFIX = 'Svc\\Api\\Attribute\\';

	/** A year: what HTTP caches take as "never expires", and the longest schedule. */
	private const YEAR = 31536000;

	/**
	 * In the order their problems are told (a file with several is refused with each, in this order).
	 *
	 * @var list<Descriptor>
	 */
	public const ALL = array(
		array(
			'name'       => 'Cache',
			'parameters' => array(
				'maxAge'               => array(
					'type'     => 'integer',
					'min'      => 0,
					'max'      => self::YEAR,
					'required' => true,
				),
				'staleWhileRevalidate' => array(
					'type'     => 'integer',
					'min'      => 0,
					'max'      => self::YEAR,
					'required' => false,
				),
			),
			'stands'     => 'get-or-class',
			'code'       => 'svc_bad_cache',
			'entry'      => 'cache',
			'listing'    => 'cache',
			'openapi'    => array( 304 ),
		),
		array(
			'name'       => 'RateLimit',
			'parameters' => array(
				'requests' => array(
					'type'     => 'integer',
					'min'      => 1,
					'max'      => 1000000,
					'required' => true,
				),
				// A day: longer windows would keep counters for days.
				'per'      => array(
					'type'     => 'integer',
					'min'      => 1,
					'max'      => 86400,
					'required' => true,
				),
			),
			'stands'     => 'verb-or-class',
			'code'       => 'svc_bad_rate_limit',
			'entry'      => 'rate',
			'listing'    => 'rate_limits',
			'openapi'    => array( 429 ),
		),
		array(
			'name'       => 'Schedule',
			'parameters' => array(
				// WordPress's own recurrences (wp_get_schedules()).
				'recurrence' => array(
					'type'     => 'recurrence',
					'values'   => array( 'hourly', 'twicedaily', 'daily', 'weekly' ),
					'required' => false,
				),
				// WP-Cron runs at most once a minute on most sites: a shorter interval would promise what it cannot keep.
				'every'      => array(
					'type'     => 'integer',
					'min'      => 60,
					'max'      => self::YEAR,
					'required' => false,
				),
			),
			'stands'     => 'own-method',
			'code'       => 'svc_bad_schedule',
			'entry'      => 'schedules',
			'listing'    => 'schedules',
			'openapi'    => array(),
		),
	);

	/**
	 * An attribute's parameters by its short name (none for a name that is not a policy's).
	 *
	 * @return array<string, Parameter>
	 */
	public static function parameters( string $name ): array {
		foreach ( self::ALL as $descriptor ) {
			if ( $descriptor['name'] === $name ) {
				return $descriptor['parameters'];
			}
		}
		return array();
	}

	/**
	 * The manifest entry's key of an attribute by its short name ('' for a name that is not a policy's).
	 */
	public static function entry_key( string $name ): string {
		foreach ( self::ALL as $descriptor ) {
			if ( $descriptor['name'] === $name ) {
				return $descriptor['entry'];
			}
		}
		return '';
	}

	/**
	 * The attribute's fully qualified class name, as the scanner resolves written names.
	 */
	public static function class_name( string $name ): string {
		return self::NAMESPACE_PREFIX . $name;
	}

	/**
	 * Whether a resolved attribute name is one of the policy attributes (PHP's names ignore case).
	 */
	public static function is_policy( string $resolved ): bool {
		foreach ( self::ALL as $descriptor ) {
			if ( 0 === strcasecmp( self::class_name( $descriptor['name'] ), $resolved ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * An integer parameter's range.
	 *
	 * @return array{0: int, 1: int} Min, max.
	 */
	public static function range( string $name, string $parameter ): array {
		$rule = self::parameters( $name )[ $parameter ] ?? array();
		return array( (int) ( $rule['min'] ?? 0 ), (int) ( $rule['max'] ?? 0 ) );
	}

	/**
	 * A string parameter's values, in the descriptor's order.
	 *
	 * @return list<string>
	 */
	public static function values( string $name, string $parameter ): array {
		return self::parameters( $name )[ $parameter ]['values'] ?? array();
	}

	/**
	 * What the manifest stores of the policies: each entry key with the parameters it is read from.
	 * Changing it changes the stored shape, which ManifestStore::VERSION must follow
	 * (PolicyAttributesTest holds the two together).
	 */
	public static function stored_shape(): string {
		$shape = array();
		foreach ( self::ALL as $descriptor ) {
			$shape[] = $descriptor['entry'] . ':' . implode( ',', array_keys( $descriptor['parameters'] ) );
		}
		return implode( ';', $shape );
	}
}
