<?php
/**
 * Counts a client's requests in a window, atomically across PHP workers.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Runtime\Limits;

use Svc\EarlyCache\ObjectCacheStore;
use Svc\Support\Log;

/**
 * In the persistent object cache when the site has one (Redis, Memcached: `incr` is atomic there and
 * the key expires with its window, and the cache's own memory limit bounds it; with Redis Object
 * Cache's drop-in, through its Redis client, whose INCR is), else in RateTable. When counting fails
 * (the database is down) the request is let through: a rate limit is not worth failing a route that
 * would work.
 *
 * The table holds at most RateTable::MAX_ROWS rows of live windows. At the cap, a client that has no
 * row yet is counted in its route's shared bucket (one row per route and window) until old windows
 * end: the limit still holds for the route as a whole. Failing open would hand unlimited requests to
 * exactly the client that filled the table; refusing every new client would let one client shut
 * everyone else out of every limited route for a window. Clients already counted keep their budget.
 */
final class RateCounter {

	private const GROUP = 'svc_rate';

	/** One request in this many deletes the rows of past windows: the table stays small without a cron event. */
	private const CLEAN_ONE_IN = 50;

	/**
	 * The count of this bucket's requests, this one included; 0 when it could not be counted.
	 *
	 * @param string $bucket  A short key naming client, route and window.
	 * @param string $shared  The key of the route and window alone: where new clients are counted while the table is full.
	 * @param int    $expires When the window ends (Unix time).
	 */
	public function hit( string $bucket, string $shared, int $expires ): int {
		if ( wp_using_ext_object_cache() ) {
			return $this->in_cache( $bucket, $expires );
		}
		// Before full(): it makes the option full() reads.
		RateTable::ensure();
		if ( RateTable::full() ) {
			$hits = $this->counted_before( $bucket );
			if ( null !== $hits ) {
				return $hits;
			}
			$bucket = $shared;
		}
		return $this->in_table( $bucket, $expires );
	}

	/**
	 * The bucket's count after this request when it has a row already, else null (no row is added).
	 */
	private function counted_before( string $bucket ): ?int {
		global $wpdb;
		$table = RateTable::name();
		$done  = $wpdb->query( $wpdb->prepare( "UPDATE {$table} SET hits = LAST_INSERT_ID(hits + 1) WHERE bucket = %s", $bucket ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared,WordPress.DB.DirectDatabaseQuery -- table name only; a counter is never cached.
		if ( false === $done || 1 !== (int) $wpdb->rows_affected ) {
			return null;
		}
		// wpdb reads insert_id after INSERT alone: LAST_INSERT_ID() is this connection's own value.
		return (int) $wpdb->get_var( 'SELECT LAST_INSERT_ID()' ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- a counter is never cached.
	}

	private function in_cache( string $bucket, int $expires ): int {
		$ttl   = max( 1, $expires - time() );
		$redis = ObjectCacheStore::redis_client();
		if ( null !== $redis ) {
			// Redis Object Cache's wp_cache_incr() is a GET then a SET that returns true, not the count,
			// and drops the key's expiry: its Redis client counts atomically instead.
			global $wp_object_cache;
			$key  = (string) $wp_object_cache->build_key( $bucket, self::GROUP );
			$hits = $redis->incr( $key );
			if ( 1 === $hits ) {
				$redis->expire( $key, $ttl );
			}
			return is_int( $hits ) ? $hits : $this->in_table( $bucket, $expires );
		}
		// add() is a no-op when the key exists, so the first request of a window and the others agree.
		wp_cache_add( $bucket, 0, self::GROUP, $ttl );
		$hits = wp_cache_incr( $bucket, 1, self::GROUP );
		if ( false === $hits ) {
			// Evicted between add and incr: start over (one request may go uncounted, never refused wrongly).
			wp_cache_set( $bucket, 1, self::GROUP, $ttl );
			return 1;
		}
		return (int) $hits;
	}

	private function in_table( string $bucket, int $expires ): int {
		global $wpdb;
		RateTable::ensure();
		$table = RateTable::name();
		// One statement counts and returns the count: LAST_INSERT_ID(expr) hands the updated value
		// back to this connection alone (as insert_id), so two workers never read each other's.
		$done = $wpdb->query( $wpdb->prepare( "INSERT INTO {$table} (bucket, expires, hits) VALUES (%s, %d, 1) ON DUPLICATE KEY UPDATE hits = LAST_INSERT_ID(hits + 1)", $bucket, $expires ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared,WordPress.DB.DirectDatabaseQuery -- table name only; a counter is never cached.
		if ( false === $done ) {
			Log::api( sprintf( 'a rate limit could not be counted, so the request was let through: %s', $wpdb->last_error ) );
			return 0;
		}
		$hits = 1 === (int) $wpdb->rows_affected ? 1 : (int) $wpdb->insert_id;
		if ( 1 === wp_rand( 1, self::CLEAN_ONE_IN ) ) {
			$wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE expires < %d LIMIT 1000", time() ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared,WordPress.DB.DirectDatabaseQuery -- table name only.
			RateTable::measure();
		}
		return $hits;
	}
}
