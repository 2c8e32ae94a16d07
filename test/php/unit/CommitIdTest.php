<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Release\CommitId;
use Svc\Release\ReleaseKind;

/**
 * A commit's client id: which ids are taken, and what a commit carrying one does given the release
 * the id already made, so that a retried commit never makes two releases.
 */
final class CommitIdTest extends TestCase {

	public function test_a_random_id_of_16_to_64_url_safe_characters_is_well_formed(): void {
		$this->assertTrue( CommitId::well_formed( bin2hex( random_bytes( 16 ) ) ) );
		$this->assertTrue( CommitId::well_formed( str_repeat( 'a', 16 ) ) );
		$this->assertTrue( CommitId::well_formed( 'Ab-_' . str_repeat( '9', 60 ) ) );
	}

	/**
	 * @return array<string, array{0: mixed}>
	 */
	public static function malformed(): array {
		return array(
			'short'       => array( str_repeat( 'a', 15 ) ),
			'long'        => array( str_repeat( 'a', 65 ) ),
			'a space'     => array( 'abcdefgh ijklmnop' ),
			'a quote'     => array( "abcdefgh'ijklmnop" ),
			'trailing nl' => array( str_repeat( 'a', 16 ) . "\n" ),
			'a number'    => array( 1234567890123456 ),
			'null'        => array( null ),
		);
	}

	/**
	 * @dataProvider malformed
	 */
	public function test_anything_else_is_not( mixed $id ): void {
		$this->assertFalse( CommitId::well_formed( $id ) );
	}

	public function test_an_id_no_release_has_commits(): void {
		$this->assertSame( CommitId::COMMIT, CommitId::decide( null, ReleaseKind::PUSH, false ) );
	}

	public function test_an_id_that_made_a_release_of_the_same_kind_answers_that_release(): void {
		$this->assertSame( CommitId::REPLAY, CommitId::decide( array( 'kind' => ReleaseKind::PUSH ), ReleaseKind::PUSH, false ) );
		$this->assertSame( CommitId::REPLAY, CommitId::decide( array( 'kind' => ReleaseKind::RM ), ReleaseKind::RM, false ) );
	}

	public function test_an_id_that_made_another_kind_of_release_is_refused(): void {
		$this->assertSame( CommitId::REUSED, CommitId::decide( array( 'kind' => ReleaseKind::PUSH ), ReleaseKind::RM, false ) );
	}

	public function test_a_dry_run_plans_whatever_the_id_made(): void {
		$this->assertSame( CommitId::COMMIT, CommitId::decide( array( 'kind' => ReleaseKind::PUSH ), ReleaseKind::PUSH, true ) );
		$this->assertSame( CommitId::COMMIT, CommitId::decide( array( 'kind' => ReleaseKind::PUSH ), ReleaseKind::RM, true ) );
	}
}
