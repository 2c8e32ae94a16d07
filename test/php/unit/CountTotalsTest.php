<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\EarlyCache\CountTotals;

final class CountTotalsTest extends TestCase {

	private const NOW = 1_700_000_000;

	/** @return array{disk: string, seen: int, counts: array<string, array{0: int, 1: int}>} */
	private static function report( string $node, int $seen, array $counts ): array {
		return array(
			'disk'   => $node,
			'seen'   => $seen,
			'counts' => $counts,
		);
	}

	public function test_a_route_s_totals_are_this_disk_s_live_counts_and_each_other_disk_s_last_report(): void {
		$own     = array(
			'hello' => array(
				'hits'   => 2,
				'misses' => 1,
			),
			'quiet' => array(
				'hits'   => 0,
				'misses' => 0,
			),
		);
		$reports = array(
			// This disk's own report is already in its live counts (nodes sharing one wp-content share it).
			self::report( 'a', self::NOW, array( 'hello' => array( 100, 100 ) ) ),
			self::report( 'b', self::NOW - 30, array( 'hello' => array( 3, 1 ), 'removed' => array( 9, 9 ) ) ),
			self::report( 'c', self::NOW - 10, array( 'hello' => array( 5, 0 ) ) ),
			// Not heard of within the reports' lifetime: a node gone from the pool.
			self::report( 'gone', self::NOW - 90_000, array( 'hello' => array( 1_000, 1_000 ) ) ),
		);
		$this->assertSame(
			array(
				'hello' => array(
					'hits'   => 10,
					'misses' => 2,
				),
				'quiet' => array(
					'hits'   => 0,
					'misses' => 0,
				),
			),
			CountTotals::sum( $own, $reports, 'a', self::NOW - 86_400 )
		);
	}

	public function test_a_stored_report_is_read_only_as_svc_wrote_one(): void {
		$this->assertSame( self::report( 'b', 5, array( 'hello' => array( 3, 1 ) ) ), CountTotals::report( self::report( 'b', 5, array( 'hello' => array( 3, 1 ), 'bad' => array( '3', 1 ), 7 => array( 1, 1 ), 'short' => array( 1 ) ) ) ) );
		$this->assertNull( CountTotals::report( 'a string' ) );
		$this->assertNull( CountTotals::report( array( 'disk' => 'b', 'seen' => '5', 'counts' => array() ) ) );
		$this->assertNull( CountTotals::report( array( 'disk' => 'b', 'seen' => 5 ) ) );
		// A negative count (a damaged row) adds nothing.
		$this->assertSame(
			array(
				'hello' => array(
					'hits'   => 1,
					'misses' => 1,
				),
			),
			CountTotals::sum(
				array(
					'hello' => array(
						'hits'   => 1,
						'misses' => 1,
					),
				),
				array( self::report( 'b', 5, array( 'hello' => array( -4, -4 ) ) ) ),
				'a',
				0
			)
		);
	}
}
