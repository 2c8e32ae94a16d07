<?php
declare(strict_types=1);

require_once __DIR__ . '/SvcTestCase.php';

use Svc\Storage\AtomicBatch;

/**
 * The PHP files a release writes under new names are dated back past opcache's protection
 * (SettledTime), so that the first request after the release caches them; a file written over
 * is dated back only to a time later than its old version's.
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
		// Its directories too: a manifest built in the release's second is not "racy" for them.
		$this->assertTrue( self::settled( $tree ) );
		$this->assertTrue( self::settled( $tree . '/users' ) );
		// The release's manifest, saved under its tree's new name.
		$manifests = (array) glob( $this->paths->cache() . '/manifest-r*.php' );
		$this->assertNotSame( array(), $manifests );
		foreach ( $manifests as $manifest ) {
			$this->assertTrue( self::settled( (string) $manifest ), (string) $manifest );
		}
	}

	public function test_a_file_written_over_is_dated_back_only_to_a_later_time_than_its_old_version(): void {
		$directory = $this->paths->cache();
		$target    = $directory . '/settled-probe.php';
		( new AtomicBatch() )->write( $directory, array( $target => "<?php return 1;\n" ) );
		$this->assertTrue( self::settled( $target ) );
		touch( $target, time() - 100 );
		clearstatcache( true, $target );
		$times = array( filemtime( $target ) );
		for ( $version = 2; $version <= 4; $version++ ) {
			( new AtomicBatch() )->write( $directory, array( $target => "<?php return {$version};\n" ) );
			clearstatcache( true, $target );
			$times[] = filemtime( $target );
			$this->assertSame( $version, include $target );
		}
		// Over a version 100 s old: old enough to be cached at once.
		$this->assertTrue( $times[1] < time() - 2 && $times[1] > $times[0] );
		// Then each version's time is later than the one before it, or is the real time (not cached
		// for two seconds): never one opcache could take for an earlier version's.
		for ( $i = 2; $i < count( $times ); $i++ ) {
			$this->assertTrue( $times[ $i ] > $times[ $i - 1 ] || $times[ $i ] >= time() - 1, implode( ' ', $times ) );
		}
	}

	public function test_a_temporary_manifest_file_dated_back_is_not_taken_for_a_crashs(): void {
		$cache = $this->paths->cache();
		wp_mkdir_p( $cache );
		$live    = $cache . '/.manifest-r1.' . str_repeat( 'a', 12 ) . '.tmp.php';
		$crashed = $cache . '/.manifest-r1.' . str_repeat( 'b', 12 ) . '.tmp.php';
		// A long protection: a file being saved now is dated back more than a minute.
		$before = ini_set( 'opcache.file_update_protection', '100' );
		if ( false === $before ) {
			$this->markTestSkipped( 'opcache.file_update_protection cannot be set here' );
		}
		$settled = \Svc\Storage\SettledTime::for_new_file( time(), ini_get( 'opcache.file_update_protection' ) );
		$this->assertLessThan( time() - 60, $settled );
		file_put_contents( $live, '<?php return 1;' );
		file_put_contents( $crashed, '<?php return 2;' );
		// Being saved now: dated back as a save does before its rename.
		touch( $live, $settled );
		// Left by a save that ended over a minute ago.
		touch( $crashed, $settled - 61 );
		\Svc\Manifest\ManifestFiles::collect( $this->paths, array( 'r1' ) );
		ini_set( 'opcache.file_update_protection', $before );
		clearstatcache();
		$this->assertFileExists( $live );
		$this->assertFileDoesNotExist( $crashed );
		unlink( $live );
	}
}
