<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Release\BlobRow;

final class BlobRowTest extends TestCase {

	public function test_a_content_becomes_its_row(): void {
		$hash = hash( 'sha256', 'x' );
		$this->assertSame( "('{$hash}', 1, 'eA==', 7, 7, 1)", BlobRow::values( $hash, 1, 'eA==', 7 ) );
	}

	public function test_bytes_that_would_need_escaping_arrive_as_base64(): void {
		$bytes   = "'); DROP TABLE x; -- \\ \0 \"";
		$encoded = base64_encode( $bytes ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions -- the store's encoding.
		$this->assertStringContainsString( "'{$encoded}'", BlobRow::values( hash( 'sha256', $bytes ), strlen( $bytes ), $encoded, 1 ) );
	}

	/** @return array<string, array{string, string}> */
	public function refused(): array {
		$hash = hash( 'sha256', 'x' );
		return array(
			'uppercase hash'            => array( strtoupper( $hash ), 'eA==' ),
			'short hash'                => array( substr( $hash, 1 ), 'eA==' ),
			'hash with a newline after' => array( $hash . "\n", 'eA==' ),
			'hash with a quote'         => array( "'" . substr( $hash, 1 ), 'eA==' ),
			'content with a quote'      => array( $hash, "eA=='" ),
			'content with a backslash'  => array( $hash, 'eA\\=' ),
			'content with a newline'    => array( $hash, "eA==\n" ),
			'content with a NUL byte'   => array( $hash, "eA\0=" ),
			'content with a quote deep' => array( $hash, str_repeat( 'QUJD', 2000 ) . "'" . str_repeat( 'QUJD', 10 ) ),
		);
	}

	/** @dataProvider refused */
	public function test_anything_else_never_reaches_the_sql( string $hash, string $encoded ): void {
		$this->expectException( UnexpectedValueException::class );
		BlobRow::values( $hash, 1, $encoded, 1 );
	}
}
