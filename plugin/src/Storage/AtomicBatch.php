<?php
/**
 * Writes a set of files all or nothing.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Storage;

use RuntimeException;
use Throwable;

/**
 * Every file is first written to a temporary file in its target directory; only when all of them are
 * on disk is each renamed over its target (rename replaces a file atomically within a directory, so a
 * reader sees the old bytes or the new ones, never no file). A failed rename puts back every file
 * already replaced, from a second name kept for each.
 */
final class AtomicBatch {

	public function __construct( private readonly Disk $disk = new Disk() ) {
	}

	/**
	 * @param string                $base  Directory the files live under (gets index.php guards).
	 * @param array<string, string> $files Absolute target path => bytes.
	 */
	public function write( string $base, array $files ): void {
		$staged = array();
		try {
			foreach ( $files as $target => $bytes ) {
				( new Directories( $this->disk ) )->ensure_below( $base, dirname( $target ) );
				$temporary         = self::temporary_name( $target );
				$staged[ $target ] = $temporary;
				$this->disk->put( $temporary, $bytes );
				// So that opcache may cache it at once (SettledTime); over an old version, only while
				// that keeps the versions' times rising.
				$this->disk->settle( $temporary, file_exists( $target ) ? $target : null );
			}
		} catch ( Throwable $error ) {
			array_map( array( $this->disk, 'unlink' ), array_filter( $staged, 'file_exists' ) );
			throw $error;
		}

		$replaced = array();
		try {
			foreach ( $staged as $target => $temporary ) {
				$backup = null;
				if ( file_exists( $target ) ) {
					// A second name for the old bytes, kept for a rollback; the target itself never goes
					// missing, since the rename below replaces it in one step.
					$backup = self::temporary_name( $target, 'bak' );
					if ( ! $this->disk->link( $target, $backup ) ) {
						// Some file systems have no hard links: copy then.
						$this->disk->copy( $target, $backup );
					}
				}
				$replaced[ $target ] = $backup;
				if ( ! $this->disk->rename( $temporary, $target ) ) {
					throw new RuntimeException( WriteFailure::message( 'replace', $target ) );
				}
			}
		} catch ( Throwable $error ) {
			$this->roll_back( $replaced, $staged );
			throw $error;
		}

		foreach ( $replaced as $target => $backup ) {
			if ( null !== $backup ) {
				$this->disk->unlink( $backup );
			}
			self::forget_compiled( $target );
		}
	}

	/**
	 * @param array<string, string|null> $replaced Target => backup (null when the target was new).
	 * @param array<string, string>      $staged   Target => temporary file.
	 */
	private function roll_back( array $replaced, array $staged ): void {
		foreach ( $replaced as $target => $backup ) {
			if ( null === $backup ) {
				// May not have been moved in.
				$this->disk->unlink( $target );
			} elseif ( file_exists( $target ) && fileinode( $target ) === fileinode( $backup ) ) {
				// Never replaced: the backup is a second name of the very file, and rename() between two
				// names of one file does nothing (POSIX), which would leave the backup behind.
				$this->disk->unlink( $backup );
			} else {
				$this->disk->rename( $backup, $target );
			}
		}
		foreach ( $staged as $temporary ) {
			if ( file_exists( $temporary ) ) {
				$this->disk->unlink( $temporary );
			}
		}
	}

	/**
	 * A dot-file beside the target: invisible to the route scanner, renamed within one directory.
	 * It ends in `.php` so that a web server hands a request for it to PHP (where svc's files exit
	 * at once) instead of sending its bytes as text, should a crash leave it behind.
	 */
	private static function temporary_name( string $target, string $kind = 'tmp' ): string {
		return dirname( $target ) . '/.' . basename( $target, '.php' ) . '.' . bin2hex( random_bytes( 6 ) ) . '.' . $kind . '.php';
	}

	/**
	 * Opcache may hold the old compiled file; drop it so the next request includes the new bytes.
	 */
	public static function forget_compiled( string $path ): void {
		if ( function_exists( 'opcache_invalidate' ) ) {
			opcache_invalidate( $path, true );
		}
	}
}
