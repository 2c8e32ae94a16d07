<?php
/**
 * The early cache's hits and misses over every web node when each counts on its own disk.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\Release;

use Svc\EarlyCache\AnswerStore;
use Svc\EarlyCache\CountTotals;
use Svc\EarlyCache\Folders;
use Svc\EarlyCache\HitCounts;
use Svc\EarlyCache\SiteKey;
use Svc\EarlyCache\StoreChoice;

/**
 * With a shared object cache every node counts in it, and the counters are the totals. Without one,
 * each node counts on its own disk and, at most once a minute, as WordPress ends one of svc's
 * requests on it, writes its counts to an option of its own (never autoloaded; nodes never write
 * each other's). The listing and the admin page then show this node's counts as they stand plus
 * each other node's last report (CountTotals): a node's hits reach the totals with its next request
 * that reaches WordPress (a miss, a management call) a minute or more after its last report.
 *
 * @phpstan-import-type Counts from \Svc\EarlyCache\CountTotals
 */
final class NodeCounts {

	public const PREFIX = 'svc_counts_';

	/** Seconds between two reports of a node. */
	private const EVERY = 60;

	/**
	 * Every node's counts of these routes of this site.
	 *
	 * @param list<string> $slugs Routes whose answers the early cache keeps.
	 * @return array<string, Counts>
	 */
	public static function of( AnswerStore $store, array $slugs ): array {
		$own = self::own( $store, $slugs );
		if ( $store->shared() ) {
			return $own;
		}
		return CountTotals::sum( $own, self::reports(), NodeReports::this_node(), time() - NodeReports::ttl() );
	}

	/**
	 * Writes this node's counts when its last report is a minute old or more. Told by a file's date
	 * on this node's disk, so that the requests in between ask the database nothing and build nothing.
	 *
	 * @param callable(): list<string> $slugs The routes whose answers the early cache keeps (read only when due).
	 */
	public static function report_if_due( callable $slugs ): void {
		$folder = WP_CONTENT_DIR . '/svc/early-cache';
		$marker = $folder . '/counts-reported-' . get_current_blog_id();
		$last   = @filemtime( $marker ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged
		if ( false !== $last && time() - $last < self::EVERY ) {
			return;
		}
		// Claimed first: the requests ending in the same second do not all write.
		if ( ! Folders::make( $folder ) || ! @touch( $marker ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_touch
			return;
		}
		$store = StoreChoice::in_wordpress();
		if ( $store->shared() ) {
			return;
		}
		$counts = array();
		foreach ( self::own( $store, $slugs() ) as $slug => $count ) {
			if ( 0 !== $count['hits'] || 0 !== $count['misses'] ) {
				$counts[ $slug ] = array( $count['hits'], $count['misses'] );
			}
		}
		$node = NodeReports::this_node();
		update_option(
			self::PREFIX . substr( md5( $node ), 0, 16 ),
			array(
				'node'   => $node,
				'seen'   => time(),
				'counts' => $counts,
			),
			false
		);
	}

	/** For uninstall: every node's report. */
	public static function drop(): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( self::PREFIX ) . '%' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	}

	/**
	 * @param list<string> $slugs
	 * @return array<string, Counts>
	 */
	private static function own( AnswerStore $store, array $slugs ): array {
		global $wpdb;
		$site = SiteKey::of( $wpdb->options );
		$own  = array();
		foreach ( $slugs as $slug ) {
			$own[ $slug ] = HitCounts::of( $store, $site, $slug );
		}
		return $own;
	}

	/**
	 * @return list<array{node: string, seen: int, counts: array<string, array{0: int, 1: int}>}>
	 */
	private static function reports(): array {
		global $wpdb;
		$rows    = (array) $wpdb->get_col( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( self::PREFIX ) . '%' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the other nodes' writes, past this request's cache.
		$reports = array();
		foreach ( $rows as $row ) {
			$report = CountTotals::report( maybe_unserialize( (string) $row ) );
			if ( null !== $report ) {
				$reports[] = $report;
			}
		}
		return $reports;
	}
}
