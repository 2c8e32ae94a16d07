<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\EarlyCache\DiskStore;
use Svc\EarlyCache\StoredAnswer;

final class EarlyCacheStoreTest extends TestCase {

	private string $dir;

	protected function setUp(): void {
		$this->dir = sys_get_temp_dir() . '/svc-early-' . bin2hex( random_bytes( 6 ) );
	}

	protected function tearDown(): void {
		if ( is_dir( $this->dir ) ) {
			exec( 'rm -rf ' . escapeshellarg( $this->dir ) );
		}
	}

	public function test_an_answer_comes_back_as_it_was_stored(): void {
		$body    = "{\"a\":\"\u{e9}\\n\"}\0\xff";
		$encoded = StoredAnswer::encode(
			200,
			array(
				'X-Total'        => '3',
				'Link'           => array( '<a>; rel="next"', '<b>; rel="prev"' ),
				'Content-Length' => '12',
			),
			$body,
			1234
		);
		$this->assertIsString( $encoded );
		$this->assertSame(
			array(
				'status'    => 200,
				'headers'   => array( array( 'X-Total', '3' ), array( 'Link', '<a>; rel="next"' ), array( 'Link', '<b>; rel="prev"' ) ),
				'body'      => $body,
				'stored_at' => 1234,
			),
			StoredAnswer::decode( $encoded )
		);
	}

	/** @return array<string, array{int, array<mixed>, string}> */
	public function unstorable(): array {
		return array(
			'line break in a value'           => array( 200, array( 'X-A' => "a\r\nSet-Cookie: x=y" ), '{}' ),
			'space in a name'                 => array( 200, array( 'X A' => 'b' ), '{}' ),
			'empty name'                      => array( 200, array( '' => 'b' ), '{}' ),
			'a value that is a list of lists' => array( 200, array( 'X-A' => array( array( 'b' ) ) ), '{}' ),
			'an error'                        => array( 500, array(), '{}' ),
			'a body over the bound'           => array( 200, array(), str_repeat( 'a', StoredAnswer::MAX_BODY_BYTES + 1 ) ),
		);
	}

	/**
	 * @dataProvider unstorable
	 * @param array<mixed> $headers
	 */
	public function test_an_answer_that_cannot_be_sent_whole_is_not_stored( int $status, array $headers, string $body ): void {
		$this->assertNull( StoredAnswer::encode( $status, $headers, $body, 1 ) );
	}

	/** @return array<string, array{string}> */
	public function tampered(): array {
		$good = array(
			'status'    => 200,
			'headers'   => array( array( 'X-A', 'b' ) ),
			'body'      => base64_encode( '{}' ),
			'stored_at' => 1,
		);
		return array(
			'not JSON'           => array( 'nope' ),
			'header injection'   => array( (string) json_encode( array( 'headers' => array( array( 'X-A', "b\nLocation: /evil" ) ) ) + $good ) ),
			'status as a string' => array( (string) json_encode( array( 'status' => '200' ) + $good ) ),
			'a 500'              => array( (string) json_encode( array( 'status' => 500 ) + $good ) ),
			'body not base64'    => array( (string) json_encode( array( 'body' => '%%%' ) + $good ) ),
			'header not a pair'  => array( (string) json_encode( array( 'headers' => array( array( 'X-A' ) ) ) + $good ) ),
			'header as a map'    => array(
				(string) json_encode(
					array(
						'headers' => array(
							array(
								'n' => 'X-A',
								'v' => 'b',
							),
						),
					) + $good
				),
			),
			'missing date'       => array( (string) json_encode( array_diff_key( $good, array( 'stored_at' => 0 ) ) ) ),
			'too deep'           => array( (string) json_encode( array( 'headers' => array( array( 'X-A', array( array( 'b' ) ) ) ) ) + $good ) ),
		);
	}

	/** @dataProvider tampered */
	public function test_a_value_read_back_that_is_not_a_whole_answer_is_a_miss( string $raw ): void {
		$this->assertNull( StoredAnswer::decode( $raw ) );
	}

	public function test_the_disk_store_keeps_a_value_until_its_lifetime_ends(): void {
		$store = new DiskStore( $this->dir );
		$this->assertNull( $store->get( 'svc-v1-ab' ) );
		$this->assertTrue( $store->put( 'svc-v1-ab', "two\nlines", 60 ) );
		$this->assertSame( "two\nlines", $store->get( 'svc-v1-ab' ) );
		$this->assertTrue( $store->put( 'svc-v1-ab', 'new', 60 ) );
		$this->assertSame( 'new', $store->get( 'svc-v1-ab' ) );
		// An expired file is a miss.
		file_put_contents( $this->dir . '/ab/svc-v1-ab', ( time() - 1 ) . "\nold" );
		$this->assertNull( $store->get( 'svc-v1-ab' ) );
		$this->assertSame( array(), glob( $this->dir . '/ab/.tmp-*' ) );
	}

	public function test_the_disk_store_refuses_a_key_that_is_a_path(): void {
		$store = new DiskStore( $this->dir );
		$this->assertFalse( $store->put( '../../etc/x', 'v', 60 ) );
		$this->assertFalse( $store->put( 'a/b', 'v', 60 ) );
		$this->assertNull( $store->get( '../x' ) );
		$this->assertFalse( $store->lock( '..', 5 ) );
		$this->assertDirectoryDoesNotExist( $this->dir );
	}

	public function test_one_caller_holds_a_lock_until_it_is_given_back_or_its_holder_ends(): void {
		$store = new DiskStore( $this->dir );
		$other = new DiskStore( $this->dir );
		$this->assertTrue( $store->lock( 'svc-v1-cd', 30 ) );
		$this->assertFalse( $store->lock( 'svc-v1-cd', 30 ) );
		$this->assertFalse( $other->lock( 'svc-v1-cd', 30 ), 'another request waits' );
		$this->assertTrue( $other->lock( 'svc-v1-ad', 30 ), 'another key of the folder, another lock file' );
		$store->unlock( 'svc-v1-cd' );
		$this->assertTrue( $other->lock( 'svc-v1-cd', 30 ) );
		// A request that ends (a worker that dies) holds nothing: its handles are closed.
		unset( $other );
		$this->assertTrue( $store->lock( 'svc-v1-cd', 30 ) );
		$this->assertSame( array(), glob( $this->dir . '/cd/*.lock' ), 'no lock file per key' );
	}

	/**
	 * Keys of one folder (the same last two digits) spread over its lock files by the whole key: two
	 * misses computed at once rarely share one, where any key sharing a lock waits up to a second.
	 * The lock files are made ahead: a miss creates none before its answer is sent.
	 */
	public function test_the_keys_of_one_folder_spread_over_its_lock_files_made_ahead(): void {
		$names = array();
		for ( $n = 0; $n < 2000; $n++ ) {
			$names[ DiskStore::lock_name( hash( 'sha256', (string) $n ) . 'cd' ) ] = true;
		}
		$this->assertCount( DiskStore::LOCKS, $names, 'every lock file of a folder is used' );
		$store = new DiskStore( $this->dir );
		$store->prepare();
		$this->assertCount( DiskStore::LOCKS, (array) glob( $this->dir . '/cd/.lock-*' ) );
		$this->assertCount( DiskStore::LOCKS, (array) glob( $this->dir . '/00/.lock-*' ) );
		$other = new DiskStore( $this->dir );
		$held  = 0;
		for ( $n = 0; $n < 8; $n++ ) {
			$held += $store->lock( hash( 'sha256', 'key ' . $n ) . 'cd', 30 ) ? 1 : 0;
		}
		$this->assertGreaterThanOrEqual( 6, $held, '8 keys of one folder computed at once mostly each take a lock' );
		$this->assertFalse( $other->lock( hash( 'sha256', 'key 0' ) . 'cd', 30 ) );
		$this->assertCount( DiskStore::LOCKS, (array) glob( $this->dir . '/cd/.lock-*' ), 'no lock file made by a miss' );
	}

	public function test_a_value_caught_while_it_is_written_is_a_miss(): void {
		$store = new DiskStore( $this->dir );
		$this->assertTrue( $store->put( 'svc-v1-ab', '{"whole":true}', 60 ) );
		$raw = (string) file_get_contents( $this->dir . '/ab/svc-v1-ab' );
		file_put_contents( $this->dir . '/ab/svc-v1-ab', substr( $raw, 0, -3 ) );
		$this->assertNull( $store->get( 'svc-v1-ab' ) );
		file_put_contents( $this->dir . '/ab/svc-v1-ab', $raw );
		$this->assertSame( '{"whole":true}', $store->get( 'svc-v1-ab' ) );
		// A new value is written over the old one in place: a reader between the two halves of that
		// write finds the new head before old bytes of the same length, which the checksum refuses.
		$this->assertTrue( $store->put( 'svc-v1-ab', '{"whole":1234}', 60 ) );
		$new = (string) file_get_contents( $this->dir . '/ab/svc-v1-ab' );
		$this->assertSame( strlen( $raw ), strlen( $new ), 'the same length, as the torn read below needs' );
		$torn = substr( $new, 0, -4 ) . substr( $raw, -4 );
		file_put_contents( $this->dir . '/ab/svc-v1-ab', $torn );
		$this->assertNull( $store->get( 'svc-v1-ab' ) );
	}

	public function test_a_shorter_value_written_over_a_longer_one_leaves_nothing_of_it(): void {
		$store = new DiskStore( $this->dir );
		$this->assertTrue( $store->put( 'svc-v1-ab', str_repeat( 'long ', 100 ), 60 ) );
		$this->assertTrue( $store->put( 'svc-v1-ab', 'short', 60 ) );
		$this->assertSame( 'short', $store->get( 'svc-v1-ab' ) );
		$this->assertStringEndsWith( "\nshort", (string) file_get_contents( $this->dir . '/ab/svc-v1-ab' ) );
	}

	public function test_a_folder_of_the_disk_store_never_holds_more_than_its_bound(): void {
		$store = new DiskStore( $this->dir );
		$value = str_repeat( 'x', 1048576 );
		for ( $i = 0; $i < 6; $i++ ) {
			$this->assertTrue( $store->put( 'svc-v1-' . $i . 'ee', $value, 60 ) );
			// Distinct modification times, oldest first.
			touch( $this->dir . '/ee/svc-v1-' . $i . 'ee', 1000 + $i );
		}
		$left = array_map( 'basename', (array) glob( $this->dir . '/ee/svc-v1-*' ) );
		sort( $left );
		// Four files of 1 MiB and a line fill 4 MiB and a little: the oldest went until three remain.
		$this->assertSame( array( 'svc-v1-3ee', 'svc-v1-4ee', 'svc-v1-5ee' ), $left );
		$this->assertSame( $value, $store->get( 'svc-v1-5ee' ) );
	}
}
