<?php
/**
 * Reads a route file's Schedule attributes from its tokens.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Scanning;

use PhpToken;

/**
 * `#[Schedule('hourly')]` or `#[Schedule(every: 300)]` on a public method that is not a verb is read
 * as literals, like Permission: the site registers the WP-Cron event without running the file. A
 * value svc cannot read exactly is a problem naming its line, in the same words as the CLI's
 * php-policies.ts (test/fixtures/schedule-cases.json).
 *
 * @phpstan-type SchedulePolicy array{method: string, recurrence: string, interval: int}
 */
final class ScheduleReader {

	public const SCHEDULE = PolicyAttributes::NAMESPACE_PREFIX . 'Schedule';

	/** WordPress's own recurrences and their intervals (wp_get_schedules()): the descriptor's values. */
	public const RECURRENCES = array(
		'hourly'     => 3600,
		'twicedaily' => 43200,
		'daily'      => 86400,
		'weekly'     => 604800,
	);

	/** A custom interval's recurrence name, registered through `cron_schedules`. */
	public const EVERY_PREFIX = 'svc_every_';

	/** Methods that answer requests or are called by PHP or svc for another purpose. */
	private const NOT_SCHEDULABLE = array( 'get', 'post', 'put', 'patch', 'delete', 'headers', 'permission' );

	/**
	 * @param list<array<string, mixed>>          $class_attributes Resolved attributes of the class.
	 * @param array<string, array<string, mixed>> $methods          Methods keyed by lowercase name.
	 * @return array{schedules: list<SchedulePolicy>, problems: list<string>}
	 */
	public static function read( array $class_attributes, array $methods ): array {
		$problems = array();
		foreach ( $class_attributes as $attribute ) {
			if ( self::is_schedule( $attribute ) ) {
				$problems[] = sprintf( 'line %d: #[Schedule] belongs on a public method of the class, not on the class', (int) ( $attribute['line'] ?? 0 ) );
			}
		}
		$schedules = array();
		foreach ( $methods as $key => $method ) {
			$key        = (string) $key;
			$name       = is_string( $method['name'] ?? null ) ? $method['name'] : $key;
			$target     = $name . '()';
			$attributes = is_array( $method['attributes'] ?? null ) ? $method['attributes'] : array();
			$seen       = 0;
			foreach ( $attributes as $attribute ) {
				if ( ! self::is_schedule( $attribute ) ) {
					continue;
				}
				$line = (int) ( $attribute['line'] ?? 0 );
				if ( ++$seen > 1 ) {
					$problems[] = sprintf( 'line %d: #[Schedule] is given more than once on %s', $line, $target );
					continue;
				}
				if ( in_array( $key, self::NOT_SCHEDULABLE, true ) || str_starts_with( $key, '__' ) ) {
					$problems[] = sprintf( 'line %d: #[Schedule] belongs on a method of its own, not on %s (verbs, headers(), permission() and magic methods have another caller)', $line, $target );
					continue;
				}
				if ( 'public' !== ( $method['visibility'] ?? 'public' ) ) {
					$problems[] = sprintf( 'line %d: #[Schedule] is on %s, which is %s: WP-Cron can only call a public method', $line, $target, (string) $method['visibility'] );
					continue;
				}
				$tokens = is_array( $attribute['tokens'] ?? null ) ? array_values( $attribute['tokens'] ) : array();
				$value  = self::value( sprintf( 'line %d: #[Schedule] on %s', $line, $target ), $tokens, $problems );
				if ( null !== $value ) {
					$schedules[] = array( 'method' => $name ) + $value;
				}
			}
		}
		return array(
			'schedules' => $schedules,
			'problems'  => $problems,
		);
	}

	/**
	 * The recurrence WordPress knows the event by: its own name, or svc's for a custom interval.
	 */
	public static function every_name( int $seconds ): string {
		return self::EVERY_PREFIX . $seconds;
	}

	/**
	 * The interval of one of svc's custom recurrence names, or null for any other name.
	 */
	public static function every_seconds( string $recurrence ): ?int {
		if ( 1 !== preg_match( '/^' . self::EVERY_PREFIX . '([1-9][0-9]{1,7})$/', $recurrence, $match ) ) {
			return null;
		}
		$seconds           = (int) $match[1];
		list( $min, $max ) = PolicyAttributes::range( 'Schedule', 'every' );
		return $seconds >= $min && $seconds <= $max ? $seconds : null;
	}

	/**
	 * @param list<PhpToken> $tokens   From `(` to `)`.
	 * @param list<string>   $problems In/out.
	 * @return array{recurrence: string, interval: int}|null
	 */
	private static function value( string $label, array $tokens, array &$problems ): ?array {
		$before = count( $problems );
		$given  = ArgumentList::bind(
			$label,
			$tokens,
			array_keys( PolicyAttributes::parameters( 'Schedule' ) ),
			static function ( string $name, array $argument ) use ( $label ): array {
				if ( 'every' === $name ) {
					list( $min, $max ) = PolicyAttributes::range( 'Schedule', 'every' );
					$every             = PolicyReader::integer( $argument, $min, $max );
					return array( $every, null !== $every ? null : sprintf( '%s: every must be a whole number of seconds from %d to %d, written as a literal (svc reads it without running the file)', $label, $min, $max ) );
				}
				$recurrence = self::recurrence( $argument );
				$quoted     = self::quoted();
				$last       = (string) array_pop( $quoted );
				return array( $recurrence, null !== $recurrence ? null : sprintf( '%s: the recurrence must be %s or %s, written as a string literal (svc reads it without running the file)', $label, implode( ', ', $quoted ), $last ) );
			},
			$problems
		);
		if ( count( $problems ) !== $before ) {
			return null;
		}
		if ( array_key_exists( 'recurrence', $given ) && array_key_exists( 'every', $given ) ) {
			$problems[] = sprintf( '%s takes a recurrence or every:, not both', $label );
			return null;
		}
		if ( is_string( $given['recurrence'] ?? null ) ) {
			return array(
				'recurrence' => $given['recurrence'],
				'interval'   => self::RECURRENCES[ $given['recurrence'] ],
			);
		}
		if ( is_int( $given['every'] ?? null ) ) {
			return array(
				'recurrence' => self::every_name( $given['every'] ),
				'interval'   => $given['every'],
			);
		}
		$problems[] = sprintf( '%s needs a recurrence (%s) or every: seconds', $label, implode( ', ', self::quoted() ) );
		return null;
	}

	/**
	 * One of WordPress's recurrence names as a plain quoted string, else null: `'HOURLY'`, a constant
	 * or `"{$x}"` are refused rather than evaluated as PHP would.
	 *
	 * @param list<PhpToken> $tokens
	 */
	private static function recurrence( array $tokens ): ?string {
		if ( 1 !== count( $tokens ) || ! $tokens[0]->is( T_CONSTANT_ENCAPSED_STRING ) ) {
			return null;
		}
		if ( 1 !== preg_match( '/^([\'"])([a-z]+)\1$/', $tokens[0]->text, $match ) || ! in_array( $match[2], PolicyAttributes::values( 'Schedule', 'recurrence' ), true ) ) {
			return null;
		}
		return $match[2];
	}

	/**
	 * The recurrences as a problem names them: `'hourly'`, …
	 *
	 * @return list<string>
	 */
	private static function quoted(): array {
		return array_map( static fn ( string $name ): string => "'" . $name . "'", PolicyAttributes::values( 'Schedule', 'recurrence' ) );
	}

	/**
	 * @param array<string, mixed> $attribute
	 */
	private static function is_schedule( array $attribute ): bool {
		return 0 === strcasecmp( self::SCHEDULE, (string) ( $attribute['name'] ?? '' ) );
	}
}
