<?php
/**
 * The `*.asset.php` file the admin build writes next to its script.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Admin;

/**
 * Reads `build/admin.asset.php` (the format of @wordpress/scripts: an array with `dependencies`
 * and `version`) without trusting its shape.
 */
final class AssetFile {

	/**
	 * @param list<non-empty-string> $dependencies Script handles the build needs, e.g. `wp-element`.
	 */
	private function __construct(
		public readonly array $dependencies,
		public readonly string $version,
	) {
	}

	/**
	 * The asset file's contents, or null when it is missing or malformed (the build was not run).
	 */
	public static function load( string $path ): ?AssetFile {
		if ( ! is_readable( $path ) ) {
			return null;
		}
		$asset = require $path;
		if ( ! is_array( $asset ) || ! is_array( $asset['dependencies'] ?? null ) || ! is_string( $asset['version'] ?? null ) ) {
			return null;
		}
		$dependencies = array();
		foreach ( $asset['dependencies'] as $handle ) {
			if ( is_string( $handle ) && '' !== $handle ) {
				$dependencies[] = $handle;
			}
		}
		return new AssetFile( $dependencies, $asset['version'] );
	}
}
