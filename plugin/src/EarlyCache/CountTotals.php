<?php
/**
 * A route's hits and misses over every web node.
 *
 * @package Svc
 */

declare(strict_types=1);

namespace Svc\EarlyCache;

/**
 * Without a shared object cache each node counts on its disk (HitCounts), and each disk's counts are
 * reported to the database now and then (NodeCounts). A route's totals are this disk's counts as
 * they stand plus each other disk's last report, never this disk's own report (already in its live
 * counts) and never a report older than the reports' lifetime (a node gone from the pool).
 *
 * @phpstan-type Counts array{hits: int, misses: int}
 * @phpstan-type DiskReport array{disk: string, seen: int, counts: array<string, array{0: int, 1: int}>}
 */
final class CountTotals {

	/**
	 * @param array<string, Counts> $own     This disk's counts by route.
	 * @param list<DiskReport>      $reports Every disk's last report (this disk's is skipped).
	 * @return array<string, Counts> The routes of $own, each with every disk's counts.
	 */
	public static function sum( array $own, array $reports, string $this_disk, int $oldest ): array {
		$totals = $own;
		foreach ( $reports as $report ) {
			if ( $report['disk'] === $this_disk || $report['seen'] < $oldest ) {
				continue;
			}
			foreach ( $report['counts'] as $slug => $pair ) {
				if ( isset( $totals[ $slug ] ) ) {
					$totals[ $slug ]['hits']   += max( 0, $pair[0] );
					$totals[ $slug ]['misses'] += max( 0, $pair[1] );
				}
			}
		}
		return $totals;
	}

	/**
	 * A report as stored, or null when it is not one (another plugin's option, a damaged row).
	 *
	 * @return DiskReport|null
	 */
	public static function report( mixed $value ): ?array {
		if ( ! is_array( $value ) || ! is_string( $value['disk'] ?? null ) || ! is_int( $value['seen'] ?? null ) || ! is_array( $value['counts'] ?? null ) ) {
			return null;
		}
		$counts = array();
		foreach ( $value['counts'] as $slug => $pair ) {
			if ( is_string( $slug ) && is_array( $pair ) && is_int( $pair[0] ?? null ) && is_int( $pair[1] ?? null ) ) {
				$counts[ $slug ] = array( $pair[0], $pair[1] );
			}
		}
		return array(
			'disk'   => $value['disk'],
			'seen'   => $value['seen'],
			'counts' => $counts,
		);
	}
}
