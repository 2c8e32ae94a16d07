<?php
/**
 * The database table events are kept in.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Events;

/**
 * A table of its own (not an option): appending is one INSERT whatever the history's size, and
 * concurrent requests never overwrite each other's events as a read-modify-write of one option would.
 */
final class EventTable {

	public const VERSION        = '1';
	public const VERSION_OPTION = 'svc_events_db_version';

	public static function name(): string {
		global $wpdb;
		return $wpdb->prefix . 'svc_events';
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
  id bigint unsigned NOT NULL AUTO_INCREMENT,
  created bigint unsigned NOT NULL,
  type varchar(32) NOT NULL,
  slug varchar(255) DEFAULT NULL,
  user_id bigint unsigned NOT NULL DEFAULT 0,
  message text NOT NULL,
  data text NOT NULL,
  PRIMARY KEY  (id)
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
		delete_option( Recorder::FAILING_OPTION );
	}
}
