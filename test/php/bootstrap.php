<?php
/**
 * PHPUnit bootstrap. Pure units (test/php/unit/) need only the plugin's autoloader; tests under
 * test/php/wordpress/ run inside a real WordPress: scripts/test.ts starts a site and passes its
 * directory in SVC_WP_DIR, and this file loads it like wp-cli would.
 */

declare(strict_types=1);

require_once dirname( __DIR__, 2 ) . '/plugin/src/Autoloader.php';
require_once __DIR__ . '/PhpBinary.php';
\Svc\Autoloader::register( 'Svc\\', dirname( __DIR__, 2 ) . '/plugin/src' );

$svc_wp_dir = getenv( 'SVC_WP_DIR' );
if ( is_string( $svc_wp_dir ) && '' !== $svc_wp_dir ) {
	$_SERVER['HTTP_HOST']   = '127.0.0.1';
	$_SERVER['REQUEST_URI'] = '/';
	require_once $svc_wp_dir . '/wp-load.php';
}
if ( ! function_exists( '__' ) ) {
	// Pure units reach Reasons, whose texts are translatable: outside WordPress they are the English.
	function __( string $text, string $domain = 'default' ): string { // phpcs:ignore
		return $text;
	}
}
if ( ! function_exists( '_n' ) ) {
	// The refusal table's plural messages, likewise.
	function _n( string $single, string $plural, int $number, string $domain = 'default' ): string { // phpcs:ignore
		return 1 === $number ? $single : $plural;
	}
}
if ( ! function_exists( 'get_temp_dir' ) ) {
	// The syntax check writes its copies there; outside WordPress, the system's temporary directory.
	function get_temp_dir(): string { // phpcs:ignore
		return rtrim( sys_get_temp_dir(), '/' ) . '/';
	}
}
