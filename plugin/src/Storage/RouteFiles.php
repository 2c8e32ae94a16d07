<?php
/**
 * The route files on disk: what is there, what they say, and changing them.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Storage;

use FilesystemIterator;
use RecursiveDirectoryIterator;
use RecursiveIteratorIterator;
use UnexpectedValueException;

/**
 * Knows the layout of `wp-content/svc/api/`; knows nothing of HTTP or of what a route means.
 *
 * @phpstan-type Stat array{path: string, size: int, stamp: string}
 * @phpstan-type Inventory array{dirs: array<string, string>, files: array<string, Stat>}
 */
final class RouteFiles {

	public function __construct( private readonly Paths $paths ) {
	}

	public function paths(): Paths {
		return $this->paths;
	}

	/**
	 * Every `*.php` route file under api/ by slug, and every directory's stamp. Dot-files (svc's
	 * temporary files) and the `index.php` guards are not route files.
	 *
	 * @return Inventory
	 */
	public function inventory(): array {
		$api   = $this->paths->api();
		$dirs  = array();
		$files = array();
		if ( ! is_dir( $api ) ) {
			return array( 'dirs' => array(), 'files' => array() );
		}
		$dirs[''] = self::stamp( $api );
		try {
			$iterator = new RecursiveIteratorIterator(
				new RecursiveDirectoryIterator( $api, FilesystemIterator::SKIP_DOTS | FilesystemIterator::CURRENT_AS_FILEINFO ),
				RecursiveIteratorIterator::SELF_FIRST
			);
			foreach ( $iterator as $info ) {
				$name = $info->getFilename();
				if ( str_starts_with( $name, '.' ) ) {
					continue;
				}
				$relative = substr( $info->getPathname(), strlen( $api ) + 1 );
				if ( $info->isDir() ) {
					$dirs[ $relative ] = self::stamp( $info->getPathname() );
					continue;
				}
				if ( 'index.php' === $name || ! str_ends_with( $name, '.php' ) ) {
					continue;
				}
				$files[ substr( $relative, 0, -4 ) ] = array(
					'path'  => $info->getPathname(),
					'size'  => (int) $info->getSize(),
					'stamp' => self::stamp( $info->getPathname() ),
				);
			}
		} catch ( UnexpectedValueException $error ) {
			// A directory vanished mid-walk (a concurrent delete); what was read is still true.
			unset( $error );
		}
		ksort( $files, SORT_STRING );
		return array( 'dirs' => $dirs, 'files' => $files );
	}

	/**
	 * What changes when a file or directory is replaced, edited in place or gets new entries.
	 */
	public static function stamp( string $path ): string {
		$stat = @stat( $path ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- a vanished file just has no stamp.
		if ( false === $stat ) {
			return '';
		}
		return $stat['mtime'] . ':' . $stat['ctime'] . ':' . $stat['ino'] . ':' . $stat['size'];
	}

	/**
	 * The stored bytes of a route file, guard included; null when it is gone.
	 */
	public function read_stored( string $slug ): ?string {
		$bytes = @file_get_contents( $this->paths->route_file( $slug ) ); // phpcs:ignore WordPress.PHP.NoSilencedErrors
		return false === $bytes ? null : $bytes;
	}

	/**
	 * The route file as its author wrote it (the injected guard stripped).
	 */
	public function read( string $slug ): ?string {
		$stored = $this->read_stored( $slug );
		return null === $stored ? null : Guard::strip( $stored );
	}

	/**
	 * Writes a batch of route files with their guards, all or nothing.
	 *
	 * @param array<string, string> $sources Slug => source as the author wrote it.
	 */
	public function write( array $sources ): void {
		$files = array();
		foreach ( $sources as $slug => $source ) {
			$files[ $this->paths->route_file( (string) $slug ) ] = Guard::inject( $source );
		}
		Directories::ensure( $this->paths->root() );
		AtomicBatch::write( $this->paths->api(), $files );
	}

	/**
	 * Removes route files, then directories left with nothing but their guard.
	 *
	 * @param list<string> $slugs Valid slugs of existing files.
	 */
	public function delete( array $slugs ): void {
		foreach ( $slugs as $slug ) {
			$path = $this->paths->route_file( $slug );
			if ( file_exists( $path ) ) {
				unlink( $path );
				AtomicBatch::forget_compiled( $path );
			}
			Directories::prune_empty( $this->paths->api(), dirname( $path ) );
		}
	}
}
