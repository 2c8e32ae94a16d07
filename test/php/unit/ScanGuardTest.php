<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Manifest\ScanGuard;

/**
 * A scan that ends its process is remembered, so the next request fails the file instead of dying
 * on it again; one that finishes, or that another process is running now, is not.
 */
final class ScanGuardTest extends TestCase {

	private string $directory;

	protected function setUp(): void {
		$this->directory = sys_get_temp_dir() . '/svc-scan-guard-' . bin2hex( random_bytes( 4 ) );
		mkdir( $this->directory );
		// Directories::ensure() finds its guard and makes nothing (it needs WordPress to).
		touch( $this->directory . '/index.php' );
	}

	protected function tearDown(): void {
		array_map( 'unlink', (array) glob( $this->directory . '/*' ) );
		@rmdir( $this->directory ); // phpcs:ignore
	}

	/**
	 * Runs ScanGuard in another php process whose scan ends it as $how says.
	 */
	private function die_scanning( string $path, string $stamp, string $how ): void {
		$this->run_php( sprintf( '( new \Svc\Manifest\ScanGuard( %s ) )->run( %s, %s, function () { %s } );', var_export( $this->directory, true ), var_export( $path, true ), var_export( $stamp, true ), $how ) );
	}

	/**
	 * Runs $code with the plugin's autoloader in another php process, which must not survive it.
	 */
	private function run_php( string $code ): void {
		$root   = dirname( __DIR__, 3 );
		$code   = sprintf( 'require %s; \Svc\Autoloader::register( "Svc\\\\", %s ); %s echo "survived";', var_export( $root . '/plugin/src/Autoloader.php', true ), var_export( $root . '/plugin/src', true ), $code );
		$output = (string) shell_exec( 'php -d max_execution_time=0 -r ' . escapeshellarg( $code ) . ' 2>&1' );
		$this->assertStringNotContainsString( 'survived', $output );
	}

	/** @return array<string, array{string}> */
	public function deaths(): array {
		return array(
			'the time limit'   => array( 'set_time_limit( 1 ); while ( true ) {}' ),
			'the memory limit' => array( 'ini_set( "memory_limit", "16M" ); $a = array(); while ( true ) { $a[] = str_repeat( "x", 1024 ); }' ),
			'a killed worker'  => array( 'posix_kill( getmypid(), SIGKILL );' ),
		);
	}

	/** @dataProvider deaths */
	public function test_a_scan_that_ended_its_process_fails_the_file_until_it_changes( string $how ): void {
		$this->die_scanning( '/site/api/hostile.php', '100:200', $how );

		$guard = new ScanGuard( $this->directory );
		$ran   = 0;
		$scan  = static function () use ( &$ran ): string {
			++$ran;
			return 'scanned';
		};
		$this->assertNull( $guard->run( '/site/api/hostile.php', '100:200', $scan ) );
		$this->assertNull( $guard->run( '/site/api/hostile.php', '100:200', $scan ), 'still failed at the same stamp' );
		$this->assertSame( 0, $ran );
		$this->assertSame( 'scanned', $guard->run( '/site/api/other.php', '100:200', $scan ), 'other files are scanned' );
		$this->assertSame( 'scanned', $guard->run( '/site/api/hostile.php', '101:200', $scan ), 'changed, it is scanned again' );
		$this->assertSame( 'scanned', $guard->run( '/site/api/hostile.php', '101:200', $scan ) );
	}

	public function test_a_scan_that_finished_or_threw_leaves_nothing_behind(): void {
		$guard = new ScanGuard( $this->directory );
		$this->assertSame( 1, $guard->run( '/site/api/a.php', '1:1', static fn (): int => 1 ) );
		try {
			$guard->run( '/site/api/a.php', '1:1', static function (): void {
				throw new RuntimeException( 'thrown' );
			} );
		} catch ( RuntimeException $error ) {
			unset( $error );
		}
		$this->assertSame( 2, $guard->run( '/site/api/a.php', '1:1', static fn (): int => 2 ) );
		$this->assertSame( 3, ( new ScanGuard( $this->directory ) )->run( '/site/api/a.php', '1:1', static fn (): int => 3 ), 'another guard scans it too' );
		unset( $guard );
		$this->assertSame( array(), glob( $this->directory . '/*.scan' ) );
		$this->assertFileDoesNotExist( $this->directory . '/dead.list' );
	}

	public function test_one_journal_serves_a_whole_build(): void {
		$guard = new ScanGuard( $this->directory );
		$seen  = array();
		for ( $i = 0; $i < 50; $i++ ) {
			$guard->run(
				"/site/api/f{$i}.php",
				'1:1',
				function () use ( &$seen ): void {
					$seen[] = count( (array) glob( $this->directory . '/*.scan' ) );
				}
			);
		}
		$this->assertSame( array_fill( 0, 50, 1 ), $seen );
	}

	public function test_a_process_that_died_between_scans_fails_no_file(): void {
		// The guard still alive (a build under way), its process killed after a scan that finished.
		$this->run_php( sprintf( '$guard = new \Svc\Manifest\ScanGuard( %s ); $guard->run( "/site/api/fine.php", "1:1", fn () => 1 ); posix_kill( getmypid(), SIGKILL );', var_export( $this->directory, true ) ) );
		$this->assertCount( 1, (array) glob( $this->directory . '/*.scan' ), 'the dead build left its journal' );
		$this->assertSame( 'scanned', ( new ScanGuard( $this->directory ) )->run( '/site/api/fine.php', '1:1', static fn (): string => 'scanned' ) );
	}

	public function test_a_scan_another_process_is_running_now_is_not_taken_for_a_dead_one(): void {
		$journal = $this->directory . '/busy.scan';
		file_put_contents( $journal, sha1( '/site/api/busy.php' ) . ' 5:5' );
		$held = fopen( $journal, 'c+' );
		$this->assertNotFalse( $held );
		$this->assertTrue( flock( $held, LOCK_EX ) );
		// flock() locks are per open file description: a second fopen() in this process is refused as
		// another process would be.
		$this->assertSame( 'scanned', ( new ScanGuard( $this->directory ) )->run( '/site/api/busy.php', '5:5', static fn (): string => 'scanned' ) );
		$this->assertFileExists( $journal, 'a building process keeps its journal' );
		fclose( $held );
	}
}
