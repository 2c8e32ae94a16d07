<?php
/**
 * The served route files on disk: what is there and what they say.
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
 * Knows the layout of the served tree (`wp-content/svc/api/`); knows nothing of HTTP, of releases
 * or of what a route means. Writing is `TreeBuilder`'s job: the served tree is never written to.
 *
 * @phpstan-type Stat array{path: string, size: int, stamp: string, link?: bool}
 * @phpstan-type Inventory array{dirs: array<string, string>, files: array<string, Stat>}
 */
final class RouteFiles {

	public function __construct( private readonly Paths $paths ) {
	}

	public function paths(): Paths {
		return $this->paths;
	}

	/**
	 * Every `*.php` route file of the served tree by slug, and every directory's stamp. Dot-files
	 * and the `index.php` guards are not route files. A symbolic link (to a file or a directory) is
	 * listed with `link` and never followed, read or walked into.
	 *
	 * @return Inventory
	 */
	public function inventory(): array {
		$api   = $this->paths->served();
		$dirs  = array();
		$files = array();
		if ( ! is_dir( $api ) || is_link( $api ) ) {
			return array(
				'dirs'  => array(),
				'files' => array(),
			);
		}
		$dirs[''] = self::stamp( $api );
		try {
			// Without FOLLOW_SYMLINKS the iterator does not descend into a linked directory.
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
				if ( $info->isLink() ) {
					$slug           = str_ends_with( $name, '.php' ) ? substr( $relative, 0, -4 ) : $relative;
					$files[ $slug ] = array(
						'path'  => $info->getPathname(),
						'size'  => 0,
						'stamp' => self::link_stamp( $info->getPathname() ),
						'link'  => true,
					);
					continue;
				}
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
		return array(
			'dirs'  => $dirs,
			'files' => $files,
		);
	}

	/**
	 * What changes when a file or directory is replaced, edited in place or gets new entries (Stamp).
	 */
	public static function stamp( string $path ): string {
		return Stamp::of_file( @stat( $path ) ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- a vanished file just has no stamp.
	}

	/**
	 * The stamp of the link itself, never of what it points to.
	 */
	public static function link_stamp( string $path ): string {
		return Stamp::of_link( @lstat( $path ) ); // phpcs:ignore WordPress.PHP.NoSilencedErrors
	}

	/**
	 * The stored bytes of a served route file, guard included; null when it is gone or is a link.
	 */
	public function read_stored( string $slug ): ?string {
		$path = $this->paths->route_file( $slug );
		if ( is_link( $path ) ) {
			return null;
		}
		$bytes = @file_get_contents( $path ); // phpcs:ignore WordPress.PHP.NoSilencedErrors
		return false === $bytes ? null : $bytes;
	}

	/**
	 * The route file as its author wrote it (the injected guard stripped).
	 */
	public function read( string $slug ): ?string {
		$stored = $this->read_stored( $slug );
		return null === $stored ? null : Guard::strip( $stored );
	}
}
