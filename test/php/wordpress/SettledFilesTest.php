<?php
declare(strict_types=1);

require_once __DIR__ . '/SvcTestCase.php';

use Svc\Storage\AtomicBatch;

/**
 * The PHP files a release writes under new names are dated back past opcache's protection
 * (SettledTime), so that the first request after the release caches them; a file rewritten in
 * place keeps its real time.
 */
final class SettledFilesTest extends SvcTestCase {

	/** Older than opcache's default protection (2 s) at the time of the check. */
	private static function settled( string $path ): bool {
		clearstatcache( true, $path );
		return filemtime( $path ) < time() - 2;
	}

	public function test_a_releases_route_files_and_manifest_are_old_enough_to_be_cached_at_once(): void {
		$this->deploy(
			array(
				'hello'      => self::route( self::unique( 'Settled' ) ),
				'users/[id]' => self::route( self::unique( 'SettledUser' ) ),
			)
		);
		$tree = (string) realpath( $this->root . '/api' );
		$this->assertTrue( self::settled( $tree . '/hello.php' ) );
		$this->assertTrue( self::settled( $tree . '/users/[id].php' ) );
		// The release's manifest, saved under its tree's new name.
		$manifests = (array) glob( $this->paths->cache() . '/manifest-r*.php' );
		$this->assertNotSame( array(), $manifests );
		foreach ( $manifests as $manifest ) {
			$this->assertTrue( self::settled( (string) $manifest ), (string) $manifest );
		}
	}

	public function test_a_file_rewritten_in_place_keeps_its_real_time(): void {
		$directory = $this->paths->cache();
		$target    = $directory . '/settled-probe.php';
		( new AtomicBatch() )->write( $directory, array( $target => "<?php return 1;\n" ) );
		$this->assertTrue( self::settled( $target ) );
		( new AtomicBatch() )->write( $directory, array( $target => "<?php return 2;\n" ) );
		clearstatcache( true, $target );
		$this->assertGreaterThanOrEqual( time() - 1, filemtime( $target ) );
		$this->assertSame( 2, include $target );
	}
}
