<?php
/**
 * [PUBLIC] at request time: open only when the scan AND PHP's reading of the attribute say so.
 */
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Runtime\PublicVerb;

final class PublicVerbTest extends TestCase {

	/**
	 * @return array<string, array{0: array<int|string, mixed>, 1: bool, 2: bool, 3: bool}>
	 */
	public static function cases(): array {
		return array(
			'named true, scanned'            => array( array( 'public' => true ), true, true, false ),
			'positional true, scanned'       => array( array( true ), true, true, false ),
			'named true, not scanned'        => array( array( 'public' => true ), false, false, true ),
			'scanned, PHP reads no public'   => array( array(), true, false, true ),
			'scanned, PHP reads 1'           => array( array( 'public' => 1 ), true, false, true ),
			'scanned, PHP reads "true"'      => array( array( 'public' => 'true' ), true, false, true ),
			'named false wins over position' => array(
				array(
					true,
					'public' => false,
				),
				true,
				false,
				true,
			),
			'false, not scanned'             => array( array( 'public' => false ), false, false, false ),
			'a capability only'              => array( array( 'capability' => 'read' ), false, false, false ),
		);
	}

	/**
	 * @dataProvider cases
	 * @param array<int|string, mixed> $arguments
	 */
	public function test_a_verb_opens_only_when_both_agree( array $arguments, bool $scanned, bool $opened, bool $disputed ): void {
		$verb = new PublicVerb( $arguments, $scanned );
		$this->assertSame( $opened, $verb->opened() );
		$this->assertSame( $disputed, $verb->disputed() );
	}
}
