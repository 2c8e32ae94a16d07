<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Rest\ListedNames;

final class ListedNamesTest extends TestCase {

	public function test_reads_comma_separated_names_once_each_in_the_order_given(): void {
		$this->assertSame( array( 'users/[id]', 'hello', '10' ), ListedNames::parse( 'users/[id],hello,users/[id],10' ) );
	}

	public function test_refuses_an_empty_name_an_overlong_one_and_too_many(): void {
		$this->assertIsString( ListedNames::parse( '' ) );
		$this->assertIsString( ListedNames::parse( 'a,,b' ) );
		$this->assertIsString( ListedNames::parse( 'a,' ) );
		$this->assertIsString( ListedNames::parse( str_repeat( 'a', 201 ) ) );
		$this->assertIsArray( ListedNames::parse( str_repeat( 'a', 200 ) ) );
		$this->assertIsString( ListedNames::parse( implode( ',', array_map( 'strval', range( 1, ListedNames::MAX + 1 ) ) ) ) );
		$this->assertCount( ListedNames::MAX, (array) ListedNames::parse( implode( ',', array_map( 'strval', range( 1, ListedNames::MAX ) ) ) ) );
	}

	public function test_selects_the_named_files_the_manifest_has_and_every_file_without_names(): void {
		$files = array(
			'a'  => array( 'hash' => '1' ),
			'10' => array( 'hash' => '2' ),
			'b'  => array( 'hash' => '3' ),
		);
		$this->assertSame(
			array(
				'10' => array( 'hash' => '2' ),
				'b'  => array( 'hash' => '3' ),
			),
			ListedNames::select( $files, array( 'b', 'gone', '10' ) )
		);
		$this->assertSame( $files, ListedNames::select( $files, null ) );
		$this->assertSame( array(), ListedNames::select( $files, array() ) );
	}
}
