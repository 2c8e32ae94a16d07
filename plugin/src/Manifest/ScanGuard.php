<?php
/**
 * Remembers a scan that never finished.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Manifest;

use Svc\Storage\Directories;
use Throwable;

/**
 * A scan can end the process (the time limit, the memory limit, a worker killed): nothing after it
 * runs, so without a record every request would scan the same file and die again. Before scanning,
 * a marker holding the file's stamp is written in `cache/scans/` and locked; a finished scan
 * removes it. A marker found later, for the same stamp and no longer locked, is a scan that died:
 * that file is failed until it changes. The lock tells a dead scan from one that another request is
 * running right now (the system drops it with the process, whatever ended it).
 */
final class ScanGuard {

	public function __construct( private readonly string $directory ) {
	}

	/**
	 * $scan's result, or null when a scan of the file at this stamp began before and never finished.
	 *
	 * @template T
	 * @param callable(): T $scan
	 * @return T|null
	 */
	public function run( string $path, string $stamp, callable $scan ): mixed {
		$marker = $this->directory . '/' . sha1( $path ) . '.scan';
		$handle = $this->open( $marker );
		if ( null === $handle ) {
			// No marker to be had (a read-only cache): scanning unguarded costs a retry, not correctness.
			return $scan();
		}
		if ( ! flock( $handle, LOCK_EX | LOCK_NB ) || ! self::still_at( $handle, $marker ) ) {
			// Another request is scanning this file now (or just finished): it keeps the record.
			fclose( $handle );
			return $scan();
		}
		if ( stream_get_contents( $handle ) === $stamp ) {
			fclose( $handle );
			return null;
		}
		ftruncate( $handle, 0 );
		rewind( $handle );
		fwrite( $handle, $stamp ); // phpcs:ignore WordPress.WP.AlternativeFunctions -- a lock file, not content.
		fflush( $handle );
		try {
			return $scan();
		} finally {
			// Reached when the scan returned or threw: either way it finished. A process that dies skips it.
			@unlink( $marker ); // phpcs:ignore WordPress.PHP.NoSilencedErrors,WordPress.WP.AlternativeFunctions -- gone already: nothing to remove.
			fclose( $handle );
		}
	}

	/**
	 * @return resource|null
	 */
	private function open( string $marker ) {
		try {
			( new Directories() )->ensure( $this->directory );
		} catch ( Throwable $error ) {
			unset( $error );
			return null;
		}
		$handle = @fopen( $marker, 'c+' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors,WordPress.WP.AlternativeFunctions -- a lock file, not content.
		return false === $handle ? null : $handle;
	}

	/**
	 * Whether the locked file is still the one at the path: a scan that finished between this
	 * request's open and lock removed it, and what it holds is that scan's, not a dead one's.
	 *
	 * @param resource $handle
	 */
	private static function still_at( $handle, string $marker ): bool {
		clearstatcache( true, $marker );
		$held = fstat( $handle );
		$now  = @stat( $marker ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- removed: not still there.
		return false !== $held && false !== $now && $held['ino'] === $now['ino'] && $held['dev'] === $now['dev'];
	}
}
