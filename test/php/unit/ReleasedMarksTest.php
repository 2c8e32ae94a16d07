<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Release\ReleasedMarks;

final class ReleasedMarksTest extends TestCase {

	public function test_only_the_marks_that_differ_change(): void {
		$this->assertSame(
			array(
				'mark'   => array( 'new' ),
				'unmark' => array( 'pruned' ),
			),
			ReleasedMarks::changes(
				array( 'kept', 'pruned' ),
				array(
					'kept' => true,
					'new'  => true,
				)
			)
		);
	}

	public function test_a_rollback_to_a_kept_release_changes_no_mark(): void {
		$this->assertSame(
			array(
				'mark'   => array(),
				'unmark' => array(),
			),
			ReleasedMarks::changes(
				array( 'a', 'b' ),
				array(
					'b' => true,
					'a' => true,
				)
			)
		);
	}

	public function test_the_first_write_marks_everything_and_the_last_release_gone_unmarks_everything(): void {
		$this->assertSame(
			array( 'a', 'b' ),
			ReleasedMarks::changes(
				array(),
				array(
					'a' => true,
					'b' => true,
				)
			)['mark']
		);
		$this->assertSame( array( 'a', 'b' ), ReleasedMarks::changes( array( 'a', 'b' ), array() )['unmark'] );
	}

	public function test_hashes_that_look_like_numbers_stay_strings(): void {
		// A hex hash of digits only becomes an int array key in PHP.
		$this->assertSame( array( '123' ), ReleasedMarks::changes( array( '456' ), array( '123' => true ) )['mark'] );
		$this->assertSame( array( '456' ), ReleasedMarks::changes( array( '456' ), array( '123' => true ) )['unmark'] );
	}
}
