<?php
/**
 * The release planner without a disk or a database: served hashes and a Change in, a plan or a
 * refusal out, one row per kind of change and per refusal.
 */
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Release\Change;
use Svc\Release\PlannedRelease;
use Svc\Release\Refusal;
use Svc\Release\ReleasePlanner;

final class ReleasePlannerTest extends TestCase {

	private const A = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
	private const B = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
	private const C = 'cccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc';

	/**
	 * @return array<string, array{0: array<string, string|null>, 1: Change, 2: array<string, string>, 3: array{added: list<string>, changed: list<string>, removed: list<string>}, 4: string}>
	 */
	public static function plans(): array {
		$served = array(
			'hello' => self::A,
			'users' => self::B,
		);
		return array(
			'a push lays files over the set'        => array(
				$served,
				new Change(
					files: array(
						'hello' => self::C,
						'new'   => self::A,
					)
				),
				array(
					'hello' => self::C,
					'users' => self::B,
					'new'   => self::A,
				),
				self::diff( array( 'new' ), array( 'hello' ) ),
				'push',
			),
			'a pruning push replaces the set'       => array( $served, new Change( files: array( 'hello' => self::A ), prune: true ), array( 'hello' => self::A ), self::diff( array(), array(), array( 'users' ) ), 'prune' ),
			'rm takes files out'                    => array( $served, new Change( files: array(), remove: array( 'users' ), kind: 'rm' ), array( 'hello' => self::A ), self::diff( array(), array(), array( 'users' ) ), 'rm' ),
			'a rollback keeps its kind'             => array( $served, new Change( files: array( 'users' => self::C ), prune: true, kind: 'rollback', rollback_of: 3 ), array( 'users' => self::C ), self::diff( array(), array( 'users' ), array( 'hello' ) ), 'rollback' ),
			'a dev save is a release of its own'    => array(
				$served,
				new Change( files: array( 'hello' => self::B ), kind: 'dev' ),
				array(
					'hello' => self::B,
					'users' => self::B,
				),
				self::diff( array(), array( 'hello' ) ),
				'dev',
			),
			'a preview is planned as a push'        => array(
				$served,
				new Change( files: array( 'extra' => self::C ), kind: 'preview' ),
				array(
					'hello' => self::A,
					'users' => self::B,
					'extra' => self::C,
				),
				self::diff( array( 'extra' ) ),
				'preview',
			),
			'a link is never carried: it goes'      => array( $served + array( 'linked' => null ), new Change( files: array() ), $served, self::diff( array(), array(), array( 'linked' ) ), 'push' ),
			'a first push on an empty site'         => array(
				array(),
				new Change(
					files: array(
						'b' => self::B,
						'a' => self::A,
					)
				),
				array(
					'b' => self::B,
					'a' => self::A,
				),
				self::diff( array( 'a', 'b' ) ),
				'push',
			),
			'numeric slugs stay strings'            => array(
				array( '404' => self::A ),
				new Change( files: array( '500' => self::B ) ),
				array(
					'500' => self::B,
					'404' => self::A,
				),
				self::diff( array( '500' ) ),
				'push',
			),
			'a file added and removed in one write' => array(
				$served,
				new Change( files: array( 'x' => self::C ), remove: array( 'hello' ) ),
				array(
					'x'     => self::C,
					'users' => self::B,
				),
				self::diff( array( 'x' ), array(), array( 'hello' ) ),
				'push',
			),
		);
	}

	/**
	 * @dataProvider plans
	 * @param array<string, string|null>                                                        $served
	 * @param array<string, string>                                                             $files
	 * @param array{added: list<string>, changed: list<string>, removed: list<string>} $plan
	 */
	public function test_a_change_is_planned( array $served, Change $change, array $files, array $plan, string $kind ): void {
		$planned = ReleasePlanner::plan( $change, $served, false );
		$this->assertInstanceOf( PlannedRelease::class, $planned );
		$this->assertEquals( $files, $planned->files );
		$this->assertSame( $plan, $planned->plan );
		$this->assertSame( $kind, $planned->kind );
		$this->assertFalse( $planned->nothing_to_do() );
	}

	/**
	 * @return array<string, array{0: Change, 1: int, 2: ?string, 3: array<string, mixed>}>
	 */
	public static function admissions(): array {
		return array(
			'no base: any active release'        => array( new Change( files: array() ), 7, null, array() ),
			'planned against the active release' => array( new Change( files: array(), base: 7 ), 7, null, array() ),
			'planned against another'            => array(
				new Change( files: array(), base: 6 ),
				7,
				'svc_release_moved',
				array(
					'base'   => 6,
					'active' => 7,
				),
			),
			'a promote of an outdated preview'   => array(
				new Change( files: array(), kind: 'promote', rollback_of: 9, preview_base: 5 ),
				7,
				'svc_preview_outdated',
				array(
					'release'      => 9,
					'preview_base' => 5,
					'active'       => 7,
				),
			),
			'a forced promote (no preview base)' => array( new Change( files: array(), kind: 'promote', rollback_of: 9 ), 7, null, array() ),
			'a moved base wins over the preview' => array(
				new Change( files: array(), base: 1, rollback_of: 9, preview_base: 5 ),
				7,
				'svc_release_moved',
				array(
					'base'   => 1,
					'active' => 7,
				),
			),
		);
	}

	/**
	 * @dataProvider admissions
	 * @param array<string, mixed> $data
	 */
	public function test_what_only_the_active_release_decides( Change $change, int $active, ?string $code, array $data ): void {
		$refusal = ReleasePlanner::admit( $change, $active );
		$this->assertSame( $code, $refusal?->code );
		$this->assertSame( $data, $refusal?->data ?? array() );
	}

	public function test_removing_a_file_that_is_not_there_is_refused_naming_it(): void {
		$refusal = ReleasePlanner::plan( new Change( files: array(), remove: array( 'hello', 'gone', 'also/gone' ), kind: 'rm' ), array( 'hello' => self::A ), false );
		$this->assertInstanceOf( Refusal::class, $refusal );
		$this->assertSame( 'svc_not_found', $refusal->code );
		$this->assertSame( array( 'filenames' => array( 'gone', 'also/gone' ) ), $refusal->data );
	}

	public function test_the_same_set_is_nothing_to_do_unless_another_node_serves_other_files(): void {
		$served = array( 'hello' => self::A );
		$same   = new Change( files: array( 'hello' => self::A ) );
		$this->assertTrue( self::planned( $same, $served, false )->nothing_to_do() );
		$again = self::planned( $same, $served, true );
		$this->assertFalse( $again->nothing_to_do() );
		$this->assertSame( self::diff(), $again->plan );
		$this->assertSame( array(), $again->wanted() );
	}

	public function test_a_route_file_and_a_directory_of_its_name_clash_on_the_file_that_is_new(): void {
		$refusal = ReleasePlanner::plan( new Change( files: array( 'x.php/y' => self::B ) ), array( 'x' => self::A ), false );
		$this->assertInstanceOf( Refusal::class, $refusal );
		$this->assertSame( 'svc_push_rejected', $refusal->code );
		$this->assertSame( array( 'x.php/y' ), array_column( $refusal->data['errors'], 'filename' ) );
		$this->assertSame( array( 'svc_path_conflict' ), array_column( $refusal->data['errors'], 'code' ) );
		// Nothing to do is not checked again: the set is what is served.
		$this->assertTrue(
			self::planned(
				new Change( files: array() ),
				array(
					'x'       => self::A,
					'x.php/y' => self::B,
				),
				false
			)->nothing_to_do()
		);
	}

	public function test_sources_are_the_new_and_changed_files_or_the_contents_that_are_missing(): void {
		$planned = self::planned(
			new Change(
				files: array(
					'a' => self::B,
					'b' => self::B,
					'c' => self::C,
				)
			),
			array(
				'a'    => self::A,
				'keep' => self::A,
			),
			false
		);
		$this->assertSame( array( self::B, self::C ), $planned->wanted() );
		$this->assertSame( array( 'keep' => self::A ), $planned->carried() );

		$lacking = ReleasePlanner::sources( $planned, array( self::B => 'bee' ) );
		$this->assertInstanceOf( Refusal::class, $lacking );
		$this->assertSame( 'svc_missing_blobs', $lacking->code );
		$this->assertSame( array( 'hashes' => array( self::C ) ), $lacking->data );

		$this->assertSame(
			array(
				'b' => 'bee',
				'c' => 'sea',
				'a' => 'bee',
			),
			ReleasePlanner::sources(
				$planned,
				array(
					self::B => 'bee',
					self::C => 'sea',
					self::A => 'unused',
				)
			)
		);
	}

	/**
	 * @param array<string, string|null> $served
	 */
	private static function planned( Change $change, array $served, bool $drifted_elsewhere ): PlannedRelease {
		$planned = ReleasePlanner::plan( $change, $served, $drifted_elsewhere );
		if ( ! $planned instanceof PlannedRelease ) {
			throw new LogicException( 'refused: ' . $planned->code );
		}
		return $planned;
	}

	/**
	 * @param list<string> $added
	 * @param list<string> $changed
	 * @param list<string> $removed
	 * @return array{added: list<string>, changed: list<string>, removed: list<string>}
	 */
	private static function diff( array $added = array(), array $changed = array(), array $removed = array() ): array {
		return compact( 'added', 'changed', 'removed' );
	}
}
