<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\EarlyCache\DbHost;
use Svc\EarlyCache\DiskStore;
use Svc\EarlyCache\HitCounts;
use Svc\EarlyCache\IndexStamp;
use Svc\EarlyCache\Lookup;
use Svc\EarlyCache\HitPlan;
use Svc\EarlyCache\Scope;
use Svc\EarlyCache\StoredAnswer;

/**
 * How a node knows its route index is the one in force, which site a request is for, and the
 * counters: the rules that make a push, a purge or another node's release reach every node.
 */
final class EarlyCacheStampTest extends TestCase {

	public function test_a_site_s_scope_is_its_home_host_port_and_path(): void {
		$this->assertSame( 'example.com', Scope::of_home( 'https://Example.COM/' ) );
		$this->assertSame( 'example.com:8080/blog', Scope::of_home( 'http://example.com:8080/Blog/' ) );
		$this->assertNull( Scope::of_home( '/relative' ) );
		$this->assertSame( array( 'example.com/blog', 'example.com' ), Scope::candidates( 'Example.com', '/blog/wp-json/svc/v1/x?a=1' ) );
		$this->assertSame( array( 'example.com' ), Scope::candidates( 'example.com', '/wp-json' ) );
		$this->assertSame( array(), Scope::candidates( '', '/wp-json/x' ) );
		$this->assertSame( array(), Scope::candidates( str_repeat( 'a', 256 ), '/wp-json/x' ), 'an endless Host names no site' );
		$this->assertNotSame( Scope::folder( 'example.com' ), Scope::folder( 'example.com/blog' ) );
		$this->assertMatchesRegularExpression( '/^[0-9a-f]{24}$/D', Scope::folder( '../../etc' ), 'a folder is a hash, never a path' );
	}

	public function test_the_stamp_in_force_comes_from_the_active_release_and_the_purge_serial(): void {
		$this->assertSame( '12:3', IndexStamp::from_options( array( 'svc_active_release' => '12', 'svc_early_cache_serial' => '3' ) ) );
		$this->assertSame( '12:0', IndexStamp::from_options( array( 'svc_active_release' => '12' ) ), 'no purge yet' );
		$this->assertSame( '0:1', IndexStamp::from_options( array( 'svc_early_cache_serial' => '1' ) ), 'no release yet: the files on disk' );
		$this->assertNull( IndexStamp::from_options( array( 'svc_active_release' => '12', 'svc_early_cache_serial' => IndexStamp::OFF ) ), 'deactivated: nothing is served early' );
		$this->assertNull( IndexStamp::from_options( array( 'svc_active_release' => '12; DROP', 'svc_early_cache_serial' => '1' ) ) );
		$this->assertNull( IndexStamp::from_options( array( 'svc_active_release' => array( 1 ) ) ) );
		$this->assertTrue( IndexStamp::fresh( '12:3', '12:3' ) );
		$this->assertFalse( IndexStamp::fresh( '12:3', '13:3' ), 'another node pushed' );
		$this->assertFalse( IndexStamp::fresh( '12:3', '12:4' ), 'a purge' );
		$this->assertFalse( IndexStamp::fresh( '12:3', null ), 'the stamp could not be read: WordPress answers' );
		$this->assertFalse( IndexStamp::fresh( null, '12:3' ), 'an index without a stamp' );
		$this->assertFalse( IndexStamp::fresh( '', '' ) );
		$this->assertTrue( IndexStamp::lists_release( '12:3', 12 ) );
		$this->assertTrue( IndexStamp::lists_release( '12:4', 12 ), 'a purge since: the same code' );
		$this->assertFalse( IndexStamp::lists_release( '12:3', 13 ), 'another release is served' );
		$this->assertFalse( IndexStamp::lists_release( '112:3', 12 ) );
		$this->assertFalse( IndexStamp::lists_release( '12', 12 ), 'not a stamp' );
		$this->assertFalse( IndexStamp::lists_release( '', 0 ) );
		$this->assertFalse( IndexStamp::lists_release( null, 0 ) );
	}

	/** @return array<string, array{string, array{host: string, port: int|null, socket: string|null}|null}> */
	public function hosts(): array {
		return array(
			'host'             => array( 'db.example', array( 'host' => 'db.example', 'port' => null, 'socket' => null ) ),
			'host and port'    => array( '127.0.0.1:3307', array( 'host' => '127.0.0.1', 'port' => 3307, 'socket' => null ) ),
			'host and socket'  => array( 'localhost:/run/mysqld/mysqld.sock', array( 'host' => 'localhost', 'port' => null, 'socket' => '/run/mysqld/mysqld.sock' ) ),
			'socket after :'   => array( ':/tmp/m.sock', array( 'host' => 'localhost', 'port' => null, 'socket' => '/tmp/m.sock' ) ),
			'a bare socket'    => array( '/tmp/m.sock', array( 'host' => 'localhost', 'port' => null, 'socket' => '/tmp/m.sock' ) ),
			'IPv6 with a port' => array( '[::1]:3306', array( 'host' => '::1', 'port' => 3306, 'socket' => null ) ),
			'empty'            => array( '', null ),
			'a bad port'       => array( 'db:port', null ),
		);
	}

	/**
	 * @dataProvider hosts
	 * @param array{host: string, port: int|null, socket: string|null}|null $expected
	 */
	public function test_db_host_is_read_as_wpdb_reads_it( string $db_host, ?array $expected ): void {
		$this->assertSame( $expected, DbHost::parse( $db_host ) );
	}

	public function test_a_stale_index_serves_nothing_stored_and_asks_only_for_a_cached_route(): void {
		$dir   = sys_get_temp_dir() . '/svc-stamp-' . bin2hex( random_bytes( 6 ) );
		$store = new DiskStore( $dir );
		$asked = 0;
		$index = array(
			'prefix'  => '/wp-json/svc/v1/',
			'static'  => array(
				'hello' => array(
					'hash'    => 'h',
					'max_age' => 60,
					'swr'     => null,
					'args'    => array(),
				),
				'plain' => null,
			),
			'dynamic' => array(),
			'stamp'   => '5:0',
		);
		$server = static fn ( string $uri ): array => array(
			'REQUEST_METHOD' => 'GET',
			'REQUEST_URI'    => $uri,
		);
		$stale  = new Lookup(
			$store,
			$index,
			'site',
			static function () use ( &$asked ): string {
				++$asked;
				return '6:0';
			}
		);
		$this->assertSame( HitPlan::COMPUTE_AND_STORE, $stale->run( $server( '/wp-json/svc/v1/hello' ), array(), array(), 1 )['action'], 'a miss is computed by WordPress, which caught up' );
		$this->assertSame( Lookup::BYPASS, $stale->run( $server( '/about/' ), array(), array(), 1 )['action'] );
		$this->assertSame( Lookup::BYPASS, $stale->run( $server( '/wp-json/svc/v1/plain' ), array(), array(), 1 )['action'] );
		$this->assertSame( 0, $asked, 'a page, an uncached route and a miss never pay for the check' );
		$outcome = ( new Lookup( $store, $index, 'site' ) )->run( $server( '/wp-json/svc/v1/hello' ), array(), array(), 1 );
		$this->assertTrue( $store->put( (string) ( $outcome['key'] ?? '' ), (string) StoredAnswer::encode( 200, array(), '{}', 1 ), 60 ) );
		$store->unlock( (string) ( $outcome['key'] ?? '' ) );
		$this->assertSame( array( 'action' => Lookup::BYPASS, 'reason' => Lookup::STALE ), $stale->run( $server( '/wp-json/svc/v1/hello' ), array(), array(), 1 ), 'a stored answer is never sent from a stale index' );
		$this->assertSame( 1, $asked );
		$fresh = new Lookup( $store, $index, 'site', static fn (): string => '5:0' );
		$this->assertSame( HitPlan::SERVE, $fresh->run( $server( '/wp-json/svc/v1/hello' ), array(), array(), 1 )['action'] );
		exec( 'rm -rf ' . escapeshellarg( $dir ) );
	}

	public function test_hits_and_misses_are_counted_per_site_and_route_without_growing(): void {
		$dir   = sys_get_temp_dir() . '/svc-counts-' . bin2hex( random_bytes( 6 ) );
		$store = new DiskStore( $dir );
		for ( $i = 0; $i < 5; $i++ ) {
			$store->increment( HitCounts::key( 'site', 'hello', HitCounts::HIT ) );
		}
		$store->increment( HitCounts::key( 'site', 'hello', HitCounts::MISS ) );
		$store->increment( HitCounts::key( 'other', 'hello', HitCounts::HIT ) );
		$this->assertSame( array( 'hits' => 5, 'misses' => 1 ), HitCounts::of( $store, 'site', 'hello' ) );
		$this->assertSame( array( 'hits' => 1, 'misses' => 0 ), HitCounts::of( $store, 'other', 'hello' ) );
		$this->assertSame( array( 'hits' => 0, 'misses' => 0 ), HitCounts::of( $store, 'site', 'never' ) );
		$files = glob( $dir . '/*/*.count' );
		$this->assertIsArray( $files );
		foreach ( $files as $file ) {
			$this->assertLessThanOrEqual( 20, filesize( $file ) );
		}
		exec( 'rm -rf ' . escapeshellarg( $dir ) );
	}
}
