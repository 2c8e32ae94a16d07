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
 * requests on it, writes its counts to an option of its own disk's (never autoloaded; no two disks
 * write each other's). The listing and the admin page then show this disk's counts as they stand
 * plus each other disk's last report (CountTotals): a node's hits reach the totals with its next
 * request that reaches WordPress (a miss, a management call) a minute or more after its last report.
 * Reports are by disk, not by node: nodes that share one wp-content (NFS) share its counters too.
 *
 * @phpstan-import-type Counts from \Svc\EarlyCache\CountTotals
 */
final class NodeCounts {

	public const PREFIX = 'svc_counts_';

	/** Seconds between two reports of a disk. */
	private const EVERY = 60;

	/**
	 * Every node's counts of these routes of this site.
	 *
	 * @param list<string> $slugs Routes whose answers the early cache keeps.
	 * @return array<string, Counts>
	 */
	public static function of( AnswerStore $store, array $slugs ): array {
		$own  = self::own( $store, $slugs );
		$disk = $store->shared() ? null : self::disk();
		if ( null === $disk ) {
			return $own;
		}
		return CountTotals::sum( $own, self::reports(), $disk, time() - NodeReports::ttl() );
	}

	/**
	 * Writes this disk's counts when its last report is a minute old or more. Told by a file's date
	 * on the disk, so that the requests in between ask the database nothing and build nothing.
	 *
	 * @param callable(): list<string> $slugs The routes whose answers the early cache keeps (read only when due).
	 */
	public static function report_if_due( callable $slugs ): void {
		$store = StoreChoice::in_wordpress();
		if ( $store->shared() ) {
			return;
		}
		$marker = self::folder() . '/counts-reported-' . get_current_blog_id();
		$last   = @filemtime( $marker ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged
		if ( false !== $last && time() - $last < self::EVERY ) {
			return;
		}
		// Claimed first: the requests ending in the same second do not all write.
		if ( ! Folders::make( self::folder() ) || ! @touch( $marker ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_touch
			return;
		}
		$disk = self::disk();
		if ( null === $disk ) {
			return;
		}
		$counts = array();
		foreach ( self::own( $store, $slugs() ) as $slug => $count ) {
			if ( 0 !== $count['hits'] || 0 !== $count['misses'] ) {
				$counts[ $slug ] = array( $count['hits'], $count['misses'] );
			}
		}
		update_option(
			self::PREFIX . substr( md5( $disk ), 0, 16 ),
			array(
				'disk'   => $disk,
				'seen'   => time(),
				'counts' => $counts,
			),
			false
		);
	}

	/** For uninstall: every disk's report. */
	public static function drop(): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( self::PREFIX ) . '%' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	}

	private static function folder(): string {
		return WP_CONTENT_DIR . '/svc/early-cache';
	}

	/**
	 * The disk the counters are on, as every node sharing it names it: a random id written once beside
	 * them, with that file's inode. Nodes sharing one wp-content (NFS) read the same file; a node made
	 * by copying another's files has a file of its own (a copy is a new inode). Null when it can be
	 * neither read nor written.
	 */
	private static function disk(): ?string {
		$file = self::folder() . '/disk-id';
		$id   = @file_get_contents( $file, false, null, 0, 64 ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents
		if ( false === $id && Folders::make( self::folder() ) ) {
			// 'x': only the first of the nodes or requests making it writes it.
			$handle = @fopen( $file, 'x' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_fopen
			if ( false !== $handle ) {
				fwrite( $handle, bin2hex( random_bytes( 16 ) ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fwrite
				fclose( $handle ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose
			}
			$id = @file_get_contents( $file, false, null, 0, 64 ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents
		}
		$inode = @fileinode( $file ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged
		if ( ! is_string( $id ) || 1 !== preg_match( '/^[0-9a-f]{32}$/D', $id ) || false === $inode ) {
			return null;
		}
		return $id . ':' . $inode;
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
	 * @return list<array{disk: string, seen: int, counts: array<string, array{0: int, 1: int}>}>
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
