<?php
/**
 * Each release's copy of the route files, and the link that makes one of them `api/`.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Storage;

use FilesystemIterator;
use RecursiveDirectoryIterator;
use RecursiveIteratorIterator;
use RuntimeException;

/**
 * A tree is made once, in full, under a name no reader knows yet (`trees/.build-…`), then renamed
 * to its release's name and made `api/` by one `rename()` of a link: a reader sees the old release or
 * the new one, never a mix, and a crash at any moment leaves the old link in place. Trees are never
 * written again after the swap (an in-place edit over SFTP is the site owner's), so a file two trees
 * hold alike can be one file with two names (a hard link), and every file in them is PHP that exits
 * when requested directly, so no tree returns source over HTTP.
 */
final class Trees {

	/** The prefix of the plain `api/` directory moved into trees/ (swap()). */
	private const LEGACY = 'legacy-';

	private readonly Directories $directories;

	public function __construct( private readonly Paths $paths, private readonly Disk $disk = new Disk() ) {
		$this->directories = new Directories( $disk );
	}

	/**
	 * Writes a new tree; returns its build directory's name (not served, not yet named for a release).
	 * Files another tree holds already are taken as second names of its files rather than written
	 * (LinkableFiles), where the file system has hard links; else they are written or copied.
	 *
	 * @param array<string, string> $sources Slug => source as its author wrote it (the guard is injected).
	 * @param array<string, string> $copies  Slug => path of a stored file (guard included) taken as is.
	 * @param list<string>          $alike   Kept trees (under trees/) that may hold some of $sources
	 *                                       byte for byte, the likeliest first: a rollback's target,
	 *                                       the served tree, the one before it.
	 */
	public function build( array $sources, array $copies, array $alike = array() ): string {
		$name = '.build-' . bin2hex( random_bytes( 8 ) );
		$base = $this->paths->trees() . '/' . $name;
		$this->directories->ensure_below( $this->paths->base(), $this->paths->root() );
		$this->directories->ensure( $this->paths->trees() );
		$made = array();
		try {
			$this->directories->ensure( $base );
			$write   = function ( string $slug ) use ( $base, &$made ): string {
				$target = $base . '/' . $slug . '.php';
				$dir    = dirname( $target );
				if ( ! isset( $made[ $dir ] ) ) {
					$this->directories->ensure_below( $base, $dir, true );
					$made[ $dir ] = true;
				}
				return $target;
			};
			$guarded = array_map( array( Guard::class, 'inject' ), $sources );
			$kept    = $this->kept_files( $guarded, $alike );
			foreach ( $guarded as $slug => $bytes ) {
				$target = $write( (string) $slug );
				if ( ! isset( $kept[ $slug ] ) || ! $this->disk->link( $kept[ $slug ], $target ) ) {
					$this->disk->put( $target, $bytes );
					// A new tree: every name in it is new.
					$this->disk->settle( $target );
				}
			}
			foreach ( $copies as $slug => $from ) {
				if ( is_link( $from ) ) {
					throw new RuntimeException( 'svc could not copy ' . $slug . '.php: it is a link' );
				}
				$target = $write( (string) $slug );
				if ( ! $this->disk->link( $from, $target ) ) {
					$this->disk->copy( $from, $target );
					$this->disk->settle( $target );
				}
			}
			// Written to for the last time: dated back like its files, so that a manifest built in
			// this second is not "racy" (ManifestBuilder) for their stamps, and the next request does
			// not build it again. A change made later still gives a directory a new mtime.
			foreach ( self::directories_of( $base, array_keys( $made ) ) as $dir ) {
				$this->disk->settle( $dir );
			}
		} catch ( \Throwable $error ) {
			self::remove( $base );
			throw $error;
		}
		return $name;
	}

	/**
	 * $base and every directory between it and each of $dirs (all below it).
	 *
	 * @param list<string> $dirs
	 * @return list<string>
	 */
	private static function directories_of( string $base, array $dirs ): array {
		$all = array( $base => true );
		foreach ( $dirs as $dir ) {
			// Up from each to the first one already listed ($base at the latest).
			$at = $dir;
			while ( str_starts_with( $at, $base . '/' ) && ! isset( $all[ $at ] ) ) {
				$all[ $at ] = true;
				$at         = dirname( $at );
			}
		}
		return array_keys( $all );
	}

	/**
	 * Slug => the path of a file in one of these trees holding exactly the bytes wanted.
	 *
	 * @param array<string, string> $wanted Slug => bytes.
	 * @param list<string>          $trees
	 * @return array<string, string>
	 */
	private function kept_files( array $wanted, array $trees ): array {
		$kept = array();
		foreach ( array_unique( $trees ) as $tree ) {
			$left = array_diff_key( $wanted, $kept );
			if ( array() === $left ) {
				break;
			}
			foreach ( LinkableFiles::same( $left, $this->read_tree( $tree, array_keys( $left ) ) ) as $slug ) {
				$kept[ $slug ] = $this->paths->trees() . '/' . $tree . '/' . $slug . '.php';
			}
		}
		return $kept;
	}

	/**
	 * The release trees this node keeps that a new tree may take files from: the served one and the
	 * one before it (collect() keeps no other release's).
	 *
	 * @return list<string>
	 */
	public function kept(): array {
		return $this->kept_with( $this->previous_tree() );
	}

	/**
	 * kept(), given the tree before the served one that the caller has listed trees/ for already.
	 *
	 * @return list<string>
	 */
	public function kept_with( ?string $previous ): array {
		return array_values( array_filter( array( $this->paths->served_tree(), $previous ), 'is_string' ) );
	}

	/**
	 * The tree kept from before the served one, if any (a plain api/ moved aside counts as release 0).
	 */
	public function previous_tree(): ?string {
		$trees = $this->paths->trees();
		$names = is_dir( $trees ) ? array_map( 'strval', (array) scandir( $trees ) ) : array();
		return self::previous( $names, $this->paths->served_tree() );
	}

	/**
	 * The bytes of these slugs' plain files in a kept tree; false for a slug it lacks, or holds as a
	 * link (which could name a file outside svc's trees).
	 *
	 * @param list<string|int> $slugs
	 * @return array<string, string|false>
	 */
	private function read_tree( string $tree, array $slugs ): array {
		$base  = $this->paths->trees() . '/' . $tree;
		$found = array();
		if ( '' === $tree || str_contains( $tree, '/' ) || ! is_dir( $base ) || is_link( $base ) ) {
			return $found;
		}
		foreach ( $slugs as $slug ) {
			$path                    = $base . '/' . $slug . '.php';
			$found[ (string) $slug ] = is_file( $path ) && ! is_link( $path ) ? @file_get_contents( $path ) : false; // phpcs:ignore WordPress.PHP.NoSilencedErrors,WordPress.WP.AlternativeFunctions -- unreadable: written instead.
		}
		return $found;
	}

	/**
	 * Gives a built tree its release's name; returns that name. $prefix `p`: a preview's tree.
	 */
	public function name( string $build, int $release, string $prefix = 'r' ): string {
		$tree = sprintf( '%s%d-%s', $prefix, $release, bin2hex( random_bytes( 6 ) ) );
		if ( ! $this->disk->rename( $this->paths->trees() . '/' . $build, $this->paths->trees() . '/' . $tree ) ) {
			throw new RuntimeException( WriteFailure::message( 'name the tree of release ' . $release . ' in', $this->paths->trees() ) );
		}
		return $tree;
	}

	/**
	 * Makes a tree `api/` in one step. A plain `api/` directory (made before svc's first release)
	 * cannot be replaced by a link in one rename: it is moved into trees/ first, and a crash between
	 * the two renames leaves no `api/`, which the next request's catch-up repairs.
	 *
	 * @return string|null The name the plain `api/` directory now has in trees/, when one was moved.
	 */
	public function swap( string $tree ): ?string {
		$api   = $this->paths->api();
		$link  = $this->paths->root() . '/.api-' . bin2hex( random_bytes( 6 ) ) . '.php';
		$moved = null;
		if ( ! $this->disk->symlink( 'trees/' . $tree, $link ) ) {
			throw new RuntimeException( WriteFailure::message( 'create the link to release tree ' . $tree . ' in', $this->paths->root() ) );
		}
		if ( is_dir( $api ) && ! is_link( $api ) ) {
			$legacy = self::LEGACY . bin2hex( random_bytes( 6 ) );
			$moved  = $this->disk->rename( $api, $this->paths->trees() . '/' . $legacy ) ? $legacy : null;
		}
		if ( ! $this->disk->rename( $link, $api ) ) {
			$this->disk->unlink( $link );
			throw new RuntimeException( WriteFailure::message( 'make release tree ' . $tree . ' active as', $api ) );
		}
		$this->paths->forget_served();
		return $moved;
	}

	/**
	 * The plain `api/` directory of before svc's first release, moved aside by swap(), while it is
	 * kept: the files of the import release.
	 */
	public function legacy_tree(): ?string {
		foreach ( (array) glob( $this->paths->trees() . '/' . self::LEGACY . '*', GLOB_ONLYDIR | GLOB_NOSORT ) as $path ) {
			if ( ! is_link( (string) $path ) ) {
				return basename( (string) $path );
			}
		}
		return null;
	}

	/**
	 * Removes every tree but the served one and the one served before it, crashed builds and stray
	 * links, and says which trees it kept (their manifests stay: ManifestFiles::collect()). The
	 * previous tree stays until the next write: a request that resolved it just before the swap may
	 * still be about to include a file from it. Runs under the write lock, which every build holds,
	 * so any build directory found is a crashed one.
	 *
	 * @param list<int> $previews The previews that may still be served: their trees are kept too.
	 * @return list<string> The trees kept.
	 */
	public function collect( array $previews = array() ): array {
		$served = $this->paths->served_tree();
		$trees  = $this->paths->trees();
		$names  = is_dir( $trees ) ? array_map( 'strval', (array) scandir( $trees ) ) : array();
		$live   = array( $served ?? 'api', (string) self::previous( $names, $served ) );
		foreach ( $names as $name ) {
			if ( 1 === preg_match( Paths::PREVIEW_PATTERN, $name, $match ) && in_array( (int) $match[1], $previews, true ) ) {
				$live[] = $name;
			}
		}
		$keep = array_merge( array( '.', '..', 'index.php' ), $live );
		foreach ( $names as $name ) {
			if ( in_array( $name, $keep, true ) ) {
				continue;
			}
			// A build directory found here is a crashed one: builds happen only under the lock held now.
			self::remove( $trees . '/' . $name );
		}
		foreach ( (array) glob( $this->paths->root() . '/.api-*.php' ) as $stray ) {
			@unlink( (string) $stray ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- a link left by a crash.
		}
		return $live;
	}

	/**
	 * This node's tree of preview $id, or null when it has none yet (a preview made on another node).
	 * A tree is named only once it is complete, so any tree of that name can be served.
	 */
	public function preview_tree( int $id ): ?string {
		return $this->tree_named( 'p', $id, Paths::PREVIEW_PATTERN );
	}

	/**
	 * This node's tree of release $id, while it is kept (the served one, the one before it).
	 */
	public function release_tree( int $id ): ?string {
		return $this->tree_named( 'r', $id, Paths::TREE_PATTERN );
	}

	private function tree_named( string $prefix, int $id, string $pattern ): ?string {
		foreach ( (array) glob( $this->paths->trees() . '/' . $prefix . $id . '-*', GLOB_ONLYDIR | GLOB_NOSORT ) as $path ) {
			$name = basename( (string) $path );
			if ( 1 === preg_match( $pattern, $name ) && ! is_link( (string) $path ) ) {
				return $name;
			}
		}
		return null;
	}

	/**
	 * The tree of the newest release before the served one (a plain api/ moved aside counts as
	 * release 0).
	 *
	 * @param list<string> $names
	 */
	private static function previous( array $names, ?string $served ): ?string {
		$best      = null;
		$best_id   = -1;
		$served_id = null !== $served && 1 === preg_match( Paths::TREE_PATTERN, $served, $match ) ? (int) $match[1] : PHP_INT_MAX;
		foreach ( $names as $name ) {
			$id = 1 === preg_match( Paths::TREE_PATTERN, $name, $match ) ? (int) $match[1] : ( str_starts_with( $name, self::LEGACY ) ? 0 : -1 );
			// Older releases only: a tree of the served release itself is one a crash left between
			// naming and swapping (its sync was done again), not the one requests may still be reading.
			if ( $name !== $served && $id < $served_id && $id > $best_id ) {
				$best    = $name;
				$best_id = $id;
			}
		}
		return $best;
	}

	/**
	 * Removes a directory tree without following any link in it.
	 */
	public static function remove( string $path ): void {
		if ( is_link( $path ) || is_file( $path ) ) {
			@unlink( $path ); // phpcs:ignore WordPress.PHP.NoSilencedErrors
			return;
		}
		if ( ! is_dir( $path ) ) {
			return;
		}
		$items = new RecursiveIteratorIterator(
			new RecursiveDirectoryIterator( $path, FilesystemIterator::SKIP_DOTS ),
			RecursiveIteratorIterator::CHILD_FIRST
		);
		foreach ( $items as $item ) {
			if ( $item->isDir() && ! $item->isLink() ) {
				@rmdir( $item->getPathname() ); // phpcs:ignore WordPress.PHP.NoSilencedErrors
			} else {
				@unlink( $item->getPathname() ); // phpcs:ignore WordPress.PHP.NoSilencedErrors
			}
		}
		@rmdir( $path ); // phpcs:ignore WordPress.PHP.NoSilencedErrors
	}
}
