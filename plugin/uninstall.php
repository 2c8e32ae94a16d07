<?php
/**
 * Runs when the plugin is deleted from wp-admin: removes everything svc stored on the site.
 *
 * Deactivation keeps the route files; only deleting the plugin removes `wp-content/svc/`.
 *
 * @package Svc
 */

declare(strict_types=1);

if ( ! defined( 'WP_UNINSTALL_PLUGIN' ) ) {
	exit;
}

delete_option( 'svc_api_namespace' );

// The stored releases and their contents (the tables and the options pointing into them).
require_once __DIR__ . '/src/Autoloader.php';
\Svc\Autoloader::register( 'Svc\\', __DIR__ . '/src' );
\Svc\Release\Schema::drop();
\Svc\Events\EventTable::drop();
\Svc\Runtime\Limits\RateTable::drop();

$svc_root = WP_CONTENT_DIR . '/svc';
if ( is_dir( $svc_root ) && ! is_link( $svc_root ) ) {
	$svc_items = new RecursiveIteratorIterator(
		new RecursiveDirectoryIterator( $svc_root, FilesystemIterator::SKIP_DOTS ),
		RecursiveIteratorIterator::CHILD_FIRST
	);
	foreach ( $svc_items as $svc_item ) {
		// A link is removed, never followed: nothing outside wp-content/svc/ is touched.
		if ( $svc_item->isDir() && ! $svc_item->isLink() ) {
			rmdir( $svc_item->getPathname() );
		} else {
			unlink( $svc_item->getPathname() );
		}
	}
	rmdir( $svc_root );
}
