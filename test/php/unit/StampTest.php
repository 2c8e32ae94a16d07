<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Manifest\CarriedEntry;
use Svc\Storage\Stamp;

/**
 * A route file's stamp changes when the file is replaced or edited in place, and not when another
 * release's tree hard-links it (which changes only its ctime); a manifest entry carries over to a
 * file with the same stamp, at any path, unless the stamp is racy.
 */
final class StampTest extends TestCase {

	private string $dir;

	protected function setUp(): void {
		$this->dir = sys_get_temp_dir() . '/svc-stamp-' . bin2hex( random_bytes( 4 ) );
		mkdir( $this->dir );
	}

	protected function tearDown(): void {
		foreach ( (array) glob( $this->dir . '/*' ) as $file ) {
			unlink( (string) $file );
		}
		rmdir( $this->dir );
	}

	private function stamp( string $name ): string {
		clearstatcache();
		return Stamp::of_file( @stat( $this->dir . '/' . $name ) );
	}

	public function test_a_hard_link_elsewhere_leaves_the_stamp_alone_though_it_changes_the_ctime(): void {
		file_put_contents( $this->dir . '/a.php', '<?php // one' );
		touch( $this->dir . '/a.php', time() - 100 );
		clearstatcache();
		$ctime = (int) filectime( $this->dir . '/a.php' );
		$stamp = $this->stamp( 'a.php' );
		// Past the next second on the kernel's clock too: it dates inodes from a coarse clock, a tick
		// (up to 4 ms) behind time(), and one second exactly could leave the ctime in the same second.
		usleep( 1100000 );
		if ( ! @link( $this->dir . '/a.php', $this->dir . '/b.php' ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors
			$this->markTestSkipped( 'this file system has no hard links (svc copies there)' );
		}
		clearstatcache();
		$this->assertGreaterThan( $ctime, (int) filectime( $this->dir . '/a.php' ) );
		$this->assertSame( $stamp, $this->stamp( 'a.php' ) );
		$this->assertSame( $stamp, $this->stamp( 'b.php' ), 'the linked copy is the same file' );
	}

	public function test_replacing_or_editing_a_file_changes_its_stamp(): void {
		file_put_contents( $this->dir . '/a.php', '<?php // one' );
		touch( $this->dir . '/a.php', time() - 100 );
		$before = $this->stamp( 'a.php' );

		// In place, same size, new mtime (an editor, SFTP).
		file_put_contents( $this->dir . '/a.php', '<?php // two' );
		$edited = $this->stamp( 'a.php' );
		$this->assertNotSame( $before, $edited );

		// In place, same size, the mtime set back: the case the stamp gives up (see Stamp).
		touch( $this->dir . '/a.php', time() - 100 );
		$this->assertSame( $before, $this->stamp( 'a.php' ) );

		// Replaced by rename, same size and mtime: a new inode.
		file_put_contents( $this->dir . '/new.php', '<?php // six' );
		touch( $this->dir . '/new.php', time() - 100 );
		rename( $this->dir . '/new.php', $this->dir . '/a.php' );
		$this->assertNotSame( $before, $this->stamp( 'a.php' ) );

		// Grown in place within the same second.
		$grown = $this->stamp( 'a.php' );
		file_put_contents( $this->dir . '/a.php', '<?php // seven', FILE_APPEND );
		touch( $this->dir . '/a.php', time() - 100 );
		$this->assertNotSame( $grown, $this->stamp( 'a.php' ) );
	}

	public function test_a_missing_path_has_no_stamp(): void {
		$this->assertSame( '', $this->stamp( 'gone.php' ) );
		$this->assertSame( '', Stamp::of_link( false ) );
		$this->assertSame( 0, Stamp::changed_at( '' ) );
	}

	public function test_changed_at_is_the_files_mtime_and_the_links_latest_time(): void {
		$this->assertSame( 1700000000, Stamp::changed_at( Stamp::of_file( $this->stat( 1700000000, 1800000000, 5, 10 ) ) ) );
		$this->assertSame( 1800000000, Stamp::changed_at( Stamp::of_link( $this->stat( 1700000000, 1800000000, 5, 10 ) ) ) );
		$this->assertSame( 1800000000, Stamp::changed_at( Stamp::of_link( $this->stat( 1800000000, 1700000000, 5, 10 ) ) ) );
		// An inode number larger than any time is not a time.
		$this->assertSame( 1700000000, Stamp::changed_at( Stamp::of_file( $this->stat( 1700000000, 0, 9999999999, 10 ) ) ) );
	}

	public function test_an_entry_carries_over_to_the_same_file_at_any_path_unless_racy(): void {
		$stamp = Stamp::of_file( $this->stat( 1000, 2000, 7, 30 ) );
		$known = $this->entry( '/trees/1/a.php', $stamp );

		$this->assertSame( $known, CarriedEntry::of( $known, $this->stat_at( '/trees/1/a.php', $stamp ), 1001 ) );
		$carried = CarriedEntry::of( $known, $this->stat_at( '/trees/2/a.php', $stamp ), 1001 );
		$this->assertSame( '/trees/2/a.php', $carried['path'] ?? null, 'a new tree hard-links the same stored file' );
		$this->assertSame( $known['hash'], $carried['hash'] );

		// Built in the second the file was written: it may have changed again unseen.
		$this->assertNull( CarriedEntry::of( $known, $this->stat_at( '/trees/1/a.php', $stamp ), 1000 ) );
		// Another file, or none.
		$this->assertNull( CarriedEntry::of( $known, $this->stat_at( '/trees/1/a.php', Stamp::of_file( $this->stat( 1000, 2000, 8, 30 ) ) ), 1001 ) );
		$this->assertNull( CarriedEntry::of( $known, $this->stat_at( '/trees/1/a.php', '' ), 1001 ) );
		$this->assertNull( CarriedEntry::of( null, $this->stat_at( '/trees/1/a.php', $stamp ), 1001 ) );
	}

	public function test_racy_means_changed_in_or_after_the_second_of_the_build(): void {
		$stamp = Stamp::of_file( $this->stat( 1000, 5000, 7, 30 ) );
		$this->assertTrue( CarriedEntry::is_racy( $stamp, 999 ) );
		$this->assertTrue( CarriedEntry::is_racy( $stamp, 1000 ) );
		$this->assertFalse( CarriedEntry::is_racy( $stamp, 1001 ), 'the ctime (5000) is not part of a file stamp' );
		$this->assertFalse( CarriedEntry::is_racy( '', 0 ) );
	}

	/**
	 * @return array<string, int>
	 */
	private function stat( int $mtime, int $ctime, int $ino, int $size ): array {
		return array(
			'mtime' => $mtime,
			'ctime' => $ctime,
			'ino'   => $ino,
			'size'  => $size,
		);
	}

	/**
	 * @return array{path: string, size: int, stamp: string}
	 */
	private function stat_at( string $path, string $stamp ): array {
		return array(
			'path'  => $path,
			'size'  => 30,
			'stamp' => $stamp,
		);
	}

	/**
	 * @return array<string, mixed>
	 */
	private function entry( string $path, string $stamp ): array {
		return array(
			'path'  => $path,
			'size'  => 30,
			'stamp' => $stamp,
			'hash'  => str_repeat( 'a', 64 ),
			'class' => 'A',
		);
	}
}
