<?php
/**
 * What a route file may declare as an argument or response schema.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Scanning;

/**
 * The vocabulary is WordPress's JSON-Schema subset (rest_get_allowed_schema_keywords(), plus
 * `required`), because WordPress is what validates the arguments: a schema it would misread or
 * ignore (an unknown type, a keyword with a typo, an enum of no values) is refused at push with the
 * place of the problem, instead of silently validating nothing.
 *
 * Pure: arrays in, problems out. A problem's `pointer` is a JSON pointer into the declared value.
 *
 * @phpstan-type Problem array{pointer: string, message: string}
 */
final class SchemaRules {

	public const TYPES = array( 'string', 'integer', 'number', 'boolean', 'array', 'object', 'null' );

	/** Formats WordPress validates (date-time, email, ip, uuid, hex-color) or sanitizes (uri, text-field, textarea-field). */
	public const FORMATS = array( 'date-time', 'email', 'ip', 'uuid', 'hex-color', 'uri', 'text-field', 'textarea-field' );

	public const KEYWORDS = array(
		'title',
		'description',
		'default',
		'type',
		'format',
		'enum',
		'items',
		'properties',
		'additionalProperties',
		'patternProperties',
		'minProperties',
		'maxProperties',
		'minimum',
		'maximum',
		'exclusiveMinimum',
		'exclusiveMaximum',
		'multipleOf',
		'minLength',
		'maxLength',
		'pattern',
		'minItems',
		'maxItems',
		'uniqueItems',
		'anyOf',
		'oneOf',
		'required',
	);

	private const COUNTS = array( 'minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties' );

	/**
	 * Problems of an `Args` value: a map of parameter name => schema.
	 *
	 * @return list<Problem>
	 */
	public static function args_problems( mixed $args ): array {
		if ( ! is_array( $args ) || ( array() !== $args && array_is_list( $args ) ) ) {
			return array( self::problem( '', "must be an array of parameter name => schema, e.g. ['id' => ['type' => 'integer']]" ) );
		}
		$problems = array();
		foreach ( $args as $name => $schema ) {
			if ( ! is_string( $name ) || '' === trim( $name ) ) {
				$problems[] = self::problem( '/' . $name, sprintf( 'the parameter name %s is not a name; key each schema by its parameter', self::show( $name ) ) );
				continue;
			}
			array_push( $problems, ...self::schema_problems( $schema, '/' . $name, true ) );
		}
		return $problems;
	}

	/**
	 * Problems of one schema; $top: an argument, whose `required` is a boolean (WordPress reads any
	 * non-empty value there as "this parameter is required").
	 *
	 * @return list<Problem>
	 */
	public static function schema_problems( mixed $schema, string $pointer = '', bool $top = false ): array {
		if ( ! is_array( $schema ) || ( array() !== $schema && array_is_list( $schema ) ) ) {
			return array( self::problem( $pointer, "a schema must be an array of keywords, e.g. ['type' => 'string']" ) );
		}
		$problems = array();
		foreach ( array_keys( $schema ) as $keyword ) {
			if ( ! in_array( $keyword, self::KEYWORDS, true ) ) {
				$problems[] = self::problem( $pointer . '/' . $keyword, self::unknown_keyword( (string) $keyword ) );
			}
		}
		$types = self::types_of( $schema );
		if ( isset( $schema['type'] ) || array_key_exists( 'type', $schema ) ) {
			$problems = array_merge( $problems, self::type_problems( $schema['type'], $pointer . '/type' ) );
		} elseif ( ! isset( $schema['anyOf'] ) && ! isset( $schema['oneOf'] ) && ! is_array( $schema['enum'] ?? null ) ) {
			// An enum without a type gets its values' type (normalize()); anything else needs one.
			$problems[] = self::problem( $pointer, "has no 'type': WordPress validates nothing without one (one of " . implode( ', ', self::TYPES ) . ')' );
		}
		if ( array_key_exists( 'enum', $schema ) ) {
			if ( ! is_array( $schema['enum'] ) || array() === $schema['enum'] || ! array_is_list( $schema['enum'] ) ) {
				$problems[] = self::problem( $pointer . '/enum', "'enum' must be a non-empty list of the allowed values" );
			} else {
				foreach ( $schema['enum'] as $index => $value ) {
					if ( null !== $types && ! self::fits( $value, $types ) ) {
						$problems[] = self::problem( $pointer . '/enum/' . $index, sprintf( 'the enum value %s is not of type %s', self::show( $value ), implode( '|', $types ) ) );
					}
				}
			}
		}
		if ( array_key_exists( 'default', $schema ) && null !== $types && ! self::fits( $schema['default'], $types ) ) {
			$problems[] = self::problem( $pointer . '/default', sprintf( 'the default %s is not of type %s', self::show( $schema['default'] ), implode( '|', $types ) ) );
		}
		foreach ( array( 'minimum', 'maximum' ) as $keyword ) {
			if ( array_key_exists( $keyword, $schema ) && ! is_int( $schema[ $keyword ] ) && ! is_float( $schema[ $keyword ] ) ) {
				$problems[] = self::problem( $pointer . '/' . $keyword, sprintf( "'%s' must be a number", $keyword ) );
			}
		}
		if ( self::is_number( $schema['minimum'] ?? null ) && self::is_number( $schema['maximum'] ?? null ) && $schema['minimum'] > $schema['maximum'] ) {
			$problems[] = self::problem( $pointer . '/minimum', sprintf( "'minimum' (%s) is above 'maximum' (%s): no value can pass", $schema['minimum'], $schema['maximum'] ) );
		}
		foreach ( array(
			'exclusiveMinimum' => 'minimum',
			'exclusiveMaximum' => 'maximum',
		) as $keyword => $bound ) {
			if ( ! array_key_exists( $keyword, $schema ) ) {
				continue;
			}
			if ( ! is_bool( $schema[ $keyword ] ) ) {
				$problems[] = self::problem( $pointer . '/' . $keyword, sprintf( "'%s' is a flag in WordPress: write '%s' => 5, '%s' => true", $keyword, $bound, $keyword ) );
			} elseif ( ! array_key_exists( $bound, $schema ) ) {
				$problems[] = self::problem( $pointer . '/' . $keyword, sprintf( "'%s' needs '%s', the bound it makes exclusive", $keyword, $bound ) );
			}
		}
		if ( array_key_exists( 'multipleOf', $schema ) && ( ! self::is_number( $schema['multipleOf'] ) || $schema['multipleOf'] <= 0 ) ) {
			$problems[] = self::problem( $pointer . '/multipleOf', "'multipleOf' must be a number above 0" );
		}
		foreach ( self::COUNTS as $keyword ) {
			if ( array_key_exists( $keyword, $schema ) && ( ! is_int( $schema[ $keyword ] ) || $schema[ $keyword ] < 0 ) ) {
				$problems[] = self::problem( $pointer . '/' . $keyword, sprintf( "'%s' must be a whole number, 0 or more", $keyword ) );
			}
		}
		foreach ( array( 'Length', 'Items', 'Properties' ) as $what ) {
			$min = $schema[ 'min' . $what ] ?? null;
			$max = $schema[ 'max' . $what ] ?? null;
			if ( is_int( $min ) && is_int( $max ) && $min > $max ) {
				$problems[] = self::problem( $pointer . '/min' . $what, sprintf( "'min%s' (%d) is above 'max%s' (%d): no value can pass", $what, $min, $what, $max ) );
			}
		}
		if ( array_key_exists( 'pattern', $schema ) ) {
			$problems = array_merge( $problems, self::pattern_problems( $schema['pattern'], $pointer . '/pattern' ) );
		}
		if ( array_key_exists( 'format', $schema ) && ! in_array( $schema['format'], self::FORMATS, true ) ) {
			$problems[] = self::problem( $pointer . '/format', sprintf( 'unknown format %s; WordPress knows %s', self::show( $schema['format'] ), implode( ', ', self::FORMATS ) ) );
		}
		foreach ( array( 'title', 'description' ) as $keyword ) {
			if ( array_key_exists( $keyword, $schema ) && ! is_string( $schema[ $keyword ] ) ) {
				$problems[] = self::problem( $pointer . '/' . $keyword, sprintf( "'%s' must be a string", $keyword ) );
			}
		}
		if ( array_key_exists( 'uniqueItems', $schema ) && ! is_bool( $schema['uniqueItems'] ) ) {
			$problems[] = self::problem( $pointer . '/uniqueItems', "'uniqueItems' must be true or false" );
		}
		if ( array_key_exists( 'required', $schema ) ) {
			$required = $schema['required'];
			$listed   = ! $top && is_array( $required ) && array_is_list( $required ) && array() === array_filter( $required, static fn ( $name ): bool => ! is_string( $name ) );
			if ( ! is_bool( $required ) && ! $listed ) {
				$problems[] = self::problem(
					$pointer . '/required',
					$top ? "'required' must be true or false here" : "'required' must be true or false, or (on an object) a list of property names"
				);
			}
		}
		if ( array_key_exists( 'items', $schema ) ) {
			$problems = array_merge( $problems, self::schema_problems( $schema['items'], $pointer . '/items' ) );
		}
		foreach ( array( 'properties', 'patternProperties' ) as $keyword ) {
			if ( ! array_key_exists( $keyword, $schema ) ) {
				continue;
			}
			if ( ! is_array( $schema[ $keyword ] ) || ( array() !== $schema[ $keyword ] && array_is_list( $schema[ $keyword ] ) ) ) {
				$problems[] = self::problem( $pointer . '/' . $keyword, sprintf( "'%s' must be an array of name => schema", $keyword ) );
				continue;
			}
			foreach ( $schema[ $keyword ] as $name => $property ) {
				if ( 'patternProperties' === $keyword ) {
					$problems = array_merge( $problems, self::pattern_problems( (string) $name, $pointer . '/' . $keyword . '/' . $name ) );
				}
				$problems = array_merge( $problems, self::schema_problems( $property, $pointer . '/' . $keyword . '/' . $name ) );
			}
		}
		if ( array_key_exists( 'additionalProperties', $schema ) && ! is_bool( $schema['additionalProperties'] ) ) {
			$problems = array_merge( $problems, self::schema_problems( $schema['additionalProperties'], $pointer . '/additionalProperties' ) );
		}
		foreach ( array( 'anyOf', 'oneOf' ) as $keyword ) {
			if ( ! array_key_exists( $keyword, $schema ) ) {
				continue;
			}
			if ( ! is_array( $schema[ $keyword ] ) || array() === $schema[ $keyword ] || ! array_is_list( $schema[ $keyword ] ) ) {
				$problems[] = self::problem( $pointer . '/' . $keyword, sprintf( "'%s' must be a non-empty list of schemas", $keyword ) );
				continue;
			}
			foreach ( $schema[ $keyword ] as $index => $option ) {
				$problems = array_merge( $problems, self::schema_problems( $option, $pointer . '/' . $keyword . '/' . $index ) );
			}
		}
		return $problems;
	}

	/**
	 * The schema as WordPress and the OpenAPI document get it: a schema with an `enum` and no
	 * `type` gets the type its values share (the issue's `['enum' => ['open', 'closed']]`), so
	 * WordPress validates it. Run on a schema without problems.
	 *
	 * @param array<string, mixed> $schema
	 * @return array<string, mixed>
	 */
	public static function normalize( array $schema ): array {
		if ( ! isset( $schema['type'] ) && ! isset( $schema['anyOf'] ) && ! isset( $schema['oneOf'] ) && is_array( $schema['enum'] ?? null ) ) {
			$types = array_values( array_unique( array_map( array( self::class, 'type_of' ), $schema['enum'] ) ) );
			if ( array( 'integer', 'number' ) === $types || array( 'number', 'integer' ) === $types ) {
				$types = array( 'number' );
			}
			$schema['type'] = 1 === count( $types ) ? $types[0] : $types;
		}
		foreach ( array( 'items', 'additionalProperties' ) as $keyword ) {
			if ( is_array( $schema[ $keyword ] ?? null ) ) {
				$schema[ $keyword ] = self::normalize( $schema[ $keyword ] );
			}
		}
		foreach ( array( 'properties', 'patternProperties' ) as $keyword ) {
			if ( is_array( $schema[ $keyword ] ?? null ) ) {
				$schema[ $keyword ] = array_map( static fn ( $property ): mixed => is_array( $property ) ? self::normalize( $property ) : $property, $schema[ $keyword ] );
			}
		}
		foreach ( array( 'anyOf', 'oneOf' ) as $keyword ) {
			if ( is_array( $schema[ $keyword ] ?? null ) ) {
				$schema[ $keyword ] = array_map( static fn ( $option ): mixed => is_array( $option ) ? self::normalize( $option ) : $option, $schema[ $keyword ] );
			}
		}
		return $schema;
	}

	/**
	 * The JSON type of a PHP value as a schema names it.
	 */
	public static function type_of( mixed $value ): string {
		return match ( true ) {
			null === $value => 'null',
			is_bool( $value ) => 'boolean',
			is_int( $value ) => 'integer',
			is_float( $value ) => 'number',
			is_string( $value ) => 'string',
			is_array( $value ) && array_is_list( $value ) => 'array',
			default => 'object',
		};
	}

	/**
	 * The declared types, an enum's types when there is no `type`, or null when unknown.
	 *
	 * @param array<mixed> $schema
	 * @return list<string>|null
	 */
	private static function types_of( array $schema ): ?array {
		$type = $schema['type'] ?? null;
		if ( is_string( $type ) ) {
			return array( $type );
		}
		if ( is_array( $type ) && array_is_list( $type ) ) {
			return array_values( array_filter( $type, 'is_string' ) );
		}
		return null;
	}

	/**
	 * @param list<string> $types
	 */
	private static function fits( mixed $value, array $types ): bool {
		$type = self::type_of( $value );
		if ( in_array( $type, $types, true ) ) {
			return true;
		}
		if ( 'integer' === $type && in_array( 'number', $types, true ) ) {
			return true;
		}
		// `[]` is an empty object as much as an empty list.
		return array() === $value && in_array( 'object', $types, true );
	}

	/**
	 * @return list<Problem>
	 */
	private static function type_problems( mixed $type, string $pointer ): array {
		$types = is_array( $type ) && array_is_list( $type ) && array() !== $type ? $type : array( $type );
		if ( is_array( $type ) && ( array() === $type || ! array_is_list( $type ) ) ) {
			return array( self::problem( $pointer, "'type' must be a type name or a non-empty list of them" ) );
		}
		$problems = array();
		foreach ( $types as $one ) {
			if ( ! is_string( $one ) || ! in_array( $one, self::TYPES, true ) ) {
				$hint       = is_string( $one ) ? self::closest( $one, self::TYPES ) : null;
				$problems[] = self::problem(
					$pointer,
					sprintf( 'unknown type %s%s; WordPress knows %s', self::show( $one ), null === $hint ? '' : sprintf( ' (did you mean "%s"?)', $hint ), implode( ', ', self::TYPES ) )
				);
			}
		}
		return $problems;
	}

	/**
	 * WordPress matches `pattern` as `#<pattern>#u` (rest_validate_json_schema_pattern()).
	 *
	 * @return list<Problem>
	 */
	private static function pattern_problems( mixed $pattern, string $pointer ): array {
		if ( ! is_string( $pattern ) ) {
			return array( self::problem( $pointer, 'a pattern must be a string (a regular expression without delimiters)' ) );
		}
		$regex = '#' . str_replace( '#', '\\#', $pattern ) . '#u';
		// phpcs:ignore WordPress.PHP.NoSilencedErrors -- a bad pattern is what is being reported.
		if ( false === @preg_match( $regex, '' ) ) {
			return array( self::problem( $pointer, sprintf( 'the regular expression %s does not compile: %s', self::show( $pattern ), preg_last_error_msg() ) ) );
		}
		return array();
	}

	private static function unknown_keyword( string $keyword ): string {
		$hint = self::closest( $keyword, self::KEYWORDS );
		return null === $hint
			? sprintf( 'unknown keyword "%s"; WordPress validates with %s', $keyword, implode( ', ', self::KEYWORDS ) )
			: sprintf( 'unknown keyword "%s" (did you mean "%s"?)', $keyword, $hint );
	}

	/**
	 * @param list<string> $known
	 */
	private static function closest( string $word, array $known ): ?string {
		$best = null;
		$cost = 3;
		foreach ( $known as $candidate ) {
			$distance = levenshtein( strtolower( $word ), strtolower( $candidate ) );
			if ( $distance < $cost ) {
				$best = $candidate;
				$cost = $distance;
			}
		}
		return $best;
	}

	private static function is_number( mixed $value ): bool {
		return is_int( $value ) || is_float( $value );
	}

	private static function show( mixed $value ): string {
		// Pure (unit-tested without WordPress): plain json_encode.
		return (string) json_encode( $value, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ); // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode
	}

	/**
	 * @return Problem
	 */
	private static function problem( string $pointer, string $message ): array {
		return array(
			'pointer' => $pointer,
			'message' => $message,
		);
	}
}
