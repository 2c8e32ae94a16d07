<?php
declare(strict_types=1);

require_once __DIR__ . '/SvcTestCase.php';

use Svc\Release\BlobStore;
use Svc\Release\Refusal;
use Svc\Release\ReleaseStore;
use Svc\Release\Schema;
use Svc\Release\StageCap;
use Svc\Rest\Refusals;

/**
 * What the stage cap counts and when contents go (docs/management-api.md, "Releases").
 */
final class StagingTest extends SvcTestCase {

	protected function tearDown(): void {
		remove_all_filters( 'svc_keep_releases' );
		remove_all_filters( 'svc_max_staged_contents' );
		parent::tearDown();
		// The table is the site's: the contents this test left must not fill another's cap.
		global $wpdb;
		$wpdb->query( 'DELETE FROM ' . Schema::blobs() );
	}

	/**
	 * Stages as POST api-blobs does: awaited first, then stored.
	 *
	 * @param list<string> $sources
	 */
	private function stage( array $sources ): void {
		$store    = $this->blobs;
		$contents = array();
		foreach ( $sources as $source ) {
			$contents[ hash( 'sha256', $source ) ] = $source;
		}
		$store->await( array_keys( $contents ) );
		$store->put( $contents, $store->present( array_keys( $contents ) ) );
	}

	/** Moves every content's last staging back by $seconds, as time passing would. */
	private function age( int $seconds ): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::blobs() . ' SET staged = staged - %d, created = created - %d', $seconds, $seconds ) );
	}

	public function test_the_stage_caps_sum_reads_an_index_alone_also_on_a_site_made_before_it(): void {
		global $wpdb;
		$this->stage( array( self::route( self::unique( 'Indexed' ) ) ) );
		// A table of schema 7 had no such index: the upgrade adds it.
		$wpdb->query( 'ALTER TABLE ' . Schema::blobs() . ' DROP INDEX awaiting' );
		update_option( Schema::VERSION_OPTION, '7' );
		Schema::ensure();
		$columns = array_column( (array) $wpdb->get_results( 'SHOW INDEX FROM ' . Schema::blobs() . " WHERE Key_name = 'awaiting'", ARRAY_A ), 'Column_name', 'Seq_in_index' );
		$this->assertSame(
			array(
				1 => 'released',
				2 => 'awaited',
				3 => 'staged',
				4 => 'size',
			),
			$columns
		);
		$this->assertSame( 1, $this->blobs->staged()['contents'] );
	}

	public function test_contents_of_pruned_releases_do_not_count_and_go_after_the_grace(): void {
		add_filter( 'svc_keep_releases', static fn (): int => 2 );
		$class    = self::unique( 'Busy' );
		$versions = array();
		for ( $i = 0; $i < 5; $i++ ) {
			$versions[ $i ] = self::route( $class, "public function get(): array { return array( 'v' => {$i} ); }" );
			$this->stage( array( $versions[ $i ] ) );
			$this->deploy( array( 'busy' => $versions[ $i ] ) );
		}
		$store = $this->blobs;
		$this->assertSame(
			array(
				'bytes'    => 0,
				'contents' => 0,
			),
			$store->staged()
		);
		// Within the grace, the dropped contents stay (a push may have staged them again meanwhile).
		$this->assertCount( 5, $store->present( array_map( static fn ( string $s ): string => hash( 'sha256', $s ), $versions ) ) );
		$this->age( 601 );
		$this->deploy( array( 'busy' => self::route( $class, '// v5' ) ) );
		$kept = $store->present( array_map( static fn ( string $s ): string => hash( 'sha256', $s ), $versions ) );
		$this->assertSame( array( hash( 'sha256', $versions[4] ) ), $kept, 'only the content of the release still kept' );
	}

	public function test_a_content_staged_and_not_committed_counts_until_it_expires(): void {
		$source = self::route( self::unique( 'Waiting' ) );
		$this->stage( array( $source ) );
		$store = $this->blobs;
		$this->assertSame(
			array(
				'bytes'    => strlen( $source ),
				'contents' => 1,
			),
			$store->staged()
		);
		// Another push commits and prunes: a content still awaited stays, past the grace too.
		$this->age( 601 );
		$this->deploy( array( 'other' => self::route( self::unique( 'Other' ) ) ) );
		$this->assertSame( array( hash( 'sha256', $source ) ), $store->present( array( hash( 'sha256', $source ) ) ) );
		$this->age( HOUR_IN_SECONDS );
		$this->assertSame( 0, $store->staged()['contents'], 'expired: counted no more' );
		$this->deploy( array( 'other' => self::route( self::unique( 'Other' ) ) ) );
		$this->assertSame( array(), $store->present( array( hash( 'sha256', $source ) ) ), 'expired: removed by the next write' );
	}

	public function test_asking_for_a_dropped_content_keeps_it_for_the_push_that_asked(): void {
		add_filter( 'svc_keep_releases', static fn (): int => 1 );
		$class = self::unique( 'Again' );
		$first = self::route( $class, '// first' );
		$this->deploy( array( 'again' => $first ) );
		$this->deploy( array( 'again' => self::route( $class, '// second' ) ) );
		$this->age( 601 );
		// A push finds the content present and will commit it: it must not go under that push.
		$this->blobs->await( array( hash( 'sha256', $first ) ) );
		$this->deploy( array( 'unrelated' => self::route( self::unique( 'Unrelated' ) ) ) );
		$this->assertSame( array( hash( 'sha256', $first ) ), $this->blobs->present( array( hash( 'sha256', $first ) ) ) );
		$this->assertSame( 1, $this->blobs->staged()['contents'] );
	}

	public function test_the_cap_counts_rows_as_well_as_bytes(): void {
		add_filter( 'svc_max_staged_contents', static fn (): int => 3 );
		$store = $this->blobs;
		$this->stage( array( 'a', 'b' ) );
		$this->assertNull( StageCap::refusal( $store, array( hash( 'sha256', 'c' ) => 'c' ) ) );
		$refusal = StageCap::refusal(
			$store,
			array(
				hash( 'sha256', 'c' ) => 'c',
				hash( 'sha256', 'd' ) => 'd',
			)
		);
		$this->assertInstanceOf( Refusal::class, $refusal );
		$this->assertSame( 'svc_stage_full', $refusal->code );
		$this->assertSame( 'contents', $refusal->data['limit'] ?? null );
		$answer = Refusals::answer( $refusal );
		$this->assertSame( 413, $answer['status'] );
		$this->assertStringContainsString( '4', $answer['message'] );
	}

	public function test_a_release_keeps_its_contents_whatever_their_age(): void {
		$source = self::route( self::unique( 'Kept' ) );
		$this->deploy( array( 'kept' => $source ) );
		$this->age( 2 * HOUR_IN_SECONDS );
		$this->deploy( array( 'next' => self::route( self::unique( 'Next' ) ) ) );
		$this->assertSame( array( hash( 'sha256', $source ) ), $this->blobs->present( array( hash( 'sha256', $source ) ) ) );
		$this->assertCount( 2, ( new ReleaseStore() )->all() );
		$this->assertSame( BlobStore::ttl(), HOUR_IN_SECONDS );
	}
}
