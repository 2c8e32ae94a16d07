<?php
declare(strict_types=1);

require_once __DIR__ . '/SvcTestCase.php';

use Svc\Storage\Guard;

final class RouteFilesTest extends SvcTestCase {

	public function test_written_files_carry_the_guard_and_read_back_exactly_as_written(): void {
		$source = self::route( 'Stored' );
		$this->files->write( array( 'users/[id]' => $source ) );
		$stored = (string) file_get_contents( $this->root . '/api/users/[id].php' );
		$this->assertStringContainsString( "declare(strict_types=1);" . Guard::TEXT, $stored );
		$this->assertSame( $source, $this->files->read( 'users/[id]' ) );
	}

	public function test_every_directory_svc_creates_has_an_empty_index_php(): void {
		$this->files->write( array( 'a/b/c' => self::route( 'Deep' ) ) );
		foreach ( array( '', '/api', '/api/a', '/api/a/b' ) as $dir ) {
			$this->assertFileExists( $this->root . $dir . '/index.php' );
			$this->assertSame( '', file_get_contents( $this->root . $dir . '/index.php' ) );
		}
	}

	public function test_a_batch_leaves_no_temporary_files_behind(): void {
		$this->files->write( array( 'one' => self::route( 'One' ), 'two' => self::route( 'Two' ) ) );
		$this->files->write( array( 'one' => self::route( 'One', '// v2' ) ) );
		$this->assertSame( array( 'api/index.php', 'api/one.php', 'api/two.php', 'index.php' ), array_keys( $this->tree() ) );
	}

	public function test_a_failed_write_changes_nothing_already_on_disk(): void {
		$this->files->write( array( 'keep' => self::route( 'Keep' ) ) );
		$before = $this->tree();
		// A file where the batch needs a directory: staging fails after another file was staged.
		file_put_contents( $this->root . '/api/blocked', 'not a directory' );
		try {
			$this->files->write( array( 'keep' => self::route( 'Keep', '// changed' ), 'blocked/x' => self::route( 'Blocked' ) ) );
			$this->fail( 'the write should have failed' );
		} catch ( RuntimeException $expected ) {
			$this->assertStringContainsString( 'blocked', $expected->getMessage() );
		}
		unlink( $this->root . '/api/blocked' );
		$this->assertSame( $before, $this->tree() );
	}

	public function test_the_inventory_skips_guards_dot_files_and_non_php_files(): void {
		$this->files->write( array( 'real' => self::route( 'Real' ), 'nested/too' => self::route( 'Too' ) ) );
		file_put_contents( $this->root . '/api/.hidden.php.abc.tmp', 'x' );
		file_put_contents( $this->root . '/api/notes.txt', 'x' );
		$this->assertSame( array( 'nested/too', 'real' ), array_keys( $this->files->inventory()['files'] ) );
	}

	public function test_deleting_the_last_file_of_a_directory_removes_the_directory(): void {
		$this->files->write( array( 'users/[id]' => self::route( 'U1' ), 'users/me' => self::route( 'U2' ), 'top' => self::route( 'T' ) ) );
		$this->files->delete( array( 'users/[id]' ) );
		$this->assertDirectoryExists( $this->root . '/api/users' );
		$this->files->delete( array( 'users/me' ) );
		$this->assertDirectoryDoesNotExist( $this->root . '/api/users' );
		$this->assertDirectoryExists( $this->root . '/api' );
	}
}
