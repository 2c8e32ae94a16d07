<?php
/**
 * The table rate-limit counters are kept in when the site has no persistent object cache.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Runtime\Limits;

/**
 * One row per client, route and window. A row is counted up by one atomic statement, so the limit
 * holds across PHP workers and web nodes sharing the database; rows of past windows are deleted
 * now and then by RateCounter.
 */
final class RateTable {

	public const VERSION        = '1';
	public const VERSION_OPTION = 'svc_rate_db_version';

	public static function name(): string {
		global $wpdb;
		return $wpdb->base_prefix . 'svc_rate_limits';
	}

	/**
	 * Creates the table when the plugin's schema is newer than the site's; an autoloaded option read otherwise.
	 */
	public static function ensure(): void {
		if ( self::VERSION === get_option( self::VERSION_OPTION ) ) {
			return;
		}
		global $wpdb;
		require_once ABSPATH . 'wp-admin/includes/upgrade.php'; // @phpstan-ignore requireOnce.fileNotFound (WordPress's own file, there at run time)
		dbDelta(
			'CREATE TABLE ' . self::name() . " (
  bucket char(32) NOT NULL,
  expires bigint unsigned NOT NULL,
  hits int unsigned NOT NULL DEFAULT 0,
  PRIMARY KEY  (bucket),
  KEY expires (expires)
) {$wpdb->get_charset_collate()};"
		);
		update_option( self::VERSION_OPTION, self::VERSION, true );
	}

	/**
	 * For uninstall.
	 */
	public static function drop(): void {
		global $wpdb;
		$wpdb->query( 'DROP TABLE IF EXISTS ' . self::name() ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared,WordPress.DB.DirectDatabaseQuery,WordPress.DB.DirectDatabaseQuery.SchemaChange -- table name only.
		delete_option( self::VERSION_OPTION );
	}
}
