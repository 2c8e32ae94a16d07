<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Release\Drift;

final class DriftTest extends TestCase {

	public function test_a_node_serving_exactly_the_release_has_no_drift(): void {
		$files = array(
			'hello'      => str_repeat( 'a', 64 ),
			'users/[id]' => str_repeat( 'b', 64 ),
		);
		$this->assertSame( array(), Drift::between( $files, $files ) );
	}

	public function test_edited_extra_and_missing_files_are_named_sorted_by_slug(): void {
		$release = array(
			'hello' => str_repeat( 'a', 64 ),
			'gone'  => str_repeat( 'b', 64 ),
			'same'  => str_repeat( 'c', 64 ),
		);
		$served  = array(
			'same'  => str_repeat( 'c', 64 ),
			'hello' => str_repeat( 'd', 64 ),
			'extra' => str_repeat( 'e', 64 ),
			'link'  => null,
		);
		$this->assertSame(
			array(
				'extra' => Drift::ADDED,
				'gone'  => Drift::MISSING,
				'hello' => Drift::CHANGED,
				'link'  => Drift::ADDED,
			),
			Drift::between( $release, $served )
		);
	}
}
