<?php
/**
 * The early cache's folders on disk.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

/**
 * Made as svc makes all of its folders (Storage\Directories, which runs only once WordPress has
 * loaded): each one it creates gets an empty `index.php`, so a web server never lists it.
 */
final class Folders {

	/** Makes $directory and the missing folders above it; true when it exists. */
	public static function make( string $directory ): bool {
		if ( is_dir( $directory ) ) {
			return true;
		}
		$missing = array();
		$folder  = $directory;
		while ( ! is_dir( $folder ) && dirname( $folder ) !== $folder ) {
			$missing[] = $folder;
			$folder    = dirname( $folder );
		}
		foreach ( array_reverse( $missing ) as $folder ) {
			// Another request may create it at the same time.
			if ( ! @mkdir( $folder, 0775 ) && ! is_dir( $folder ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_mkdir
				return false;
			}
			@touch( $folder . '/index.php' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_touch
		}
		return true;
	}
}
