<?php
/**
 * Creates svc's directories, each with its listing guard.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Storage;

use RuntimeException;

/**
 * Every directory svc creates gets an empty `index.php`, so a web server never lists it.
 */
final class Directories {

	public function __construct( private readonly Disk $disk = new Disk() ) {
	}

	public function ensure( string $directory ): void {
		if ( ! is_dir( $directory ) && ! $this->disk->make_directory( $directory ) ) {
			throw new RuntimeException( WriteFailure::message( 'create the directory', $directory ) );
		}
		$guard = $directory . '/index.php';
		if ( ! file_exists( $guard ) ) {
			// Empty on purpose: requested directly it prints nothing; requested as a directory it stops the listing.
			$this->disk->put( $guard, '' );
		}
	}

	/**
	 * Ensures every directory from $base down to $directory (inclusive) exists with its guard.
	 */
	public function ensure_below( string $base, string $directory ): void {
		$this->ensure( $base );
		$relative = trim( substr( $directory, strlen( $base ) ), '/' );
		$current  = $base;
		foreach ( '' === $relative ? array() : explode( '/', $relative ) as $part ) {
			$current .= '/' . $part;
			$this->ensure( $current );
		}
	}
}
