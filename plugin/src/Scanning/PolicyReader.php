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
 *
 * @phpstan-type CachePolicy array{max_age: int, stale_while_revalidate: int|null}
 * @phpstan-type RatePolicy array{requests: int, per: int, scope: string}
 * @phpstan-type Policies array{cache: CachePolicy|null, rate: array<string, RatePolicy>, cache_problems: list<string>, rate_problems: list<string>}
 */
final class PolicyReader {

	public const CACHE      = 'Svc\\Api\\Attribute\\Cache';
	public const RATE_LIMIT = 'Svc\\Api\\Attribute\\RateLimit';

	/** A year: what HTTP caches take as "never expires". */
	public const MAX_AGE      = 31536000;
	public const MAX_REQUESTS = 1000000;
	/** A day: longer windows would keep counters for days. */
	public const MAX_PER = 86400;

	/**
	 * Each attribute's parameters, in PHP's positional order, with their ranges and whether required.
	 */
	private const PARAMETERS = array(
		self::CACHE      => array(
			'maxAge'               => array( 0, self::MAX_AGE, true ),
			'staleWhileRevalidate' => array( 0, self::MAX_AGE, false ),
		),
		self::RATE_LIMIT => array(
			'requests' => array( 1, self::MAX_REQUESTS, true ),
			'per'      => array( 1, self::MAX_PER, true ),
		),
	);

	/**
	 * @param list<array<string, mixed>>          $class_attributes Resolved attributes of the class (with `tokens` and `line`).
	 * @param array<string, array<string, mixed>> $methods          Methods keyed by lowercase name.
	 * @param list<string>                        $verbs            The verbs the class implements.
	 * @return Policies
	 */
	public static function read( array $class_attributes, array $methods, array $verbs ): array {
		$targets = array( 'the class' => $class_attributes );
		foreach ( $methods as $name => $method ) {
			$targets[ $name . '()' ] = is_array( $method['attributes'] ?? null ) ? $method['attributes'] : array();
		}
		$found    = array(
			self::CACHE      => array(),
			self::RATE_LIMIT => array(),
		);
		$problems = array(
			self::CACHE      => array(),
			self::RATE_LIMIT => array(),
		);
		foreach ( $targets as $target => $attributes ) {
			$target = (string) $target;
			foreach ( array( self::CACHE, self::RATE_LIMIT ) as $kind ) {
				$seen = 0;
				foreach ( $attributes as $attribute ) {
					if ( 0 !== strcasecmp( $kind, (string) $attribute['name'] ) ) {
						continue;
					}
					$line = (int) ( $attribute['line'] ?? 0 );
					if ( ++$seen > 1 ) {
						$problems[ $kind ][] = sprintf( 'line %d: #[%s] is given more than once on %s', $line, self::short( $kind ), $target );
						continue;
					}
					$misplaced = self::misplaced( $kind, $target, $verbs, $line );
					if ( null !== $misplaced ) {
						$problems[ $kind ][] = $misplaced;
						continue;
					}
					$tokens = is_array( $attribute['tokens'] ?? null ) ? array_values( $attribute['tokens'] ) : array();
					$values = self::values( $kind, $target, $line, $tokens, $problems[ $kind ] );
					if ( null !== $values ) {
						$found[ $kind ][ $target ] = $values;
					}
				}
			}
		}
		return array(
			'cache'          => self::cache( $found[ self::CACHE ] ),
			'rate'           => self::rate( $found[ self::RATE_LIMIT ], $verbs ),
			'cache_problems' => $problems[ self::CACHE ],
			'rate_problems'  => $problems[ self::RATE_LIMIT ],
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
	 * @param list<string> $verbs
	 */
	private static function misplaced( string $kind, string $target, array $verbs, int $line ): ?string {
		if ( 'the class' === $target ) {
			return null;
		}
		$method = substr( $target, 0, -2 );
		if ( self::CACHE === $kind ) {
			return 'get' === $method && in_array( 'get', $verbs, true ) ? null : sprintf( 'line %d: #[Cache] belongs on get() or on the class, not on %s', $line, $target );
		}
		return in_array( $method, $verbs, true ) ? null : sprintf( 'line %d: #[RateLimit] belongs on a verb method (get, post, put, patch, delete) or on the class, not on %s', $line, $target );
	}

	/**
	 * The attribute's values by parameter name, or null (with problems added) when they cannot be read.
	 *
	 * @param list<PhpToken> $tokens   From `(` to `)`.
	 * @param list<string>   $problems In/out.
	 * @return array<string, int>|null
	 */
	private static function values( string $kind, string $target, int $line, array $tokens, array &$problems ): ?array {
		$parameters = self::parameters( $kind );
		$names      = array_keys( $parameters );
		$label      = sprintf( 'line %d: #[%s] on %s', $line, self::short( $kind ), $target );
		$before     = count( $problems );
		$given      = ArgumentList::bind(
			$label,
			$tokens,
			$names,
			static function ( string $name, array $argument ) use ( $label, $parameters ): array {
				$value = self::integer( $argument, $parameters[ $name ][0], $parameters[ $name ][1] );
				return array( $value, null !== $value ? null : sprintf( '%s: %s must be a whole number from %d to %d, written as a literal (svc reads it without running the file)', $label, $name, $parameters[ $name ][0], $parameters[ $name ][1] ) );
			},
			$problems
		);
		foreach ( $parameters as $name => $rule ) {
			if ( $rule[2] && ! array_key_exists( $name, $given ) ) {
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

	/**
	 * @return array<string, array{0: int, 1: int, 2: bool}> Name => min, max, required.
	 */
	private static function parameters( string $kind ): array {
		return self::PARAMETERS[ $kind ] ?? array();
	}

	private static function short( string $kind ): string {
		return substr( $kind, (int) strrpos( $kind, '\\' ) + 1 );
	}
}
