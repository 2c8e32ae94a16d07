<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Runtime\Limits\RateCounter;
use Svc\Runtime\Limits\RateTable;

/**
 * A counted request's queries on a site without a persistent object cache: the count itself, and no
 * option read from the database (a missing option is asked for on every request).
 */
final class RateCounterTest extends TestCase {

	protected function setUp(): void {
		if ( ! function_exists( 'add_filter' ) ) {
			$this->markTestSkipped( 'needs WordPress: run through npm test (SVC_WP_DIR)' );
		}
		if ( wp_using_ext_object_cache() ) {
			$this->markTestSkipped( 'counts in the object cache, not in the table' );
		}
	}

	public function test_a_site_from_before_gains_the_full_flag_and_then_counts_with_one_query(): void {
		// As a site counted by svc before version 2 of the table: no flag, version 1.
		RateTable::ensure();
		delete_option( RateTable::FULL_OPTION );
		update_option( RateTable::VERSION_OPTION, '1', true );
		wp_cache_delete( 'notoptions', 'options' );

		$bucket  = md5( uniqid( 'bucket', true ) );
		$counter = new RateCounter();
		$this->assertSame( 1, $counter->hit( $bucket, md5( 'shared' ), time() + 60 ) );
		$this->assertSame( RateTable::VERSION, get_option( RateTable::VERSION_OPTION ) );
		$this->assertSame( '0', get_option( RateTable::FULL_OPTION ) );
		$this->assertFalse( RateTable::full() );

		// The next request, as WordPress starts it: the options it autoloads, no memory of misses.
		wp_cache_delete( 'alloptions', 'options' );
		wp_cache_delete( 'notoptions', 'options' );
		wp_load_alloptions();
		$queries = array();
		$record  = static function ( string $query ) use ( &$queries ): string {
			$queries[] = $query;
			return $query;
		};
		add_filter( 'query', $record );
		try {
			$this->assertSame( 2, ( new RateCounter() )->hit( $bucket, md5( 'shared' ), time() + 60 ) );
		} finally {
			remove_filter( 'query', $record );
		}
		global $wpdb;
		$this->assertSame( array(), array_values( array_filter( $queries, static fn ( string $query ): bool => str_contains( $query, $wpdb->options ) ) ), 'no option was read from the database' );
		$this->assertCount( 1, array_filter( $queries, static fn ( string $query ): bool => str_starts_with( $query, 'INSERT INTO ' . RateTable::name() ) ) );
	}
}
