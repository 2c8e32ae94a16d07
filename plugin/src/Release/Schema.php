<?php
/**
 * The database tables releases live in.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Release;

/**
 * Releases live in the database the site already runs on: it is transactional (a release becomes
 * active in one commit, or not at all), it survives a PHP worker killed at any moment, and every web
 * node of a site reads the same one. Contents are stored once, by hash, however many releases use them.
 */
final class Schema {

	public const VERSION        = '9';
	public const VERSION_OPTION = 'svc_db_version';

	public static function blobs(): string {
		global $wpdb;
		return $wpdb->prefix . 'svc_blobs';
	}

	public static function releases(): string {
		global $wpdb;
		return $wpdb->prefix . 'svc_releases';
	}

	/**
	 * Creates or upgrades the tables when the plugin's schema is newer than the site's (also after an
	 * update that ran no activation hook). Costs an autoloaded option read when nothing is to do.
	 */
	public static function ensure(): void {
		if ( self::VERSION === get_option( self::VERSION_OPTION ) ) {
			return;
		}
		global $wpdb;
		require_once ABSPATH . 'wp-admin/includes/upgrade.php'; // @phpstan-ignore requireOnce.fileNotFound (WordPress's own file, there at run time)
		$charset = $wpdb->get_charset_collate();
		// Contents are base64 text: any bytes travel through wpdb's text handling unchanged. `awaiting`
		// holds every column the stage cap's sum reads (BlobStore::staged()), which every staging
		// request asks: without it each request read every staged row's content, megabytes that grew
		// with each push staged and cost the database more than the INSERT (figure d). `scanned`: what
		// the lexical checks said of the content, under which rules (Validation\ScanVerdict; version 9).
		dbDelta(
			array(
				'CREATE TABLE ' . self::blobs() . " (
  hash char(64) NOT NULL,
  size int unsigned NOT NULL,
  content longtext NOT NULL,
  created bigint unsigned NOT NULL,
  class_name varchar(255) DEFAULT NULL,
  checked_on varchar(16) DEFAULT NULL,
  scanned text DEFAULT NULL,
  released tinyint unsigned NOT NULL DEFAULT 0,
  staged bigint unsigned NOT NULL DEFAULT 0,
  awaited tinyint unsigned NOT NULL DEFAULT 0,
  PRIMARY KEY  (hash),
  KEY released (released),
  KEY awaiting (released,awaited,staged,size)
) {$charset};",
				'CREATE TABLE ' . self::releases() . " (
  id bigint unsigned NOT NULL AUTO_INCREMENT,
  created bigint unsigned NOT NULL,
  user_id bigint unsigned NOT NULL DEFAULT 0,
  kind varchar(16) NOT NULL,
  rollback_of bigint unsigned DEFAULT NULL,
  files longtext NOT NULL,
  summary longtext NOT NULL,
  user_login varchar(60) NOT NULL DEFAULT '',
  message text DEFAULT NULL,
  preview_token char(64) DEFAULT NULL,
  preview_base bigint unsigned DEFAULT NULL,
  expires bigint unsigned DEFAULT NULL,
  commit_id varchar(64) DEFAULT NULL,
  PRIMARY KEY  (id),
  KEY preview_token (preview_token),
  UNIQUE KEY commit_id (commit_id)
) {$charset};",
			)
		);
		// Contents from before `staged` existed: last staged when stored, awaited by no push (so an
		// upgrade frees a cap that contents of pruned releases filled, after the usual grace).
		$wpdb->query( 'UPDATE ' . self::blobs() . ' SET staged = created WHERE staged = 0' ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared,WordPress.DB.DirectDatabaseQuery -- table name only.
		update_option( self::VERSION_OPTION, self::VERSION, true );
	}

	/**
	 * For uninstall: the tables and the options that point into them.
	 */
	public static function drop(): void {
		global $wpdb;
		$wpdb->query( 'DROP TABLE IF EXISTS ' . self::blobs() . ', ' . self::releases() ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared,WordPress.DB.DirectDatabaseQuery -- table names only.
		delete_option( self::VERSION_OPTION );
		delete_option( ReleaseStore::ACTIVE_OPTION );
		NodeReports::drop();
		NodeCounts::drop();
	}
}
