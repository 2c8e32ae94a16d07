<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Release\StagingPause;

final class StagingPauseTest extends TestCase {

	public function test_a_push_pauses_as_long_as_the_site_worked(): void {
		$this->assertSame( 0, StagingPause::after( 0.0 ) );
		$this->assertSame( 85, StagingPause::after( 0.0849 ) );
		$this->assertSame( 1500, StagingPause::after( 1.5 ) );
	}

	public function test_the_pause_is_bounded(): void {
		$this->assertSame( StagingPause::MAX_MS, StagingPause::after( 30.0 ) );
		$this->assertSame( 0, StagingPause::after( -2.0 ), 'a clock that went back' );
		$this->assertSame( StagingPause::MAX_MS, StagingPause::bounded( PHP_INT_MAX ) );
		$this->assertSame( 0, StagingPause::bounded( -1 ) );
	}

	/** @return array<string, array{mixed}> */
	public function not_integers(): array {
		return array(
			'float'   => array( 12.5 ),
			'string'  => array( '100' ),
			'null'    => array( null ),
			'boolean' => array( true ),
			'array'   => array( array( 100 ) ),
		);
	}

	/** @dataProvider not_integers */
	public function test_what_a_filter_returns_that_is_not_an_integer_is_no_pause( mixed $value ): void {
		$this->assertSame( 0, StagingPause::bounded( $value ) );
	}
}
