<?php
/**
 * What was purged by hand, as the route index's keys need it.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

use RuntimeException;
use Svc\Support\DbLock;

/**
 * A purge makes answers unreachable rather than deleting them (a shared object cache cannot list
 * a route's keys, and each node's disk is its own): it bumps how many times the route, or every
 * route, was purged, which is part of every key of it (RouteIndex), and the serial, which is part of
 * the stamp in force (IndexStamp), so every node's index is stale until it is published again with
 * the new counts. The answers left behind expire with their lifetime.
 *
 * @phpstan-import-type PurgeCounts from RouteIndex
 */
final class Purges {

	public const OPTION = 'svc_early_cache_purges';
	private const LOCK  = 'svc_early_cache_purge_lock';

	/**
	 * @return PurgeCounts
	 */
	public static function read(): array {
		return self::counts( get_option( self::OPTION, array() ) );
	}

	/**
	 * The counts an option value holds (none when it holds no counts).
	 *
	 * @return PurgeCounts
	 */
	public static function counts( mixed $value ): array {
		$routes = is_array( $value ) && is_array( $value['routes'] ?? null ) ? $value['routes'] : array();
		return array(
			'all'    => is_array( $value ) ? max( 0, (int) ( $value['all'] ?? 0 ) ) : 0,
			'routes' => array_map( 'intval', array_filter( $routes, 'is_numeric' ) ),
		);
	}

	/** The serial in force ('0' before the first purge). */
	public static function serial(): string {
		global $wpdb;
		// Straight from the table, as the early entry point reads it: never an older cached copy.
		$value = $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", IndexStamp::SERIAL_OPTION ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		return is_string( $value ) ? $value : '0';
	}

	/**
	 * Purges the named routes, or every route when $slugs is null.
	 *
	 * @param list<string>|null $slugs
	 * @throws RuntimeException When the purge could not be recorded: nothing was purged.
	 */
	public static function purge( ?array $slugs ): void {
		$lock = DbLock::wait( self::LOCK, 10, 10 );
		if ( null === $lock ) {
			throw new RuntimeException( 'another purge is running' );
		}
		try {
			$purges = self::read();
			if ( null === $slugs ) {
				$purges = array(
					'all'    => ( $purges['all'] ?? 0 ) + 1,
					'routes' => array(),
				);
			} else {
				foreach ( $slugs as $slug ) {
					$purges['routes'][ $slug ] = ( $purges['routes'][ $slug ] ?? 0 ) + 1;
				}
			}
			update_option( self::OPTION, $purges, false );
			self::bump();
		} finally {
			$lock->release();
		}
	}

	/**
	 * While svc is deactivated no node's index matches: nothing is served early. The count is kept
	 * (`off:<count>`), so that renew() goes past every serial an index was published with.
	 */
	public static function off(): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( "INSERT INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'no') ON DUPLICATE KEY UPDATE option_value = IF(option_value REGEXP '^[0-9]{1,17}$', CONCAT(%s, option_value), IF(option_value REGEXP '^off:[0-9]{1,17}$', option_value, VALUES(option_value)))", IndexStamp::SERIAL_OPTION, IndexStamp::OFF . ':0', IndexStamp::OFF . ':' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		wp_cache_delete( IndexStamp::SERIAL_OPTION, 'options' );
	}

	/**
	 * A new serial, which no index published before matches, so every node publishes again on its
	 * next request for one of svc's routes: on activation, and when something every index carries
	 * changed (the route namespace).
	 */
	public static function renew(): void {
		self::bump();
	}

	/** Forgets every purge (uninstall). */
	public static function forget(): void {
		delete_option( self::OPTION );
		delete_option( IndexStamp::SERIAL_OPTION );
	}

	private static function bump(): void {
		global $wpdb;
		// One statement: two purges at once both count. After off() (deactivated) the count goes on from
		// where it stood: an index published before (another node's, or this one's) never matches again.
		// A first serial is the time in milliseconds, not 1: after an uninstall and a new install, the
		// index files another node kept on its own disk were published with serials this one never reaches.
		$first = (string) (int) floor( microtime( true ) * 1000 );
		$done  = $wpdb->query( $wpdb->prepare( "INSERT INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'no') ON DUPLICATE KEY UPDATE option_value = IF(option_value REGEXP '^[0-9]{1,17}$', CAST(option_value AS UNSIGNED) + 1, IF(option_value REGEXP '^off:[0-9]{1,17}$', CAST(SUBSTRING(option_value, 5) AS UNSIGNED) + 1, VALUES(option_value)))", IndexStamp::SERIAL_OPTION, $first ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		wp_cache_delete( IndexStamp::SERIAL_OPTION, 'options' );
		if ( false === $done ) {
			throw new RuntimeException( esc_html( $wpdb->last_error ) );
		}
	}
}
