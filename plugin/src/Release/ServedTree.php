<?php
/**
 * Brings this node's served tree up to a recorded release.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Release;

use Svc\Manifest\ManifestFiles;
use Svc\Manifest\ManifestStore;
use Svc\Network\SiteScope;
use Svc\Storage\Paths;
use Svc\Storage\Trees;
use Svc\Storage\WriteLock;
use Svc\Support\Log;
use RuntimeException;

/**
 * A release is recorded in the database first (the atomic step) and served by swapping `api` to its
 * tree after. This node's tree is behind the active release when a worker died between the two, or
 * another node made the release: catch_up() builds that release's tree from the stored contents and
 * serves it. The swap of a release made here goes through install() too, so every node serves a
 * release the same way, and collect() removes the trees no request can still be serving.
 */
final class ServedTree {

	public function __construct(
		private readonly Paths $paths,
		private readonly ManifestStore $store,
		private readonly BlobStore $blobs,
		private readonly ReleaseStore $releases,
		private readonly Trees $trees,
		private readonly NodeReports $nodes,
	) {
	}

	/**
	 * Serves the active release if the served tree is another one (a crash between commit and swap).
	 * Costs an autoloaded option and one readlink() when there is nothing to do.
	 */
	public function catch_up(): void {
		if ( ! $this->behind( $this->releases->active_id() ) ) {
			return;
		}
		try {
			$served = WriteLock::hold(
				$this->paths->cache(),
				function (): int {
					$this->paths->forget_served();
					$active = $this->releases->active_id( true );
					if ( ! $this->behind( $active ) ) {
						return 0;
					}
					$this->materialize( $active, false );
					// Tidying is left only where a swap was made (what could not be served was logged).
					return $this->paths->served_release() === $active ? $active : 0;
				}
			);
			if ( 0 !== $served ) {
				// Every request of this node waits on the lock while it is behind. Housekeeping none
				// of them needs (trees, a report) waits for the end of this one, by when they have
				// had the lock: taken again at once, the lock would go back to this process first.
				$blog = get_current_blog_id();
				add_action( 'shutdown', fn () => $this->tidy_locked( $served, $blog ) );
			}
		} catch ( RuntimeException $error ) {
			// Every request comes here: one that cannot lock must still be served, from the files on disk.
			Log::api( sprintf( 'could not catch up with the active release: %s; the files on disk stay served', $error->getMessage() ) );
		}
	}

	public function behind( int $active ): bool {
		return self::lags( $this->paths, $active );
	}

	/**
	 * Whether this node serves another release than $active: asked on every request svc serves,
	 * before anything of the deploying half is built.
	 */
	public static function lags( Paths $paths, int $active ): bool {
		if ( 0 === $active ) {
			return false;
		}
		// A plain api/ directory while a release is active is what a crash between a first release's
		// commit and its swap leaves (the directory is moved aside by the swap): it is behind too.
		return $paths->served_release() !== $active;
	}

	/**
	 * Builds and serves this node's copy of release $id. Returns why it could not (the disk refused a
	 * write), in which case the files on disk stay served and the next request tries again.
	 * $tidy false: the caller tidy()s after letting the lock go once (catch_up()).
	 */
	public function materialize( int $id, bool $tidy = true ): ?string {
		$release = $this->releases->get( $id );
		if ( null === $release ) {
			Log::api( sprintf( 'the active release %d is not in the database; the files on disk stay served', $id ) );
			return null;
		}
		try {
			$build = $this->build_from_store( $release );
			if ( null === $build ) {
				return null;
			}
			$this->install( $build, $id, null, $tidy );
		} catch ( RuntimeException $error ) {
			$this->collect();
			Log::api( sprintf( 'could not serve release %d on this node: %s; the files on disk stay served', $id, $error->getMessage() ) );
			return $error->getMessage();
		}
		return null;
	}

	/**
	 * Writes a release's tree aside from the stored contents; null (logged) when a content is missing.
	 *
	 * @param array<string, mixed> $release A ReleaseStore release.
	 */
	private function build_from_store( array $release ): ?string {
		$files    = (array) $release['files'];
		$contents = $this->blobs->get( array_values( array_map( 'strval', $files ) ) );
		$sources  = array();
		foreach ( $files as $slug => $hash ) {
			if ( ! isset( $contents[ $hash ] ) ) {
				Log::api( sprintf( 'release %d lacks the content of %s.php; the files on disk stay served', $release['id'], $slug ) );
				return null;
			}
			$sources[ (string) $slug ] = $contents[ $hash ];
		}
		// Built beside the served tree (and the one before it), whose unchanged files are taken rather than written again.
		return $this->trees->build( $sources, array(), $this->trees->kept() );
	}

	/**
	 * This node's tree of a preview, built from the database when the node has none yet (the preview
	 * was made on another node, or its tree was lost); null when it cannot be served here.
	 *
	 * @param array<string, mixed> $preview A ReleaseStore release of kind preview.
	 */
	public function preview_tree( array $preview ): ?string {
		$id   = (int) $preview['id'];
		$tree = $this->trees->preview_tree( $id );
		if ( null !== $tree ) {
			return $tree;
		}
		try {
			return WriteLock::hold(
				$this->paths->cache(),
				function () use ( $preview, $id ): ?string {
					// Another request of this node may have built it while this one waited.
					$tree = $this->trees->preview_tree( $id );
					if ( null !== $tree ) {
						return $tree;
					}
					$build = $this->build_from_store( $preview );
					if ( null === $build ) {
						return null;
					}
					$tree = $this->trees->name( $build, $id, 'p' );
					$this->store->prime( $tree );
					return $tree;
				}
			);
		} catch ( RuntimeException $error ) {
			$this->collect();
			Log::api( sprintf( 'could not build preview %d on this node: %s', $id, $error->getMessage() ) );
			return null;
		}
	}

	/**
	 * Names a built tree for its (committed) release, prepares its manifest and serves it. $like:
	 * a kept tree with the same files, whose manifest spares scanning them again. $tidy false leaves
	 * tidy() to the caller.
	 */
	public function install( string $build, int $release, ?string $like = null, bool $tidy = true ): void {
		$tree     = $this->trees->name( $build, $release );
		$manifest = $this->store->prime( $tree, $like );
		$legacy   = $this->trees->swap( $tree );
		if ( null !== $legacy ) {
			// The plain api/ directory of the import release keeps its manifest under its new name.
			ManifestFiles::rename_tree( $this->paths, 'api', $legacy );
		}
		$this->store->adopt( $tree, $manifest );
		if ( $tidy ) {
			$this->tidy( $release );
		}
		/**
		 * This node serves release $release now (made here, or caught up with): the early cache
		 * publishes its route index for it, from the manifest $store holds already.
		 *
		 * @param int           $release
		 * @param ManifestStore $store
		 */
		do_action( 'svc_release_served', $release, $this->store );
	}

	/**
	 * After release $release was swapped in, under the write lock: removes the trees no request can
	 * still be serving and records that this node serves it, a fresh copy with no drift (other nodes
	 * show it). At the end of a catch-up's request the served tree may have moved on to a newer
	 * release meanwhile; that release's own install tidied, and nothing is left to do.
	 */
	public function tidy( int $release ): void {
		$this->paths->forget_served();
		if ( $this->paths->served_release() !== $release ) {
			$this->store->invalidate();
			return;
		}
		$this->collect();
		$this->nodes->record( $release, array() );
	}

	/**
	 * tidy() at the end of the request, on the site that caught up: a catch-up woken inside another
	 * site's request ran switched to this one (SiteScope), and its tables and options are this one's.
	 */
	private function tidy_locked( int $release, int $blog ): void {
		try {
			( new SiteScope( $blog ) )->run( fn () => WriteLock::hold( $this->paths->cache(), fn () => $this->tidy( $release ) ) );
		} catch ( RuntimeException $error ) {
			// Left for the next release's tidying: it removes every tree but two, whoever made them.
			Log::api( sprintf( 'could not tidy after serving release %d: %s', $release, $error->getMessage() ) );
		}
	}

	/**
	 * The tree of the release a rollback restores, or of the preview a promote makes active, when
	 * this node still has it. A rollback to a release whose tree is gone gets the tree kept before
	 * the served one: after a push, that is the tree of the release before it, often an earlier
	 * rollback to the same release (what is alike is checked file by file, by its bytes).
	 * $previous: that tree (Trees::previous_tree()), which the caller lists trees/ for once.
	 */
	public function tree_alike( string $kind, ?int $of, ?string $previous ): ?string {
		if ( null === $of ) {
			return null;
		}
		return match ( $kind ) {
			ReleaseKind::ROLLBACK => $this->trees->release_tree( $of ) ?? $this->import_tree( $of ) ?? $previous,
			ReleaseKind::PROMOTE  => $this->trees->preview_tree( $of ),
			default               => null,
		};
	}

	/**
	 * The plain `api/` directory the import release $id was made of, while this node keeps it.
	 */
	private function import_tree( int $id ): ?string {
		return ReleaseKind::IMPORT === ( $this->releases->get( $id )['kind'] ?? null ) ? $this->trees->legacy_tree() : null;
	}

	/**
	 * Removes the trees no request can still be serving, and their manifests.
	 */
	public function collect(): void {
		ManifestFiles::collect( $this->paths, $this->trees->collect( $this->releases->live_previews() ) );
	}
}
