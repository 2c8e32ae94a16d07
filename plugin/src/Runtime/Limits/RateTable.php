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

	/** 2: the table-full option always exists, so reading it never costs a query (see ensure()). */
	public const VERSION        = '2';
	public const VERSION_OPTION = 'svc_rate_db_version';

	/** Rows the table may hold (a few MB); filter `svc_rate_limit_max_rows` changes it. */
	public const MAX_ROWS = 100000;
	/**
	 * Set while the table holds MAX_ROWS rows or more: new clients share their route's bucket. A site's
	 * own option (autoloaded, so reading it costs no query) although a network shares the table: each
	 * site learns the table is full at its own next measure.
	 */
	public const FULL_OPTION = 'svc_rate_full';

	public static function name(): string {
		global $wpdb;
		return $wpdb->base_prefix . 'svc_rate_limits';
	}

	/**
	 * Creates the table when the plugin's schema is newer than the site's; an autoloaded option read otherwise.
	 *
	 * Also adds FULL_OPTION as '0': get_option() answers an option that exists only from the autoloaded
	 * ones, but asks the database for a missing one on every request (WordPress remembers the miss for
	 * that request only, unless the site has a persistent object cache). Absent, it cost every counted
	 * request a second query.
	 */
	public static function ensure(): void {
		if ( self::VERSION === get_option( self::VERSION_OPTION ) ) {
			return;
		}
		add_option( self::FULL_OPTION, '0', '', true );
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
	 * Whether the table was full when it was last measured (an autoloaded option: no query).
	 */
	public static function full(): bool {
		return '1' === get_option( self::FULL_OPTION );
	}

	/**
	 * Counts the rows (after RateCounter deleted past windows' rows) and records whether the table is full.
	 */
	public static function measure(): void {
		global $wpdb;
		$rows = $wpdb->get_var( 'SELECT COUNT(*) FROM ' . self::name() ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared,WordPress.DB.DirectDatabaseQuery -- table name only.
		if ( null === $rows ) {
			return;
		}
		$cap  = (int) apply_filters( 'svc_rate_limit_max_rows', self::MAX_ROWS );
		$full = (int) $rows >= max( 1, $cap );
		if ( self::full() !== $full ) {
			// Written only when it changes: the option is read by every counted request.
			update_option( self::FULL_OPTION, $full ? '1' : '0', true );
		}
	}

	/**
	 * For uninstall.
	 */
	public static function drop(): void {
		global $wpdb;
		$wpdb->query( 'DROP TABLE IF EXISTS ' . self::name() ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared,WordPress.DB.DirectDatabaseQuery,WordPress.DB.DirectDatabaseQuery.SchemaChange -- table name only.
		delete_option( self::VERSION_OPTION );
		delete_option( self::FULL_OPTION );
	}
}
