<?php
/**
 * Serializes writers of the svc tree.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Storage;

use RuntimeException;

/**
 * An exclusive `flock` held while a batch is checked and written, so two concurrent pushes cannot
 * interleave (each sees the other's result, e.g. for class-name and total-size checks).
 */
final class WriteLock {

	/**
	 * Runs $work while holding the lock and returns its result.
	 *
	 * @template T
	 * @param callable(): T $work
	 * @param string        $name The lock file: writers of the svc tree share `.lock`; a lock that
	 *                            guards something else has a name of its own.
	 * @return T
	 */
	public static function hold( string $directory, callable $work, string $name = '.lock' ): mixed {
		( new Directories() )->ensure( $directory );
		$handle = @fopen( $directory . '/' . $name, 'c' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors,WordPress.WP.AlternativeFunctions -- the failure is reported below, with whose the folder is.
		if ( false === $handle ) {
			throw new RuntimeException( WriteFailure::message( 'open its lock file in', $directory ) );
		}
		try {
			if ( ! flock( $handle, LOCK_EX ) ) {
				throw new RuntimeException( 'svc could not lock ' . $directory );
			}
			return $work();
		} finally {
			flock( $handle, LOCK_UN );
			fclose( $handle );
		}
	}
}
