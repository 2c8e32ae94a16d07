<?php
/**
 * Keeps the manifest cached on disk and fresh.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Manifest;

use Closure;
use Svc\Routing\Slug;
use Svc\Storage\Paths;

/**
 * The manifest is derived data in `cache/`: PHP literals, so with opcache a request reads it from
 * shared memory instead of re-reading route files. It is never the truth: deleting it only costs one
 * rebuild. It is saved as a head and shards (ManifestFiles): a request for one route reads the head
 * and the shards its path can need (ManifestView), so without opcache its cost does not grow with the
 * number of files, and trusts them while the directories its path can need are unchanged (Freshness).
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

	private ?ManifestWriters $writers = null;
	/** @var array<string, EntryData> Entries entry() found fresh, while the view's revision is $entries_revision. */
	private array $entries        = array();
	private int $entries_revision = -1;

	/**
	 * @param Closure(): ManifestWriters     $make_writers What writes, built on the first write.
	 * @param Closure(string): ManifestStore $for_tree     The store of another tree, for prime().
	 */
	public function __construct(
		private readonly Paths $paths,
		private readonly ManifestFiles $files,
		private readonly ManifestView $view,
		private readonly Freshness $freshness,
		private readonly Closure $make_writers,
		private readonly Closure $for_tree,
	) {
	}

	/**
	 * The whole manifest, rebuilt if a directory changed since it was cached.
	 *
	 * @return Manifest
	 */
	public function current(): array {
		$whole = $this->view->whole();
		if ( null !== $whole ) {
			return $whole;
		}
		$cached = $this->view->saved();
		if ( null !== $cached && $this->freshness->fresh( $cached ) ) {
			return $this->view->keep( $cached );
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
		return $this->freshness->all_unchanged( $manifest['files'] ) ? $manifest : $this->rebuild( $manifest );
	}

	/**
	 * The route files whose route can match a request path (lowercase, relative to the namespace),
	 * static ones first, each checked against the disk. Reads only the shards the path can need.
	 *
	 * @return list<string>
	 */
	public function candidates( string $path ): array {
		$view  = $this->part( fn ( array $head ): array => Shards::for_path( $path, $head['shards'] ), $path );
		$found = self::match( $view['index'], $path );
		foreach ( $found as $slug ) {
			if ( ! $this->freshness->unchanged( $slug, $view['files'][ $slug ] ) ) {
				// Edited in place (SFTP): what matches may have changed too.
				return self::match( $this->rebuild( $this->view->whole() ?? $this->view->saved() )['index'], $path );
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
		// A request asks for the file it serves several times (to match, load, authorize, call, add
		// headers): the same answer until this request's copy changes.
		$revision = $this->view->revision();
		if ( $revision === $this->entries_revision && isset( $this->entries[ $slug ] ) ) {
			return $this->entries[ $slug ];
		}
		$entry = $this->part( fn ( array $head ): array => array( Shards::of_slug( $slug, $head['shards'] ) ) )['files'][ $slug ] ?? null;
		if ( null !== $entry && ! $this->freshness->unchanged( $slug, $entry ) ) {
			return $this->rebuild( $this->view->whole() ?? $this->view->saved() )['files'][ $slug ] ?? null;
		}
		if ( null !== $entry ) {
			if ( $this->view->revision() !== $this->entries_revision ) {
				$this->entries          = array();
				$this->entries_revision = $this->view->revision();
			}
			$this->entries[ $slug ] = $entry;
		}
		return $entry;
	}

	/**
	 * The route file declaring a class (for the route-class autoloader), or null.
	 */
	public function slug_of_class( string $class_name ): ?string {
		$class_name = strtolower( ltrim( $class_name, '\\' ) );
		$slug       = $this->part( fn ( array $head ): array => array( Shards::of_class( $class_name, $head['shards'] ) ) )['index']['classes'][ $class_name ] ?? null;
		return null === $slug ? null : (string) $slug;
	}

	/**
	 * Forgets this request's copy, e.g. after svc swapped the served tree.
	 */
	public function invalidate(): void {
		$this->view->forget();
		$this->freshness->forget();
		$this->paths->forget_served();
	}

	/**
	 * Builds and saves the manifest of a tree before it is served, from the manifest of the tree
	 * served now: unchanged files are carried over by hash instead of scanned, and the first request
	 * after the swap finds it ready. $like names a tree holding the same files, whose saved manifest
	 * is carried over the same way (the release a rollback restores, the preview a promote makes
	 * active): a rollback of a thousand files then scans none.
	 *
	 * @return Manifest
	 */
	public function prime( string $tree, ?string $like = null ): array {
		$other = null === $like ? null : ( $this->for_tree )( $like )->saved();
		return ( $this->for_tree )( $tree )->rebuild( $this->current(), $other );
	}

	/**
	 * Forgets this request's copy after svc swapped the served tree to $tree, and takes the manifest
	 * prime() built for it as this request's copy. Read back from disk, a manifest saved in the second
	 * its tree was made is "racy" (ManifestBuilder) and would be built again, a thousand files read,
	 * by what the release does next in this request (its early-cache index, its answer).
	 *
	 * @param Manifest $manifest What prime( $tree ) returned.
	 */
	public function adopt( string $tree, array $manifest ): void {
		$this->invalidate();
		if ( $this->paths->served_tree() === $tree ) {
			$this->view->keep( $manifest );
		}
	}

	/**
	 * The manifest saved for this tree, as it was saved; never rebuilt (null when there is none).
	 *
	 * @return Manifest|null
	 */
	private function saved(): ?array {
		return $this->view->saved();
	}

	/**
	 * Records how loading a file went (BootRecords), saved at the end of the request.
	 *
	 * @param array{kind: string, message: string}|null $boot Null when it loaded cleanly.
	 */
	public function record_boot( string $slug, string $stamp, ?array $boot ): void {
		$this->writers()->boot_records->record( $slug, $stamp, $boot );
	}

	/**
	 * Saves the boot records this request made so far.
	 */
	public function flush(): void {
		// No writer built: this request recorded nothing.
		$this->writers?->boot_records->flush();
	}

	/**
	 * A small fact svc remembers beside the manifest (e.g. the vendor autoloader's state), read with
	 * the head this request reads anyway (MetaStore).
	 */
	public function meta( string $key ): mixed {
		return ( $this->view->whole() ?? $this->view->head() ?? $this->current() )['meta'][ $key ] ?? null;
	}

	public function record_meta( string $key, mixed $value ): void {
		$this->writers()->meta->record( $key, $value, fn (): array => $this->current() );
	}

	private function writers(): ManifestWriters {
		return $this->writers ??= ( $this->make_writers )();
	}

	/**
	 * The whole manifest when this request read it, else the shards $shards_of names merged, read
	 * from a saved manifest that is still fresh (for a request path: the directories its routes can
	 * be in); else the whole manifest, rebuilt.
	 *
	 * @param callable(array<string, mixed>): list<int> $shards_of Shard numbers, given the head.
	 * @return View|Manifest
	 */
	private function part( callable $shards_of, ?string $path = null ): array {
		$whole = $this->view->whole();
		if ( null !== $whole ) {
			return $whole;
		}
		$head = $this->view->head();
		if ( null === $head || ( null !== $path && ! $this->freshness->fresh_for( $head, $path ) ) ) {
			return $this->current();
		}
		// Null: a shard was removed by a newer save since the head was read.
		return $this->view->with_shards( $head, $shards_of( $head ) ) ?? $this->current();
	}

	/**
	 * Slugs whose route can match $path, static ones first, dynamic ones in slug order.
	 *
	 * @param Index $index
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
	 * @param Manifest|null $previous
	 * @param Manifest|null $like     Another tree's, holding some of the same files (prime()).
	 * @return Manifest
	 */
	private function rebuild( ?array $previous, ?array $like = null ): array {
		$writers          = $this->writers();
		$manifest         = $writers->builder->build( $previous, $like );
		$manifest['meta'] = $previous['meta'] ?? array();
		// Another request may have saved boot records (or meta) since $previous was read: keep them.
		$writers->lock->hold(
			function () use ( &$manifest ): void {
				$saved    = $this->view->saved();
				$manifest = MetaStore::kept( BootRecords::kept( $manifest, $saved ), $saved );
				$this->files->save( $manifest );
			}
		);
		return $this->view->keep( $manifest );
	}
}
