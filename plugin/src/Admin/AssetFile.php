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
	 * @param list<string> $dependencies Script handles the build needs, e.g. `wp-element`.
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
		$dependencies = array_values( array_filter( $asset['dependencies'], 'is_string' ) );
		return new AssetFile( $dependencies, $asset['version'] );
	}
}
