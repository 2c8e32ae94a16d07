<?php
/**
 * Finds the real `declare(strict_types=1);` statement in a source.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Scanning;

use PhpToken;

/**
 * Locates the statement by tokens, so text inside a comment or a string is never taken for it.
 */
final class DeclareLocator {

	/**
	 * Byte offset just after the `;` that ends the first strict_types declare, or null.
	 */
	public static function end_offset( string $source ): ?int {
		return self::end_offset_in( PhpToken::tokenize( $source ) );
	}

	/**
	 * The same, from the source's tokens (all of them, as PhpToken::tokenize() gives them): a caller
	 * that has them already need not tokenize the source again.
	 *
	 * @param array<int, PhpToken> $tokens
	 */
	public static function end_offset_in( array $tokens ): ?int {
		$count = count( $tokens );
		for ( $i = 0; $i < $count; $i++ ) {
			$token = $tokens[ $i ];
			if ( $token->is( T_OPEN_TAG ) || $token->isIgnorable() ) {
				continue;
			}
			if ( ! $token->is( T_DECLARE ) ) {
				// declare(strict_types=1) must be the first statement; anything else first (inline HTML, a
				// byte-order mark, code) means PHP would refuse it.
				return null;
			}
			$text = '';
			for ( $j = $i + 1; $j < $count; $j++ ) {
				if ( $tokens[ $j ]->isIgnorable() ) {
					continue;
				}
				if ( ';' === $tokens[ $j ]->text ) {
					return 1 === preg_match( '/^\(strict_types=1\)$/i', $text )
						? $tokens[ $j ]->pos + 1
						: null;
				}
				$text .= $tokens[ $j ]->text;
			}
			return null;
		}
		return null;
	}
}
