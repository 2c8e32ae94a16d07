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

	/**
	 * @param string|null $like An empty guard to give a new guard as a second name (a hard link), which
	 *                          costs the disk a fraction of a new file; written where that fails.
	 */
	public function ensure( string $directory, ?string $like = null ): void {
		if ( ! is_dir( $directory ) && ! $this->disk->make_directory( $directory ) ) {
			throw new RuntimeException( WriteFailure::message( 'create the directory', $directory ) );
		}
		$guard = $directory . '/index.php';
		if ( ! file_exists( $guard ) && ( null === $like || ! $this->disk->link( $like, $guard ) ) ) {
			// Empty on purpose: requested directly it prints nothing; requested as a directory it stops the listing.
			$this->disk->put( $guard, '' );
		}
	}

	/**
	 * Ensures every directory from $base down to $directory (inclusive) exists with its guard. With
	 * $linked, the guards below $base are second names of $base's (a new tree makes a directory for
	 * each dynamic route, and writing each guard as a file of its own cost more than the directory).
	 */
	public function ensure_below( string $base, string $directory, bool $linked = false ): void {
		$this->ensure( $base );
		$like     = $linked ? $base . '/index.php' : null;
		$relative = trim( substr( $directory, strlen( $base ) ), '/' );
		$current  = $base;
		foreach ( '' === $relative ? array() : explode( '/', $relative ) as $part ) {
			$current .= '/' . $part;
			$this->ensure( $current, $like );
		}
	}
}
