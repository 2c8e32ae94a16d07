<?php
/**
 * PSR-4 autoloader for the plugin's own classes and for the site's shared `SvcLib\` code.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc;

/**
 * Maps a namespace prefix to a directory, PSR-4 style. The plugin ships no Composer runtime, so this
 * is its own loader; the same class serves `wp-content/svc/lib/` under `SvcLib\`.
 */
final class Autoloader {

	/**
	 * Registers a loader for one prefix.
	 *
	 * @param string $prefix    Namespace prefix with trailing backslash, e.g. `Svc\`.
	 * @param string $directory Directory holding the prefix's root.
	 * @param bool   $complete  Whether every class of the prefix that exists has its file there (the
	 *                          plugin's own): the file is included without first asking the disk
	 *                          whether it is there, a stat per class that cost a served route more
	 *                          than the includes themselves. A name without a file stays undefined.
	 */
	public static function register( string $prefix, string $directory, bool $complete = false ): void {
		$directory = rtrim( $directory, '/' ) . '/';
		$length    = strlen( $prefix );
		spl_autoload_register(
			static function ( string $class_name ) use ( $prefix, $length, $directory, $complete ): void {
				if ( 0 !== strncmp( $class_name, $prefix, $length ) ) {
					return;
				}
				$relative = substr( $class_name, $length );
				// A class name never holds a dot; refusing one keeps a crafted name from leaving the directory.
				if ( '' === $relative || str_contains( $relative, '.' ) ) {
					return;
				}
				$file = $directory . str_replace( '\\', '/', $relative ) . '.php';
				if ( $complete ) {
					// A guessed name (class_exists() of one) has no file: left undefined, as by is_file() below.
					@include_once $file; // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged
					return;
				}
				if ( is_file( $file ) ) {
					require_once $file;
				}
			}
		);
	}
}
