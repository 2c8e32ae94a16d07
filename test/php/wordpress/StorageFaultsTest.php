<?php
declare(strict_types=1);

require_once __DIR__ . '/SvcTestCase.php';

use Svc\Components;
use Svc\Release\BlobStore;
use Svc\Release\Change;
use Svc\Release\Deployer;
use Svc\Release\ReleaseStore;
use Svc\Storage\Disk;
use Svc\Storage\Trees;

/**
 * A disk that fails on cue: the Nth call of an operation on a path matching a pattern reports the
 * failure a real file system would (a full disk writes short, a rename is refused).
 */
final class FaultyDisk extends Disk {

	/** @var array<string, int> Operation => matching calls left before it fails (0: the next one fails). */
	private array $fail_after = array();
	/** @var array<string, string> Operation => the paths it fails on (a regex). */
	private array $paths = array();

	public function fail( string $operation, int $after = 0, string $paths = '#/trees/|/api$#' ): void {
		$this->fail_after[ $operation ] = $after;
		$this->paths[ $operation ]      = $paths;
	}

	private function refuses( string $operation, string $path ): bool {
		if ( ! isset( $this->fail_after[ $operation ] ) || 1 !== preg_match( $this->paths[ $operation ], $path ) ) {
			return false;
		}
		if ( 0 === $this->fail_after[ $operation ] ) {
			unset( $this->fail_after[ $operation ] );
			return true;
		}
		--$this->fail_after[ $operation ];
		return false;
	}

	public function put( string $path, string $bytes ): void {
		if ( $this->refuses( 'put', $path ) ) {
			// What a full disk does: part of the bytes, then ENOSPC.
			file_put_contents( $path, substr( $bytes, 0, intdiv( strlen( $bytes ), 2 ) ) );
			throw new RuntimeException( 'svc could not write ' . $path . ' (is the disk full?)' );
		}
		parent::put( $path, $bytes );
	}

	public function rename( string $from, string $to ): bool {
		return $this->refuses( 'rename', $to ) ? false : parent::rename( $from, $to );
	}

	public function symlink( string $target, string $link ): bool {
		return $this->refuses( 'symlink', $link ) ? false : parent::symlink( $target, $link );
	}

	public function link( string $target, string $link ): bool {
		return $this->refuses( 'link', $link ) ? false : parent::link( $target, $link );
	}
}

/**
 * Storage is passed in as objects (Disk), so these failures are real ones as the plugin meets them:
 * nothing is lost or half-written, and the next request serves what the database says.
 */
final class StorageFaultsTest extends SvcTestCase {

	private FaultyDisk $disk;
	private string $old;

	protected function setUp(): void {
		parent::setUp();
		$this->disk     = new FaultyDisk();
		$this->store    = Components::manifest_store( $this->files, $this->disk );
		$this->deployer = new Deployer( $this->paths, $this->store, new BlobStore(), new ReleaseStore(), new Trees( $this->paths, $this->disk ) );
		$this->old      = self::route( self::unique( 'Old' ) );
		$this->deploy(
			array(
				'hello' => $this->old,
				'other' => self::route( self::unique( 'Other' ) ),
			)
		);
	}

	/** @return array<string, mixed> What a client sees of the site: the served files and the active release. */
	private function site_state(): array {
		$this->store->invalidate();
		return array(
			'served' => readlink( $this->root . '/api' ),
			'hello'  => $this->files->read( 'hello' ),
			'active' => ( new ReleaseStore() )->active_id( true ),
			'kept'   => count( ( new ReleaseStore() )->all() ),
			'builds' => preg_grep( '/^\.build-/', (array) scandir( $this->root . '/trees' ) ),
			'trees'  => count( (array) scandir( $this->root . '/trees' ) ),
		);
	}

	private function push_new(): WP_Error|array {
		$new = self::route( self::unique( 'New' ) );
		return self::answer( $this->deployer->commit( new Change( files: array( 'hello' => hash( 'sha256', $new ) ), inline: array( hash( 'sha256', $new ) => $new ) ) ) );
	}

	public function test_a_disk_that_fills_while_the_tree_is_written_changes_nothing(): void {
		$before = $this->site_state();
		// The first route file of the new tree is cut short (after the directory's index.php).
		$this->disk->fail( 'put', 1 );
		$outcome = $this->push_new();
		$this->assertInstanceOf( WP_Error::class, $outcome );
		$this->assertSame( 'svc_write_failed', $outcome->get_error_code() );
		$this->assertStringContainsString( 'is the disk full?', $outcome->get_error_message() );
		$this->assertStringContainsString( 'nothing was changed', $outcome->get_error_message() );
		$this->assertSame( $before, $this->site_state() );
	}

	public function test_a_refused_rename_while_naming_the_tree_withdraws_the_release(): void {
		$before = $this->site_state();
		$this->disk->fail( 'rename' );
		$outcome = $this->push_new();
		$this->assertInstanceOf( WP_Error::class, $outcome );
		$this->assertSame( 'svc_write_failed', $outcome->get_error_code() );
		$this->assertSame( $before, $this->site_state() );
	}

	/** @return list<int> The releases the kept `release` events tell of. */
	private static function release_events(): array {
		$page = ( new Svc\Events\EventStore() )->page( null, null, null, 1000 );
		return array_values( array_map( static fn ( array $event ): int => (int) $event['data']['release'], array_filter( $page, static fn ( array $event ): bool => 'release' === $event['type'] ) ) );
	}

	public function test_a_refused_swap_withdraws_the_release_and_keeps_the_old_files_served(): void {
		$before = $this->site_state();
		$told   = self::release_events();
		// Naming the tree works; the rename that makes it api/ is refused.
		$this->disk->fail( 'rename', 1 );
		$outcome = $this->push_new();
		$this->assertInstanceOf( WP_Error::class, $outcome );
		$this->assertSame( $before, $this->site_state() );
		// The event committed with the release went with its withdrawal: the log tells of no release.
		$this->assertSame( $told, self::release_events() );
		// And the next push, on a disk that works again, goes through.
		$this->assertIsArray( $this->push_new() );
		$this->assertNotSame( $this->old, $this->files->read( 'hello' ) );
		$this->assertSame( array( ( new ReleaseStore() )->active_id( true ) ), array_slice( self::release_events(), 0, count( self::release_events() ) - count( $told ) ) );
	}

	public function test_a_preview_whose_tree_cannot_be_named_is_withdrawn_with_its_event(): void {
		$told = self::release_events();
		$new  = self::route( self::unique( 'Preview' ) );
		$this->disk->fail( 'rename' );
		$outcome = self::answer( $this->deployer->commit( new Change( files: array( 'hello' => hash( 'sha256', $new ) ), inline: array( hash( 'sha256', $new ) => $new ), kind: 'preview' ) ) );
		$this->assertInstanceOf( WP_Error::class, $outcome );
		$this->assertSame( 'svc_write_failed', $outcome->get_error_code() );
		$this->assertSame( $told, self::release_events() );
		// A preview made on a disk that works again is told of, once.
		$made = self::answer( $this->deployer->commit( new Change( files: array( 'hello' => hash( 'sha256', $new ) ), inline: array( hash( 'sha256', $new ) => $new ), kind: 'preview' ) ) );
		$this->assertIsArray( $made );
		$this->assertSame( array( (int) $made['release']['id'] ), array_slice( self::release_events(), 0, count( self::release_events() ) - count( $told ) ) );
	}

	public function test_a_node_that_cannot_write_its_copy_keeps_serving_its_files_and_catches_up_later(): void {
		$new = self::route( self::unique( 'Elsewhere' ) );
		// Another node committed a release; this node's disk is full when it tries to follow.
		$id = $this->commit_in_database_only(
			array( 'hello' => $new ),
			array(
				'added'   => array(),
				'changed' => array( 'hello' ),
				'removed' => array(),
			)
		);
		$this->disk->fail( 'put' );
		$this->deployer->catch_up();
		$this->store->invalidate();
		$this->assertSame( $this->old, $this->files->read( 'hello' ) );
		$this->assertSame( array(), preg_grep( '/^\.build-/', (array) scandir( $this->root . '/trees' ) ) );
		// The next request, with room on the disk, serves the active release.
		$this->deployer->catch_up();
		$this->store->invalidate();
		$this->assertSame( $new, $this->files->read( 'hello' ) );
		$this->assertStringStartsWith( 'trees/r' . $id . '-', (string) readlink( $this->root . '/api' ) );
	}

	public function test_a_new_trees_directory_guards_are_second_names_of_its_own_root_guard(): void {
		$this->deploy( array( 'deep/er/route' => self::route( self::unique( 'Deep' ) ) ) );
		$tree = $this->root . '/trees/' . basename( (string) readlink( $this->root . '/api' ) );
		$root = stat( $tree . '/index.php' );
		foreach ( array( 'deep', 'deep/er' ) as $dir ) {
			$this->assertSame( '', file_get_contents( "{$tree}/{$dir}/index.php" ), $dir );
			$this->assertSame( $root['ino'], stat( "{$tree}/{$dir}/index.php" )['ino'], $dir );
		}
		// Each tree's guards are its own: removing an old tree leaves the served one's whole.
		$this->deploy( array( 'deep/er/route' => self::route( self::unique( 'Deeper' ) ) ) );
		$this->assertNotSame( $root['ino'], stat( $this->root . '/api/index.php' )['ino'] );
	}

	public function test_a_guard_the_file_system_will_not_link_is_written(): void {
		$this->disk->fail( 'link', 0, '#/deep/index\.php$#' );
		$this->deploy( array( 'deep/er/route' => self::route( self::unique( 'Written' ) ) ) );
		$this->assertSame( '', file_get_contents( $this->root . '/api/deep/index.php' ) );
		$this->assertSame( 1, stat( $this->root . '/api/deep/index.php' )['nlink'] );
		// The refusal was the disk's answer for that one name; the next guard is linked again.
		$this->assertSame( stat( $this->root . '/api/index.php' )['ino'], stat( $this->root . '/api/deep/er/index.php' )['ino'] );
	}

	public function test_a_failed_manifest_save_costs_speed_not_correctness(): void {
		$this->disk->fail( 'rename', 0, '#/cache/#' );
		$this->store->invalidate();
		$fresh = Components::manifest_store( $this->files, $this->disk );
		$this->assertSame( array( 'hello' ), $fresh->candidates( 'hello' ) );
		$this->assertSame( $this->old, $this->files->read( 'hello' ) );
		$cache = (array) scandir( $this->root . '/cache' );
		$this->assertSame( array(), preg_grep( '/\.(tmp|bak)\.php$/', $cache ), 'no temporary file is left behind' );
	}
}
