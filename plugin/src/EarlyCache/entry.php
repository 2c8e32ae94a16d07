<?php
/**
 * svc's early entry script: required by svc's advanced-cache.php (DropInSource) before WordPress
 * loads its plugins and theme, or by svc's plugin file as it loads when that drop-in is not in use.
 * A REST request for a cached public route is answered here from the store; anything else returns
 * to WordPress at once, having read nothing but the route index of the request's site.
 *
 * @package Svc
 */

declare(strict_types=1);

defined( 'ABSPATH' ) || exit;

// Once per request: the plugin file does not run it again after the drop-in did.
// The drop-in outlives a deactivated plugin until its uninstaller runs: svc's kill switch still holds.
if ( defined( 'SVC_EARLY_CACHE_RAN' ) || version_compare( (string) phpversion(), '8.1', '<' ) || ( defined( 'SVC_DISABLE' ) && SVC_DISABLE ) || 'cli' === PHP_SAPI || ! defined( 'WP_CONTENT_DIR' ) ) {
	return;
}
define( 'SVC_EARLY_CACHE_RAN', true );

( static function (): void {
	// From svc.php the plugin's autoloader is there already.
	if ( ! defined( 'SVC_PLUGIN_FILE' ) ) {
		require_once __DIR__ . '/../Autoloader.php';
		\Svc\Autoloader::register( 'Svc\\EarlyCache\\', __DIR__ );
	}
	$uri = is_string( $_SERVER['REQUEST_URI'] ?? null ) ? $_SERVER['REQUEST_URI'] : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- matched against the index.
	// Not RouteIndex::request_path(): this line runs for every page WordPress serves, and RouteIndex
	// must not load for them (a front page opens no file of svc's). A rough cut is enough to tell.
	$path = strtolower( (string) strtok( $uri, '?' ) );
	$rest = function_exists( 'rest_get_url_prefix' ) ? rest_get_url_prefix() : ( defined( 'SVC_EARLY_CACHE_REST_PREFIX' ) ? (string) SVC_EARLY_CACHE_REST_PREFIX : 'wp-json' );
	// A page, wp-admin, a feed: not a REST path, so no file of svc's is read for it.
	if ( ! str_contains( $path, '/' . strtolower( trim( $rest, '/' ) ) . '/' ) ) {
		return;
	}
	$host  = is_string( $_SERVER['HTTP_HOST'] ?? null ) ? $_SERVER['HTTP_HOST'] : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- only hashed into a folder's name.
	$index = null;
	foreach ( \Svc\EarlyCache\Scope::candidates( $host, $uri ) as $scope ) {
		$index = \Svc\EarlyCache\IndexFile::of_scope( $scope )->read();
		if ( null !== $index && ( $index['scope'] ?? null ) === $scope ) {
			break;
		}
		$index = null;
	}
	if ( null === $index ) {
		return;
	}
	// The plugin publishes an index for its site when a request finds none (Publisher).
	define( 'SVC_EARLY_CACHE_INDEX', $scope );
	// And which: the plugin publishes again when it is not the one this node serves (Publisher::refresh).
	define( 'SVC_EARLY_CACHE_INDEX_STAMP', is_string( $index['stamp'] ?? null ) ? $index['stamp'] : '' );
	// Another plugin's REST route: nothing more is loaded for it.
	if ( ! str_starts_with( $path, strtolower( $index['prefix'] ) ) ) {
		return;
	}
	// A route of svc's whose answers are not kept, or a path none serves: no store is started.
	$route = \Svc\EarlyCache\RouteIndex::find( $index, \Svc\EarlyCache\RouteIndex::request_path( $uri ) );
	if ( null !== $route ) {
		// The index lists this route: the plugin then compares the index's release alone (Publisher::refresh).
		define( 'SVC_EARLY_CACHE_ROUTE', true );
	}
	if ( null === $route || null === $route['cache'] ) {
		if ( null !== $route ) {
			header( 'X-Svc-Cache: BYPASS' );
		}
		return;
	}
	// What a hit or a miss loads from here on, in one file (EarlyPath).
	\Svc\EarlyCache\EarlyPath::include( dirname( __DIR__, 2 ) . '/early-path.php' );
	$store  = \Svc\EarlyCache\StoreChoice::early();
	$stamp  = \Svc\EarlyCache\StampReader::skipped() ? null : static fn (): ?string => \Svc\EarlyCache\StampReader::current( $store, $index );
	$lookup = new \Svc\EarlyCache\Lookup( $store, $index, $scope, $stamp );
	// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- read to decide whether the request is anyone's; a request with a nonce is never served here.
	if ( \Svc\EarlyCache\EarlyServer::run( $store, $lookup, $_SERVER, $_COOKIE, $_GET ) ) {
		exit;
	}
} )();
