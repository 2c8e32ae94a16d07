<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Cli\CommandText;

/**
 * `wp svc`'s words without WP-CLI: what an argument means and how the site's answers are printed.
 */
final class CliCommandTextTest extends TestCase {

	public function test_a_release_id_is_a_positive_whole_number_of_at_most_18_digits(): void {
		$this->assertSame( 12, CommandText::release_id( '12' ) );
		$this->assertSame( 999999999999999999, CommandText::release_id( '999999999999999999' ) );
		foreach ( array( '', '0', '012', '-3', '1.5', '12 ', 'x', '1000000000000000000' ) as $wrong ) {
			$this->assertNull( CommandText::release_id( $wrong ), $wrong );
		}
	}

	public function test_a_duration_is_a_number_and_one_unit(): void {
		$this->assertSame( 30, CommandText::seconds( '30s' ) );
		$this->assertSame( 900, CommandText::seconds( '15m' ) );
		$this->assertSame( 7200, CommandText::seconds( '2h' ) );
		$this->assertSame( 86400, CommandText::seconds( '1d' ) );
		foreach ( array( '', '30', 's', '0s', '3q', '1h30m', '-1d', '1 d', '1D' ) as $wrong ) {
			$this->assertNull( CommandText::seconds( $wrong ), $wrong );
		}
	}

	public function test_site_text_on_one_line_shows_controls_as_escapes(): void {
		$this->assertSame( 'ship \\x1b[2Jit\\x0anow\\x7f', CommandText::one_line( "ship \e[2Jit\nnow\x7f" ) );
		$this->assertSame( 'café – ok', CommandText::one_line( 'café – ok' ) );
	}

	public function test_a_schedule_in_a_cell(): void {
		$this->assertSame(
			'sync() hourly, next 2026-11-25T18:00:00Z, last ok',
			CommandText::schedule(
				array(
					'method'     => 'sync',
					'recurrence' => 'hourly',
					'next_run'   => '2026-11-25T18:00:00Z',
					'last_run'   => array( 'outcome' => 'ok' ),
				)
			)
		);
		$this->assertSame(
			'tick() every 90 s, next none, last never',
			CommandText::schedule(
				array(
					'method'     => 'tick',
					'recurrence' => 'every',
					'interval'   => 90,
				)
			)
		);
	}

	public function test_a_plan_lists_added_changed_then_removed(): void {
		$this->assertSame(
			array( '+ new', '+ users/[id]', '~ hello', '- old' ),
			CommandText::plan(
				array(
					'removed' => array( 'old' ),
					'changed' => array( 'hello' ),
					'added'   => array( 'new', 'users/[id]' ),
				)
			)
		);
		$this->assertSame( array(), CommandText::plan( null ) );
	}

	public function test_a_rejected_push_names_each_file_and_its_reason(): void {
		$this->assertSame(
			"The push was rejected and nothing was written:\n  hello.php: a syntax error\n  ?.php: ",
			CommandText::rejection(
				array(
					array(
						'filename' => 'hello',
						'message'  => 'a syntax error',
					),
					array(),
				)
			)
		);
	}
}
