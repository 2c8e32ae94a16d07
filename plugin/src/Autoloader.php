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
	 */
	public static function register( string $prefix, string $directory ): void {
		$directory = rtrim( $directory, '/' ) . '/';
		$length    = strlen( $prefix );
		spl_autoload_register(
			static function ( string $class_name ) use ( $prefix, $length, $directory ): void {
				if ( 0 !== strncmp( $class_name, $prefix, $length ) ) {
					return;
				}
				$relative = substr( $class_name, $length );
				// A class name never holds a dot; refusing one keeps a crafted name from leaving the directory.
				if ( '' === $relative || str_contains( $relative, '.' ) ) {
					return;
				}
				$file = $directory . str_replace( '\\', '/', $relative ) . '.php';
				if ( is_file( $file ) ) {
					require_once $file;
				}
			}
		);
	}
}
