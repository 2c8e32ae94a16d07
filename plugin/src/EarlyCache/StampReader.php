<?php
/**
 * The stamp in force, read before WordPress loads.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

/**
 * From the persistent object cache when the answers are kept there (the publisher writes it at
 * each release and purge; a node that finds it missing lets WordPress boot, which writes it again),
 * else from the database with one short query on its own connection: wpdb does not exist yet, and
 * a hit must not pay for it. Asked only for a request that names a cached route, never for a page.
 * A site with a single web node may define SVC_EARLY_CACHE_SINGLE_NODE: its index is published by
 * the node itself, so the check is skipped.
 *
 * @phpstan-import-type Index from RouteIndex
 */
final class StampReader {

	/** The stamp's key names the site as every node does (SiteKey). */
	public static function key( string $options_table ): string {
		return 'stamp-' . SiteKey::of( $options_table );
	}

	/** Whether the check is skipped: this node's index is trusted as it stands (SVC_EARLY_CACHE_SINGLE_NODE). */
	public static function skipped(): bool {
		return defined( 'SVC_EARLY_CACHE_SINGLE_NODE' ) && SVC_EARLY_CACHE_SINGLE_NODE;
	}

	/**
	 * @param Index $index
	 */
	public static function current( AnswerStore $store, array $index ): ?string {
		if ( $store->shared() ) {
			return $store->get( self::key( $index['options'] ?? '' ) );
		}
		return self::from_database( $index['options'] ?? '' );
	}

	private static function from_database( string $table ): ?string {
		if ( 1 !== preg_match( '/^[A-Za-z0-9_]{1,64}$/D', $table ) || ! defined( 'DB_HOST' ) || ! defined( 'DB_USER' ) || ! defined( 'DB_PASSWORD' ) || ! defined( 'DB_NAME' ) || ! class_exists( \mysqli::class ) ) { // phpcs:ignore WordPress.DB.RestrictedClasses.mysql__mysqli -- wpdb does not exist before WordPress loads.
			return null;
		}
		$where = DbHost::parse( (string) DB_HOST );
		if ( null === $where ) {
			return null;
		}
		try {
			$db = mysqli_init(); // phpcs:ignore WordPress.DB.RestrictedFunctions.mysql_mysqli_init -- as above.
			if ( false === $db ) {
				return null;
			}
			$db->options( MYSQLI_OPT_CONNECT_TIMEOUT, 2 );
			if ( ! @$db->real_connect( $where['host'], (string) DB_USER, (string) DB_PASSWORD, (string) DB_NAME, $where['port'], $where['socket'] ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- a failed check is a bypass, never a warning on the page.
				return null;
			}
			$result = $db->query( 'SELECT option_name, option_value FROM `' . $table . "` WHERE option_name IN ('" . IndexStamp::RELEASE_OPTION . "', '" . IndexStamp::SERIAL_OPTION . "')" );
			$rows   = array();
			if ( $result instanceof \mysqli_result ) { // phpcs:ignore WordPress.DB.RestrictedClasses.mysql__mysqli -- as above.
				foreach ( $result->fetch_all() as $row ) {
					$rows[ (string) $row[0] ] = (string) $row[1];
				}
			}
			$db->close();
			return IndexStamp::from_options( $rows );
		} catch ( \Throwable ) {
			// mysqli throws where mysqli_report() says so (PHP 8.1's default): the database is down.
			return null;
		}
	}
}
