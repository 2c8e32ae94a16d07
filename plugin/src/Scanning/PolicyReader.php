<?php
/**
 * Reads a route file's Cache and RateLimit attributes from its tokens.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Scanning;

use PhpToken;

/**
 * `#[Cache(maxAge: 300, staleWhileRevalidate: 60)]` (on `get()` or the class) and
 * `#[RateLimit(requests: 60, per: 60)]` (on a verb or the class) are read as literals, like
 * Permission: the site decides how to answer without running the file. A value svc cannot read
 * exactly (not a decimal integer literal, out of range, a parameter named wrong or given twice) is a
 * problem naming its line, the same words as the CLI's php-lexical.ts (test/fixtures/policy-cases.json).
 * Their parameters, ranges and places are PolicyAttributes' descriptors; every descriptor that stands
 * on a verb or the class is read here (Schedule, on a method of its own, is ScheduleReader's).
 *
 * @phpstan-type CachePolicy array{max_age: int, stale_while_revalidate: int|null}
 * @phpstan-type RatePolicy array{requests: int, per: int, scope: string}
 * @phpstan-type Policies array{cache: CachePolicy|null, rate: array<string, RatePolicy>, problems: array<string, list<string>>}
 * @phpstan-import-type Descriptor from PolicyAttributes
 */
final class PolicyReader {

	public const CACHE      = PolicyAttributes::NAMESPACE_PREFIX . 'Cache';
	public const RATE_LIMIT = PolicyAttributes::NAMESPACE_PREFIX . 'RateLimit';

	/** The places a descriptor read here may stand, as a misplaced one's problem names them. */
	private const PLACES = array(
		'get-or-class'  => 'get() or on the class',
		'verb-or-class' => 'a verb method (get, post, put, patch, delete) or on the class',
	);

	/**
	 * @param list<array<string, mixed>>          $class_attributes Resolved attributes of the class (with `tokens` and `line`).
	 * @param array<string, array<string, mixed>> $methods          Methods keyed by lowercase name.
	 * @param list<string>                        $verbs            The verbs the class implements.
	 * @return Policies Problems keyed by the attribute's short name, one list per descriptor read here.
	 */
	public static function read( array $class_attributes, array $methods, array $verbs ): array {
		$targets = array( 'the class' => $class_attributes );
		foreach ( $methods as $name => $method ) {
			$targets[ $name . '()' ] = is_array( $method['attributes'] ?? null ) ? $method['attributes'] : array();
		}
		$descriptors = self::descriptors();
		$found       = array();
		$problems    = array();
		foreach ( $descriptors as $descriptor ) {
			$kind              = $descriptor['name'];
			$found[ $kind ]    = array();
			$problems[ $kind ] = array();
		}
		foreach ( $targets as $target => $attributes ) {
			$target = (string) $target;
			foreach ( $descriptors as $descriptor ) {
				$kind = $descriptor['name'];
				$full = PolicyAttributes::class_name( $kind );
				$seen = 0;
				foreach ( $attributes as $attribute ) {
					if ( 0 !== strcasecmp( $full, (string) $attribute['name'] ) ) {
						continue;
					}
					$line = (int) ( $attribute['line'] ?? 0 );
					if ( ++$seen > 1 ) {
						$problems[ $kind ][] = sprintf( 'line %d: #[%s] is given more than once on %s', $line, $kind, $target );
						continue;
					}
					$misplaced = self::misplaced( $descriptor, $target, $verbs, $line );
					if ( null !== $misplaced ) {
						$problems[ $kind ][] = $misplaced;
						continue;
					}
					$tokens = is_array( $attribute['tokens'] ?? null ) ? array_values( $attribute['tokens'] ) : array();
					$values = self::values( $descriptor, $target, $line, $tokens, $problems[ $kind ] );
					if ( null !== $values ) {
						$found[ $kind ][ $target ] = $values;
					}
				}
			}
		}
		return array(
			'cache'    => self::cache( $found['Cache'] ?? array() ),
			'rate'     => self::rate( $found['RateLimit'] ?? array(), $verbs ),
			'problems' => $problems,
		);
	}

	/**
	 * @param array<string, array<string, int>> $found Target => values.
	 * @return CachePolicy|null
	 */
	private static function cache( array $found ): ?array {
		$values = $found['get()'] ?? $found['the class'] ?? null;
		return null === $values ? null : array(
			'max_age'                => $values['maxAge'],
			'stale_while_revalidate' => $values['staleWhileRevalidate'] ?? null,
		);
	}

	/**
	 * @param array<string, array<string, int>> $found Target => values.
	 * @param list<string>                      $verbs
	 * @return array<string, RatePolicy>
	 */
	private static function rate( array $found, array $verbs ): array {
		$rate = array();
		foreach ( $verbs as $verb ) {
			$own    = $found[ $verb . '()' ] ?? null;
			$values = $own ?? $found['the class'] ?? null;
			if ( null !== $values ) {
				// The class's limit is one budget for all the verbs it covers; a verb's own is its own.
				$rate[ $verb ] = array(
					'requests' => $values['requests'],
					'per'      => $values['per'],
					'scope'    => null === $own ? '*' : $verb,
				);
			}
		}
		return $rate;
	}

	/**
	 * The descriptors read here: those that stand on a verb or the class.
	 *
	 * @return list<Descriptor>
	 */
	private static function descriptors(): array {
		$read = array();
		foreach ( PolicyAttributes::ALL as $descriptor ) {
			if ( isset( self::PLACES[ $descriptor['stands'] ] ) ) {
				$read[] = $descriptor;
			}
		}
		return $read;
	}

	/**
	 * @param Descriptor   $descriptor
	 * @param list<string> $verbs
	 */
	private static function misplaced( array $descriptor, string $target, array $verbs, int $line ): ?string {
		if ( 'the class' === $target ) {
			return null;
		}
		$method = substr( $target, 0, -2 );
		$fits   = 'get-or-class' === $descriptor['stands'] ? 'get' === $method && in_array( 'get', $verbs, true ) : in_array( $method, $verbs, true );
		return $fits ? null : sprintf( 'line %d: #[%s] belongs on %s, not on %s', $line, $descriptor['name'], self::PLACES[ $descriptor['stands'] ] ?? '', $target );
	}

	/**
	 * The attribute's values by parameter name, or null (with problems added) when they cannot be read.
	 *
	 * @param Descriptor     $descriptor
	 * @param list<PhpToken> $tokens   From `(` to `)`.
	 * @param list<string>   $problems In/out.
	 * @return array<string, int>|null
	 */
	private static function values( array $descriptor, string $target, int $line, array $tokens, array &$problems ): ?array {
		$parameters = $descriptor['parameters'];
		$names      = array_keys( $parameters );
		$label      = sprintf( 'line %d: #[%s] on %s', $line, $descriptor['name'], $target );
		$before     = count( $problems );
		$given      = ArgumentList::bind(
			$label,
			$tokens,
			$names,
			static function ( string $name, array $argument ) use ( $label, $parameters ): array {
				$min   = (int) ( $parameters[ $name ]['min'] ?? 0 );
				$max   = (int) ( $parameters[ $name ]['max'] ?? 0 );
				$value = self::integer( $argument, $min, $max );
				return array( $value, null !== $value ? null : sprintf( '%s: %s must be a whole number from %d to %d, written as a literal (svc reads it without running the file)', $label, $name, $min, $max ) );
			},
			$problems
		);
		foreach ( $parameters as $name => $rule ) {
			if ( $rule['required'] && ! array_key_exists( $name, $given ) ) {
				$problems[] = sprintf( '%s needs %s', $label, $name );
			}
		}
		return count( $problems ) === $before ? array_map( 'intval', array_filter( $given, 'is_int' ) ) : null;
	}

	/**
	 * The value when the tokens are one decimal integer literal within the range, else null: `0x10`,
	 * `1_000`, `-1`, `(300)` or a constant are refused rather than evaluated as PHP would.
	 *
	 * @param list<PhpToken> $tokens
	 */
	public static function integer( array $tokens, int $min, int $max ): ?int {
		if ( 1 !== count( $tokens ) || ! $tokens[0]->is( T_LNUMBER ) || 1 !== preg_match( '/^(0|[1-9][0-9]{0,9})$/', $tokens[0]->text ) ) {
			return null;
		}
		$value = (int) $tokens[0]->text;
		return $value >= $min && $value <= $max ? $value : null;
	}
}
