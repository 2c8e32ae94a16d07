<?php
/**
 * The time a new PHP file is dated back to, so that opcache caches it with the first request.
 */
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Storage\SettledTime;

final class SettledTimeTest extends TestCase {

	public function test_a_new_file_is_dated_ten_seconds_past_the_protection(): void {
		$this->assertSame( 988, SettledTime::for_new_file( 1000, '2' ) );
		$this->assertSame( 980, SettledTime::for_new_file( 1000, '10' ) );
		// No protection: ten seconds back all the same, room for versions written over it.
		$this->assertSame( 990, SettledTime::for_new_file( 1000, '0' ) );
		$this->assertSame( 998, SettledTime::latest( 1000, '2' ) );
	}

	public function test_without_opcache_or_with_a_setting_it_cannot_read_it_takes_opcaches_default(): void {
		$this->assertSame( 988, SettledTime::for_new_file( 1000, false ) );
		$this->assertSame( 988, SettledTime::for_new_file( 1000, 'two' ) );
	}

	public function test_a_rewritten_file_is_dated_back_to_a_second_after_its_old_version(): void {
		$this->assertSame( 988, SettledTime::for_rewritten_file( 1000, '2', 900 ) );
		$this->assertSame( 989, SettledTime::for_rewritten_file( 1000, '2', 988 ) );
		// The latest time opcache caches at 1000 (protection 2) is 998.
		$this->assertSame( 998, SettledTime::for_rewritten_file( 1000, '2', 997 ) );
		// No room left, or a later time, or none known: the real time.
		$this->assertNull( SettledTime::for_rewritten_file( 1000, '2', 998 ) );
		$this->assertNull( SettledTime::for_rewritten_file( 1000, '2', 1000 ) );
		$this->assertNull( SettledTime::for_rewritten_file( 1000, '2', false ) );
	}

	public function test_every_version_a_file_is_given_is_later_than_the_one_before_or_not_cached_yet(): void {
		// Rewrites at these seconds, several in some: each version's time (dated back or real) never
		// equals an earlier version's that opcache may have cached (one dated back, or a real time
		// more than the protection ago), so a revalidating opcache never takes one for another.
		$mtime    = 500;
		$versions = array();
		$seconds = array_merge( array_fill( 0, 14, 1000 ), array( 1001, 1001, 1003, 1004, 1004 ), array_fill( 0, 12, 1010 ), array( 1011, 1030 ) );
		foreach ( $seconds as $now ) {
			$time = SettledTime::for_rewritten_file( $now, '2', $mtime ) ?? $now;
			foreach ( $versions as $earlier ) {
				$cacheable = $earlier['settled'] || $earlier['time'] < $now - 2;
				if ( $cacheable ) {
					$this->assertNotSame( $earlier['time'], $time, "a rewrite at {$now}" );
				}
			}
			$this->assertGreaterThanOrEqual( $mtime, $time );
			$versions[] = array(
				'time'    => $time,
				'settled' => $time < $now,
			);
			$mtime      = $time;
		}
	}

	public function test_a_setting_out_of_bounds_dates_back_no_more_than_an_hour_and_never_forward(): void {
		$this->assertSame( 1000000 - 3610, SettledTime::for_new_file( 1000000, '999999' ) );
		$this->assertSame( 990, SettledTime::for_new_file( 1000, '-5' ) );
	}
}
