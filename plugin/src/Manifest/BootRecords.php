<?php
/**
 * How loading each route file went, saved beside its manifest entry.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Manifest;

/**
 * For the listing, and so that a known-bad file is not loaded again until it changes. A record is
 * kept for the stamp the file had when it was loaded: a file changed since is a new file.
 *
 * @phpstan-import-type Manifest from ManifestStore
 */
final class BootRecords {

	/** @var array<string, array{0: string, 1: array{kind: string, message: string}|null}> Boot records not yet saved. */
	private array $pending = array();

	public function __construct(
		private readonly ManifestFiles $files,
		private readonly ManifestView $view,
		private readonly BootLock $lock,
	) {
	}

	/**
	 * Records how loading a file went. Saved once at the end of the request (a listing may boot many
	 * files).
	 *
	 * @param array{kind: string, message: string}|null $boot Null when it loaded cleanly.
	 */
	public function record( string $slug, string $stamp, ?array $boot ): void {
		if ( array() === $this->pending ) {
			register_shutdown_function( array( $this, 'flush' ) );
		}
		$this->pending[ $slug ] = array( $stamp, $boot );
		$this->view->record_boot( $slug, $stamp, $boot );
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
		$this->lock->hold(
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
	 * The built manifest with the boot records of the saved one, for the files whose stamp has not
	 * changed since.
	 *
	 * @param Manifest      $manifest
	 * @param Manifest|null $saved
	 * @return Manifest
	 */
	public static function kept( array $manifest, ?array $saved ): array {
		foreach ( $saved['files'] ?? array() as $slug => $entry ) {
			$mine = $manifest['files'][ $slug ] ?? null;
			if ( null !== $mine && ! $mine['booted'] && $entry['booted'] && $entry['stamp'] === $mine['stamp'] ) {
				$manifest['files'][ $slug ]['boot']   = $entry['boot'];
				$manifest['files'][ $slug ]['booted'] = true;
			}
		}
		return $manifest;
	}
}
