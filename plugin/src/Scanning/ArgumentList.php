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
}
