<?php
/**
 * What a route listing built in an svc route's code gains when core's routes are registered then
 * (Runtime\CoreRouteListing).
 *
 * @package Svc
 */

declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Svc\Runtime\CoreRouteListing;

final class CoreRouteListingTest extends TestCase {

	/**
	 * @return array<string, mixed>
	 */
	private static function route( string $route_namespace, string $method = 'GET' ): array {
		return array(
			array( 'methods' => $method ),
			'namespace' => $route_namespace,
		);
	}

	public function test_the_whole_listing_gains_every_route_registered(): void {
		$before = array( '/svc-api/v1/hello' => self::route( 'svc-api/v1' ) );
		$after  = $before + array(
			'/wp/v2/posts' => self::route( 'wp/v2' ),
			'/wp/v2'       => self::route( 'wp/v2' ),
			'/oembed/1.0'  => self::route( 'oembed/1.0' ),
		);
		$this->assertSame( array( '/wp/v2/posts', '/wp/v2', '/oembed/1.0' ), array_keys( CoreRouteListing::additions( $before, $after, '' ) ) );
	}

	public function test_a_namespace_listing_gains_that_namespace_s_routes_only(): void {
		$after = array(
			'/wp/v2/posts' => self::route( 'wp/v2' ),
			'/wp/v2'       => self::route( 'wp/v2' ),
			'/wp/v22/x'    => self::route( 'wp/v22' ),
			'/oembed/1.0'  => self::route( 'oembed/1.0' ),
		);
		$this->assertSame( array( '/wp/v2/posts', '/wp/v2' ), array_keys( CoreRouteListing::additions( array(), $after, 'wp/v2' ) ) );
		$this->assertSame( array(), CoreRouteListing::additions( array(), $after, 'svc-api/v1' ) );
	}

	public function test_routes_registered_before_are_not_added_again_unless_core_merged_into_them(): void {
		$theirs = self::route( 'wp/v2', 'POST' );
		$before = array(
			'/wp/v2/posts' => $theirs,
			'/acme/v1/x'   => self::route( 'acme/v1' ),
		);
		$merged = array_merge( $theirs, self::route( 'wp/v2' ) );
		$after  = array(
			'/wp/v2/posts' => $merged,
			'/acme/v1/x'   => self::route( 'acme/v1' ),
		);
		$this->assertSame( array( '/wp/v2/posts' => $merged ), CoreRouteListing::additions( $before, $after, '' ) );
	}

	public function test_the_listing_keeps_its_routes_and_order_and_takes_core_s_merged_handlers(): void {
		$theirs  = self::route( 'wp/v2', 'POST' );
		$merged  = array_merge( $theirs, self::route( 'wp/v2' ) );
		$listing = array(
			'/svc-api/v1/hello' => self::route( 'svc-api/v1' ),
			'/wp/v2/posts'      => $theirs,
		);
		$before  = $listing;
		$after   = array(
			'/svc-api/v1/hello' => self::route( 'svc-api/v1' ),
			'/wp/v2/posts'      => $merged,
			'/wp/v2/pages'      => self::route( 'wp/v2' ),
		);
		$this->assertSame(
			array(
				'/svc-api/v1/hello' => self::route( 'svc-api/v1' ),
				'/wp/v2/posts'      => $merged,
				'/wp/v2/pages'      => self::route( 'wp/v2' ),
			),
			CoreRouteListing::completed( $listing, $before, $after, '' )
		);
	}

	public function test_handlers_of_another_shape_are_kept_only_for_the_whole_listing(): void {
		$after = array( '/odd' => 'not an array' );
		$this->assertSame( $after, CoreRouteListing::additions( array(), $after, '' ) );
		$this->assertSame( array(), CoreRouteListing::additions( array(), $after, 'wp/v2' ) );
	}
}
