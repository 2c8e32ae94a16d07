<?php
/**
 * The direct-access guard written into every stored route file.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Storage;

use PhpToken;
use Svc\Scanning\DeclareLocator;

/**
 * Injects the `ABSPATH` guard right after the `declare(strict_types=1);` statement and strips it
 * again, byte for byte, so that a pull returns exactly what the author pushed. In a namespaced file
 * it goes right after the namespace declaration instead (`namespace X;` or `namespace X {`): PHP
 * allows no statement between the declare and it.
 */
final class Guard {

	public const TEXT = "\nif ( ! defined( 'ABSPATH' ) ) { exit; } // svc: direct-access guard.";

	/**
	 * The source with the guard after its declare statement; unchanged when it has none
	 * (such a file never passes the push-time checks, so it is never stored through svc).
	 */
	public static function inject( string $source ): string {
		$offset = self::offset( $source );
		if ( null === $offset ) {
			return $source;
		}
		return substr( $source, 0, $offset ) . self::TEXT . substr( $source, $offset );
	}

	/**
	 * The source as its author wrote it: the guard removed where svc put it, nowhere else.
	 */
	public static function strip( string $stored ): string {
		$offset = self::offset( $stored );
		if ( null === $offset || substr( $stored, $offset, strlen( self::TEXT ) ) !== self::TEXT ) {
			return $stored;
		}
		return substr( $stored, 0, $offset ) . substr( $stored, $offset + strlen( self::TEXT ) );
	}

	/**
	 * Where the guard goes: after the declare, or after a namespace declaration right behind it.
	 */
	private static function offset( string $source ): ?int {
		$offset = DeclareLocator::end_offset( $source );
		if ( null === $offset || false === stripos( $source, 'namespace', $offset ) ) {
			return $offset;
		}
		$tokens = PhpToken::tokenize( $source );
		$count  = count( $tokens );
		$i      = 0;
		while ( $i < $count && $tokens[ $i ]->pos < $offset ) {
			++$i;
		}
		$next = static function () use ( $tokens, $count, &$i ): ?PhpToken {
			while ( $i < $count && $tokens[ $i ]->isIgnorable() ) {
				++$i;
			}
			return $tokens[ $i++ ] ?? null;
		};
		if ( ! ( $next()?->is( T_NAMESPACE ) ?? false ) ) {
			return $offset;
		}
		$token = $next();
		if ( null !== $token && $token->is( array( T_STRING, T_NAME_QUALIFIED ) ) ) {
			$token = $next();
		}
		return null !== $token && ( ';' === $token->text || '{' === $token->text ) ? $token->pos + 1 : $offset;
	}
}
