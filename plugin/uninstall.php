<?php
/**
 * Runs when the plugin is deleted from wp-admin: removes everything svc stored on the site, or on
 * every site of a network.
 *
 * Deactivation keeps the route files; only deleting the plugin removes `wp-content/svc/`.
 *
 * @package Svc
 */

declare(strict_types=1);

if ( ! defined( 'WP_UNINSTALL_PLUGIN' ) ) {
	exit;
}

require_once __DIR__ . '/src/Autoloader.php';
\Svc\Autoloader::register( 'Svc\\', __DIR__ . '/src' );

// Each site of a network has its own options and tables (its own $wpdb->prefix); number 0: all of
// them, of every network, not the first hundred.
$svc_sites = is_multisite() ? get_sites(
	array(
		'fields'     => 'ids',
		'number'     => 0,
		'network_id' => 0,
	)
) : array( get_current_blog_id() );
foreach ( $svc_sites as $svc_site ) {
	( new \Svc\Network\SiteScope( (int) $svc_site ) )->run(
		static function (): void {
			delete_option( 'svc_api_namespace' );
			// The stored releases and their contents (the tables and the options pointing into them).
			\Svc\Release\Schema::drop();
			\Svc\Events\EventTable::drop();
			// The sealed secrets (their key is never stored: it is SVC_SECRETS_KEY or the site's salts).
			delete_option( \Svc\Secrets\OptionSlot::OPTION );
			delete_option( \Svc\Secrets\OptionSlot::LOCK );
			// Each site remembers that it made the shared rate-limit table (dropped once, below).
			delete_option( \Svc\Runtime\Limits\RateTable::VERSION_OPTION );
			delete_option( \Svc\Runtime\Limits\RateTable::FULL_OPTION );
			// #[Schedule]: the events, and each schedule's last run and lock.
			\Svc\Schedules\Reconciler::forget();
			\Svc\Schedules\RunState::drop();
			\Svc\EarlyCache\Activation::forget();
		}
	);
}

// The rate-limit counters are one table for the whole network (its base prefix).
\Svc\Runtime\Limits\RateTable::drop();

// svc's advanced-cache.php (another plugin's stays); its indexes and answers are under wp-content/svc.
\Svc\EarlyCache\DropIn::remove();

// Every site's files: the other sites' trees are under wp-content/svc/sites/.
\Svc\Storage\TreeRemoval::remove( WP_CONTENT_DIR . '/svc' );
