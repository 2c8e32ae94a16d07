<?php
/**
 * The direct-access guard written into every stored route file.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Storage;

use Svc\Scanning\DeclareLocator;

/**
 * Injects the `ABSPATH` guard right after the `declare(strict_types=1);` statement and strips it
 * again, byte for byte, so that a pull returns exactly what the author pushed.
 */
final class Guard {

	public const TEXT = "\nif ( ! defined( 'ABSPATH' ) ) { exit; } // svc: direct-access guard.";

	/**
	 * The source with the guard after its declare statement; unchanged when it has none
	 * (such a file never passes the push-time checks, so it is never stored through svc).
	 */
	public static function inject( string $source ): string {
		$offset = DeclareLocator::end_offset( $source );
		if ( null === $offset ) {
			return $source;
		}
		return substr( $source, 0, $offset ) . self::TEXT . substr( $source, $offset );
	}

	/**
	 * The source as its author wrote it: the guard removed where svc put it, nowhere else.
	 */
	public static function strip( string $stored ): string {
		$offset = DeclareLocator::end_offset( $stored );
		if ( null === $offset || substr( $stored, $offset, strlen( self::TEXT ) ) !== self::TEXT ) {
			return $stored;
		}
		return substr( $stored, 0, $offset ) . substr( $stored, $offset + strlen( self::TEXT ) );
	}
}
