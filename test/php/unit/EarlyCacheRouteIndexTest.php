<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\EarlyCache\RouteIndex;
use Svc\Manifest\Entry;

final class EarlyCacheRouteIndexTest extends TestCase {

	/**
	 * A manifest entry as the scanner leaves it.
	 *
	 * @param array<string, mixed> $over
	 * @return array<string, mixed>
	 */
	private static function entry( string $slug, array $over = array() ): array {
		$entry = Entry::failed(
			array(
				'path'  => $slug . '.php',
				'size'  => 10,
				'stamp' => '1',
			),
			hash( 'sha256', $slug ),
			null
		);
		return array_replace(
			$entry,
			array(
				'verbs'  => array( 'get' ),
				'public' => array( 'get' ),
				'cache'  => array(
					'max_age'                => 60,
					'stale_while_revalidate' => null,
				),
			),
			$over
		);
	}

	/** @return array<string, mixed> */
	private static function index(): array {
		$args    = array(
			'contract' => array(
				'verbs' => array(
					'get' => array(
						'args'    => array(
							'page' => array( 'type' => 'integer' ),
							'id'   => array( 'type' => 'integer' ),
						),
						'returns' => null,
					),
				),
			),
		);
		$entries = array(
			'hello'        => self::entry( 'hello', $args ),
			'uncached'     => self::entry( 'uncached', array( 'cache' => null ) ),
			'private'      => self::entry( 'private', array( 'public' => array() ) ),
			'broken'       => self::entry( 'broken', array( 'error' => 'syntax' ) ),
			'limited'      => self::entry(
				'limited',
				array(
					'rate' => array(
						'get' => array(
							'requests' => 3,
							'per'      => 60,
							'scope'    => '*',
						),
					),
				)
			),
			'posts/[id]'   => self::entry( 'posts/[id]', $args ),
			'posts/recent' => self::entry( 'posts/recent' ),
			'tags/[name]'  => self::entry( 'tags/[name]' ),
			'tags/[a]/[b]' => self::entry( 'tags/[a]/[b]' ),
			'write-only'   => self::entry(
				'write-only',
				array(
					'verbs'  => array( 'post' ),
					'public' => array( 'post' ),
				)
			),
		);
		return RouteIndex::build( '/wp-json/svc/v1', $entries, array(), array(), 'wp-json' );
	}

	/** @return array<string, array{string, string|null, array<string, string>, bool}> */
	public function paths(): array {
		return array(
			'a static route'                  => array( '/wp-json/svc/v1/hello', 'hello', array(), true ),
			'with a trailing slash'           => array( '/wp-json/svc/v1/hello/', 'hello', array(), true ),
			'namespace and route in any case' => array( '/wp-json/SVC/V1/Hello', 'hello', array(), true ),
			'a route without #[Cache]'        => array( '/wp-json/svc/v1/uncached', 'uncached', array(), false ),
			'a GET not open to anyone'        => array( '/wp-json/svc/v1/private', 'private', array(), false ),
			'a dynamic route, typed segment'  => array( '/wp-json/svc/v1/posts/12', 'posts/[id]', array( 'id' => '12' ), true ),
			'a two-segment dynamic route'     => array(
				'/wp-json/svc/v1/tags/a/b',
				'tags/[a]/[b]',
				array(
					'a' => 'a',
					'b' => 'b',
				),
				true,
			),
			'a static beside a dynamic'       => array( '/wp-json/svc/v1/posts/recent', 'posts/recent', array(), true ),
			'a route without GET'             => array( '/wp-json/svc/v1/write-only', 'write-only', array(), false ),
			'a GET with #[RateLimit]'         => array( '/wp-json/svc/v1/limited', 'limited', array(), false ),
			'an encoded slash, one segment'   => array( '/wp-json/svc/v1/tags/a%2Fb', 'tags/[name]', array( 'name' => 'a%2Fb' ), true ),
			'a one-segment dynamic route'     => array( '/wp-json/svc/v1/tags/x-1', 'tags/[name]', array( 'name' => 'x-1' ), true ),
		);
	}

	/**
	 * @dataProvider paths
	 * @param array<string, string> $params
	 */
	public function test_a_path_names_its_route_and_parameters( string $path, string $slug, array $params, bool $cached ): void {
		$found = RouteIndex::find( self::index(), $path );
		$this->assertNotNull( $found );
		$this->assertSame( $slug, $found['slug'] );
		$this->assertSame( $params, $found['params'] );
		$this->assertSame( $cached, null !== $found['cache'] );
	}

	/** @return array<string, array{string}> */
	public function not_found(): array {
		return array(
			'an empty segment'                   => array( '/wp-json/svc/v1//hello' ),
			'an empty segment inside'            => array( '/wp-json/svc/v1/posts//12' ),
			'another namespace'                  => array( '/wp-json/wp/v2/posts' ),
			'the namespace itself'               => array( '/wp-json/svc/v1/' ),
			'a route with an error'              => array( '/wp-json/svc/v1/broken' ),
			'a route that does not exist'        => array( '/wp-json/svc/v1/nope' ),
			'more segments than any route'       => array( '/wp-json/svc/v1/posts/abc/def' ),
			'an integer segment that is not one' => array( '/wp-json/svc/v1/posts/abc' ),
			'a prefix that only starts the same' => array( '/wp-json/svc/v10/hello' ),
			// WordPress's rewrite rule for the REST prefix is case-sensitive: this is a page, a 404.
			'the REST prefix in capitals'        => array( '/WP-JSON/svc/v1/hello' ),
			'the REST prefix in mixed case'      => array( '/wp-Json/svc/v1/hello' ),
		);
	}

	/** @dataProvider not_found */
	public function test_a_path_that_names_no_single_route_is_not_answered_early( string $path ): void {
		$this->assertNull( RouteIndex::find( self::index(), $path ) );
	}

	public function test_a_site_in_a_folder_is_found_in_any_case_but_its_rest_prefix(): void {
		$index = RouteIndex::build( '/Blog/api/svc/v1/', array( 'hello' => self::entry( 'hello' ) ), array(), array(), 'api' );
		$this->assertSame( 'hello', RouteIndex::find( $index, '/blog/api/svc/v1/hello' )['slug'] ?? null );
		$this->assertNull( RouteIndex::find( $index, '/blog/API/svc/v1/hello' ) );
		// An index published before this rule (no REST prefix recorded) keeps matching as it did.
		$this->assertSame( 'hello', RouteIndex::find( RouteIndex::build( '/Blog/api/svc/v1/', array( 'hello' => self::entry( 'hello' ) ) ), '/blog/API/svc/v1/hello' )['slug'] ?? null );
	}

	public function test_a_url_two_routes_could_answer_is_never_guessed(): void {
		$index = RouteIndex::build(
			'/wp-json/svc/v1/',
			array(
				'a/[x]' => self::entry( 'a/[x]' ),
				'a/b'   => self::entry( 'a/b' ),
				'c/[x]' => self::entry( 'c/[x]' ),
				'c/[y]' => self::entry( 'c/[y]' ),
			)
		);
		$this->assertNull( RouteIndex::find( $index, '/wp-json/svc/v1/a/b' ) );
		$this->assertNull( RouteIndex::find( $index, '/wp-json/svc/v1/c/1' ) );
		$this->assertSame( 'a/[x]', RouteIndex::find( $index, '/wp-json/svc/v1/a/c' )['slug'] ?? null );
	}

	public function test_the_index_holds_what_the_key_and_the_age_need(): void {
		$found = RouteIndex::find( self::index(), '/wp-json/svc/v1/hello' );
		$this->assertSame(
			array(
				'hash'    => hash( 'sha256', 'hello' ),
				'max_age' => 60,
				'swr'     => null,
				'args'    => array( 'page', 'id' ),
			),
			$found['cache'] ?? null
		);
	}

	public function test_a_purge_changes_the_key_of_the_purged_routes_only(): void {
		$entries = array(
			'hello' => self::entry( 'hello' ),
			'other' => self::entry( 'other' ),
		);
		$hash    = static fn ( array $index, string $slug ): ?string => RouteIndex::find( $index, '/wp-json/svc/v1/' . $slug )['cache']['hash'] ?? null;
		$before  = RouteIndex::build( '/wp-json/svc/v1', $entries );
		$one     = RouteIndex::build( '/wp-json/svc/v1', $entries, array( 'routes' => array( 'hello' => 1 ) ) );
		$all     = RouteIndex::build(
			'/wp-json/svc/v1',
			$entries,
			array(
				'all'    => 1,
				'routes' => array( 'hello' => 1 ),
			)
		);
		$this->assertNotSame( $hash( $before, 'hello' ), $hash( $one, 'hello' ) );
		$this->assertSame( $hash( $before, 'other' ), $hash( $one, 'other' ), 'an unchanged route keeps its answers' );
		$this->assertNotSame( $hash( $one, 'other' ), $hash( $all, 'other' ) );
		$this->assertNotSame( $hash( $one, 'hello' ), $hash( $all, 'hello' ) );
		$site = RouteIndex::build(
			'/wp-json/svc/v1',
			$entries,
			array(),
			array(
				'scope'   => 'example.com',
				'stamp'   => '3:1',
				'options' => 'wp_options',
			)
		);
		$this->assertSame( array( 'example.com', '3:1', 'wp_options' ), array( $site['scope'] ?? null, $site['stamp'] ?? null, $site['options'] ?? null ) );
	}

	public function test_an_index_says_whether_it_caches_any_route(): void {
		$this->assertTrue( RouteIndex::caches_any( self::index() ) );
		$this->assertFalse( RouteIndex::caches_any( RouteIndex::build( '/wp-json/svc/v1', array( 'plain' => self::entry( 'plain', array( 'cache' => null ) ) ) ) ) );
		$this->assertTrue( RouteIndex::caches_any( RouteIndex::build( '/wp-json/svc/v1', array( 'a/[id]' => self::entry( 'a/[id]' ) ) ) ) );
	}
}
