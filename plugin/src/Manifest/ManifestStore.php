<?php
/**
 * Keeps the manifest cached on disk and fresh.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Manifest;

use Closure;
use Svc\Storage\Limits;
use Svc\Storage\Paths;
use Svc\Storage\RouteFiles;
use Svc\Routing\Slug;
use Svc\Storage\WriteLock;

/**
 * The manifest is derived data in `cache/`: PHP literals, so with opcache a request reads it from
 * shared memory instead of re-reading route files. It is never the truth: deleting it only costs one
 * rebuild. It is saved as a head and shards (ManifestFiles): a request for one route reads the head
 * and the shards its path can need, so without opcache its cost does not grow with the number of files.
 *
 * Freshness: a file added, removed or renamed changes its directory's stamp, so a request stats the
 * directories only; the files it is about to serve are stat'ed too, which catches in-place edits
 * (SFTP) of those. Management requests check every file. A manifest built in the same second as a
 * change it recorded ("racy", see ManifestBuilder) is rebuilt rather than trusted.
 *
 * @phpstan-type Index array{static: array<string, string>, dynamic: array<int, array<string, string>>, classes: array<string, string>}
 * @phpstan-type View array{files: array<string, EntryData>, index: Index}
 * @phpstan-type Manifest array{version: int, built: int, racy: bool, limits: array{0: int, 1: int}, dirs: array<string, string>, meta: array<string, mixed>, files: array<string, EntryData>, index: Index, generation?: string, shards?: int, dynamic_dirs?: array<string, list<string>>, inline?: Shard}
 * @phpstan-type Shard array{files: array<string, EntryData>, static: array<string, string>, dynamic: array<int, array<string, string>>, classes: array<string, string>}
 *
 * @phpstan-import-type EntryData from Entry
 */
final class ManifestStore {

	/** Bumped when what a scan records changes (14: #[Cache] and #[RateLimit]; 15: #[Schedule]), so a site rescans. */
	public const VERSION = 15;

	/** @var Manifest|null This request's whole manifest, once something needed all of it. */
	private ?array $manifest = null;
	/** @var array<string, mixed>|null The saved head, once read (empty when it cannot be trusted). */
	private ?array $head = null;
	/** @var View The shards read so far, merged. */
	private array $partial;
	/** @var array<string, string> Slug => the stamp its file was found to have in this request. */
	private array $checked = array();
	/** @var array<int, true> Shard numbers merged into $partial. */
	private array $read_shards = array();
	/** @var array<string, array{0: string, 1: array{kind: string, message: string}|null}> Boot records not yet saved. */
	private array $pending = array();

	/**
	 * @param Closure(string): ManifestStore $for_tree The store of another tree, for prime().
	 */
	public function __construct(
		private readonly Paths $paths,
		private readonly ManifestBuilder $builder,
		private readonly ManifestFiles $files,
		private readonly Closure $for_tree,
	) {
		$this->partial = self::no_shards();
	}

	/**
	 * The whole manifest, rebuilt if a directory changed since it was cached.
	 *
	 * @return Manifest
	 */
	public function current(): array {
		if ( null !== $this->manifest ) {
			return $this->manifest;
		}
		$cached = $this->load();
		if ( null !== $cached && self::trusted( $cached ) && $this->directories_unchanged( $cached['dirs'], array_map( 'strval', array_keys( $cached['dirs'] ) ) ) ) {
			$this->manifest = $cached;
			return $cached;
		}
		return $this->rebuild( $cached );
	}

	/**
	 * The manifest with every file checked against the disk.
	 *
	 * @return Manifest
	 */
	public function verified(): array {
		$manifest = $this->current();
		foreach ( $manifest['files'] as $entry ) {
			if ( self::stamp_of( $entry ) !== $entry['stamp'] ) {
				return $this->rebuild( $manifest );
			}
		}
		return $manifest;
	}

	/**
	 * The route files whose route can match a request path (lowercase, relative to the namespace),
	 * static ones first, each checked against the disk. Reads only the shards the path can need.
	 *
	 * @return list<string>
	 */
	public function candidates( string $path ): array {
		$view  = $this->view( fn ( array $head ): array => Shards::for_path( $path, $head['shards'] ), $path );
		$found = self::match( $view['index'], $path );
		foreach ( $found as $slug ) {
			if ( ! $this->unchanged( $slug, $view['files'][ $slug ] ) ) {
				// Edited in place (SFTP): what matches may have changed too.
				return self::match( $this->rebuild( $this->manifest ?? $this->load() )['index'], $path );
			}
		}
		return $found;
	}

	/**
	 * What the manifest knows of one route file, checked against the disk; null when not deployed.
	 *
	 * @return EntryData|null
	 */
	public function entry( string $slug ): ?array {
		$entry = $this->view( fn ( array $head ): array => array( Shards::of_slug( $slug, $head['shards'] ) ) )['files'][ $slug ] ?? null;
		if ( null !== $entry && ! $this->unchanged( $slug, $entry ) ) {
			return $this->rebuild( $this->manifest ?? $this->load() )['files'][ $slug ] ?? null;
		}
		return $entry;
	}

	/**
	 * Whether the file still has the entry's stamp; stat'ed once per request (a request asks for the
	 * file it serves several times: to match, to authorize, to load).
	 *
	 * @param EntryData $entry
	 */
	private function unchanged( string $slug, array $entry ): bool {
		if ( ( $this->checked[ $slug ] ?? null ) === $entry['stamp'] ) {
			return true;
		}
		if ( self::stamp_of( $entry ) !== $entry['stamp'] ) {
			return false;
		}
		$this->checked[ $slug ] = $entry['stamp'];
		return true;
	}

	/**
	 * The route file declaring a class (for the route-class autoloader), or null.
	 */
	public function slug_of_class( string $class_name ): ?string {
		$class_name = strtolower( ltrim( $class_name, '\\' ) );
		$slug       = $this->view( fn ( array $head ): array => array( Shards::of_class( $class_name, $head['shards'] ) ) )['index']['classes'][ $class_name ] ?? null;
		return null === $slug ? null : (string) $slug;
	}

	/**
	 * Forgets this request's copy, e.g. after svc swapped the served tree.
	 */
	public function invalidate(): void {
		$this->manifest    = null;
		$this->head        = null;
		$this->read_shards = array();
		$this->checked     = array();
		$this->partial     = self::no_shards();
		$this->paths->forget_served();
	}

	/**
	 * Builds and saves the manifest of a tree before it is served, from the manifest of the tree
	 * served now: unchanged files are carried over by hash instead of scanned, and the first request
	 * after the swap finds it ready.
	 */
	public function prime( string $tree ): void {
		( $this->for_tree )( $tree )->rebuild( $this->current() );
	}

	/**
	 * The whole manifest when this request read it, else the shards $shards_of names merged, read
	 * from a saved manifest that is still fresh (for a request path: the directories its routes can
	 * be in); else the whole manifest, rebuilt.
	 *
	 * @param callable(array<string, mixed>): list<int> $shards_of Shard numbers, given the head.
	 * @return View|Manifest
	 */
	private function view( callable $shards_of, ?string $path = null ): array {
		if ( null !== $this->manifest ) {
			return $this->manifest;
		}
		$head = $this->head();
		if ( null === $head || ( null !== $path && ! $this->directories_unchanged( $head['dirs'], self::directories_for( $head, $path ) ) ) ) {
			return $this->current();
		}
		foreach ( $shards_of( $head ) as $number ) {
			if ( isset( $this->read_shards[ $number ] ) ) {
				continue;
			}
			$shard = $this->files->shard( $head, $number );
			if ( null === $shard ) {
				// Removed by a newer save since the head was read.
				return $this->current();
			}
			$this->partial                = self::merge( $this->partial, $shard );
			$this->read_shards[ $number ] = true;
		}
		return $this->partial;
	}

	/**
	 * @return View
	 */
	private static function no_shards(): array {
		return array(
			'files' => array(),
			'index' => array(
				'static'  => array(),
				'dynamic' => array(),
				'classes' => array(),
			),
		);
	}

	/**
	 * Adds a shard's entries and index to a view, dynamic routes kept in slug order.
	 *
	 * @param View  $view
	 * @param Shard $shard
	 * @return View
	 */
	private static function merge( array $view, array $shard ): array {
		$view['files']            += $shard['files'];
		$view['index']['static']  += $shard['static'];
		$view['index']['classes'] += $shard['classes'];
		foreach ( $shard['dynamic'] as $segments => $patterns ) {
			$patterns += $view['index']['dynamic'][ $segments ] ?? array();
			ksort( $patterns, SORT_STRING );
			$view['index']['dynamic'][ $segments ] = $patterns;
		}
		return $view;
	}

	/**
	 * The saved head, when it can be trusted as it is.
	 *
	 * @return array<string, mixed>|null
	 */
	private function head(): ?array {
		if ( null === $this->head ) {
			$head       = $this->files->head();
			$this->head = null !== $head && self::trusted( $head ) ? $head : array();
		}
		return array() === $this->head ? null : $this->head;
	}

	/**
	 * Not racy (see ManifestBuilder) and built under today's limits.
	 *
	 * @param array<string, mixed> $manifest
	 */
	private static function trusted( array $manifest ): bool {
		return false === ( $manifest['racy'] ?? true ) && array( Limits::file_bytes( 'api' ), Limits::total_bytes( 'api' ) ) === $manifest['limits'];
	}

	/**
	 * Slugs whose route can match $path, static ones first, dynamic ones in slug order.
	 *
	 * @param array{static: array<string, string>, dynamic: array<int, array<string, string>>, classes: array<string, string>} $index
	 * @return list<string>
	 */
	private static function match( array $index, string $path ): array {
		$found = array();
		if ( isset( $index['static'][ $path ] ) ) {
			$found[] = $index['static'][ $path ];
		}
		foreach ( $index['dynamic'][ Slug::segment_count( $path ) ] ?? array() as $slug => $regex ) {
			if ( 1 === preg_match( $regex, $path ) ) {
				$found[] = (string) $slug;
			}
		}
		return $found;
	}

	/**
	 * The directories a route matching $path can be in (or be added to): along the path, literal
	 * segments and dynamic ones (`[id]`) alike. A file added or removed in any other directory does
	 * not change what this path matches.
	 *
	 * @param array<string, mixed> $head
	 * @return list<string>
	 */
	private static function directories_for( array $head, string $path ): array {
		$segments = explode( '/', $path );
		$level    = array( '' );
		$found    = array( '' );
		$count    = count( $segments );
		for ( $depth = 0; $depth < $count - 1; $depth++ ) {
			$next = array();
			foreach ( $level as $directory ) {
				$children   = $head['dynamic_dirs'][ $directory ] ?? array();
				$children[] = $segments[ $depth ];
				foreach ( $children as $child ) {
					$relative = '' === $directory ? $child : $directory . '/' . $child;
					if ( isset( $head['dirs'][ $relative ] ) ) {
						$next[] = $relative;
					}
				}
			}
			$found = array_merge( $found, $next );
			$level = $next;
		}
		return $found;
	}

	/**
	 * @param EntryData $entry
	 */
	private static function stamp_of( array $entry ): string {
		return empty( $entry['link'] ) ? RouteFiles::stamp( $entry['path'] ) : RouteFiles::link_stamp( $entry['path'] );
	}

	/**
	 * Records how loading a file went, for the listing and so that a known-bad file is not loaded again
	 * until it changes. Saved once at the end of the request (a listing may boot many files).
	 *
	 * @param array{kind: string, message: string}|null $boot Null when it loaded cleanly.
	 */
	public function record_boot( string $slug, string $stamp, ?array $boot ): void {
		if ( array() === $this->pending ) {
			register_shutdown_function( array( $this, 'flush' ) );
		}
		$this->pending[ $slug ] = array( $stamp, $boot );
		if ( null !== $this->manifest && ( $this->manifest['files'][ $slug ]['stamp'] ?? null ) === $stamp ) {
			$this->manifest['files'][ $slug ]['boot']   = $boot;
			$this->manifest['files'][ $slug ]['booted'] = true;
		}
		if ( ( $this->partial['files'][ $slug ]['stamp'] ?? null ) === $stamp ) {
			$this->partial['files'][ $slug ]['boot']   = $boot;
			$this->partial['files'][ $slug ]['booted'] = true;
		}
	}

	/**
	 * Writes the pending boot records into the shards on disk that hold them (re-read first: another
	 * request may have saved since; a record for a file that changed since is dropped).
	 */
	public function flush(): void {
		if ( array() === $this->pending ) {
			return;
		}
		$pending       = $this->pending;
		$this->pending = array();
		// Read, merge and save under a lock of their own: requests ending at once would otherwise
		// each save the shard they read, and all but the last one's records would be lost. (Not
		// the writers' lock: a request's end must not wait for a push.)
		$this->with_boot_lock(
			function () use ( $pending ): void {
				$head = $this->files->head();
				if ( null === $head ) {
					return;
				}
				$changed = array();
				foreach ( $pending as $slug => list( $stamp, $boot ) ) {
					$number               = Shards::of_slug( (string) $slug, $head['shards'] );
					$changed[ $number ] ??= $this->files->shard( $head, $number );
					if ( null !== $changed[ $number ] && ( $changed[ $number ]['files'][ $slug ]['stamp'] ?? null ) === $stamp ) {
						$changed[ $number ]['files'][ $slug ]['boot']   = $boot;
						$changed[ $number ]['files'][ $slug ]['booted'] = true;
					}
				}
				$this->files->save_shards( $head, array_filter( $changed ) );
			}
		);
	}

	/**
	 * The built manifest with the boot records (and facts) of the saved one, for the files whose
	 * stamp has not changed since.
	 *
	 * @param Manifest      $manifest
	 * @param Manifest|null $saved
	 * @return Manifest
	 */
	private static function keep_boot_records( array $manifest, ?array $saved ): array {
		foreach ( $saved['files'] ?? array() as $slug => $entry ) {
			$mine = $manifest['files'][ $slug ] ?? null;
			if ( null !== $mine && ! $mine['booted'] && $entry['booted'] && $entry['stamp'] === $mine['stamp'] ) {
				$manifest['files'][ $slug ]['boot']   = $entry['boot'];
				$manifest['files'][ $slug ]['booted'] = true;
			}
		}
		$manifest['meta'] = ( $saved['meta'] ?? array() ) + $manifest['meta'];
		return $manifest;
	}

	/**
	 * @param callable(): void $work
	 */
	private function with_boot_lock( callable $work ): void {
		try {
			WriteLock::hold( $this->paths->cache(), $work, '.boot.lock' );
		} catch ( \RuntimeException $error ) {
			// No lock to be had (a read-only cache): saving is only an optimization, so save unlocked.
			unset( $error );
			$work();
		}
	}

	/**
	 * A small fact svc remembers beside the manifest (e.g. the vendor autoloader's state).
	 */
	public function meta( string $key ): mixed {
		$source = $this->manifest ?? $this->head() ?? $this->current();
		return $source['meta'][ $key ] ?? null;
	}

	public function record_meta( string $key, mixed $value ): void {
		$this->with_boot_lock(
			function () use ( $key, $value ): void {
				$head = $this->files->head();
				if ( null === $head ) {
					$this->current();
					$head = $this->files->head();
				}
				if ( null !== $head ) {
					$head['meta'][ $key ] = $value;
					$this->files->save_head( $head );
				}
			}
		);
		if ( null !== $this->manifest ) {
			$this->manifest['meta'][ $key ] = $value;
		}
		if ( null !== $this->head && array() !== $this->head ) {
			$this->head['meta'][ $key ] = $value;
		}
	}

	/**
	 * @param Manifest|null $previous
	 * @return Manifest
	 */
	private function rebuild( ?array $previous ): array {
		$manifest         = $this->builder->build( $previous );
		$manifest['meta'] = $previous['meta'] ?? array();
		// Another request may have saved boot records since $previous was read: keep them.
		$this->with_boot_lock(
			function () use ( &$manifest ): void {
				$manifest = self::keep_boot_records( $manifest, $this->load() );
				$this->files->save( $manifest );
			}
		);
		$this->manifest = $manifest;
		return $manifest;
	}

	/**
	 * @param array<string, string> $stamps   Relative directory => stamp, as built.
	 * @param list<string>          $relevant The directories to check.
	 */
	private function directories_unchanged( array $stamps, array $relevant ): bool {
		$api = $this->paths->served();
		if ( array() === $stamps ) {
			return ! is_dir( $api );
		}
		foreach ( $relevant as $relative ) {
			if ( RouteFiles::stamp( '' === $relative ? $api : $api . '/' . $relative ) !== $stamps[ $relative ] ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * The whole saved manifest: its head and every shard.
	 *
	 * @return Manifest|null
	 */
	private function load(): ?array {
		$manifest = $this->files->head();
		if ( null === $manifest ) {
			return null;
		}
		$merged = self::no_shards();
		for ( $number = 0; $number < $manifest['shards']; $number++ ) {
			$shard = $this->files->shard( $manifest, $number );
			if ( null === $shard ) {
				return null;
			}
			$merged = self::merge( $merged, $shard );
		}
		$manifest['files'] = $merged['files'];
		$manifest['index'] = $merged['index'];
		/** @var Manifest $manifest (the head's keys as saved, the shards' merged) */
		return $manifest;
	}
}
