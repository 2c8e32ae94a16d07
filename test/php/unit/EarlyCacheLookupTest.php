<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\EarlyCache\DiskStore;
use Svc\EarlyCache\HitPlan;
use Svc\EarlyCache\Lookup;
use Svc\EarlyCache\Reply;
use Svc\EarlyCache\RouteIndex;
use Svc\EarlyCache\SharedRequest;
use Svc\EarlyCache\StoredAnswer;

final class EarlyCacheLookupTest extends TestCase {

	private const NOW = 1800000000;

	private string $dir;
	private DiskStore $store;

	protected function setUp(): void {
		$this->dir   = sys_get_temp_dir() . '/svc-lookup-' . bin2hex( random_bytes( 6 ) );
		$this->store = new DiskStore( $this->dir );
	}

	protected function tearDown(): void {
		exec( 'rm -rf ' . escapeshellarg( $this->dir ) );
	}

	/** @return array{prefix: string, static: array<string, mixed>, dynamic: array<int, mixed>} */
	private static function index( string $hash = 'h1' ): array {
		return array(
			'prefix'  => '/wp-json/svc/v1/',
			'static'  => array(
				'hello'    => array(
					'hash'    => $hash,
					'max_age' => 60,
					'swr'     => 30,
					'args'    => array( 'page' ),
				),
				'uncached' => null,
			),
			'dynamic' => array(),
		);
	}

	/** @param array<string, string> $extra */
	private static function server( string $uri, array $extra = array() ): array {
		return array(
			'REQUEST_METHOD' => 'GET',
			'REQUEST_URI'    => $uri,
		) + $extra;
	}

	/**
	 * What the miss would store: the entry point does this with the answer WordPress sent.
	 *
	 * @param array<string, mixed> $outcome
	 */
	private function store_answer( array $outcome, int $stored_at, string $body = '{"hello":"world"}' ): void {
		$value = StoredAnswer::encode(
			200,
			array(
				'Content-Type' => 'application/json; charset=UTF-8',
				'ETag'         => '"abc"',
				'X-Route'      => 'own',
			),
			$body,
			$stored_at
		);
		$this->assertIsString( $value );
		$this->assertTrue( $this->store->put( (string) $outcome['key'], $value, 90 ) );
		$this->store->unlock( (string) $outcome['key'] );
	}

	public function test_a_miss_computes_once_then_the_answer_is_served_fresh_then_stale_then_recomputed(): void {
		$lookup = new Lookup( $this->store, self::index(), 'site' );
		$first  = $lookup->run( self::server( '/wp-json/svc/v1/hello?page=2' ), array(), array( 'page' => '2' ), self::NOW );
		$this->assertSame( HitPlan::COMPUTE_AND_STORE, $first['action'] );
		// Another request while the first computes: it waits instead of booting WordPress too.
		$this->assertSame( HitPlan::WAIT, $lookup->run( self::server( '/wp-json/svc/v1/hello?page=2' ), array(), array( 'page' => '2' ), self::NOW )['action'] );
		$this->store_answer( $first, self::NOW );

		$hit = $lookup->run( self::server( '/wp-json/svc/v1/hello?page=2' ), array(), array( 'page' => '2' ), self::NOW + 59 );
		$this->assertSame( HitPlan::SERVE, $hit['action'] );
		$this->assertSame( '{"hello":"world"}', $hit['answer']['body'] ?? null );

		$stale = $lookup->run( self::server( '/wp-json/svc/v1/hello?page=2' ), array(), array( 'page' => '2' ), self::NOW + 60 );
		$this->assertSame( HitPlan::SERVE_THEN_REFRESH, $stale['action'] );
		$this->assertArrayHasKey( 'answer', $stale );
		$also = $lookup->run( self::server( '/wp-json/svc/v1/hello?page=2' ), array(), array( 'page' => '2' ), self::NOW + 61 );
		$this->assertSame( HitPlan::SERVE, $also['action'], 'one request refreshes; the others are served the stale answer' );

		$this->store->unlock( (string) $first['key'] );
		$expired = $lookup->run( self::server( '/wp-json/svc/v1/hello?page=2' ), array(), array( 'page' => '2' ), self::NOW + 90 );
		$this->assertSame( HitPlan::COMPUTE_AND_STORE, $expired['action'] );
		$this->assertArrayNotHasKey( 'answer', $expired, 'an expired answer is never sent' );
	}

	public function test_a_revalidation_is_planned_and_sent_for_the_method_and_validator_it_came_with(): void {
		$lookup = new Lookup( $this->store, self::index(), 'site' );
		$this->store_answer( $lookup->run( self::server( '/wp-json/svc/v1/hello' ), array(), array(), self::NOW ), self::NOW );
		$head = $lookup->run(
			array(
				'REQUEST_METHOD'     => 'head',
				'REQUEST_URI'        => '/wp-json/svc/v1/hello',
				'HTTP_IF_NONE_MATCH' => '"abc"',
			),
			array(),
			array(),
			self::NOW + 1
		);
		$this->assertSame( HitPlan::SERVE, $head['action'] );
		$this->assertSame( 'HEAD', $head['method'] ?? null );
		$this->assertSame( '"abc"', $head['if_none_match'] ?? null );
		// Nothing stored for another key: a HEAD is answered by WordPress, holding no lock.
		$cold = $lookup->run(
			array(
				'REQUEST_METHOD' => 'HEAD',
				'REQUEST_URI'    => '/wp-json/svc/v1/hello?page=4',
			),
			array(),
			array( 'page' => '4' ),
			self::NOW
		);
		$this->assertSame( HitPlan::COMPUTE, $cold['action'] );
		$this->assertSame( HitPlan::COMPUTE_AND_STORE, $lookup->run( self::server( '/wp-json/svc/v1/hello?page=4' ), array(), array( 'page' => '4' ), self::NOW )['action'] );
	}

	/**
	 * The refresh of an expired answer ends, stores it and gives the lock back between another
	 * request's read (nothing usable) and its lock: that request must serve the new answer, not
	 * compute it a second time (bench (m): one recomputation per expiry), and hold no lock.
	 */
	public function test_a_refresh_that_ends_between_the_read_and_the_lock_is_served_not_computed_again(): void {
		$inner   = $this->store;
		$lookup  = new Lookup( $inner, self::index(), 'site' );
		$first   = $lookup->run( self::server( '/wp-json/svc/v1/hello?page=2' ), array(), array( 'page' => '2' ), self::NOW );
		$key     = (string) $first['key'];
		$refresh = function () use ( $first ): void {
			$this->store_answer( $first, self::NOW + 90, '{"hello":"again"}' );
		};
		$racing  = new class( $inner, $refresh ) implements \Svc\EarlyCache\AnswerStore {
			public function __construct( private readonly DiskStore $inner, private ?\Closure $before_lock ) {
			}
			public function get( string $key ): ?string {
				return $this->inner->get( $key );
			}
			public function put( string $key, string $value, int $seconds ): bool {
				return $this->inner->put( $key, $value, $seconds );
			}
			public function lock( string $key, int $seconds ): bool {
				if ( null !== $this->before_lock ) {
					( $this->before_lock )();
					$this->before_lock = null;
				}
				return $this->inner->lock( $key, $seconds );
			}
			public function unlock( string $key ): void {
				$this->inner->unlock( $key );
			}
			public function shared(): bool {
				return false;
			}
			public function increment( string $key ): void {
			}
			public function counter( string $key ): int {
				return 0;
			}
		};
		// Expired at NOW + 90 (maxAge 60, swr 30): the refresh above lands just before the lock.
		$outcome = ( new Lookup( $racing, self::index(), 'site' ) )->run( self::server( '/wp-json/svc/v1/hello?page=2' ), array(), array( 'page' => '2' ), self::NOW + 90 );
		$this->assertSame( HitPlan::SERVE, $outcome['action'] );
		$this->assertSame( '{"hello":"again"}', $outcome['answer']['body'] ?? null );
		$this->assertTrue( $inner->lock( $key, 30 ), 'the lock taken to check was given back' );
	}

	public function test_another_release_of_the_file_and_other_arguments_never_see_the_answer(): void {
		$lookup = new Lookup( $this->store, self::index(), 'site' );
		$first  = $lookup->run( self::server( '/wp-json/svc/v1/hello' ), array(), array(), self::NOW );
		$this->store_answer( $first, self::NOW );
		$this->assertSame( HitPlan::SERVE, $lookup->run( self::server( '/wp-json/svc/v1/hello' ), array(), array(), self::NOW )['action'] );
		$this->assertSame( HitPlan::COMPUTE_AND_STORE, $lookup->run( self::server( '/wp-json/svc/v1/hello?page=3' ), array(), array( 'page' => '3' ), self::NOW )['action'] );
		$changed = new Lookup( $this->store, self::index( 'h2' ), 'site' );
		$this->assertSame( HitPlan::COMPUTE_AND_STORE, $changed->run( self::server( '/wp-json/svc/v1/hello' ), array(), array(), self::NOW )['action'] );
		// WordPress serves the route rest_route names, whatever the path says.
		$this->assertSame( Lookup::BYPASS, $lookup->run( self::server( '/wp-json/svc/v1/hello?rest_route=/svc/v1/other' ), array(), array( 'rest_route' => '/svc/v1/other' ), self::NOW )['action'] );
	}

	public function test_a_path_is_keyed_as_wordpress_routes_it_undecoded(): void {
		$cache  = array(
			'hash'    => 'h1',
			'max_age' => 60,
			'swr'     => 30,
			'args'    => array(),
		);
		$index  = array(
			'prefix'  => '/wp-json/svc/v1/',
			'static'  => array(),
			'dynamic' => array(
				2 => array(
					'items/[id]' => array(
						'pattern' => '#^items/(?P<id>[^/]+)$#i',
						'cache'   => $cache,
					),
				),
				3 => array(
					'items/[id]/[part]' => array(
						'pattern' => '#^items/(?P<id>[^/]+)/(?P<part>[^/]+)$#i',
						'cache'   => $cache,
					),
				),
			),
		);
		$lookup = new Lookup( $this->store, $index, 'site' );
		// WordPress hands the route `%61bc`, not `abc`: their answers may differ.
		$encoded = $lookup->run( self::server( '/wp-json/svc/v1/items/%61bc' ), array(), array(), self::NOW );
		$this->assertSame( 'items/[id]', $encoded['slug'] ?? null );
		$this->store_answer( $encoded, self::NOW );
		$this->assertSame( HitPlan::SERVE, $lookup->run( self::server( '/wp-json/svc/v1/items/%61bc' ), array(), array(), self::NOW )['action'] );
		$this->assertSame( HitPlan::COMPUTE_AND_STORE, $lookup->run( self::server( '/wp-json/svc/v1/items/abc' ), array(), array(), self::NOW )['action'] );
		// An encoded slash is inside one segment for WordPress: items/[id], never items/[id]/[part].
		$slash = $lookup->run( self::server( '/wp-json/svc/v1/items/a%2Fb' ), array(), array(), self::NOW );
		$this->assertSame( 'items/[id]', $slash['slug'] ?? null );
		$this->store_answer( $slash, self::NOW );
		$two = $lookup->run( self::server( '/wp-json/svc/v1/items/a/b' ), array(), array(), self::NOW );
		$this->assertSame( 'items/[id]/[part]', $two['slug'] ?? null );
		$this->assertSame( HitPlan::COMPUTE_AND_STORE, $two['action'] );
	}

	/** @return array<string, array{array<string, mixed>, array<string, string>, array<string, string>, string}> */
	public function bypassed(): array {
		return array(
			'another namespace'       => array( self::server( '/wp-json/wp/v2/posts' ), array(), array(), 'not_a_route' ),
			'a route without cache'   => array( self::server( '/wp-json/svc/v1/uncached' ), array(), array(), 'not_cached' ),
			'a logged-in visitor'     => array( self::server( '/wp-json/svc/v1/hello' ), array( 'wordpress_logged_in_x' => 'y' ), array(), SharedRequest::CREDENTIALS ),
			'an undeclared parameter' => array( self::server( '/wp-json/svc/v1/hello?_fields=a' ), array(), array( '_fields' => 'a' ), SharedRequest::UNDECLARED ),
			'a POST'                  => array( array( 'REQUEST_METHOD' => 'POST' ) + self::server( '/wp-json/svc/v1/hello' ), array(), array(), SharedRequest::METHOD ),
		);
	}

	/**
	 * @dataProvider bypassed
	 * @param array<string, mixed>  $server
	 * @param array<string, string> $cookies
	 * @param array<string, string> $query
	 */
	public function test_a_request_that_may_not_share_is_left_to_wordpress_and_takes_no_lock( array $server, array $cookies, array $query, string $reason ): void {
		$lookup = new Lookup( $this->store, self::index(), 'site' );
		$this->assertSame(
			array(
				'action' => Lookup::BYPASS,
				'reason' => $reason,
			),
			$lookup->run( $server, $cookies, $query, self::NOW )
		);
		$this->assertDirectoryDoesNotExist( $this->dir );
	}

	public function test_a_reply_is_the_stored_answer_or_a_304(): void {
		$answer = array(
			'status'    => 200,
			'headers'   => array( array( 'ETag', '"abc"' ), array( 'Cache-Control', 'public, max-age=60' ), array( 'X-Route', 'own' ) ),
			'body'      => '{"a":1}',
			'stored_at' => 1,
		);
		$this->assertSame(
			array(
				'status'  => 200,
				'headers' => $answer['headers'],
				'body'    => '{"a":1}',
			),
			Reply::to( $answer, 'GET', '"other"' )
		);
		$this->assertSame( '', Reply::to( $answer, 'HEAD', '' )['body'] );
		foreach ( array( '"abc"', 'W/"abc"', '"x", "abc"', '*' ) as $header ) {
			$reply = Reply::to( $answer, 'GET', $header );
			$this->assertSame( 304, $reply['status'], $header );
			$this->assertSame( '', $reply['body'] );
			$this->assertSame( array( array( 'ETag', '"abc"' ), array( 'Cache-Control', 'public, max-age=60' ) ), $reply['headers'] );
		}
	}
}
