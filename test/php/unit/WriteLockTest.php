<?php
/**
 * The write lock that serializes writers of the svc tree: held alone while the work runs, let go
 * after it (when it throws too), and waited for while another PHP process holds it.
 */
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Storage\WriteLock;

final class WriteLockTest extends TestCase {

	private string $dir;

	/** @var list<resource> */
	private array $children = array();

	protected function setUp(): void {
		$this->dir = sys_get_temp_dir() . '/svc-write-lock-' . bin2hex( random_bytes( 4 ) );
		mkdir( $this->dir );
		// What Directories::ensure() would write, so that it needs no WordPress here.
		file_put_contents( $this->dir . '/index.php', '' );
	}

	protected function tearDown(): void {
		foreach ( $this->children as $child ) {
			proc_close( $child );
		}
		if ( isset( $this->dir ) ) {
			// scandir(), not glob(): the WebAssembly PHP 8.1 has no GLOB_BRACE.
			foreach ( array_diff( scandir( $this->dir ) ?: array(), array( '.', '..' ) ) as $name ) {
				unlink( $this->dir . '/' . $name );
			}
			rmdir( $this->dir );
		}
	}

	public function test_the_work_runs_holding_the_lock_alone_and_lets_it_go_after(): void {
		$this->assertSame( 'exclusive', WriteLock::hold( $this->dir, fn () => $this->locked_exclusively() ? 'exclusive' : 'shared' ) );
		$this->assertFalse( $this->locked_exclusively() );
	}

	public function test_the_lock_is_let_go_when_the_work_throws(): void {
		try {
			WriteLock::hold( $this->dir, static fn () => throw new RuntimeException( 'the work failed' ) );
			$this->fail( 'the work threw' );
		} catch ( RuntimeException $error ) {
			$this->assertSame( 'the work failed', $error->getMessage() );
		}
		$this->assertFalse( $this->locked_exclusively() );
	}

	public function test_the_work_waits_for_another_process_holding_it(): void {
		if ( ! PhpBinary::runs() ) {
			$this->markTestSkipped( PhpBinary::reason() );
		}
		// The holder writes `left` just before it lets go: the work sees it, so it ran after.
		$this->hold_in_child( 300, 'left' );
		$this->assertTrue( WriteLock::hold( $this->dir, fn () => file_exists( $this->dir . '/left' ) ) );
	}

	/** Whether the lock is held exclusively now: another handle (this process's too) cannot share it. */
	private function locked_exclusively(): bool {
		$handle = fopen( $this->dir . '/.lock', 'c' );
		$free   = flock( $handle, LOCK_SH | LOCK_NB );
		fclose( $handle );
		return ! $free;
	}

	/** A PHP process that takes the lock, holds it for $ms, writes $mark and lets go; returns once it holds it. */
	private function hold_in_child( int $ms, string $mark ): void {
		$code = sprintf(
			'$h = fopen( %1$s . "/.lock", "c" ); flock( $h, LOCK_EX ); echo "held\n"; usleep( %2$d ); file_put_contents( %1$s . "/" . %3$s, "1" ); flock( $h, LOCK_UN );',
			var_export( $this->dir, true ),
			$ms * 1000,
			var_export( $mark, true )
		);
		$this->assertSame( 'held', $this->read_line( $this->child( $code ) ) );
	}

	/**
	 * @return resource The child's standard output.
	 */
	private function child( string $code ) {
		$process = proc_open( array( PHP_BINARY, '-n', '-r', $code ), array( 1 => array( 'pipe', 'w' ) ), $pipes );
		$this->assertIsResource( $process );
		$this->children[] = $process;
		return $pipes[1];
	}

	/** @param resource $out */
	private function read_line( $out ): string {
		return trim( (string) fgets( $out ) );
	}
}
