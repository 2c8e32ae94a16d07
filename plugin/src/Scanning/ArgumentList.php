<?php
/**
 * The arguments of an attribute, as token lists.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Scanning;

use PhpToken;

/**
 * Splits the tokens of an attribute's argument list at its top-level commas. Brackets of every kind
 * nest, including the ones PHP tokenizes apart (`#[`, `{$` and `${` in strings), so a comma inside
 * an array, a call or a string never splits an argument.
 */
final class ArgumentList {

	/**
	 * @param list<PhpToken> $tokens From `(` to `)`.
	 * @return list<list<PhpToken>>
	 */
	public static function split( array $tokens ): array {
		$arguments = array();
		$current   = array();
		$depth     = 0;
		foreach ( $tokens as $token ) {
			$text = $token->text;
			if ( '(' === $text || '[' === $text || '{' === $text || $token->is( T_ATTRIBUTE ) || $token->is( T_CURLY_OPEN ) || $token->is( T_DOLLAR_OPEN_CURLY_BRACES ) ) {
				++$depth;
				if ( 1 === $depth ) {
					continue;
				}
			} elseif ( ')' === $text || ']' === $text || '}' === $text ) {
				--$depth;
				if ( 0 === $depth ) {
					break;
				}
			} elseif ( 1 === $depth && ',' === $text ) {
				$arguments[] = $current;
				$current     = array();
				continue;
			}
			$current[] = $token;
		}
		if ( array() !== $current ) {
			$arguments[] = $current;
		}
		return $arguments;
	}

	/**
	 * The arguments bound to the attribute's parameters as PHP binds them (by position, or by name),
	 * each mistake PHP would make a fatal error of added to $problems: an unknown name, one argument
	 * too many, a parameter given twice. $check reads each bound argument's tokens, in order: its
	 * value, or a problem (a string that takes its place among the others) when it cannot be used.
	 *
	 * @param list<PhpToken>                                     $tokens   From `(` to `)`.
	 * @param list<string>                                       $names    The parameters, in order.
	 * @param callable(string, list<PhpToken>): array{0: mixed, 1: string|null} $check Value, problem.
	 * @param list<string>                                       $problems In/out.
	 * @return array<string, mixed> Name => value, for each parameter given (its value null when it had a problem).
	 */
	public static function bind( string $label, array $tokens, array $names, callable $check, array &$problems ): array {
		$given = array();
		foreach ( self::split( $tokens ) as $position => $argument ) {
			$named = count( $argument ) >= 2 && ':' === $argument[1]->text && 1 === preg_match( '/^[a-z_\\x80-\\xff][\\w\\x80-\\xff]*$/i', $argument[0]->text );
			if ( $named ) {
				$name = $argument[0]->text;
				if ( ! in_array( $name, $names, true ) ) {
					$problems[] = sprintf( '%s has no parameter %s: (its parameters are %s)', $label, $name, implode( ', ', array_map( static fn ( string $known ): string => $known . ':', $names ) ) );
					continue;
				}
				$argument = array_slice( $argument, 2 );
			} elseif ( ! isset( $names[ $position ] ) ) {
				$problems[] = sprintf( '%s takes at most %d arguments', $label, count( $names ) );
				continue;
			} else {
				$name = $names[ $position ];
			}
			if ( array_key_exists( $name, $given ) ) {
				$problems[] = sprintf( '%s gives %s twice', $label, $name );
				continue;
			}
			list( $given[ $name ], $problem ) = $check( $name, $argument );
			if ( null !== $problem ) {
				$problems[] = $problem;
			}
		}
		return $given;
	}
}
