<?php
/**
 * What a write svc could not make says: which path, and why when the reason is whose it is.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Storage;

/**
 * On shared hosts files are often written by another user than PHP's (SFTP as the account's
 * owner, PHP as www-data): PHP may then neither write into a folder nor replace a file there. The
 * message names the path under wp-content, its owner and mode, and PHP's user, so the fix (a chown)
 * can be read off it; a write that fails for another reason (a full disk) says that instead.
 */
final class WriteFailure {

	/**
	 * `svc could not write wp-content/svc/…: … belongs to root (mode 755) and PHP runs as www-data; …`
	 */
	public static function message( string $action, string $path ): string {
		return sprintf( 'svc could not %s %s%s', $action, self::shown( $path ), self::why( $path ) );
	}

	private static function why( string $path ): string {
		// The file itself when it exists (it is replaced or removed), else the nearest folder that does.
		$target = $path;
		while ( ! file_exists( $target ) && dirname( $target ) !== $target ) {
			$target = dirname( $target );
		}
		$folder = is_dir( $target ) ? $target : dirname( $target );
		$php    = function_exists( 'posix_geteuid' ) ? posix_geteuid() : null;
		$owner  = @fileowner( $folder ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- unknown owner: said below.
		if ( wp_is_writable( $folder ) || false === $owner || null === $php || $owner === $php ) {
			return ' (is the disk full, or the folder not writable?)';
		}
		$mode = @fileperms( $folder ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- an unknown mode is left out.
		return sprintf(
			': %1$s belongs to %2$s%3$s and PHP runs as %4$s, so it cannot write there; let %4$s write svc\'s folder (e.g. chown -R %4$s %5$s)',
			self::shown( $folder ),
			self::user( $owner ),
			false === $mode ? '' : sprintf( ' (mode %o)', $mode & 0777 ),
			self::user( $php ),
			self::shown( self::svc_root( $folder ) )
		);
	}

	private static function user( int $uid ): string {
		$entry = function_exists( 'posix_getpwuid' ) ? posix_getpwuid( $uid ) : false;
		return is_array( $entry ) ? $entry['name'] : 'uid ' . $uid;
	}

	/** wp-content/svc/…: the path as the site's owner sees it, not the server's absolute one. */
	private static function shown( string $path ): string {
		$base = defined( 'WP_CONTENT_DIR' ) ? dirname( WP_CONTENT_DIR ) . '/' : '';
		return '' !== $base && str_starts_with( $path, $base ) ? substr( $path, strlen( $base ) ) : $path;
	}

	private static function svc_root( string $folder ): string {
		$root = defined( 'WP_CONTENT_DIR' ) ? WP_CONTENT_DIR . '/svc' : '';
		return '' !== $root && str_starts_with( $folder, $root ) ? $root : $folder;
	}
}
