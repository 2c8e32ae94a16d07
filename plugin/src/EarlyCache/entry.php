<?php
/**
 * svc's early entry script: required by svc's advanced-cache.php (DropInSource) before WordPress
 * loads its plugins and theme. A REST request for a cached public route is answered here from the
 * store; anything else returns to WordPress at once, having loaded nothing but the route index.
 *
 * @package Svc
 */

declare(strict_types=1);

defined( 'ABSPATH' ) || exit;

// The drop-in outlives a deactivated plugin until its uninstaller runs: svc's kill switch still holds.
if ( version_compare( (string) phpversion(), '8.1', '<' ) || ( defined( 'SVC_DISABLE' ) && SVC_DISABLE ) || 'cli' === PHP_SAPI || ! defined( 'WP_CONTENT_DIR' ) ) {
	return;
}

( static function (): void {
	require_once __DIR__ . '/../Autoloader.php';
	\Svc\Autoloader::register( 'Svc\\EarlyCache\\', __DIR__ );
	$directory = WP_CONTENT_DIR . '/svc/early-cache';
	$index     = ( new \Svc\EarlyCache\IndexFile( $directory . '/index' ) )->read();
	if ( null === $index ) {
		return;
	}
	$scope  = is_string( $_SERVER['HTTP_HOST'] ?? null ) ? strtolower( $_SERVER['HTTP_HOST'] ) : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- only hashed into a key.
	$store  = \Svc\EarlyCache\StoreChoice::early( $directory . '/answers' );
	$lookup = new \Svc\EarlyCache\Lookup( $store, $index, $scope );
	// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- read to decide whether the request is anyone's; a request with a nonce is never served here.
	if ( \Svc\EarlyCache\EarlyServer::run( $store, $lookup, $_SERVER, $_COOKIE, $_GET ) ) {
		exit;
	}
} )();
