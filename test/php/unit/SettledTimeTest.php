<?php
/**
 * The time a new PHP file is dated back to, so that opcache caches it with the first request.
 */
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Storage\SettledTime;

final class SettledTimeTest extends TestCase {

	public function test_a_new_file_is_dated_one_second_past_the_protection(): void {
		$this->assertSame( 997, SettledTime::for_new_file( 1000, '2' ) );
		$this->assertSame( 989, SettledTime::for_new_file( 1000, '10' ) );
		// No protection: a second back is enough.
		$this->assertSame( 999, SettledTime::for_new_file( 1000, '0' ) );
	}

	public function test_without_opcache_or_with_a_setting_it_cannot_read_it_takes_opcaches_default(): void {
		$this->assertSame( 997, SettledTime::for_new_file( 1000, false ) );
		$this->assertSame( 997, SettledTime::for_new_file( 1000, 'two' ) );
	}

	public function test_a_setting_out_of_bounds_dates_back_no_more_than_an_hour_and_never_forward(): void {
		$this->assertSame( 1000000 - 3601, SettledTime::for_new_file( 1000000, '999999' ) );
		$this->assertSame( 999, SettledTime::for_new_file( 1000, '-5' ) );
	}
}
