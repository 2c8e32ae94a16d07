<?php
/**
 * Router for PHP's built-in web server, standing in for the rewrite rules WordPress ships for Apache:
 * existing files are left to the server itself, everything else goes to index.php so that pretty
 * permalinks and /wp-json/ work.
 *
 * This file runs in the global scope and index.php is required from here, so WordPress's globals are
 * created where it expects them. Hence the prefixed variable names, unset before handing over.
 */

$svc_router_path = rawurldecode( (string) parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH ) );
$svc_router_file = $_SERVER['DOCUMENT_ROOT'] . $svc_router_path;

// No realpath(): the plugin directory is a symlink out of the document root and its assets must be
// served. Rejecting ".." segments is what keeps requests inside the document root instead.
$svc_router_safe = ! str_contains( '/' . $svc_router_path . '/', '/../' ) && ! str_contains( $svc_router_path, "\0" );

if ( $svc_router_safe && is_dir( $svc_router_file ) ) {
	if ( ! str_ends_with( $svc_router_path, '/' ) ) {
		// As Apache's mod_dir does: /wp-admin -> /wp-admin/, so relative links in the page resolve.
		$svc_router_query = (string) parse_url( $_SERVER['REQUEST_URI'], PHP_URL_QUERY );
		header( 'Location: ' . $svc_router_path . '/' . ( '' === $svc_router_query ? '' : '?' . $svc_router_query ), true, 301 );
		return true;
	}
	if ( is_file( $svc_router_file . 'index.php' ) ) {
		// The server maps a directory to its index.php and sets SCRIPT_NAME/PHP_SELF accordingly.
		return false;
	}
} elseif ( $svc_router_safe && is_file( $svc_router_file ) ) {
	// Static files are sent as-is; .php files are run by the server with their own SCRIPT_NAME.
	return false;
}

unset( $svc_router_path, $svc_router_file, $svc_router_safe );

// Front controller, as WordPress's .htaccess does with "RewriteRule . /index.php".
$_SERVER['SCRIPT_FILENAME'] = $_SERVER['DOCUMENT_ROOT'] . '/index.php';
$_SERVER['SCRIPT_NAME']     = '/index.php';
$_SERVER['PHP_SELF']        = '/index.php';
unset( $_SERVER['PATH_INFO'], $_SERVER['ORIG_PATH_INFO'] );

require $_SERVER['SCRIPT_FILENAME'];
