<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\EarlyCache\IndexFile;

final class EarlyCacheIndexFileTest extends TestCase {

	private string $dir;

	protected function setUp(): void {
		$this->dir = sys_get_temp_dir() . '/svc-index-' . bin2hex( random_bytes( 6 ) );
	}

	protected function tearDown(): void {
		exec( 'rm -rf ' . escapeshellarg( $this->dir ) );
	}

	/** @return array{prefix: string, static: array<string, mixed>, dynamic: array<int, mixed>} */
	private static function index( string $hash ): array {
		return array(
			'prefix'  => "/wp-json/svc/v1/it's/",
			'static'  => array(
				'hello' => array(
					'hash'    => $hash,
					'max_age' => 60,
					'swr'     => null,
					'args'    => array( 'a' ),
				),
			),
			'dynamic' => array(),
		);
	}

	public function test_each_index_gets_a_new_file_and_the_pointer_names_the_last(): void {
		$file = new IndexFile( $this->dir );
		$this->assertNull( $file->read() );
		$this->assertTrue( $file->write( self::index( 'h1' ) ) );
		$this->assertSame( self::index( 'h1' ), $file->read() );
		$first = glob( $this->dir . '/index-*.php' );
		$this->assertTrue( $file->write( self::index( 'h2' ) ) );
		$this->assertSame( self::index( 'h2' ), ( new IndexFile( $this->dir ) )->read() );
		// The first file was not written over (opcache may still hold it): a new name was.
		$this->assertCount( 2, (array) glob( $this->dir . '/index-*.php' ) );
		$this->assertSame( array(), array_diff( (array) $first, (array) glob( $this->dir . '/index-*.php' ) ) );
		$this->assertSame( array(), glob( $this->dir . '/.tmp-*' ) );
	}

	public function test_only_the_last_few_indexes_are_kept(): void {
		$file = new IndexFile( $this->dir );
		for ( $i = 0; $i < 6; $i++ ) {
			$this->assertTrue( $file->write( self::index( 'h' . $i ) ) );
			foreach ( (array) glob( $this->dir . '/index-*.php' ) as $old ) {
				touch( (string) $old, time() - 100 + $i );
			}
		}
		$this->assertCount( 3, (array) glob( $this->dir . '/index-*.php' ) );
		$this->assertSame( self::index( 'h5' ), $file->read() );
	}

	/** @return array<string, array{string, string|null}> */
	public function bad_pointers(): array {
		return array(
			'a path'              => array( '../../etc/passwd', null ),
			'another php file'    => array( 'evil.php', null ),
			'a missing index'     => array( 'index-' . str_repeat( 'a', 32 ) . '.php', null ),
			'an index of garbage' => array( 'index-' . str_repeat( 'b', 32 ) . '.php', "<?php\nreturn 42;\n" ),
		);
	}

	/** @dataProvider bad_pointers */
	public function test_a_pointer_or_index_that_is_not_svc_s_reads_as_none( string $pointer, ?string $contents ): void {
		mkdir( $this->dir );
		file_put_contents( $this->dir . '/current', $pointer );
		if ( null !== $contents ) {
			file_put_contents( $this->dir . '/' . $pointer, $contents );
		}
		$this->assertNull( ( new IndexFile( $this->dir ) )->read() );
	}

	public function test_an_index_that_cannot_be_written_withdraws_the_one_in_force(): void {
		// Where index h2 would go, learnt from a scratch folder: the file name is its content's hash.
		$scratch = $this->dir . '-scratch';
		( new IndexFile( $scratch ) )->write( self::index( 'h2' ) );
		$name = basename( (string) ( glob( $scratch . '/index-*.php' )[0] ?? '' ) );
		exec( 'rm -rf ' . escapeshellarg( $scratch ) );
		$this->assertMatchesRegularExpression( '/^index-[0-9a-f]{32}\.php$/', $name );

		$file = new IndexFile( $this->dir );
		$this->assertTrue( $file->write( self::index( 'h1' ) ) );
		// A folder in its place: renaming the new index there fails, as on a read-only or full disk.
		mkdir( $this->dir . '/' . $name . '/x', 0777, true );
		$this->assertFalse( $file->write( self::index( 'h2' ) ) );
		// h1 describes what is no longer so: no index is in force, and WordPress answers.
		$this->assertFalse( $file->exists() );
		$this->assertNull( $file->read() );
		$this->assertSame( array(), glob( $this->dir . '/.tmp-*' ) );

		rmdir( $this->dir . '/' . $name . '/x' );
		rmdir( $this->dir . '/' . $name );
		$this->assertTrue( $file->write( self::index( 'h2' ) ) );
		$this->assertSame( self::index( 'h2' ), $file->read() );
	}
}
