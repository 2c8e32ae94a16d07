<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Rest\Records;

final class ListingOrderTest extends TestCase {

	public function test_orders_records_by_the_bytes_of_their_filename_whatever_order_they_came_in(): void {
		// "10" before "9" (not numeric), "a-b" before "a/b" before "a0" ('-' 0x2d, '/' 0x2f, '0' 0x30).
		$came   = array( 'a0', '9', 'z', 'a/b', '10', 'a-b', 'a/[id]', 'a/b/c' );
		$sorted = Records::by_filename(
			array_map(
				static fn ( string $name ): array => array(
					'filename' => $name,
					'hash'     => md5( $name ),
				),
				$came
			)
		);
		$this->assertSame( array( '10', '9', 'a-b', 'a/[id]', 'a/b', 'a/b/c', 'a0', 'z' ), array_column( $sorted, 'filename' ) );
		$this->assertSame( md5( 'a/b' ), $sorted[4]['hash'], 'each record moves whole' );
	}

	public function test_keeps_an_empty_listing_empty(): void {
		$this->assertSame( array(), Records::by_filename( array() ) );
	}
}
