<?php
/**
 * Small facts svc remembers beside the manifest.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Manifest;

/**
 * E.g. the vendor autoloader's state: saved in the head, so a request has it with the manifest it
 * reads anyway (ManifestStore::meta()), and carried over when the manifest is rebuilt.
 *
 * @phpstan-import-type Manifest from ManifestStore
 */
final class MetaStore {

	public function __construct(
		private readonly ManifestFiles $files,
		private readonly ManifestView $view,
		private readonly BootLock $lock,
	) {
	}

	/**
	 * @param callable(): mixed $current Builds and saves the manifest, when none is saved yet.
	 */
	public function record( string $key, mixed $value, callable $current ): void {
		$this->lock->hold(
			function () use ( $key, $value, $current ): void {
				$head = $this->files->head();
				if ( null === $head ) {
					$current();
					$head = $this->files->head();
				}
				if ( null !== $head ) {
					$head['meta'][ $key ] = $value;
					$this->files->save_head( $head );
				}
			}
		);
		$this->view->record_meta( $key, $value );
	}

	/**
	 * The built manifest with the facts of the saved one (another request may have saved some since
	 * the manifest it was built from was read).
	 *
	 * @param Manifest      $manifest
	 * @param Manifest|null $saved
	 * @return Manifest
	 */
	public static function kept( array $manifest, ?array $saved ): array {
		$manifest['meta'] = ( $saved['meta'] ?? array() ) + $manifest['meta'];
		return $manifest;
	}
}
