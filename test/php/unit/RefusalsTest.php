<?php
/**
 * The refusal table without WordPress: each code's status, message and data, one row each, and the
 * status docs/management-api.md gives every code of the table.
 */
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Release\Refusal;
use Svc\Rest\Refusals;

final class RefusalsTest extends TestCase {

	/**
	 * @return array<string, array{0: Refusal, 1: int, 2: string, 3: array<string, mixed>}>
	 */
	public static function refusals(): array {
		$failure = array(
			'filename' => 'hello',
			'code'     => 'svc_syntax_error',
			'message'  => 'unexpected end of file',
		);
		return array(
			'release moved'       => array( Refusal::release_moved( 3, 4 ), 409, 'Release 4 became active after this change was planned against release 3', array( 'active' => 4 ) ),
			'preview outdated'    => array(
				Refusal::preview_outdated( 7, 3, 5 ),
				409,
				'Preview 7 was made against release 3, but release 5',
				array(
					'release'      => 7,
					'preview_base' => 3,
					'active'       => 5,
				),
			),
			'not found'           => array( Refusal::not_found( array( 'a', 'b/c' ) ), 404, 'No such route file: a.php, b/c.php.', array( 'filenames' => array( 'a', 'b/c' ) ) ),
			'one content missing' => array( Refusal::missing_contents( array( 'ab' ) ), 409, 'does not have 1 of the contents this release needs: stage it,', array( 'hashes' => array( 'ab' ) ) ),
			'contents missing'    => array( Refusal::missing_contents( array( 'ab', 'cd' ) ), 409, 'does not have 2 of the contents this release needs: stage them,', array( 'hashes' => array( 'ab', 'cd' ) ) ),
			'push rejected'       => array( Refusal::rejected( array( $failure ) ), 422, 'nothing was written: hello.php: unexpected end of file', array( 'errors' => array( $failure ) ) ),
			'write failed'        => array( Refusal::write_failed( 'disk full' ), 500, 'disk full; nothing was changed.', array() ),
			'no previous release' => array( Refusal::no_previous_release(), 409, 'There is no earlier release to roll back to.', array() ),
			'commit id reused'    => array( Refusal::commit_id_reused( 6 ), 409, 'This commit id already made release 6, another kind of change; nothing was changed.', array( 'release' => 6 ) ),
			'release not found'   => array( Refusal::release_not_found( 9 ), 404, 'Release 9 is not kept on this site.', array( 'release' => 9 ) ),
			'release is preview'  => array( Refusal::release_is_preview( 9 ), 409, 'promote it (svc api promote 9)', array( 'release' => 9 ) ),
			'not a preview'       => array( Refusal::not_a_preview( 9, 'push' ), 409, 'it is a push release', array( 'release' => 9 ) ),
			'preview expired'     => array( Refusal::preview_expired( 9 ), 410, 'Preview 9 has expired', array( 'release' => 9 ) ),
			'preview unavailable' => array( Refusal::preview_unavailable( 9 ), 503, 'Preview 9 cannot be read on this node', array( 'release' => 9 ) ),
			'stage full'          => array(
				Refusal::stage_full( 'over the limit', 'contents', 10 ),
				413,
				'over the limit',
				array(
					'limit' => 'contents',
					'max'   => 10,
				),
			),
			'deploy disallowed'   => array( Refusal::deploy_disallowed( 'no code changes here' ), 403, 'no code changes here', array() ),
			'deploy forbidden'    => array( Refusal::deploy_forbidden( 'super admins only' ), 403, 'super admins only', array() ),
		);
	}

	/**
	 * @dataProvider refusals
	 * @param array<string, mixed> $data
	 */
	public function test_a_refusal_answers_its_row( Refusal $refusal, int $status, string $message, array $data ): void {
		$answer = Refusals::answer( $refusal );
		$this->assertSame( $status, $answer['status'] );
		$this->assertStringContainsString( $message, $answer['message'] );
		// Only the row's facts go out: a reason already said in the message is not repeated in data.
		$this->assertSame( $data, $answer['data'] );
	}

	public function test_every_code_of_the_table_is_tested_here(): void {
		$tested = array_map( static fn ( array $row ): string => $row[0]->code, self::refusals() );
		$this->assertSame( array(), array_values( array_diff( Refusals::codes(), $tested ) ) );
	}

	public function test_a_code_missing_from_the_table_is_a_500(): void {
		$answer = Refusals::answer( Refusal::rejected( array() ) );
		$this->assertSame( 422, $answer['status'] );
		$unknown = ( new ReflectionClass( Refusal::class ) )->newInstanceWithoutConstructor();
		( new ReflectionProperty( Refusal::class, 'code' ) )->setValue( $unknown, 'svc_no_such_code' );
		( new ReflectionProperty( Refusal::class, 'data' ) )->setValue( $unknown, array() );
		$this->assertSame( 500, Refusals::answer( $unknown )['status'] );
	}

	/**
	 * Every code of the table that docs/management-api.md gives a status (in a table row or as
	 * "`409 svc_…`") has that status and no other.
	 */
	public function test_the_documented_status_of_each_code_is_the_tables(): void {
		$documented = self::documented_statuses( (string) file_get_contents( dirname( __DIR__, 3 ) . '/docs/management-api.md' ) );
		$checked    = 0;
		foreach ( self::refusals() as $name => list( $refusal, $status ) ) {
			foreach ( $documented[ $refusal->code ] ?? array() as $said ) {
				$this->assertSame( $said, Refusals::answer( $refusal )['status'], sprintf( '%s (%s): the document says %d', $refusal->code, $name, $said ) );
				++$checked;
			}
		}
		// Each code of the table is documented with its status at least once.
		$this->assertSame( array(), array_values( array_diff( Refusals::codes(), array_keys( $documented ) ) ) );
		$this->assertGreaterThanOrEqual( count( Refusals::codes() ), $checked );
	}

	public function test_the_doc_reader_finds_both_forms(): void {
		$doc = "| Preview gone | `410` | `svc_preview_expired` with `data.release` |\n`404 svc_release_not_found`, `409\nsvc_not_a_preview` when…";
		$this->assertSame(
			array(
				'svc_preview_expired'   => array( 410 ),
				'svc_release_not_found' => array( 404 ),
				'svc_not_a_preview'     => array( 409 ),
			),
			self::documented_statuses( $doc )
		);
	}

	/**
	 * Code => the statuses the document gives it.
	 *
	 * @return array<string, list<int>>
	 */
	public static function documented_statuses( string $doc ): array {
		$pairs = array();
		preg_match_all( '/`(\d{3})\s+(svc_[a-z0-9_]+)`/', $doc, $inline, PREG_SET_ORDER );
		preg_match_all( '/\|\s*`(\d{3})`\s*\|\s*`(svc_[a-z0-9_]+)`/', $doc, $rows, PREG_SET_ORDER );
		foreach ( array_merge( $rows, $inline ) as $match ) {
			$pairs[ $match[2] ][] = (int) $match[1];
		}
		return array_map( static fn ( array $statuses ): array => array_values( array_unique( $statuses ) ), $pairs );
	}
}
