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
		// The declare must be the first statement, so tokens past it are never needed: a growing
		// prefix is read instead of the whole file, which for a file of hundreds of thousands of
		// tokens cost tens of megabytes (a request with a small memory_limit died of it before any
		// scan guard could record why). A cut inside a comment or the declare reads a longer prefix.
		$length = strlen( $source );
		for ( $prefix = 4096; ; $prefix *= 4 ) {
			if ( $prefix >= $length ) {
				return self::end_offset_in( PhpToken::tokenize( $source ) );
			}
			$verdict = self::read_prefix( PhpToken::tokenize( substr( $source, 0, $prefix ) ) );
			if ( false !== $verdict ) {
				return $verdict;
			}
		}
	}

	/**
	 * end_offset_in() for the tokens of a prefix: the offset, null when the prefix already shows
	 * there is none, false when the prefix ends before that is known.
	 *
	 * @param array<int, PhpToken> $tokens
	 */
	private static function read_prefix( array $tokens ): int|false|null {
		$significant = array_values( array_filter( $tokens, static fn ( PhpToken $token ): bool => ! $token->is( T_OPEN_TAG ) && ! $token->isIgnorable() ) );
		if ( array() === $significant ) {
			return false;
		}
		if ( ! $significant[0]->is( T_DECLARE ) ) {
			return null;
		}
		foreach ( $significant as $token ) {
			if ( ';' === $token->text ) {
				return self::end_offset_in( $tokens );
			}
		}
		return false;
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
