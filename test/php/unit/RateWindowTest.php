<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Runtime\Limits\RateWindow;

final class RateWindowTest extends TestCase {

	/** @return array<string, array{int, int, int, int}> now, per, start, end */
	public function windows(): array {
		return array(
			'first second of a window' => array( 1200, 60, 1200, 1260 ),
			'last second of a window'  => array( 1259, 60, 1200, 1260 ),
			'first of the next'        => array( 1260, 60, 1260, 1320 ),
			'a day'                    => array( 86400 * 3 + 5, 86400, 86400 * 3, 86400 * 4 ),
			'per 1'                    => array( 77, 1, 77, 78 ),
			'per 0 is one second'      => array( 77, 0, 77, 78 ),
		);
	}

	/**
	 * @dataProvider windows
	 */
	public function test_a_window_starts_at_a_multiple_of_per( int $now, int $per, int $start, int $end ): void {
		$window = new RateWindow( $now, $per );
		$this->assertSame( $start, $window->start );
		$this->assertSame( $end, $window->end );
		$this->assertSame( max( 1, $per ), $window->per );
	}

	/** @return array<string, array{int, int, bool}> hits, remaining, limited (of 3) */
	public function counts(): array {
		return array(
			'not counted (0): let through' => array( 0, 3, false ),
			'first'                        => array( 1, 2, false ),
			'the last one allowed'         => array( 3, 0, false ),
			'one over'                     => array( 4, 0, true ),
			'far over'                     => array( 100, 0, true ),
		);
	}

	/**
	 * @dataProvider counts
	 */
	public function test_the_limit_is_that_many_answered_requests( int $hits, int $remaining, bool $limited ): void {
		$verdict = ( new RateWindow( 1210, 60 ) )->verdict( 1210, 3, $hits );
		$this->assertSame(
			array(
				'limit'     => 3,
				'remaining' => $remaining,
				'reset'     => 50,
				'limited'   => $limited,
			),
			$verdict
		);
	}

	public function test_reset_counts_down_to_the_next_window(): void {
		$window = new RateWindow( 1259, 60 );
		$this->assertSame( 1, $window->verdict( 1259, 3, 1 )['reset'] );
		$this->assertSame( 60, ( new RateWindow( 1260, 60 ) )->verdict( 1260, 3, 1 )['reset'] );
	}
}
