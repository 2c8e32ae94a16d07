<?php
/**
 * The early cache when svc is activated, deactivated and deleted.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

/**
 * Activated: svc's drop-in is installed where there is none and WP_CACHE is on already (else the
 * administrator turns the early cache on, which installs it) and a new serial makes every index
 * published before stale.
 * Deactivated: the serial is off, so no node serves a stored answer (a node's drop-in may outlive
 * the plugin on that node's disk), and this node's drop-in goes. Deleted: the drop-in and the
 * options go; the indexes and answers on disk go with `wp-content/svc`. The site halves run for
 * each site a (network-wide) switch covers, the drop-in halves once (`Svc\PluginSwitch`).
 */
final class Activation {

	/** For the current site. */
	public static function start_site(): void {
		Purges::renew();
	}

	/** For the current site. */
	public static function stop_site(): void {
		Purges::off();
		Publisher::share_stamp( IndexStamp::OFF );
	}

	public static function install(): void {
		// Only where WP_CACHE is on already (EntryPoint::decide()): otherwise on the administrator's word.
		if ( DropIn::decision()['install'] ) {
			DropIn::install();
		}
	}

	public static function remove(): void {
		DropIn::remove();
	}

	/** For each site, from uninstall.php. */
	public static function forget(): void {
		Purges::forget();
	}
}
