<?php
/**
 * What svc does when it is activated or deactivated, on one site or on every site of a network.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc;

use Svc\EarlyCache\Activation;
use Svc\Network\SiteScope;
use Svc\Schedules\Reconciler;
use Svc\Settings\RouteNamespace;

/**
 * Each site of a network has its own options (the route namespace, the early cache's serial, the
 * reconciled schedules): WordPress calls the hooks once, in the main site, also for a network-wide
 * switch, so the per-site half runs for every site of the network then. Left on the main site
 * only, a network deactivation would leave every other site's stored answers served by a drop-in
 * that outlives the plugin and its cron events firing into nothing. The drop-in is one per node.
 */
final class PluginSwitch {

	/**
	 * @internal Activation hook.
	 */
	public static function activate( bool $network_wide = false ): void {
		self::each_site(
			$network_wide,
			static function (): void {
				RouteNamespace::store_default();
				Activation::start_site();
			}
		);
		Activation::install();
	}

	/**
	 * @internal Deactivation hook.
	 */
	public static function deactivate( bool $network_wide = false ): void {
		self::each_site(
			$network_wide,
			static function (): void {
				Activation::stop_site();
				// A deactivated plugin's events would fire into nothing; reactivation schedules them again.
				Reconciler::forget();
			}
		);
		Activation::remove();
	}

	/**
	 * @param callable(): void $work
	 */
	private static function each_site( bool $network_wide, callable $work ): void {
		foreach ( self::sites( $network_wide ) as $blog_id ) {
			( new SiteScope( $blog_id ) )->run( $work );
		}
	}

	/**
	 * @return list<int>
	 */
	private static function sites( bool $network_wide ): array {
		if ( ! $network_wide || ! is_multisite() ) {
			return array( get_current_blog_id() );
		}
		// Every site of this network (number 0: all of them, not the first hundred).
		$ids = get_sites(
			array(
				'fields'     => 'ids',
				'number'     => 0,
				'network_id' => get_current_network_id(),
			)
		);
		return array_values( array_map( 'intval', $ids ) );
	}
}
