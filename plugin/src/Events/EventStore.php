<?php
/**
 * Reads and appends events; keeps only the latest ones.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Events;

/**
 * Bounded: each append removes what falls out of the last `svc_events_keep` (default 1,000), by
 * primary key, so the table never grows without bound and the cost of an append stays constant.
 *
 * @phpstan-type Event array{id: int, created: int, type: string, slug: ?string, user_id: int, message: string, data: array<string, mixed>}
 */
final class EventStore {

	public const KEEP = 1000;

	public static function keep(): int {
		return max( 1, (int) apply_filters( 'svc_events_keep', self::KEEP ) );
	}

	/**
	 * @param array<string, mixed> $data
	 */
	public function append( string $type, ?string $slug, string $message, array $data, int $user_id ): void {
		global $wpdb;
		EventTable::ensure();
		// An event is never worth breaking the answer it happens in: a database error stays out of it.
		$suppressed = $wpdb->suppress_errors( true );
		$inserted   = $wpdb->insert( // phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery
			EventTable::name(),
			array(
				'created' => (int) round( microtime( true ) * 1000 ),
				'type'    => $type,
				'slug'    => $slug,
				'user_id' => $user_id,
				'message' => $message,
				'data'    => (string) wp_json_encode( (object) $data ),
			),
			array( '%d', '%s', '%s', '%d', '%s', '%s' )
		);
		if ( false !== $inserted ) {
			$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . EventTable::name() . ' WHERE id <= %d', (int) $wpdb->insert_id - self::keep() ) ); // phpcs:ignore WordPress.DB.PreparedSQL,WordPress.DB.DirectDatabaseQuery
		}
		$wpdb->suppress_errors( $suppressed );
	}

	/**
	 * Removes the `release` event of release $id (a release withdrawn in the transaction that calls this).
	 */
	public function forget_release( int $id ): void {
		global $wpdb;
		EventTable::ensure();
		// The data column is the event's fields as JSON, `release` first (Deployer::emit).
		$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . EventTable::name() . " WHERE type = 'release' AND data LIKE %s", $wpdb->esc_like( sprintf( '{"release":%d,', $id ) ) . '%' ) ); // phpcs:ignore WordPress.DB.PreparedSQL,WordPress.DB.DirectDatabaseQuery
	}

	/**
	 * Events with after < id < before (either bound optional) and created at or after $since_ms,
	 * newest first, at most $limit.
	 *
	 * @return list<Event>
	 */
	public function page( ?int $before, ?int $after, ?int $since_ms, int $limit ): array {
		global $wpdb;
		EventTable::ensure();
		$where = array( '1=1' );
		$args  = array();
		if ( null !== $before ) {
			$where[] = 'id < %d';
			$args[]  = $before;
		}
		if ( null !== $after ) {
			$where[] = 'id > %d';
			$args[]  = $after;
		}
		if ( null !== $since_ms ) {
			$where[] = 'created >= %d';
			$args[]  = $since_ms;
		}
		$args[] = $limit;
		$rows   = (array) $wpdb->get_results( $wpdb->prepare( 'SELECT * FROM ' . EventTable::name() . ' WHERE ' . implode( ' AND ', $where ) . ' ORDER BY id DESC LIMIT %d', $args ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL,WordPress.DB.DirectDatabaseQuery
		$events = array();
		foreach ( $rows as $row ) {
			$data     = json_decode( (string) $row['data'], true );
			$events[] = array(
				'id'      => (int) $row['id'],
				'created' => (int) $row['created'],
				'type'    => (string) $row['type'],
				'slug'    => null === $row['slug'] ? null : (string) $row['slug'],
				'user_id' => (int) $row['user_id'],
				'message' => (string) $row['message'],
				'data'    => is_array( $data ) ? $data : array(),
			);
		}
		return $events;
	}

	/**
	 * The newest event's id; 0 when there is none.
	 */
	public function latest_id(): int {
		global $wpdb;
		EventTable::ensure();
		return (int) $wpdb->get_var( 'SELECT MAX(id) FROM ' . EventTable::name() ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared,WordPress.DB.DirectDatabaseQuery
	}
}
