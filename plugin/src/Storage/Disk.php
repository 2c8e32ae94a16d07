<?php
/**
 * The file system operations svc's writers make.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Storage;

use RuntimeException;

/**
 * One object for every write svc makes to wp-content/svc/, passed to the classes that write (Trees,
 * AtomicBatch, Directories), so that tests can stand in a disk that fails: a full disk, a rename the
 * file system refuses (test/php/wordpress/StorageFaultsTest.php). Reads stay plain PHP calls.
 *
 * Not final on purpose: the fault-injecting disk of the tests extends it.
 */
class Disk {

	/**
	 * Writes a whole file; a short write (a full disk, a quota) is an error, never a truncated file
	 * taken for a good one.
	 */
	public function put( string $path, string $bytes ): void {
		if ( strlen( $bytes ) !== @file_put_contents( $path, $bytes ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors,WordPress.WP.AlternativeFunctions -- the failure is reported below; WP_Filesystem cannot write wp-content/svc/ atomically.
			throw new RuntimeException( WriteFailure::message( 'write', $path ) );
		}
	}

	/**
	 * Dates a file just written back past opcache's protection (SettledTime), so opcache caches it
	 * with the first request. Best effort: a file left with its real time is only compiled again for
	 * two seconds.
	 *
	 * @param string|null $replacing The file it is about to replace, if any.
	 */
	public function settle( string $path, ?string $replacing = null ): void {
		$protection = ini_get( 'opcache.file_update_protection' );
		$time       = null === $replacing
			? SettledTime::for_new_file( time(), $protection )
			: SettledTime::for_rewritten_file( time(), $protection, @filemtime( $replacing ) ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- unreadable: the real time is kept.
		if ( null !== $time ) {
			@touch( $path, $time ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- best effort, see above.
		}
	}

	public function copy( string $from, string $to ): void {
		if ( ! @copy( $from, $to ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors -- reported below.
			throw new RuntimeException( WriteFailure::message( 'copy ' . basename( $from ) . ' to', $to ) );
		}
	}

	public function rename( string $from, string $to ): bool {
		return @rename( $from, $to ); // phpcs:ignore WordPress.PHP.NoSilencedErrors,WordPress.WP.AlternativeFunctions -- callers report a failure with what it means.
	}

	public function symlink( string $target, string $link ): bool {
		return @symlink( $target, $link ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- callers report a failure.
	}

	/**
	 * A second name for a file (a hard link), or false where the file system has none.
	 */
	public function link( string $target, string $link ): bool {
		return @link( $target, $link ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- some file systems have no hard links.
	}

	public function unlink( string $path ): bool {
		return @unlink( $path ); // phpcs:ignore WordPress.PHP.NoSilencedErrors,WordPress.WP.AlternativeFunctions -- gone already is fine.
	}

	public function make_directory( string $directory ): bool {
		return wp_mkdir_p( $directory ) || is_dir( $directory );
	}
}
