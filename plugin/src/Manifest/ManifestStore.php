<?php
/**
 * Keeps the manifest cached on disk and fresh.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Manifest;

use Svc\Storage\AtomicBatch;
use Svc\Storage\Directories;
use Svc\Storage\Limits;
use Svc\Storage\Paths;
use Svc\Storage\RouteFiles;
use Svc\Storage\WriteLock;

/**
 * The manifest is derived data in `cache/manifest-<tree>.php`: a PHP literal, so with opcache a request reads
 * it from shared memory instead of re-reading route files. It is never the truth: deleting it only
 * costs one rebuild.
 *
 * Freshness: a file added, removed or renamed changes its directory's stamp, so a request stats the
 * directories only; the files it is about to serve are stat'ed too, which catches in-place edits
 * (SFTP) of those. Management requests check every file. A manifest built in the same second as a
 * change it recorded ("racy", see ManifestBuilder) is rebuilt rather than trusted.
 */
final class ManifestStore {

	public const VERSION = 8;

	/** @var array<string, mixed>|null This request's manifest. */
	private ?array $manifest = null;
	/** @var array<string, array{0: string, 1: array{kind: string, message: string}|null}> Boot records not yet saved. */
	private array $pending = array();

	public function __construct(
		private readonly Paths $paths,
		private readonly ManifestBuilder $builder,
	) {
	}

	/**
	 * The manifest, rebuilt if a directory changed since it was cached.
	 *
	 * @return array<string, mixed>
	 */
	public function current(): array {
		if ( null !== $this->manifest ) {
			return $this->manifest;
		}
		$cached = $this->load();
		if ( null !== $cached && true !== ( $cached['racy'] ?? true ) && $this->directories_unchanged( $cached ) ) {
			$this->manifest = $cached;
			return $cached;
		}
		return $this->rebuild( $cached );
	}

	/**
	 * The manifest with every file checked against the disk.
	 *
	 * @return array<string, mixed>
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
	 * The manifest with the named files checked against the disk.
	 *
	 * @param list<string> $slugs
	 * @return array<string, mixed>
	 */
	public function verified_for( array $slugs ): array {
		$manifest = $this->current();
		foreach ( $slugs as $slug ) {
			$entry = $manifest['files'][ $slug ] ?? null;
			if ( null !== $entry && self::stamp_of( $entry ) !== $entry['stamp'] ) {
				return $this->rebuild( $manifest );
			}
		}
		return $manifest;
	}

	/**
	 * Forgets this request's copy, e.g. after svc swapped the served tree.
	 */
	public function invalidate(): void {
		$this->manifest = null;
		$this->paths->forget_served();
	}

	/**
	 * Builds and saves the manifest of a tree before it is served, from the manifest of the tree
	 * served now: unchanged files are carried over by hash instead of scanned, and the first request
	 * after the swap finds it ready.
	 */
	public function prime( string $tree ): void {
		$paths = $this->paths->for_tree( $tree );
		( new ManifestStore( $paths, new ManifestBuilder( new RouteFiles( $paths ) ) ) )->rebuild( $this->current() );
	}

	/**
	 * @param array<string, mixed> $entry
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
	}

	/**
	 * Writes the pending boot records into the manifest on disk (re-read first: another request may
	 * have rebuilt it meanwhile; a record for a file that changed since is dropped).
	 */
	public function flush(): void {
		if ( array() === $this->pending ) {
			return;
		}
		$pending       = $this->pending;
		$this->pending = array();
		// Read, merge and save under a lock of their own: requests ending at once would otherwise
		// each save the manifest they read, and all but the last one's records would be lost. (Not
		// the writers' lock: a request's end must not wait for a push.)
		$this->with_boot_lock(
			function () use ( $pending ): void {
				$manifest = $this->load() ?? $this->manifest;
				if ( null === $manifest ) {
					return;
				}
				foreach ( $pending as $slug => list( $stamp, $boot ) ) {
					if ( ( $manifest['files'][ $slug ]['stamp'] ?? null ) === $stamp ) {
						$manifest['files'][ $slug ]['boot']   = $boot;
						$manifest['files'][ $slug ]['booted'] = true;
					}
				}
				$this->save( $manifest );
			}
		);
	}

	/**
	 * The built manifest with the boot records (and facts) of the saved one, for the files whose
	 * stamp has not changed since.
	 *
	 * @param array<string, mixed>      $manifest
	 * @param array<string, mixed>|null $saved
	 * @return array<string, mixed>
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
		return $this->current()['meta'][ $key ] ?? null;
	}

	public function record_meta( string $key, mixed $value ): void {
		$this->with_boot_lock(
			function () use ( $key, $value ): void {
				$manifest                 = $this->load() ?? $this->current();
				$manifest['meta'][ $key ] = $value;
				$this->save( $manifest );
			}
		);
		if ( null !== $this->manifest ) {
			$this->manifest['meta'][ $key ] = $value;
		}
	}

	/**
	 * @param array<string, mixed>|null $previous
	 * @return array<string, mixed>
	 */
	private function rebuild( ?array $previous ): array {
		$manifest         = $this->builder->build( $previous );
		$manifest['meta'] = $previous['meta'] ?? array();
		// Another request may have saved boot records since $previous was read: keep them.
		$this->with_boot_lock(
			function () use ( &$manifest ): void {
				$manifest = self::keep_boot_records( $manifest, $this->load() );
				$this->save( $manifest );
			}
		);
		$this->manifest = $manifest;
		return $manifest;
	}

	/**
	 * @param array<string, mixed> $manifest
	 */
	private function directories_unchanged( array $manifest ): bool {
		if ( array( Limits::file_bytes( 'api' ), Limits::total_bytes( 'api' ) ) !== $manifest['limits'] ) {
			return false;
		}
		$api = $this->paths->served();
		if ( array() === $manifest['dirs'] ) {
			return ! is_dir( $api );
		}
		foreach ( $manifest['dirs'] as $relative => $stamp ) {
			if ( RouteFiles::stamp( '' === $relative ? $api : $api . '/' . $relative ) !== $stamp ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * One manifest per tree: a swap needs no rebuild, and opcache compiles a new file, never a stale one.
	 */
	private function file(): string {
		return $this->paths->cache() . '/manifest-' . ( $this->paths->served_tree() ?? 'api' ) . '.php';
	}

	/**
	 * @return array<string, mixed>|null
	 */
	private function load(): ?array {
		$file = $this->file();
		if ( ! is_file( $file ) ) {
			return null;
		}
		$data = include $file;
		return is_array( $data ) && ( $data['version'] ?? null ) === self::VERSION ? $data : null;
	}

	/**
	 * @param array<string, mixed> $manifest
	 */
	private function save( array $manifest ): void {
		$code = "<?php\n// Derived by svc from wp-content/svc/api/; safe to delete.\ndefined( 'ABSPATH' ) || exit;\nreturn "
			. var_export( $manifest, true ) . ";\n"; // phpcs:ignore WordPress.PHP.DevelopmentFunctions -- a PHP literal is the cache format.
		try {
			Directories::ensure( $this->paths->root() );
			Directories::ensure( $this->paths->cache() );
			AtomicBatch::write( $this->paths->cache(), array( $this->file() => $code ) );
		} catch ( \Throwable $error ) {
			// A read-only cache costs speed, not correctness: the manifest is rebuilt per request.
			unset( $error );
		}
	}
}
