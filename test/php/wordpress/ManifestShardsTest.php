<?php
declare(strict_types=1);

require_once __DIR__ . '/SvcTestCase.php';

use Svc\Components;
use Svc\Manifest\BootLock;
use Svc\Manifest\BootRecords;
use Svc\Manifest\Freshness;
use Svc\Manifest\ManifestBuilder;
use Svc\Manifest\ManifestFiles;
use Svc\Manifest\ManifestStore;
use Svc\Manifest\ManifestView;
use Svc\Manifest\ManifestWriters;
use Svc\Manifest\MetaStore;

/**
 * A request for one route reads the manifest's head and the shards its path names, not the whole
 * manifest (without opcache, compiling a 5,000-entry literal costs as much as the route).
 */
final class ManifestShardsTest extends SvcTestCase {

	private const FILES = 300;

	protected function setUp(): void {
		parent::setUp();
		// A plain api/ directory, as before the first release: 300 files, several dynamic directories.
		for ( $i = 0; $i < self::FILES; $i++ ) {
			$slug = 0 === $i % 10 ? "group-{$i}/[id]" : "route-{$i}";
			$this->place( $slug, self::route( self::unique( 'Sharded' ) ) );
		}
		$this->place( 'users/me', self::route( self::unique( 'Me' ) ) );
		$this->place( 'users/[id]', self::route( self::unique( 'User' ) ) );
		// Stamps of the second the manifest is built in are not trusted ("racy"): build a second later.
		sleep( 1 );
		$this->store->current();
	}

	private function place( string $slug, string $source ): void {
		$path = $this->root . '/api/' . $slug . '.php';
		wp_mkdir_p( dirname( $path ) );
		file_put_contents( $path, $source );
	}

	/** A store as the next request makes it, and the manifest files it includes while $work runs. */
	private function shards_read( callable $work ): array {
		$store  = Components::manifest_store( $this->files );
		$before = get_included_files();
		$result = $work( $store );
		$read   = preg_grep( '#/cache/manifest-[^/]+-[0-9a-f]+-\d+\.php$#', array_diff( get_included_files(), $before ) );
		return array( $result, count( $read ) );
	}

	public function test_a_request_reads_only_the_shards_its_path_names(): void {
		list( $found, $read ) = $this->shards_read( fn ( ManifestStore $store ): array => $store->candidates( 'route-7' ) );
		$this->assertSame( array( 'route-7' ), $found );
		$this->assertLessThanOrEqual( 2, $read );

		list( $found, $read ) = $this->shards_read( fn ( ManifestStore $store ): array => $store->candidates( 'users/me' ) );
		// The static route first, then the dynamic one that also matches.
		$this->assertSame( array( 'users/me', 'users/[id]' ), $found );
		$this->assertLessThanOrEqual( 3, $read );

		list( $found ) = $this->shards_read( fn ( ManifestStore $store ): array => $store->candidates( 'group-20/abc' ) );
		$this->assertSame( array( 'group-20/[id]' ), $found );
	}

	public function test_a_file_added_beside_the_route_is_seen_and_one_elsewhere_costs_nothing(): void {
		// Another directory changed: a request for route-7 still reads only its shards.
		$this->place( 'group-20/new', self::route( self::unique( 'Elsewhere' ) ) );
		list( $found, $read ) = $this->shards_read( fn ( ManifestStore $store ): array => $store->candidates( 'route-7' ) );
		$this->assertSame( array( 'route-7' ), $found );
		$this->assertLessThanOrEqual( 2, $read );

		// The same directory changed: the path may match something new, so the manifest is rebuilt.
		$this->place( 'users/[name]', self::route( self::unique( 'Named' ) ) );
		list( $found ) = $this->shards_read( fn ( ManifestStore $store ): array => $store->candidates( 'users/7' ) );
		$this->assertSame( array( 'users/[id]', 'users/[name]' ), $found );
	}

	public function test_the_whole_manifest_and_a_class_lookup_agree_with_the_shards(): void {
		preg_match( '/class (\w+)/', (string) file_get_contents( $this->root . '/api/route-42.php' ), $class );
		list( $slug, $read ) = $this->shards_read( fn ( ManifestStore $fresh ): ?string => $fresh->slug_of_class( '\\' . strtoupper( $class[1] ) ) );
		$this->assertSame( 'route-42', $slug );
		$this->assertSame( 1, $read );
		list( $entry ) = $this->shards_read( fn ( ManifestStore $fresh ): ?array => $fresh->entry( 'route-42' ) );
		$whole         = Components::manifest_store( $this->files )->current();
		$this->assertCount( self::FILES + 2, $whole['files'] );
		$this->assertSame( $whole['files']['route-42'], $entry );
		$this->assertSame( $class[1], $entry['class'] );
	}

	public function test_boot_records_are_saved_into_the_shard_that_holds_the_file(): void {
		$store = Components::manifest_store( $this->files );
		$entry = $store->entry( 'route-9' );
		$store->record_boot(
			'route-9',
			(string) $entry['stamp'],
			array(
				'kind'    => 'load',
				'message' => 'it broke',
			)
		);
		$store->flush();
		list( $entry ) = $this->shards_read( fn ( ManifestStore $fresh ): ?array => $fresh->entry( 'route-9' ) );
		$this->assertSame(
			array(
				'kind'    => 'load',
				'message' => 'it broke',
			),
			$entry['boot']
		);
		$this->assertSame(
			array(
				'kind'    => 'load',
				'message' => 'it broke',
			),
			Components::manifest_store( $this->files )->current()['files']['route-9']['boot']
		);
	}

	public function test_an_entry_read_again_in_the_request_shows_what_was_recorded_since(): void {
		$store = Components::manifest_store( $this->files );
		$entry = $store->entry( 'route-9' );
		$this->assertNull( $entry['boot'] );
		$this->assertSame( $entry, $store->entry( 'route-9' ) );
		$store->record_boot(
			'route-9',
			(string) $entry['stamp'],
			array(
				'kind'    => 'load',
				'message' => 'it broke',
			)
		);
		// Not saved yet: this request's copy already says it.
		$this->assertSame( 'it broke', $store->entry( 'route-9' )['boot']['message'] ?? null );
		$store->record_boot( 'route-9', (string) $entry['stamp'], null );
		$this->assertNull( $store->entry( 'route-9' )['boot'] );
		// The copy forgotten (a swap), the file edited in place meanwhile: read and checked again.
		$this->place( 'route-9', self::route( self::unique( 'Swapped' ) ) . "\n// edited\n" );
		clearstatcache();
		$store->invalidate();
		$this->assertStringStartsWith( 'Swapped', (string) $store->entry( 'route-9' )['class'] );
	}

	public function test_a_fact_recorded_when_no_manifest_is_saved_builds_one_under_the_lock_it_holds(): void {
		$store = Components::manifest_store( $this->files );
		$this->assertNotNull( $store->entry( 'route-9' ) );
		// Its manifest removed (another request's collect), after this request read the head.
		foreach ( (array) glob( $this->paths->cache() . '/manifest-*.php' ) as $file ) {
			unlink( (string) $file );
		}
		// The rebuild takes the lock record_meta() holds: it must not wait for itself.
		$store->record_meta( 'probe', 'kept' );
		$this->assertSame( 'kept', Components::manifest_store( $this->files )->meta( 'probe' ) );
	}

	/**
	 * A store built as Components::manifest_store() builds one, whose writers are counted as they are
	 * made.
	 *
	 * @param int $built Set to how many times the writing parts were made.
	 */
	private function counting_store( int &$built ): ManifestStore {
		$paths     = $this->files->paths();
		$manifests = new ManifestFiles( $paths );
		$view      = new ManifestView( $manifests );
		$files     = $this->files;
		return new ManifestStore(
			$paths,
			$manifests,
			$view,
			new Freshness( $paths ),
			static function () use ( &$built, $files, $manifests, $view, $paths ): ManifestWriters {
				++$built;
				$lock = new BootLock( $paths );
				return new ManifestWriters( new ManifestBuilder( $files ), new BootRecords( $manifests, $view, $lock ), new MetaStore( $manifests, $view, $lock ), $lock );
			},
			static fn ( string $tree ): ManifestStore => Components::manifest_store( $files )
		);
	}

	public function test_serving_a_route_from_a_fresh_manifest_builds_nothing_that_writes(): void {
		$built = 0;
		$store = $this->counting_store( $built );
		// What a request for one route asks: its candidates, its entry, the vendor fact, a class.
		$this->assertSame( array( 'route-7' ), $store->candidates( 'route-7' ) );
		$entry = $store->entry( 'route-7' );
		$this->assertNotNull( $entry );
		$this->assertNull( $store->meta( 'vendor' ) );
		$this->assertNull( $store->slug_of_class( 'NoSuchClass' ) );
		$store->flush();
		$this->assertSame( 0, $built );

		// A load's outcome to save: the writers are made once, and the record is saved.
		$store->record_boot( 'route-7', (string) $entry['stamp'], null );
		$store->record_meta( 'probe', 'kept' );
		$store->flush();
		$this->assertSame( 1, $built );
		$saved = Components::manifest_store( $this->files );
		$this->assertTrue( $saved->entry( 'route-7' )['booted'] );
		$this->assertSame( 'kept', $saved->meta( 'probe' ) );
	}

	public function test_a_file_edited_in_place_is_rescanned_through_the_writers(): void {
		$built = 0;
		$store = $this->counting_store( $built );
		$this->place( 'route-8', self::route( self::unique( 'Edited' ) ) . "\n// edited\n" );
		clearstatcache();
		$this->assertStringStartsWith( 'Edited', (string) $store->entry( 'route-8' )['class'] );
		$this->assertSame( 1, $built );
	}
}
